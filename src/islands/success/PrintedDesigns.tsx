import type { OrderDesign } from '../../lib/cart/checkout-schema.ts';
import { ArtworkThumb } from '../artwork/ArtworkThumb.tsx';
import styles from '../cart/LineDesign.module.css';

/**
 * "What we'll print" on the success page (docs/decisions/0015-print-ordering.md): each line with
 * print locations and the artwork attached to each, with its thumbnail, or a note that the shop waits for it.
 */
export function PrintedDesigns({ designs }: { designs: readonly OrderDesign[] }) {
  if (designs.length === 0) return null;
  const waiting = designs.some((d) => d.locations.some((l) => !l.artwork_id));
  return (
    <section aria-labelledby="printed-title" data-printed-designs>
      <h2 id="printed-title">What we'll print</h2>
      {designs.map((design, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: designs are listed once, in the order's order
        <div key={index}>
          <h3>
            {design.quantity} × {design.label}
          </h3>
          <ul className={styles.design} aria-label={`Print locations of ${design.label}`}>
            {design.locations.map((l) => (
              <li key={l.code}>
                {l.artwork_id ? (
                  <>
                    <ArtworkThumb artworkId={l.artwork_id} name={l.artwork_name ?? l.name} className={styles.thumb} />
                    <span>
                      {l.name}: {l.artwork_name}
                    </span>
                  </>
                ) : (
                  <span>{l.name}: artwork to come</span>
                )}
              </li>
            ))}
          </ul>
        </div>
      ))}
      {waiting && (
        <p>
          We'll e-mail you to ask for the artwork still to come; we start printing once we have it and you have approved
          the proof.
        </p>
      )}
    </section>
  );
}
