import { describe, expect, it } from 'vitest';
import { CHECK_LIMITS } from '../../src/server/artwork/check-limits.ts';
import { checkSlots, takeCheckSlot } from '../../src/server/artwork/check-slots.ts';
import { Unavailable } from '../../src/server/errors.ts';

/**
 * The check slots are shared fairly between addresses (docs/decisions/0041-outside-audit.md
 * item 4): six costly files from one address once held both slots and the whole queue while
 * another customer's PNG was answered 503 at once.
 */

/** A slot request whose state can be read without waiting on it. */
function ask(take: Promise<() => void>) {
  const state: { release?: () => void; error?: unknown } = {};
  const settled = take.then(
    (release) => {
      state.release = release;
    },
    (error: unknown) => {
      state.error = error;
    },
  );
  return {
    settled,
    get started() {
      return state.release !== undefined;
    },
    get refused() {
      return state.error;
    },
    release() {
      if (!state.release) throw new Error('released a check that never started');
      state.release();
    },
  };
}
/** Lets every slot handed over so far reach its waiter. */
const turn = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

describe('the artwork check slots', () => {
  it('gives another address a slot at once while one address sends six files', async () => {
    expect(CHECK_LIMITS.concurrent).toBe(2);
    const flood = Array.from({ length: 6 }, () => ask(takeCheckSlot('203.0.113.7')));
    await turn();
    expect(flood.map((f) => f.started)).toEqual([true, false, false, false, false, false]);
    const refused = flood.slice(CHECK_LIMITS.queuedPerClient + 1);
    for (const f of refused) {
      expect(f.refused).toBeInstanceOf(Unavailable);
      expect((f.refused as Unavailable).message).toMatch(/still checking your other files/);
      expect((f.refused as Unavailable).retryAfterSeconds).toBeGreaterThan(0);
    }

    const other = ask(takeCheckSlot('198.51.100.20'));
    await turn();
    expect(other.started).toBe(true);

    // The address's queued files still run, one at a time.
    other.release();
    flood[0]!.release();
    await turn();
    expect(flood[1]!.started).toBe(true);
    expect(flood[2]!.started).toBe(false);
    flood[1]!.release();
    await turn();
    expect(flood[2]!.started).toBe(true);
    flood[2]!.release();
  });

  it('hands a free slot to another address ahead of the first address’s queued files', async () => {
    const slots = checkSlots({ concurrent: 2, queued: 8, queuedPerClient: 2, retryAfterSeconds: 10 });
    const a1 = ask(slots.take('203.0.113.1'));
    const b1 = ask(slots.take('203.0.113.2'));
    const a2 = ask(slots.take('203.0.113.1'));
    const a3 = ask(slots.take('203.0.113.1'));
    const c1 = ask(slots.take('203.0.113.3'));
    await turn();
    expect([a1.started, b1.started, a2.started, a3.started, c1.started]).toEqual([true, true, false, false, false]);

    a1.release();
    await turn();
    expect(c1.started).toBe(true);
    expect(a2.started).toBe(false);

    b1.release();
    await turn();
    expect(a2.started).toBe(true);
    // One running check per address: a slot stays free rather than run a3 beside a2.
    c1.release();
    await turn();
    expect(a3.started).toBe(false);
    expect(slots.counts()).toEqual({ running: 1, waiting: 1 });
    a2.release();
    await turn();
    expect(a3.started).toBe(true);
    a3.release();
    expect(slots.counts()).toEqual({ running: 0, waiting: 0 });
  });

  it('counts an IPv6 client by its /64 and bounds what waits in all', async () => {
    const slots = checkSlots({ concurrent: 1, queued: 2, queuedPerClient: 2, retryAfterSeconds: 10 });
    const first = ask(slots.take('2001:db8:41:4::1'));
    const sameNetwork = ask(slots.take('2001:db8:41:4::2'));
    const other = ask(slots.take('198.51.100.30'));
    const third = ask(slots.take('198.51.100.31'));
    await turn();
    expect([first.started, sameNetwork.started, other.started]).toEqual([true, false, false]);
    expect((third.refused as Unavailable).message).toMatch(/checking other files/);

    first.release();
    await turn();
    // The other address had no turn yet; the /64 just had one.
    expect(other.started).toBe(true);
    expect(sameNetwork.started).toBe(false);
    other.release();
    await turn();
    expect(sameNetwork.started).toBe(true);
    sameNetwork.release();
    sameNetwork.release();
    expect(slots.counts()).toEqual({ running: 0, waiting: 0 });
  });
});
