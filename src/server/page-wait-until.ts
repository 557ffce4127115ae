type WaitUntil = (p: Promise<unknown>) => void;

/**
 * What keeps a per-request page's instance alive for work after its answer (a rebuild handed
 * over, mail sent): Netlify's function context under the adapter, else the dev server's own.
 */
export function pageWaitUntil(locals: unknown): WaitUntil | undefined {
  const l = locals as { waitUntil?: WaitUntil; netlify?: { context?: { waitUntil?: WaitUntil } } };
  return l.netlify?.context?.waitUntil ?? l.waitUntil;
}
