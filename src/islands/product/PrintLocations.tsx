import { lazy, Suspense } from 'react';
import type { ChosenLocation } from '../../lib/cart/cart-item.ts';
import type { PrintLocation } from '../../lib/pricing/print-locations.ts';
import type { ProductLocation } from '../../lib/catalog/products.ts';
import { type OrderedSize, printWidthOf } from '../../lib/catalog/print-widths.ts';
import styles from '../ProductOptions.module.css';
import { Amount } from '../ui/Amount.tsx';
import { checkedColors, LocationInputs, startingInputs } from './LocationInputs.tsx';

/** The uploader loads when a person says they will upload now, not with the page. */
const ArtworkUpload = lazy(() => import('../artwork/ArtworkUpload.tsx'));

/** A chosen location as the page holds it: upload now (with the checked file, once there) or later. */
export interface LocationChoice extends ChosenLocation {
  upload: boolean;
}

/** What a location adds, in words: "+$3.00 each, $25.00 setup"; a list-priced one: by its chart. */
function CostOf({ location: l }: { location: ProductLocation }) {
  if (l.price_list) return <>priced below</>;
  const each =
    l.price_cents_per_piece > 0 ? (
      <>
        +<Amount cents={l.price_cents_per_piece} /> each
      </>
    ) : (
      'included'
    );
  return l.setup_fee_cents > 0 ? (
    <>
      {each}, <Amount cents={l.setup_fee_cents} /> setup
    </>
  ) : (
    each
  );
}

/**
 * The locations chosen before the customer chooses any: an area product's only one (a banner's
 * face is what it is for), so its upload is offered at once (issue 44, item 13); else none.
 */
export function startingLocations(product: {
  area_list?: unknown;
  print_locations: readonly ProductLocation[];
}): LocationChoice[] {
  const only = product.print_locations.length === 1 ? product.print_locations[0]! : null;
  return product.area_list && only
    ? [{ code: only.code, upload: false, artworkId: null, ...startingInputs(only) }]
    : [];
}

/** The chosen locations still waiting for a file a person said they would upload now. */
export function missingArtwork(chosen: readonly LocationChoice[], locations: readonly PrintLocation[]): string | null {
  const waiting = chosen.filter((c) => c.upload && !c.artworkId);
  if (waiting.length === 0) return null;
  const names = waiting.map((c) => locations.find((l) => l.code === c.code)?.name ?? c.code).join(', ');
  return `Attach the artwork for ${names}, or choose to send it later.`;
}

/**
 * Where to print (docs/decisions/0015-print-ordering.md): one checkbox per location the product
 * offers, with its price per piece and its one-time setup fee; for each chosen location, upload the
 * artwork now (checked at once, with a thumbnail) or send it later. Checkout prices the choice from the database.
 */
export function PrintLocations({
  locations,
  chosen,
  onChange,
  errors = {},
  area = null,
}: {
  locations: readonly ProductLocation[];
  chosen: readonly LocationChoice[];
  onChange: (next: LocationChoice[]) => void;
  /** The price lists' complaints about a location's inputs, by location code (docs/decisions/0027-price-lists.md). */
  errors?: Readonly<Record<string, string>>;
  /** The size ordered of a product priced by area: its art's DPI advice is for that width. */
  area?: OrderedSize | null;
}) {
  if (locations.length === 0) return null;
  const update = (code: string, change: Partial<LocationChoice>) =>
    onChange(chosen.map((c) => (c.code === code ? { ...c, ...change } : c)));
  return (
    <fieldset className={styles.locations}>
      <legend>Print locations</legend>
      {locations.map((l) => {
        const choice = chosen.find((c) => c.code === l.code);
        return (
          <div key={l.code} className={styles.locationRow}>
            <label className={styles.location}>
              <input
                type="checkbox"
                name="location"
                value={l.code}
                checked={choice !== undefined}
                onChange={(event) =>
                  onChange(
                    event.target.checked
                      ? [...chosen, { code: l.code, upload: false, artworkId: null, ...startingInputs(l) }]
                      : chosen.filter((c) => c.code !== l.code),
                  )
                }
              />
              {l.name}{' '}
              <span className={styles.locationCost}>
                (<CostOf location={l} />)
              </span>
            </label>
            {choice && (
              <fieldset className={styles.artworkChoice}>
                <legend className="visually-hidden">Artwork for {l.name}</legend>
                <label>
                  <input
                    type="radio"
                    name={`artwork-${l.code}`}
                    checked={!choice.upload}
                    onChange={() => update(l.code, { upload: false, artworkId: null, artworkName: null })}
                  />
                  I'll send artwork later
                </label>
                <label>
                  <input
                    type="radio"
                    name={`artwork-${l.code}`}
                    checked={choice.upload}
                    onChange={() => update(l.code, { upload: true })}
                  />
                  Upload artwork now
                </label>
                {choice.upload && (
                  <Suspense fallback={<p className={styles.loadingUploader}>Loading the uploader…</p>}>
                    <ArtworkUpload
                      label={`Artwork for ${l.name}`}
                      printWidthInches={printWidthOf(l, area)}
                      onChange={(result) => {
                        // The inks the check counted preset the colours; the customer may change them.
                        const colors = checkedColors(l, result?.inkColors?.count);
                        update(l.code, {
                          artworkId: result?.artworkId ?? null,
                          artworkName: result?.fileName ?? null,
                          ...(colors ? { colors } : {}),
                        });
                      }}
                    />
                  </Suspense>
                )}
              </fieldset>
            )}
            {choice && (
              <LocationInputs
                location={l}
                value={choice}
                error={errors[l.code]}
                onChange={(change) => update(l.code, change)}
              />
            )}
          </div>
        );
      })}
      <p className={styles.note}>
        Setup is charged once per location for the whole order line. Artwork you send later holds the order until it
        reaches us.
      </p>
    </fieldset>
  );
}
