import { useEffect, useState } from 'react';
import type { AdminCollection } from '../../lib/admin-schemas/collections.ts';
import type { AdminColor } from '../../lib/admin-schemas/colors.ts';
import type { AdminProduct } from '../../lib/admin-schemas/products.ts';
import type { AdminSize } from '../../lib/admin-schemas/sizes.ts';
import { PRODUCT_TYPES } from '../../lib/catalog/product-types.ts';
import { api } from '../api.ts';
import { type FormProps, type FormValue, textFields } from '../CrudScreen.tsx';
import { str, toNumberOrNull } from '../format.ts';
import { Checkbox, NumberField, type Option, Select, Switch, TextField } from '../ui/controls.tsx';
import { FormImage, imagePayload } from '../ui/ImagePicker.tsx';
import { MoneyField } from '../ui/MoneyField.tsx';
import { type ColorImageDrafts, colorImagesPayload, ProductColorImages } from './ProductColorImages.tsx';
import { StockGrid, variantKeys, variantPayload } from './ProductStock.tsx';
import { type LocationDraft, locationsPayload, ProductLocations } from './ProductLocations.tsx';
import { ProductPrintBoxes } from './ProductPrintBoxes.tsx';
import { ProductPriceLists, priceListsPayload } from './ProductPriceLists.tsx';
import type { PresetDraft } from './AreaPresets.tsx';
import { ProductTiers, type TierDraft, tiersPayload } from './ProductTiers.tsx';
import type { AdminPriceListSummary } from '../../lib/admin-schemas/price-lists.ts';
import { type ListUse, METHOD_NAMES, listUseOf } from '../../lib/pricing/list-methods.ts';

type Variant = { color_id: string | null; size_id: string | null; stock_qty: number | null };
export type ProductForm = FormValue &
  Partial<
    Omit<
      AdminProduct,
      | 'id'
      | 'colors'
      | 'sizes'
      | 'variants'
      | 'price_cents'
      | 'minimum_quantity'
      | 'price_tiers'
      | 'print_locations'
      | 'area_presets'
    >
  > & {
    /** null while the price field is empty. */
    price_cents?: number | null;
    minimum_quantity?: number | null;
    price_tiers?: TierDraft[];
    print_locations?: LocationDraft[];
    /** One-tap sizes of an area product, in inches (docs/decisions/0027-price-lists.md). */
    area_presets?: PresetDraft[];
    color_ids: string[];
    size_ids: string[];
    variants: Variant[];
    /** A picture per colour, by colour id (docs/decisions/0028-owner-and-receipts.md). */
    color_images?: ColorImageDrafts;
    /** Stock is only sent when it was edited, so sales since the form opened are not overwritten. */
    stockEdited?: boolean;
    /** Off: made to order, no counts kept (a new product's default, issue 44). */
    track_stock?: boolean;
  };

interface Choices {
  colors: Option[];
  sizes: Option[];
  collections: Option[];
  /** Price lists by the link they can fill (docs/decisions/0027-price-lists.md). */
  lists: Record<ListUse, Option[]>;
}

function useChoices() {
  const [choices, setChoices] = useState<Choices>({
    colors: [],
    sizes: [],
    collections: [],
    lists: { decoration: [], garment: [], area: [], turnaround: [] },
  });
  useEffect(() => {
    Promise.all([
      api.get<AdminColor[]>('colors'),
      api.get<AdminSize[]>('sizes'),
      api.get<AdminCollection[]>('admin/collections'),
      api.get<AdminPriceListSummary[]>('admin/price-lists'),
    ])
      .then(([colors, sizes, collections, lists]) => {
        const listsFor = (use: ListUse) =>
          lists
            .filter((l) => listUseOf(l.method) === use)
            .map((l) => ({ id: l.id, label: use === 'decoration' ? `${l.name} (${METHOD_NAMES[l.method]})` : l.name }));
        setChoices({
          colors: colors.map((c) => ({ id: c.id, label: c.name })),
          sizes: sizes.map((s) => ({ id: s.id, label: s.name })),
          collections: collections.map((c) => ({ id: c.slug, label: c.name })),
          lists: {
            decoration: listsFor('decoration'),
            garment: listsFor('garment'),
            area: listsFor('area'),
            turnaround: listsFor('turnaround'),
          },
        });
      })
      .catch(() => undefined);
  }, []);
  return choices;
}

