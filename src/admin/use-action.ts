import { useState } from 'react';
import { SessionEndedError } from './api.ts';

/**
 * One button's request from an admin screen: `pending` while it runs (to disable the button),
 * then `error` with the server's message, or `failure` when there is none. A 401 is the api
 * client's to handle (it shows the login), so it leaves no message here.
 */
export function useAction(failure: string) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (work: () => Promise<void>) => {
    setError(null);
    setPending(true);
    try {
      await work();
    } catch (e) {
      if (!(e instanceof SessionEndedError)) setError(e instanceof Error ? e.message : failure);
    } finally {
      setPending(false);
    }
  };
  return { pending, error, setError, run };
}
