import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHECK_LIMITS, TOO_COMPLEX } from '../../src/server/artwork/check-limits.ts';
import { inspectArtwork } from '../../src/server/artwork/inspect.ts';
import { DomainError } from '../../src/server/errors.ts';
import { png } from '../support/artwork-files.ts';
import { refusal } from '../support/artwork-refusal.ts';
import { blackPng, slowSvg, svgBombs } from '../support/hostile/artwork-bombs.ts';

/**
 * docs/decisions/0025-hardening.md items 1-2: a check's cost is bounded before and while it runs.
 * The SVG bombs are refused from their counts without being drawn; what passes the counts and still
 * runs long is stopped at the time limit; decoding is bounded by pixels; only so many checks run at once.
 */
// Every check starts a process of its own: seconds on a busy 2-core machine, past the unit tests' 5 s.
vi.setConfig({ testTimeout: 30_000 });
const defaults = { ...CHECK_LIMITS };
afterEach(() => Object.assign(CHECK_LIMITS, defaults));

describe('bounded artwork checks', () => {
  it.each(svgBombs())('refuses %s as too complex (413)', { timeout: 30_000 }, async (_name, bytes) => {
    expect(await refusal(bytes)).toEqual({ status: 413, message: TOO_COMPLEX });
  });

  it('refuses a valid 15000 × 16000 PNG of a few KB before decoding it, naming the pixel limit', async () => {
    expect(await refusal(blackPng(15_000, 16_000))).toEqual({
      status: 413,
      message: expect.stringMatching(/15000 × 16000 pixels, more than the 100 million pixels we can check/),
    });
  });

  it('still checks banner-size artwork: 7500 px wide is a 50 in banner at 150 dpi', { timeout: 30_000 }, async () => {
    expect(await refusal(blackPng(7_500, 3_750))).toBe('accepted');
  });

  it('stops a check at its CPU-time limit with the too-complex refusal', { timeout: 30_000 }, async () => {
    CHECK_LIMITS.cpuSeconds = 1;
    expect(await refusal(slowSvg())).toEqual({ status: 413, message: TOO_COMPLEX });
  });

  it('stops a check at its clock limit too, whatever its CPU time', { timeout: 30_000 }, async () => {
    Object.assign(CHECK_LIMITS, { cpuSeconds: 60, wallMs: 1_500 });
    expect(await refusal(slowSvg())).toEqual({ status: 413, message: TOO_COMPLEX });
  });

  it('runs at most the allowed checks at once and asks one more than the queue holds to retry', {
    timeout: 30_000,
  }, async () => {
    Object.assign(CHECK_LIMITS, { cpuSeconds: 1, concurrent: 1, queued: 1 });
    const first = refusal(slowSvg());
    const second = refusal(slowSvg());
    expect(await refusal(slowSvg())).toEqual({ status: 503, message: expect.stringMatching(/Try again/) });
    expect(await first).toEqual({ status: 413, message: TOO_COMPLEX });
    expect(await second).toEqual({ status: 413, message: TOO_COMPLEX });
  });

  it('answers a check process that cannot start as a server error, never as a refusal of the file', async () => {
    (CHECK_LIMITS as { heapMb: unknown }).heapMb = 'not-a-size';
    const error = await inspectArtwork(await png(16, 16)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(DomainError);
  });
});
