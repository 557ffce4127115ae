import { useEffect, useState } from 'react';
import { api, type Query, SessionEndedError } from './api.ts';

/**
 * A list screen's GET, sent 250 ms after its filters last changed (typing in a search box sends
 * one request, not one a key). A 401 is the api client's to handle; other failures show `failure`
 * or the server's message. The query is compared by value, so a new object each render is fine;
 * a new `version` loads the list again (after a change made from the screen). `loading` holds
 * until the answer for the current query came (or failed), so an empty list reads as empty only
 * once it is known to be (issue 44, item 8).
 */
export function useFilteredList<T>(path: string, query: Query, initial: T, failure: string, version = 0) {
  const [data, setData] = useState<T>(initial);
  const [error, setError] = useState<string | null>(null);
  const key = JSON.stringify(query);
  const [answered, setAnswered] = useState<string | null>(null);

  useEffect(() => {
    const handle = setTimeout(() => {
      api
        .get<T>(path, JSON.parse(key) as Query)
        .then((answer) => {
          setData(answer);
          setError(null);
          setAnswered(`${key}#${version}`);
        })
        .catch((e: unknown) => {
          if (!(e instanceof SessionEndedError)) setError(e instanceof Error ? e.message : failure);
          setAnswered(`${key}#${version}`);
        });
    }, 250);
    return () => clearTimeout(handle);
  }, [path, key, failure, version]);

  return { data, error, loading: answered !== `${key}#${version}` };
}

/** Wraps a filter's setter so a changed filter starts again from the first page. */
export const backToFirstPage =
  (setOffset: (offset: number) => void) =>
  <T>(set: (value: T) => void) =>
  (value: T) => {
    set(value);
    setOffset(0);
  };
