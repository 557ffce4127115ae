import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  buildHookHandler,
  flushRebuild,
  type RebuildReason,
  requestRebuild,
  setRebuildHandler,
} from '../../src/server/admin/rebuild.ts';

const reason = (id: string): RebuildReason => ({ entity: 'product', action: 'update', id });

describe('requestRebuild', () => {
  afterEach(async () => {
    await flushRebuild();
    setRebuildHandler(null);
    vi.useRealTimers();
  });

  it('coalesces requests that arrive close together into one run of the registered handler', async () => {
    vi.useFakeTimers();
    const handler = vi.fn();
    setRebuildHandler(handler, { delayMs: 1000 });
    const first = requestRebuild(reason('a'));
    await vi.advanceTimersByTimeAsync(500);
    const second = requestRebuild(reason('b'));
    await vi.advanceTimersByTimeAsync(900);
    expect(handler).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(200);
    await Promise.all([first, second]);
    expect(handler).toHaveBeenCalledTimes(1);
    expect(handler).toHaveBeenCalledWith([reason('a'), reason('b')]);
  });

  it('runs at the latest after maxWaitMs while requests keep coming', async () => {
    vi.useFakeTimers();
    const handler = vi.fn();
    setRebuildHandler(handler, { delayMs: 1000, maxWaitMs: 3000 });
    for (let i = 0; i < 5; i++) {
      void requestRebuild(reason(String(i)));
      await vi.advanceTimersByTimeAsync(800);
    }
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('never overlaps runs, and a failing handler does not reject the request', async () => {
    vi.useFakeTimers();
    let running = 0;
    let overlapped = false;
    const handler = vi.fn(async (_reasons: RebuildReason[]) => {
      running++;
      if (running > 1) overlapped = true;
      await new Promise((r) => setTimeout(r, 20));
      running--;
      throw new Error('build failed');
    });
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    setRebuildHandler(handler, { delayMs: 0 });
    const settled: string[] = [];
    const a = requestRebuild(reason('a')).then(() => settled.push('a'));
    // The first run is under way (its 20 ms build not done) when the second request comes.
    await vi.advanceTimersByTimeAsync(5);
    expect(running).toBe(1);
    const b = requestRebuild(reason('b')).then(() => settled.push('b'));
    await vi.advanceTimersByTimeAsync(100);
    await Promise.all([a, b]);
    expect(settled).toEqual(['a', 'b']);
    expect(handler).toHaveBeenCalledTimes(2);
    expect(handler.mock.calls.map(([reasons]) => reasons)).toEqual([[reason('a')], [reason('b')]]);
    expect(overlapped).toBe(false);
    expect(log).toHaveBeenCalled();
    log.mockRestore();
  });

  it('posts to the Netlify build hook with a title naming the changes', async () => {
    const fetcher = vi.fn(async () => new Response('', { status: 200 }));
    await buildHookHandler(
      'https://api.netlify.com/build_hooks/abc',
      fetcher as unknown as typeof fetch,
    )([reason('a'), { entity: 'collection', action: 'delete' }]);
    const [url, init] = fetcher.mock.calls[0] as unknown as [URL, RequestInit];
    expect(init.method).toBe('POST');
    expect(url.origin + url.pathname).toBe('https://api.netlify.com/build_hooks/abc');
    expect(url.searchParams.get('trigger_title')).toBe('admin: update product, delete collection');
  });
});
