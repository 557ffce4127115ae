import { HttpError } from '../http.ts';

/** How a form arrived: `json` from the page's script, `form` from a plain HTML form post (no JavaScript). */
export type SubmissionKind = 'json' | 'form';

export interface Submission {
  kind: SubmissionKind;
  /** The fields as sent (a JSON object, or the form's name → value pairs). */
  data: Record<string, unknown>;
}

/** Which answer a request wants, from its Content-Type; null for a type the forms do not take. */
export function submissionKind(req: Request): SubmissionKind | null {
  const type = req.headers.get('content-type') ?? '';
  if (/^application\/json\b/i.test(type)) return 'json';
  if (/^application\/x-www-form-urlencoded\b/i.test(type)) return 'form';
  return null;
}

/**
 * Reads a form submission sent as JSON or as application/x-www-form-urlencoded: 415 for
 * another type, 413 past `maxBytes` (counted while streaming, so a lying Content-Length gets
 * nothing more through), 400 for JSON that does not parse or is not an object.
 */
export async function readSubmission(req: Request, maxBytes: number): Promise<Submission> {
  const kind = submissionKind(req);
  if (!kind) {
    throw new HttpError(
      415,
      'unsupported_media_type',
      'Send the form as application/json or application/x-www-form-urlencoded.',
    );
  }
  const declared = Number(req.headers.get('content-length') ?? 0);
  if (declared > maxBytes) throw tooLarge(maxBytes);
  const text = await readText(req, maxBytes);
  if (kind === 'form') {
    const data: Record<string, string> = {};
    // A repeated name keeps its first value, as the form has one field of each name.
    for (const [name, value] of new URLSearchParams(text)) if (!Object.hasOwn(data, name)) data[name] = value;
    return { kind, data };
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new HttpError(400, 'invalid_json', 'The request body is not valid JSON.');
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw new HttpError(400, 'invalid_input', 'Send the form fields as a JSON object.');
  }
  return { kind, data: data as Record<string, unknown> };
}

function tooLarge(maxBytes: number) {
  return new HttpError(413, 'payload_too_large', `The form is larger than ${maxBytes} bytes.`);
}

async function readText(req: Request, maxBytes: number): Promise<string> {
  if (!req.body) return '';
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw tooLarge(maxBytes);
    }
    chunks.push(value);
  }
  return new TextDecoder('utf-8', { fatal: false }).decode(Buffer.concat(chunks));
}
