import { createApp } from 'astro/app/entrypoint';

const app = createApp();

/** What the local server hands an on-demand page besides the request. */
export interface LocalRenderContext {
  clientAddress: string;
  /** Work to finish after the answer (e-mail sent after a proof answer), as on Netlify. */
  waitUntil: (promise: Promise<unknown>) => void;
}

/** True when an on-demand page answers `url` (read before the body, which may be large). */
export function matches(url: URL): boolean {
  return app.match(new Request(url)) !== undefined;
}

/**
 * The server bundle's answer: the answer of the on-demand page `request` names, or null
 * when no such page exists (pre-rendered pages are files the server sends itself).
 */
export async function handle(request: Request, context: LocalRenderContext): Promise<Response | null> {
  const routeData = app.match(request);
  if (!routeData) return null;
  return app.render(request, {
    routeData,
    clientAddress: context.clientAddress,
    waitUntil: context.waitUntil,
    locals: { waitUntil: context.waitUntil },
  });
}