/** The shop's product types; a type saved before they were a choice is offered as it is, so an edit keeps it. */
function typeOptions(current: string | null | undefined): Option[] {
  const known = PRODUCT_TYPES.some((t) => t.id === current);
  return current && !known ? [...PRODUCT_TYPES, { id: current, label: current }] : [...PRODUCT_TYPES];
}

function toggle(list: string[], id: string, on: boolean) {
  return on ? [...list.filter((x) => x !== id), id] : list.filter((x) => x !== id);
}

export function ProductFields({ value, onChange, errors }: FormProps<ProductForm>) {
  const text = textFields<ProductForm>({ value, onChange, errors });
  const choices = useChoices();
  const chosenColors = choices.colors.filter((c) => value.color_ids.includes(c.id));
  const chosenSizes = choices.sizes.filter((s) => value.size_ids.includes(s.id));
  const hasVariants = variantKeys(value.color_ids, value.size_ids).length > 0;
  const measure = (key: 'weight_oz' | 'length_in' | 'width_in' | 'height_in', label: string) => (
    <NumberField
      label={label}
      value={value[key] ?? null}
      onChange={(v) => onChange({ [key]: v })}
      errorMessage={errors[key]}
    />
  );
  return (
    <>
      <TextField label="Name" {...text('name')} autoFocus />
      <TextField label="Slug" {...text('slug')} />
      <MoneyField
        label="Price"
        cents={value.price_cents}
        onChange={(price_cents) => onChange({ price_cents })}
        description="For one piece; quantity tiers below can lower it."
        errorMessage={errors['price_cents']}
      />
      <ProductTiers
        minimum={value.minimum_quantity}
        tiers={value.price_tiers ?? []}
        errors={errors}
        onChange={(change) => onChange(change)}
      />
      <ProductLocations
        locations={value.print_locations ?? []}
        lists={choices.lists.decoration}
        errors={errors}
        onChange={(print_locations) => onChange({ print_locations })}
      />
      <ProductPriceLists value={value} lists={choices.lists} errors={errors} onChange={onChange} />
      <TextField label="SKU" value={value.sku} onChange={(sku) => onChange({ sku })} errorMessage={errors['sku']} />
      <Select
        label="Product type"
        options={typeOptions(value.product_type)}
        value={value.product_type || null}
        onChange={(product_type) => onChange({ product_type })}
        placeholder="Choose a type"
      />
      {errors['product_type'] ? <p className="adm-field-error">{errors['product_type']}</p> : null}
      <Select
        label="Collection"
        options={choices.collections}
        value={value.collection || null}
        onChange={(collection) => onChange({ collection: collection ?? '' })}
        placeholder="Choose a collection"
        errorMessage={errors['collection']}
      />
      <TextField
        className="adm-wide"
        label="Description"
        multiline
        value={value.description}
        onChange={(description) => onChange({ description })}
        description="First line is the intro; each further line is a highlight."
        errorMessage={errors['description']}
      />
      <fieldset className="adm-fieldset adm-wide">
        <legend>Colours</legend>
        <div className="adm-choice-list">
          {choices.colors.map((c) => (
            <Checkbox
              key={c.id}
              isSelected={value.color_ids.includes(c.id)}
              onChange={(on) => onChange({ color_ids: toggle(value.color_ids, c.id, on), stockEdited: true })}
            >
              {c.label}
            </Checkbox>
          ))}
        </div>
      </fieldset>
      <fieldset className="adm-fieldset adm-wide">
        <legend>Sizes</legend>
        <div className="adm-choice-list">
          {choices.sizes.map((s) => (
            <Checkbox
              key={s.id}
              isSelected={value.size_ids.includes(s.id)}
              onChange={(on) => onChange({ size_ids: toggle(value.size_ids, s.id, on), stockEdited: true })}
            >
              {s.label}
            </Checkbox>
          ))}
        </div>
      </fieldset>
      <div className="adm-wide">
        <Switch
          isSelected={value.track_stock !== false}
          onChange={(track_stock) => onChange({ track_stock, stockEdited: true })}
        >
          Track stock
        </Switch>
        <p className="adm-stock-help">
          {value.track_stock !== false
            ? 'Count the pieces on the shelf; an empty cell is not tracked (made to order).'
            : 'Made to order: always available, no counts kept.'}
        </p>
      </div>
      <div className="adm-wide">
        {value.track_stock === false ? null : hasVariants ? (
          <StockGrid
            colors={chosenColors}
            sizes={chosenSizes}
            variants={value.variants}
            onChange={(variants) => onChange({ variants, stockEdited: true })}
          />
        ) : (
          <NumberField
            label="Stock"
            value={value.stock_qty ?? null}
            onChange={(stock_qty) => onChange({ stock_qty, stockEdited: true })}
            description="Empty = not tracked (made to order)"
            errorMessage={errors['stock_qty']}
          />
        )}
        {errors['variants'] ? <p className="adm-field-error">{errors['variants']}</p> : null}
      </div>
      <NumberField
        label="Low-stock alert at (pieces)"
        value={value.low_stock_threshold ?? 5}
        onChange={(low_stock_threshold) => onChange({ low_stock_threshold: low_stock_threshold ?? 0 })}
        description="The dashboard lists stock at or under this; 0 = never"
        errorMessage={errors['low_stock_threshold']}
      />
      {measure('weight_oz', 'Weight (oz)')}
      {measure('length_in', 'Length (in)')}
      {measure('width_in', 'Width (in)')}
      {measure('height_in', 'Height (in)')}
      <details className="adm-advanced">
        <summary>Advanced</summary>
        <TextField
          label="Stripe Buy Button ID (optional)"
          {...text('stripe_buy_button_id')}
          description="Only for a product sold with a Stripe Buy Button on the /buy page (the buy_btn_… id from Stripe). Leave it empty for everything sold through the cart."
        />
      </details>
      <Switch isSelected={value.is_active ?? true} onChange={(is_active) => onChange({ is_active })}>
        Active
      </Switch>
      <FormImage prefix="Main" label="Main Image" value={value} onChange={onChange} errors={errors} />
      <FormImage prefix="Secondary" label="Secondary Image" value={value} onChange={onChange} errors={errors} />
      <ProductColorImages
        colors={chosenColors}
        colorIds={value.color_ids}
        drafts={value.color_images ?? {}}
        errors={errors}
        onChange={(color_images) => onChange({ color_images })}
      />
      {value.id ? (
        <ProductPrintBoxes
          productId={value.id}
          pictures={chosenColors.flatMap((c) => {
            const url = value.color_images?.[c.id]?.url;
            return url && !value.color_images?.[c.id]?.base64 ? [{ id: c.id, label: c.label, url }] : [];
          })}
          locations={(value.print_locations ?? []).flatMap((l) =>
            l.code ? [{ code: l.code, name: l.name, print_width_in: l.print_width_in ?? null }] : [],
          )}
        />
      ) : null}
    </>
  );
}

