import { useCallback, useEffect, useRef, useState } from 'react';
import { api, type Query, SessionEndedError } from './api.ts';

/** The rows a list screen shows, and how to load them again after a change made from it. */
export interface CrudList<Row> {
  rows: Row[];
  /** Every row the filters match (a paged list shows `rows` of them). */
  total: number;
  error: string | null;
  /** No answer has come yet (the list is not known to be empty). */
  loading: boolean;
  reload: () => void;
}

/** A paged list answer, as the admin's paged endpoints give it. */
export interface ListPage<Row> {
  rows: Row[];
  total: number;
}

const failureOf = (error: unknown) => (error instanceof Error ? error.message : 'Could not load the list.');

/** Every row of `path` (an endpoint answering an array); nothing is asked while `enabled` is false. */
export function useWholeList<Row>(path: string, enabled: boolean): CrudList<Row> {
  const [rows, setRows] = useState<Row[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const reload = useCallback(() => {
    if (!enabled) return;
    api
      .get<Row[]>(path)
      .then((answer) => {
        setRows(answer);
        setError(null);
      })
      .catch((e: unknown) => {
        if (!(e instanceof SessionEndedError)) setError(failureOf(e));
      })
      .finally(() => setLoading(false));
  }, [path, enabled]);
  useEffect(reload, [reload]);
  return { rows, total: rows.length, error, loading, reload };
}

/**
 * One page of `path` (an endpoint answering { rows, total }) for the filters in `query`. A change
 * of filters is sent 250 ms after the last one (typing in the search box sends one request, not
 * one a key); paging and reloads are sent at once. An answer that arrives after a newer request
 * was sent is dropped, so a slow earlier search never replaces the later one's rows.
 */
export function usePagedList<Row>(
  path: string,
  query: Query,
  offset: number,
  pageSize: number,
  enabled: boolean,
): CrudList<Row> {
  const [page, setPage] = useState<ListPage<Row>>({ rows: [], total: 0 });
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [version, setVersion] = useState(0);
  const key = JSON.stringify(query);
  const lastKey = useRef(key);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new version loads the page again, on purpose.
  useEffect(() => {
    if (!enabled) return;
    const typing = lastKey.current !== key;
    lastKey.current = key;
    let current = true;
    const handle = setTimeout(
      () => {
        api
          .get<ListPage<Row>>(path, { ...(JSON.parse(key) as Query), limit: pageSize, offset })
          .then((answer) => {
            if (!current) return;
            setPage(answer);
            setError(null);
          })
          .catch((e: unknown) => {
            if (current && !(e instanceof SessionEndedError)) setError(failureOf(e));
          })
          .finally(() => {
            if (current) setLoading(false);
          });
      },
      typing ? 250 : 0,
    );
    return () => {
      current = false;
      clearTimeout(handle);
    };
  }, [path, key, offset, pageSize, enabled, version]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { rows: page.rows, total: page.total, error, loading, reload };
}
