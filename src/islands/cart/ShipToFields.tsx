import { useStore } from '@nanostores/react';
import { $shipTo, setShipTo } from '../../stores/tax.ts';
import styles from './cart.module.css';

/**
 * The ship-to state and ZIP code (issue 50): the estimated tax follows the shop's rule for them,
 * and checkout charges that rule's tax. Only asked when shipping; a pickup is taxed where the shop is.
 */
export function ShipToFields() {
  const shipTo = useStore($shipTo);
  return (
    <fieldset className={styles.shipTo}>
      <legend>Ship to (for the tax)</legend>
      <div className={styles.field}>
        <label htmlFor="ship-to-state">State</label>
        <input
          id="ship-to-state"
          autoComplete="shipping address-level1"
          maxLength={2}
          size={3}
          value={shipTo.state}
          onChange={(event) => setShipTo({ state: event.target.value.toUpperCase() })}
        />
      </div>
      <div className={styles.field}>
        <label htmlFor="ship-to-zip">ZIP code</label>
        <input
          id="ship-to-zip"
          autoComplete="shipping postal-code"
          inputMode="numeric"
          maxLength={10}
          size={7}
          value={shipTo.zip}
          onChange={(event) => setShipTo({ zip: event.target.value })}
        />
      </div>
    </fieldset>
  );
}
