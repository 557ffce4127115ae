import type { LineLocation } from '../../lib/cart-lines.ts';
import { ArtworkThumb } from '../artwork/ArtworkThumb.tsx';
import styles from './LineDesign.module.css';

/**
 * What gets printed on a cart line (issue #15): each location with its artwork, a thumbnail of
 * an uploaded file, or "artwork to come" when the customer sends it later.
 */
export function LineDesign({ locations }: { locations: readonly LineLocation[] | undefined }) {
  if (!locations?.length) return null;
  return (
    <ul className={styles.design} aria-label="Print locations">
      {locations.map((l) => (
        <li key={l.code} data-line-location={l.code}>
          {l.artworkId ? (
            <>
              <ArtworkThumb artworkId={l.artworkId} name={l.artworkName ?? l.name} className={styles.thumb} />
              <span>
                {l.name}: {l.artworkName ?? 'artwork attached'}
              </span>
            </>
          ) : (
            <span>{l.name}: artwork to come (we'll ask for it after you order)</span>
          )}
        </li>
      ))}
    </ul>
  );
}
