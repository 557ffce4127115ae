import { Unavailable } from '../errors.ts';
import { CHECK_LIMITS, CHECKS_BUSY } from './check-limits.ts';

/**
 * At most CHECK_LIMITS.concurrent checks run at once in this process and at most
 * CHECK_LIMITS.queued wait for a turn; one more is answered 503 with Retry-After at once
 * rather than left waiting behind checks that may each take the full time limit.
 */
let running = 0;
const waiting: (() => void)[] = [];

export async function takeCheckSlot(): Promise<() => void> {
  if (running >= CHECK_LIMITS.concurrent) {
    if (waiting.length >= CHECK_LIMITS.queued) {
      throw new Unavailable('artwork_checks_busy', CHECKS_BUSY, CHECK_LIMITS.retryAfterSeconds);
    }
    await new Promise<void>((turn) => waiting.push(turn));
  } else {
    running++;
  }
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const next = waiting.shift();
    // The slot passes straight to the next check in line; `running` stays the same.
    if (next) next();
    else running--;
  };
}
