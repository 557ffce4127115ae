import { useEffect, useState } from 'react';
import { api, SessionEndedError } from './api.ts';

/**
 * One admin read for a screen or panel (a work order, packing slips, a store report): its answer,
 * or the message to show when it failed (`failure` when the error has none). A null path reads
 * nothing; a new path starts over.
 */
export function useAdminRead<T>(path: string | null, failure: string): { data: T | null; error: string | null } {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setData(null);
    setError(null);
    if (!path) return;
    let current = true;
    api
      .get<T>(path)
      .then((answer) => {
        if (current) setData(answer);
      })
      .catch((e: unknown) => {
        if (current && !(e instanceof SessionEndedError)) setError(e instanceof Error ? e.message : failure);
      });
    return () => {
      current = false;
    };
  }, [path, failure]);
  return { data, error };
}
