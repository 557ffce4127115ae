import { Unavailable } from '../errors.ts';

/**
 * How many password hashes run at once, how many may wait, and for how long
 * (docs/decisions/0041-password-checks.md). scrypt runs on libuv's thread pool (4 threads by
 * default), which also reads every static file, resolves names and compresses answers: with one
 * hash at a time the other threads stay free for the shop, however many passwords arrive.
 */
export interface HashLimits {
  /** Hashes running at once. */
  concurrency: number;
  /** Hashes waiting for their turn; one more is refused at once. */
  queue: number;
  /** How long a hash may wait for its turn before it is refused. */
  deadlineMs: number;
}

export const PASSWORD_HASH_LIMITS: HashLimits = { concurrency: 1, queue: 8, deadlineMs: 4_000 };

/** The answer past the queue or the deadline: 503 with Retry-After, in words. */
export function hashesBusy(limits: HashLimits): Unavailable {
  return new Unavailable(
    'password_checks_busy',
    'The shop is checking too many passwords right now. Please try again in a few seconds.',
    Math.max(1, Math.ceil(limits.deadlineMs / 1000)),
  );
}

interface Waiter {
  start: () => void;
  timer: ReturnType<typeof setTimeout>;
}

/** A semaphore with a bounded queue and a deadline; the turn is released when the work settles. */
export class HashLimiter {
  readonly limits: HashLimits;
  #running = 0;
  readonly #waiting: Waiter[] = [];

  constructor(limits: HashLimits) {
    this.limits = limits;
  }

  /** Hashes running and waiting now. */
  get load(): { running: number; waiting: number } {
    return { running: this.#running, waiting: this.#waiting.length };
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    await this.#turn();
    try {
      return await work();
    } finally {
      this.#release();
    }
  }

  #turn(): Promise<void> {
    if (this.#running < this.limits.concurrency) {
      this.#running++;
      return Promise.resolve();
    }
    if (this.#waiting.length >= this.limits.queue) return Promise.reject(hashesBusy(this.limits));
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        // The turn passes straight from the releasing hash to this one: #running stays counted.
        start: () => {
          clearTimeout(waiter.timer);
          resolve();
        },
        timer: setTimeout(() => {
          this.#waiting.splice(this.#waiting.indexOf(waiter), 1);
          reject(hashesBusy(this.limits));
        }, this.limits.deadlineMs),
      };
      this.#waiting.push(waiter);
    });
  }

  #release() {
    const next = this.#waiting.shift();
    if (next) next.start();
    else this.#running--;
  }
}

/** The one limiter every password hash of this process goes through (password-hash.ts). */
export const passwordHashLimiter = new HashLimiter(PASSWORD_HASH_LIMITS);
