import { describe, expect, it } from 'vitest';
import { HashLimiter, PASSWORD_HASH_LIMITS, passwordHashLimiter } from '../../src/server/auth/hash-limiter.ts';
import { hashPassword, verifyPassword } from '../../src/server/auth/password-hash.ts';
import { Unavailable } from '../../src/server/errors.ts';

/** Password hashes take turns shop-wide (docs/decisions/0041-password-checks.md). */

/** Work that runs until `release()` is called. */
function held() {
  let release = () => {};
  const done = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { work: () => done, release };
}

const settled = async (promise: Promise<unknown>, ms = 150) =>
  Promise.race([
    promise.then(
      () => 'settled',
      () => 'settled',
    ),
    new Promise((r) => setTimeout(() => r('pending'), ms)),
  ]);

describe('the password hash limiter', () => {
  it('runs one hash at a time and starts the next when one ends', async () => {
    const limiter = new HashLimiter({ concurrency: 1, queue: 8, deadlineMs: 5_000 });
    const first = held();
    const second = held();
    const running = limiter.run(first.work);
    const waiting = limiter.run(second.work);
    expect(limiter.load).toEqual({ running: 1, waiting: 1 });
    first.release();
    await running;
    expect(limiter.load).toEqual({ running: 1, waiting: 0 });
    second.release();
    await waiting;
    expect(limiter.load).toEqual({ running: 0, waiting: 0 });
  });

  it('refuses one more than its queue at once, and a hash that waited past the deadline', async () => {
    const limiter = new HashLimiter({ concurrency: 1, queue: 2, deadlineMs: 100 });
    const first = held();
    const running = limiter.run(first.work);
    const queued = [limiter.run(async () => 'a'), limiter.run(async () => 'b')];
    const refused = await limiter.run(async () => 'c').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(Unavailable);
    expect(refused).toMatchObject({ code: 'password_checks_busy', retryAfterSeconds: 1 });
    for (const late of queued) {
      const error = await late.catch((e: unknown) => e);
      expect(error).toBeInstanceOf(Unavailable);
      expect((error as Error).message).toMatch(/too many passwords right now\. Please try again in a few seconds/);
    }
    first.release();
    await running;
    expect(limiter.load).toEqual({ running: 0, waiting: 0 });
    expect(await limiter.run(async () => 'after')).toBe('after');
  });

  it('is what every password check and new password waits on: one hash at a time, a bounded queue', async () => {
    expect(PASSWORD_HASH_LIMITS.concurrency).toBe(1);
    const stored = await hashPassword('correct horse', { N: 2 ** 14 });
    const holder = held();
    const running = passwordHashLimiter.run(holder.work);
    const check = verifyPassword('correct horse', stored);
    const save = hashPassword('a new store password', { N: 2 ** 14 });
    expect(await settled(check)).toBe('pending');
    expect(await settled(save)).toBe('pending');
    // The queue fills up; the next check is refused without hashing.
    const fillers = Array.from({ length: PASSWORD_HASH_LIMITS.queue - 2 }, () =>
      passwordHashLimiter.run(async () => {}),
    );
    await expect(verifyPassword('correct horse', stored)).rejects.toBeInstanceOf(Unavailable);
    holder.release();
    await running;
    expect(await check).toBe(true);
    expect(await save).toMatch(/^scrypt\$/);
    await Promise.all(fillers);
  });
});
