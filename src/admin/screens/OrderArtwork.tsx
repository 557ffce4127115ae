import type { AdminOrderArtwork, AdminOrderItem } from '../../lib/admin-schemas/orders.ts';
import { storedLocations } from '../../lib/orders/order-locations.ts';
import { useImageUrl } from '../../lib/browser/use-image-url.ts';
import { getToken } from '../api.ts';
import { Button } from '../ui/controls.tsx';
import { downloadOriginal } from '../artwork-files.ts';
import { useAction } from '../use-action.ts';
import { AttachReceivedArtwork } from './AttachReceivedArtwork.tsx';

/** The print locations an order line keeps (variant_metadata.locations), as far as they read. */
export const lineLocations = (item: AdminOrderItem) =>
  storedLocations(item.variant_metadata).map((l) => ({ code: l.code, name: l.name, artworkId: l.artwork_id }));

/** "Raster, 3600 × 3600 px, 1.2 MB" */
function describe(file: AdminOrderArtwork): string {
  const size =
    file.byte_size >= 1024 * 1024
      ? `${(file.byte_size / 1024 / 1024).toFixed(1)} MB`
      : `${Math.ceil(file.byte_size / 1024)} KB`;
  const found =
    file.kind === 'raster' && file.width_px && file.height_px
      ? `Raster, ${file.width_px} × ${file.height_px} px`
      : file.kind === 'pdf'
        ? `PDF${file.pages ? `, ${file.pages} page${file.pages === 1 ? '' : 's'}` : ''}`
        : file.kind === 'vector'
          ? 'Vector (SVG)'
          : file.content_type;
  return `${found}, ${size}`;
}

/** The file's thumbnail, read with the admin's token (it is never a public URL). */
export function Thumbnail({ file }: { file: Pick<AdminOrderArtwork, 'id' | 'file_name'> }) {
  const url = useImageUrl(`/api/artwork/${file.id}/thumbnail`, { authorization: `Bearer ${getToken() ?? ''}` });
  return url ? (
    <img className="adm-artwork-thumb" src={url} alt={`Preview of ${file.file_name}`} width={64} height={64} />
  ) : (
    <span className="adm-artwork-thumb" aria-hidden="true" />
  );
}

/** Asks for a short-lived download URL of the original and starts the download (an attachment). */
export function DownloadOriginal({
  file,
  location,
}: {
  file: Pick<AdminOrderArtwork, 'id' | 'file_name'>;
  location: string;
}) {
  const { pending, error, run } = useAction('The download failed.');
  const download = () => run(() => downloadOriginal(file.id, file.file_name));
  return (
    <>
      <Button
        variant="secondary"
        isDisabled={pending}
        aria-label={`Download original ${file.file_name} (${location})`}
        onPress={() => void download()}
      >
        Download original
      </Button>
      {error ? (
        <span role="alert" className="adm-field-error">
          {error}
        </span>
      ) : null}
    </>
  );
}

/**
 * What an order line prints (docs/decisions/0015-print-ordering.md): each location with its artwork
 * (thumbnail, file name, what the check found, and a download of the original) or "Artwork to come", with the field
 * to attach what the customer sent by e-mail (docs/decisions/0028-owner-and-receipts.md).
 */
export function OrderArtwork({
  orderId,
  item,
  artwork,
  canAttach,
  onAttached,
}: {
  orderId: string;
  item: AdminOrderItem;
  artwork: readonly AdminOrderArtwork[];
  /** A paid order: the owner may attach artwork the customer e-mailed. */
  canAttach: boolean;
  onAttached: () => void;
}) {
  const locations = lineLocations(item);
  if (locations.length === 0) return null;
  const meta = item.variant_metadata ?? {};
  const variant = [meta['color'], meta['size']].filter((v) => typeof v === 'string' && v).join(' / ');
  const lineName = variant ? `${item.name} (${variant})` : item.name;
  return (
    <ul className="adm-artwork" aria-label={`Print locations of ${item.name}`}>
      {locations.map((l) => {
        const file = l.artworkId ? artwork.find((a) => a.id === l.artworkId) : undefined;
        return (
          <li key={l.code}>
            <strong>{l.name}:</strong>{' '}
            {file ? (
              <>
                <Thumbnail file={file} />
                <span>
                  {file.file_name} <span className="adm-muted">({describe(file)})</span>
                </span>
                <DownloadOriginal file={file} location={l.name} />
              </>
            ) : (
              <>
                <span>Artwork to come</span>
                {canAttach ? (
                  <AttachReceivedArtwork
                    orderId={orderId}
                    itemId={item.id}
                    location={l}
                    target={`the ${l.name.toLowerCase()} of ${lineName}`}
                    onAttached={onAttached}
                  />
                ) : null}
              </>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/**
 * Files the customer sent after ordering (with a change request on the proof,
 * docs/decisions/0016-order-workflow.md): on the order, but on no print location yet. The owner
 * downloads them to make the next proof.
 */
export function CustomerFiles({
  items,
  artwork,
}: {
  items: readonly AdminOrderItem[];
  artwork: readonly AdminOrderArtwork[];
}) {
  const placed = new Set(
    items.flatMap((item) => lineLocations(item).flatMap((l) => (l.artworkId ? [l.artworkId] : []))),
  );
  const later = artwork.filter((file) => !placed.has(file.id));
  if (later.length === 0) return null;
  return (
    <section aria-labelledby="customer-files-title">
      <h3 id="customer-files-title">Files the customer sent later</h3>
      <ul className="adm-artwork">
        {later.map((file) => (
          <li key={file.id}>
            <Thumbnail file={file} />
            <span>
              {file.file_name} <span className="adm-muted">({describe(file)})</span>
            </span>
            <DownloadOriginal file={file} location="sent later" />
          </li>
        ))}
      </ul>
    </section>
  );
}
