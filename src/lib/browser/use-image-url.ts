import { useEffect, useState } from 'react';

/**
 * An image that needs a header to be read (a customer's artwork thumbnail: the owner token or the
 * admin's Bearer token, never in a URL), as a blob URL for an <img>; null until it has loaded, or
 * when the shop says no. The blob URL is released when the component goes or the path changes.
 * Shared by the storefront islands and the admin, both React.
 */
export function useImageUrl(path: string, headers: Record<string, string> | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  const key = headers ? JSON.stringify(headers) : '';
  // biome-ignore lint/correctness/useExhaustiveDependencies: headers are compared by value (key)
  useEffect(() => {
    if (!headers) return;
    const abort = new AbortController();
    let made: string | null = null;
    fetch(path, { headers, signal: abort.signal })
      .then((res) => (res.ok ? res.blob() : null))
      .then((blob) => {
        if (!blob || abort.signal.aborted) return;
        made = URL.createObjectURL(blob);
        setUrl(made);
      })
      .catch(() => {});
    return () => {
      abort.abort();
      if (made) URL.revokeObjectURL(made);
    };
  }, [path, key]);
  return url;
}
