import { lazy, Suspense, useState } from 'react';
import type { CartItem, LineLocation } from '../../lib/cart/cart-item.ts';
import { printWidthOf } from '../../lib/catalog/print-widths.ts';
import { setLineArtwork } from '../../stores/cart.ts';
import { ArtworkThumb } from '../artwork/ArtworkThumb.tsx';
import { Button } from '../ui/Button.tsx';
import styles from './LineDesign.module.css';

/** The uploader loads when a person asks to attach or replace a file, not with the cart. */
const ArtworkUpload = lazy(() => import('../artwork/ArtworkUpload.tsx'));

function LocationArtwork({ location: l }: { location: LineLocation }) {
  return l.artworkId ? (
    <>
      <ArtworkThumb artworkId={l.artworkId} name={l.artworkName ?? l.name} className={styles.thumb} />
      <span>
        {l.name}: {l.artworkName ?? 'artwork attached'}
      </span>
    </>
  ) : (
    <span>{l.name}: artwork to come (we'll ask for it after you order)</span>
  );
}

/**
 * What gets printed on a cart line (docs/decisions/0015-print-ordering.md): each location with its
 * artwork, a thumbnail of an uploaded file, or "artwork to come" when the customer sends it later. Given the line (the
 * cart page), each location's artwork can be attached, replaced or left for later; the change
 * applies to every size of the design.
 */
export function LineDesign({ locations, line }: { locations: readonly LineLocation[] | undefined; line?: CartItem }) {
  const [editing, setEditing] = useState<string | null>(null);
  if (!locations?.length) return null;
  return (
    <ul className={styles.design} aria-label="Print locations">
      {locations.map((l) => (
        <li key={l.code} data-line-location={l.code}>
          <div className={styles.row}>
            <LocationArtwork location={l} />
            {line && editing !== l.code && (
              <Button
                variant="quiet"
                aria-label={`${l.artworkId ? 'Replace' : 'Attach'} artwork for ${l.name} of ${line.name}`}
                onPress={() => setEditing(l.code)}
              >
                {l.artworkId ? 'Replace' : 'Attach artwork'}
              </Button>
            )}
            {line && l.artworkId && editing !== l.code && (
              <Button
                variant="quiet"
                aria-label={`Send later the artwork for ${l.name} of ${line.name}`}
                onPress={() => setLineArtwork(line, l.code, null)}
              >
                Send later
              </Button>
            )}
          </div>
          {line && editing === l.code && (
            <div className={styles.editor}>
              <Suspense fallback={<p>Loading the uploader…</p>}>
                <ArtworkUpload
                  label={`Artwork for ${l.name}`}
                  printWidthInches={printWidthOf(l, line.list?.area)}
                  onChange={(result) => {
                    if (!result) return;
                    setEditing(null);
                    setLineArtwork(line, l.code, { artworkId: result.artworkId, artworkName: result.fileName });
                  }}
                />
              </Suspense>
              <Button variant="secondary" onPress={() => setEditing(null)}>
                Keep as it is
              </Button>
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}
