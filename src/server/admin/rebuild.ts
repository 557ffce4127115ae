import { config } from '../config.ts';
import type { PublishStep } from './publish-status.ts';

/**
 * "The public pages changed, rebuild them." Admin saves call `requestRebuild`; requests that
 * arrive close together are coalesced into one run of the handler (trailing debounce, with a
 * ceiling so a busy editing session still publishes), and a run never overlaps another.
 *
 * The handler is pluggable. Production (NETLIFY_BUILD_HOOK_URL set): a POST to the build hook.
 * Embedded default: whatever the process that owns the site registers with `setRebuildHandler`
 * (`npm start` registers its debounced local rebuild); with nothing registered the request is
 * only logged.
 */
export interface RebuildReason {
  entity: string;
  action: 'create' | 'update' | 'delete';
  id?: string;
}

/**
 * What a handler that did not throw achieved: nothing said = the new pages are live; 'requested' =
 * handed to someone else who builds and deploys (Netlify's build hook); 'unavailable' = nothing
 * rebuilds here. A handler that throws failed, and its message is the build's error.
 */
export type RebuildResult = 'requested' | 'unavailable';
// biome-ignore lint/suspicious/noConfusingVoidType: a handler may be a plain async function that returns nothing
export type RebuildHandler = (reasons: RebuildReason[]) => void | RebuildResult | Promise<void | RebuildResult>;

/** Told each step of a run (running, then succeeded/failed/...), to record where publishing stands. */
export type RebuildReporter = (step: PublishStep) => Promise<void>;

export interface RebuildOptions {
  /** Quiet time after the last request before the handler runs. */
  delayMs?: number;
  /** The longest a request waits while more keep arriving. */
  maxWaitMs?: number;
}

const DEFAULTS = { delayMs: 2_000, maxWaitMs: 20_000 };

interface RebuildState {
  handler: RebuildHandler | null;
  options: typeof DEFAULTS;
  pending: RebuildReason[];
  waiters: (() => void)[];
  firstPendingAt: number;
  timer: ReturnType<typeof setTimeout> | undefined;
  running: Promise<void>;
  reporter?: RebuildReporter | null;
}

// On globalThis: the local server loads function modules and start.mts through separate
// import graphs in some setups; one registry per process either way.
const store = globalThis as unknown as { __printShopRebuild?: RebuildState };
store.__printShopRebuild ??= {
  handler: null,
  options: { ...DEFAULTS },
  pending: [],
  waiters: [],
  firstPendingAt: 0,
  timer: undefined,
  running: Promise.resolve(),
};
const state: RebuildState = store.__printShopRebuild;

/** Registers the handler (replacing any other); answers a function that unregisters it. */
export function setRebuildHandler(handler: RebuildHandler | null, options: RebuildOptions = {}): () => void {
  state.handler = handler;
  state.options = { ...DEFAULTS, ...options };
  return () => {
    if (state.handler === handler) {
      state.handler = null;
      state.options = { ...DEFAULTS };
    }
  };
}

/** Sets where run steps are reported (tests silence it with a reporter that does nothing). */
export function setRebuildReporter(reporter: RebuildReporter | null): void {
  state.reporter = reporter;
}

/** Sets the reporter unless one is set already (the admin functions' default: the shop's database). */
export function ensureRebuildReporter(reporter: RebuildReporter): void {
  state.reporter ??= reporter;
}

/** A report never fails a run: the pages matter more than the status line about them. */
async function report(step: PublishStep): Promise<void> {
  try {
    await state.reporter?.(step);
  } catch (error) {
    console.error('[rebuild] could not record the publish status:', error);
  }
}

/** POSTs to a Netlify build hook; a failure is logged (the save itself succeeded). */
export function buildHookHandler(url: string, fetcher: typeof fetch = fetch): RebuildHandler {
  return async (reasons) => {
    const title = `admin: ${reasons.map((r) => `${r.action} ${r.entity}`).join(', ')}`.slice(0, 200);
    const target = new URL(url);
    target.searchParams.set('trigger_title', title);
    const res = await fetcher(target, { method: 'POST', body: '{}', signal: AbortSignal.timeout(10_000) });
    if (!res.ok) throw new Error(`The Netlify build hook answered ${res.status}.`);
    return 'requested' as const;
  };
}

function currentHandler(): RebuildHandler {
  if (state.handler) return state.handler;
  const hook = config().NETLIFY_BUILD_HOOK_URL;
  if (hook) return buildHookHandler(hook);
  return (reasons) => {
    console.log(`[rebuild] requested (${reasons.length} change(s)); no rebuild handler is registered in this process`);
    return 'unavailable' as const;
  };
}

function run(): Promise<void> {
  clearTimeout(state.timer);
  state.timer = undefined;
  const reasons = state.pending;
  const waiters = state.waiters;
  state.pending = [];
  state.waiters = [];
  if (reasons.length === 0) return state.running;
  const handler = currentHandler();
  state.running = state.running
    .then(async () => {
      await report({ step: 'running', changes: reasons.map((reason) => reason.entity) });
      const result = await handler(reasons);
      await report({ step: result ?? 'succeeded' });
    })
    .catch(async (error: unknown) => {
      console.error('[rebuild] failed:', error);
      await report({ step: 'failed', error: error instanceof Error ? error.message : String(error) });
    })
    .finally(() => {
      for (const done of waiters) done();
    });
  return state.running;
}

/**
 * Asks for a rebuild. The promise settles once the coalesced run that includes this request has
 * finished (it never rejects): a serverless function passes it to `context.waitUntil` so the
 * instance lives until the hook has been called.
 */
export function requestRebuild(reason: RebuildReason): Promise<void> {
  const now = Date.now();
  if (state.pending.length === 0) state.firstPendingAt = now;
  state.pending.push(reason);
  const done = new Promise<void>((resolve) => state.waiters.push(resolve));
  clearTimeout(state.timer);
  const { delayMs, maxWaitMs } = state.options;
  const wait = Math.max(0, Math.min(delayMs, state.firstPendingAt + maxWaitMs - now));
  state.timer = setTimeout(run, wait);
  return done;
}

/** Runs any pending request now and waits for every run under way (tests, shutdown). */
export async function flushRebuild(): Promise<void> {
  await run();
  await state.running;
}
