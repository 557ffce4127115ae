import { formatUsd } from '../../lib/money.ts';
import type { PrintLocation } from '../../lib/pricing.ts';
import styles from '../ProductOptions.module.css';

/** What a location adds, in words: "+$3.00 each, $25.00 setup". */
function costOf(l: PrintLocation): string {
  const parts = [
    l.price_cents_per_piece > 0 ? `+${formatUsd(l.price_cents_per_piece)} each` : 'included',
    ...(l.setup_fee_cents > 0 ? [`${formatUsd(l.setup_fee_cents)} setup`] : []),
  ];
  return parts.join(', ');
}

/**
 * Where to print (issue #15): one checkbox per location the product offers, with its price per
 * piece and its one-time setup fee. The artwork is sent later (the shop asks for it); checkout
 * prices the choice from the database.
 */
export function PrintLocations({
  locations,
  chosen,
  onChange,
}: {
  locations: readonly PrintLocation[];
  chosen: readonly string[];
  onChange: (codes: string[]) => void;
}) {
  if (locations.length === 0) return null;
  return (
    <fieldset className={styles.locations}>
      <legend>Print locations</legend>
      {locations.map((l) => (
        <label key={l.code} className={styles.location}>
          <input
            type="checkbox"
            name="location"
            value={l.code}
            checked={chosen.includes(l.code)}
            onChange={(event) =>
              onChange(event.target.checked ? [...chosen, l.code] : chosen.filter((code) => code !== l.code))
            }
          />
          {l.name} <span className={styles.locationCost}>({costOf(l)})</span>
        </label>
      ))}
      <p className={styles.note}>
        Setup is charged once per location for the whole order line. We ask for your artwork after you order.
      </p>
    </fieldset>
  );
}
