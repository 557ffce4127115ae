import { useId } from 'react';
import type { AdminProduct } from '../../lib/admin-schemas/products.ts';
import { ARTWORK_ACCEPT } from '../../lib/artwork/artwork-schema.ts';
import type { DecorationList, PriceList } from '../../lib/pricing/lists.ts';
import { useCheckedUpload } from '../artwork-files.ts';
import { Button, Checkbox } from '../ui/controls.tsx';
import { LocationInputsFields } from './QuoteListInputs.tsx';
import type { StoreLocationForm } from './store-form.ts';

/**
 * A store design's print locations (docs/decisions/0030-team-stores.md): the product's locations to tick, and for each
 * ticked one the artwork the shop fixes on it (uploaded and checked like any artwork, claimed by
 * the store when it is saved) and what its price list prices by.
 */
export function StoreLocationFields({
  product,
  lists,
  locations,
  onChange,
  errorAt,
  designLabel,
}: {
  product: AdminProduct;
  lists: ReadonlyMap<string, PriceList>;
  locations: StoreLocationForm[];
  onChange: (locations: StoreLocationForm[]) => void;
  errorAt: (name: string) => string | undefined;
  designLabel: string;
}) {
  const toggle = (code: string, name: string, on: boolean) =>
    onChange(
      on
        ? product.print_locations
            .filter((l) => l.code === code || locations.some((x) => x.code === l.code))
            .map(
              (l) =>
                locations.find((x) => x.code === l.code) ?? {
                  code,
                  name,
                  artwork_id: null,
                  artwork_name: null,
                  owner_token: null,
                },
            )
        : locations.filter((l) => l.code !== code),
    );
  const set = (code: string, patch: Partial<StoreLocationForm>) =>
    onChange(locations.map((l) => (l.code === code ? { ...l, ...patch } : l)));
  return (
    <fieldset className="adm-fieldset">
      <legend>Print locations of {designLabel}</legend>
      <div className="adm-choice-list">
        {product.print_locations.map((l) => (
          <Checkbox
            key={l.code}
            isSelected={locations.some((x) => x.code === l.code)}
            onChange={(on) => toggle(l.code, l.name, on)}
          >
            {l.name}
          </Checkbox>
        ))}
      </div>
      {errorAt('locations') ? <span className="adm-field-error">{errorAt('locations')}</span> : null}
      {locations.map((l, j) => {
        const place = product.print_locations.find((p) => p.code === l.code);
        const list = place?.price_list_id ? (lists.get(place.price_list_id) as PriceList<DecorationList>) : null;
        return (
          <div key={l.code} className="adm-store-location">
            <LocationArtwork
              location={l}
              target={`the ${l.name.toLowerCase()} of ${designLabel}`}
              error={errorAt(`locations.${j}.artwork_id`) ?? errorAt(`locations.${j}.code`)}
              onUploaded={(artwork_id, artwork_name, owner_token) =>
                set(l.code, { artwork_id, artwork_name, owner_token })
              }
            />
            <LocationInputsFields
              location={l}
              list={list ?? null}
              inputs={{ colors: l.colors ?? null, stitches: l.stitches ?? null, printSize: l.printSize ?? null }}
              onChange={(inputs) => set(l.code, inputs)}
              errorAt={(name) => errorAt(`locations.${j}.${name === 'printSize' ? 'print_size' : name}`)}
            />
          </div>
        );
      })}
    </fieldset>
  );
}

function LocationArtwork({
  location,
  target,
  error,
  onUploaded,
}: {
  location: StoreLocationForm;
  target: string;
  error: string | undefined;
  onUploaded: (artworkId: string, name: string, ownerToken: string) => void;
}) {
  const id = useId();
  const {
    input,
    status,
    setStatus,
    pending,
    error: problem,
    upload,
  } = useCheckedUpload('The upload failed. Try again.', 'Choose the artwork file first.');
  const attach = () =>
    upload(async ({ artworkId, ownerToken }) => {
      const name = input.current?.files?.[0]?.name ?? 'artwork';
      onUploaded(artworkId, name, ownerToken ?? '');
      setStatus(`${name} is ready: save the store to keep it.`);
    });
  const shown = problem ?? error;
  return (
    <div className="adm-attach-artwork">
      <p>
        {location.name}: {location.artwork_name ? `artwork ${location.artwork_name}` : 'no artwork yet'}
      </p>
      <label htmlFor={id}>
        Artwork file<span className="adm-visually-hidden"> for {target}</span>
      </label>
      <input
        id={id}
        ref={input}
        type="file"
        accept={ARTWORK_ACCEPT}
        disabled={pending}
        aria-invalid={shown ? true : undefined}
        aria-describedby={shown ? `${id}-error` : undefined}
      />
      <Button
        variant="secondary"
        isDisabled={pending}
        aria-label={`Upload artwork for ${target}`}
        onPress={() => void attach()}
      >
        Upload
      </Button>
      <span role="status" aria-live="polite">
        {status}
      </span>
      {shown ? (
        <span id={`${id}-error`} role="alert" className="adm-field-error">
          {shown}
        </span>
      ) : null}
    </div>
  );
}