export function toPayload(f: ProductForm): Record<string, unknown> {
  const stock = f.stockEdited || !f.id;
  const hasVariants = variantKeys(f.color_ids, f.size_ids).length > 0;
  const tracked = f.track_stock !== false;
  return {
    name: f.name,
    slug: f.slug,
    // An emptied price is sent as null for the server to refuse, never saved as $0.00.
    price_cents: toNumberOrNull(f.price_cents),
    minimum_quantity: toNumberOrNull(f.minimum_quantity) ?? 1,
    low_stock_threshold: toNumberOrNull(f.low_stock_threshold) ?? 5,
    price_tiers: tiersPayload(f.price_tiers ?? []),
    print_locations: locationsPayload(f.print_locations ?? []),
    sku: f.sku ?? null,
    product_type: f.product_type ?? null,
    description: str(f.description),
    collection: f.collection,
    color_ids: f.color_ids,
    size_ids: f.size_ids,
    ...(stock
      ? hasVariants
        ? { variants: variantPayload(f.color_ids, f.size_ids, f.variants, tracked), stock_qty: null }
        : { variants: [], stock_qty: tracked ? toNumberOrNull(f.stock_qty) : null }
      : {}),
    weight_oz: toNumberOrNull(f.weight_oz),
    length_in: toNumberOrNull(f.length_in),
    width_in: toNumberOrNull(f.width_in),
    height_in: toNumberOrNull(f.height_in),
    stripe_buy_button_id: f.stripe_buy_button_id ?? null,
    ...priceListsPayload(f),
    is_active: f.is_active ?? true,
    ...imagePayload('Main', f),
    ...imagePayload('Secondary', f),
    color_images: colorImagesPayload(f.color_ids, f.color_images ?? {}),
  };
}
