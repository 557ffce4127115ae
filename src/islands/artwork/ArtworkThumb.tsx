import { useEffect, useState } from 'react';
import { artworkThumbnailPath, OWNER_HEADER, storedOwnerToken } from '../../lib/artwork-owner.ts';

/**
 * The thumbnail of one of this browser's uploads (cart, drawer, success page). The owner token
 * goes in a header, so the image is fetched and shown from a blob URL, released on unmount.
 * Nothing is shown when this browser is not the file's owner or the shop cannot answer.
 */
export function ArtworkThumb({
  artworkId,
  name,
  className,
}: {
  artworkId: string;
  name: string;
  className?: string | undefined;
}) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const owner = storedOwnerToken();
    if (!owner) return;
    const abort = new AbortController();
    let made: string | null = null;
    fetch(artworkThumbnailPath(artworkId), { headers: { [OWNER_HEADER]: owner }, signal: abort.signal })
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
  }, [artworkId]);
  return url ? <img src={url} alt={`Artwork ${name}`} width={48} height={48} className={className} /> : null;
}
