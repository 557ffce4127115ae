import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublishStatus, PublishStatusAnswer } from '../../src/lib/admin-schemas/publish.ts';

/**
 * The admin header keeps asking while the storefront is being published. With Netlify's deploy
 * notifications received, a build handed to Netlify ('requested') is still being published: the
 * header goes on to "Live since …" without a reload. Without them nothing more would be heard.
 */
const at = new Date().toISOString();
const requested: PublishStatus = {
  state: 'requested',
  requested_at: at,
  started_at: at,
  finished_at: at,
  live_since: null,
  error: null,
};
const live: PublishStatus = { ...requested, state: 'succeeded', live_since: at };

let answers: PublishStatusAnswer[];
let asked: number;

beforeEach(() => {
  vi.useFakeTimers();
  vi.resetModules();
  asked = 0;
  vi.stubGlobal('location', new URL('http://localhost:4321/admin/colors'));
  vi.stubGlobal('localStorage', { getItem: () => 'token', setItem: () => {}, removeItem: () => {} });
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      const answer = answers[Math.min(asked, answers.length - 1)];
      asked++;
      return Response.json(answer);
    }),
  );
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

async function watchFor(ms: number) {
  const { $publish, watchPublishing } = await import('../../src/admin/publish.ts');
  watchPublishing();
  await vi.advanceTimersByTimeAsync(ms);
  return $publish.get();
}

describe('watching a save being published', () => {
  it('with deploy notifications, keeps asking after Netlify accepted the build until it is live', async () => {
    answers = [
      { publish: requested, deploy_notifications: true },
      { publish: requested, deploy_notifications: true },
      { publish: live, deploy_notifications: true },
    ];
    expect(await watchFor(60_000)).toEqual(live);
    expect(asked).toBe(3);
  });

  it('without them, stops at "requested" (nothing more will be heard)', async () => {
    answers = [{ publish: requested, deploy_notifications: false }, { publish: live }];
    expect(await watchFor(60_000)).toEqual(requested);
    expect(asked).toBe(1);
  });
});
