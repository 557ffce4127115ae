import { describe, expect, it } from 'vitest';
import { changesWords, publishingWords } from '../../src/admin/publish-words.ts';
import type { PublishStatus } from '../../src/lib/admin-schemas/publish.ts';

const STARTED = Date.parse('2026-11-29T20:00:00Z');
const status = (over: Partial<PublishStatus>): PublishStatus => ({
  state: 'running',
  requested_at: '2026-11-29T19:59:58Z',
  started_at: '2026-11-29T20:00:00Z',
  finished_at: null,
  live_since: null,
  error: null,
  building: [],
  waiting: [],
  usual_seconds: null,
  ...over,
});

describe('what the admin says while the storefront is publishing', () => {
  it('counts the seconds of the build against how long one usually takes, and names what it holds and what waits', () => {
    const shown = publishingWords(
      status({ building: ['product', 'shop_settings'], waiting: ['color', 'color'], usual_seconds: 70 }),
      STARTED + 40_000,
    );
    expect(shown).toEqual({
      text: 'Publishing: building the pages. In this publish: a product, the shop settings. Waiting for the next publish: colours (2 saves).',
      progress: '40 s so far, usually about 70 s.',
    });
  });

  it('says when a build takes longer than usual, and says nothing of a usual time before one went live', () => {
    expect(publishingWords(status({ usual_seconds: 70 }), STARTED + 95_000).progress).toBe(
      '95 s so far, longer than the usual 70 s.',
    );
    expect(publishingWords(status({}), STARTED + 150_000).progress).toBe('2 min 30 s so far.');
  });

  it('before the build starts, says it gathers changes and what will go', () => {
    const shown = publishingWords(
      status({ state: 'queued', started_at: null, waiting: ['product'], usual_seconds: 65 }),
      STARTED,
    );
    expect(shown).toEqual({
      text: 'Publishing soon: waiting a moment for more changes. Waiting to publish: a product.',
      progress: 'Building the pages usually takes about 65 s.',
    });
  });

  it('reads a change it has no words for as words, not a code', () => {
    expect(changesWords(['price_list', 'store'])).toBe('price list, a store');
  });
});
