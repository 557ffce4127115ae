/**
 * The bounds on one artwork check (docs/decisions/0025-hardening.md). A check runs in a child process of its own
 * (sandbox.ts): the kernel stops it after `cpuSeconds` of CPU time, it is killed after `wallMs`
 * whatever it is doing, its JavaScript heap is capped at `heapMb`, and only `concurrent` run at
 * once per server process, one per address at most, with at most `queuedPerClient` more of one
 * address and `queued` in all waiting (check-slots.ts, docs/decisions/0041-outside-audit.md
 * item 4); the rest are asked to retry.
 * CPU time is the work bound: on a busy machine an ordinary file takes longer by the clock
 * without costing more, and must not be refused for it. The SVG and raster bounds are decided
 * before anything is drawn or decoded.
 */
const fromEnv = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};

export const CHECK_LIMITS = {
  cpuSeconds: fromEnv('ARTWORK_CHECK_CPU_SECONDS', 3),
  wallMs: fromEnv('ARTWORK_CHECK_TIMEOUT_MS', 60_000),
  heapMb: 256,
  concurrent: fromEnv('ARTWORK_CHECKS_AT_ONCE', 2),
  queued: 8,
  /** A cart's few files wait their turn; a stack of them from one address is asked to retry. */
  queuedPerClient: fromEnv('ARTWORK_CHECKS_QUEUED_PER_CLIENT', 2),
  retryAfterSeconds: 10,
};

/**
 * Pixels a PNG or JPEG may have: decoding costs time in proportion to them (a 240-million-pixel
 * PNG of 233 KB took 6.5 s of CPU). 100 million is a 50 × 100 in banner at 100 dpi, or
 * 10,000 × 10,000 px.
 */
export const MAX_ARTWORK_PIXELS = 100_000_000;

/** SVG: elements after expanding every <use> into the subtree it draws, and filter use. */
export const SVG_LIMITS = { expandedElements: 50_000, depth: 100, filterPrimitives: 20, filteredElements: 50 };

export const PDF_LIMITS = { pages: 2_000, pagesMeasured: 200 };

export const TOO_COMPLEX = 'This file is too complex to check; export it as PDF or PNG.';
export const CHECKS_BUSY = 'We are checking other files right now. Try again in a few seconds.';
export const YOUR_CHECKS_BUSY = 'We are still checking your other files. Try this one again in a few seconds.';
