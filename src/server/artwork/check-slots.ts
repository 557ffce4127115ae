import { Unavailable } from '../errors.ts';
import { throttleAddress } from '../throttle/client-address.ts';
import { CHECK_LIMITS, CHECKS_BUSY, YOUR_CHECKS_BUSY } from './check-limits.ts';

/**
 * The check slots of this process, shared fairly between addresses
 * (docs/decisions/0041-outside-audit.md item 4): at most `concurrent` checks run at once, at most
 * one of them for any one address (an IPv4 address or an IPv6 /64, as the throttles count), and
 * each address waits in a queue of its own of at most `queuedPerClient`, with at most `queued`
 * waiting in all. A free slot goes to the waiting address whose last turn is longest ago, so
 * another address's check starts ahead of an address's second, third, ... file. Past a bound the
 * answer is 503 with Retry-After at once, rather than a wait behind checks that may each take
 * the full time limit.
 */
export interface SlotLimits {
  concurrent: number;
  queued: number;
  queuedPerClient: number;
  retryAfterSeconds: number;
}

interface Waiter {
  arrival: number;
  start: () => void;
}

interface Client {
  running: boolean;
  queue: Waiter[];
  /** When this address last got a slot (a turn number); 0: not since it was last idle. */
  lastTurn: number;
}

export interface CheckSlots {
  /** Waits for a slot of `address`; answers the function that gives it back (safe to call twice). */
  take(address: string | undefined): Promise<() => void>;
  /** Checks running and waiting now (for tests and logs). */
  counts(): { running: number; waiting: number };
}

export function checkSlots(limits: SlotLimits = CHECK_LIMITS): CheckSlots {
  const clients = new Map<string, Client>();
  let running = 0;
  let waiting = 0;
  let turns = 0;
  let arrivals = 0;

  const begin = (client: Client) => {
    client.running = true;
    client.lastTurn = ++turns;
    running++;
  };

  /** Gives free slots to waiting addresses that run nothing, the longest without a turn first. */
  const dispatch = () => {
    while (running < limits.concurrent) {
      let next: Client | undefined;
      for (const client of clients.values()) {
        if (client.running || client.queue.length === 0) continue;
        const sooner =
          !next ||
          client.lastTurn < next.lastTurn ||
          (client.lastTurn === next.lastTurn && client.queue[0]!.arrival < next.queue[0]!.arrival);
        if (sooner) next = client;
      }
      if (!next) return;
      const waiter = next.queue.shift()!;
      waiting--;
      begin(next);
      waiter.start();
    }
  };

  const releaser = (key: string, client: Client) => {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      client.running = false;
      running--;
      if (client.queue.length === 0) clients.delete(key);
      dispatch();
    };
  };

  return {
    async take(address) {
      const key = throttleAddress(address);
      let client = clients.get(key);
      if (!client) {
        client = { running: false, queue: [], lastTurn: 0 };
        clients.set(key, client);
      }
      // Free slots never sit beside an address that could use one (dispatch runs on every release).
      if (!client.running && running < limits.concurrent) {
        begin(client);
        return releaser(key, client);
      }
      if (client.queue.length >= limits.queuedPerClient) {
        throw new Unavailable('artwork_checks_busy', YOUR_CHECKS_BUSY, limits.retryAfterSeconds);
      }
      if (waiting >= limits.queued) {
        if (!client.running && client.queue.length === 0) clients.delete(key);
        throw new Unavailable('artwork_checks_busy', CHECKS_BUSY, limits.retryAfterSeconds);
      }
      const mine = client;
      await new Promise<void>((start) => {
        mine.queue.push({ arrival: ++arrivals, start });
        waiting++;
      });
      return releaser(key, mine);
    },
    counts: () => ({ running, waiting }),
  };
}

const slots = checkSlots();

/** Takes one of this process's check slots for the peer `address` (see checkSlots). */
export function takeCheckSlot(address: string | undefined): Promise<() => void> {
  return slots.take(address);
}
