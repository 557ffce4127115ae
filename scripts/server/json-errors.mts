// The app-wide error body `{ "error": { "code", "message" } }`, for answers the server makes itself.
export function errorResponse(status: number, code: string, message: string, headers?: HeadersInit): Response {
  const response = Response.json({ error: { code, message } }, { status });
  for (const [name, value] of new Headers(headers)) response.headers.set(name, value);
  return response;
}
