import { artworkThumbnailPath, OWNER_HEADER, storedOwnerToken } from '../../lib/browser/artwork-owner.ts';
import { useImageUrl } from '../../lib/browser/use-image-url.ts';

/**
 * The thumbnail of one of this browser's uploads (cart, drawer, success page), read with the
 * owner token. Nothing is shown when this browser is not the file's owner or the shop cannot answer.
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
  const owner = storedOwnerToken();
  const url = useImageUrl(artworkThumbnailPath(artworkId), owner ? { [OWNER_HEADER]: owner } : null);
  return url ? <img src={url} alt={`Artwork ${name}`} width={48} height={48} className={className} /> : null;
}
