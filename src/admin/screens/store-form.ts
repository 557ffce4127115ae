import type { AdminStore, AdminStoreDesign } from '../../lib/admin-schemas/stores.ts';
import { instantToShopLocal } from '../../lib/site/shop-time.ts';

/**
 * The Stores tab's form (docs/decisions/0030-team-stores.md): what the owner edits, and the payload
 * it sends. Money stays in cents (MoneyField shows dollars); a share is typed as a percentage and sent as basis points;
 * dates are typed on the shop's clock, as the API takes them.
 */
export interface StoreLocationForm {
  code: string;
  name: string;
  artwork_id: string | null;
  artwork_name: string | null;
  /** Set when the file was uploaded in this browser and not saved yet: the server claims it with this. */
  owner_token: string | null;
  colors?: number | null;
  stitches?: number | null;
  printSize?: string | null;
}

export type FundraisingKind = 'none' | 'amount' | 'share';

export interface StoreDesignForm {
  key: number;
  product_id: string;
  product_name: string;
  name: string;
  price_cents: number | null;
  fundraising: FundraisingKind;
  fundraising_cents: number | null;
  fundraising_percent: number | null;
  color_ids: string[];
  size_ids: string[];
  locations: StoreLocationForm[];
  name_on: boolean;
  name_price_cents: number | null;
  name_max_length: number | null;
  number_on: boolean;
  number_price_cents: number | null;
  number_max_digits: number | null;
}

export interface StoreForm extends Record<string, unknown> {
  id?: string;
  /** The store's page (/stores/<slug>), once saved; never sent back. */
  slug?: string;
  status: AdminStore['status'];
  name: string;
  organiser_name: string;
  organiser_email: string;
  visibility: 'public' | 'private';
  has_password: boolean;
  password: string;
  remove_password: boolean;
  opens_at: string;
  closes_at: string;
  /** The close as loaded: an approved store sends only a changed close. */
  closes_at_loaded: string;
  minimum_per_design: number | null;
  missed_minimum: 'refund' | 'print_anyway';
  delivery: 'ship' | 'organiser';
  designs: StoreDesignForm[];
}

let keys = 1;
export const nextKey = () => keys++;

export function emptyStoreForm(): StoreForm {
  return {
    status: 'draft',
    name: '',
    organiser_name: '',
    organiser_email: '',
    visibility: 'private',
    has_password: false,
    password: '',
    remove_password: false,
    opens_at: '',
    closes_at: '',
    closes_at_loaded: '',
    minimum_per_design: 24,
    missed_minimum: 'refund',
    delivery: 'organiser',
    designs: [],
  };
}

export function emptyDesign(product: { id: string; name: string }): StoreDesignForm {
  return {
    key: nextKey(),
    product_id: product.id,
    product_name: product.name,
    name: product.name,
    price_cents: null,
    fundraising: 'none',
    fundraising_cents: null,
    fundraising_percent: null,
    color_ids: [],
    size_ids: [],
    locations: [],
    name_on: false,
    name_price_cents: null,
    name_max_length: 12,
    number_on: false,
    number_price_cents: null,
    number_max_digits: 2,
  };
}

function designForm(d: AdminStoreDesign): StoreDesignForm {
  return {
    key: nextKey(),
    product_id: d.product_id,
    product_name: d.product_name,
    name: d.name,
    price_cents: d.price_cents,
    fundraising: d.fundraising_cents !== null ? 'amount' : d.fundraising_bp !== null ? 'share' : 'none',
    fundraising_cents: d.fundraising_cents,
    fundraising_percent: d.fundraising_bp === null ? null : d.fundraising_bp / 100,
    color_ids: d.color_ids,
    size_ids: d.size_ids,
    locations: d.locations.map((l) => ({
      code: l.code,
      name: l.name,
      artwork_id: l.artwork_id,
      artwork_name: l.artwork_name,
      owner_token: null,
      colors: l.colors,
      stitches: l.stitches,
      printSize: l.print_size,
    })),
    name_on: d.personalise_name !== null,
    name_price_cents: d.personalise_name?.price_cents ?? null,
    name_max_length: d.personalise_name?.max_length ?? 12,
    number_on: d.personalise_number !== null,
    number_price_cents: d.personalise_number?.price_cents ?? null,
    number_max_digits: d.personalise_number?.max_digits ?? 2,
  };
}

export function storeToForm(s: AdminStore): StoreForm {
  const closes = instantToShopLocal(s.closes_at);
  return {
    id: s.id,
    slug: s.slug,
    status: s.status,
    name: s.name,
    organiser_name: s.organiser_name,
    organiser_email: s.organiser_email,
    visibility: s.visibility,
    has_password: s.has_password,
    password: '',
    remove_password: false,
    opens_at: instantToShopLocal(s.opens_at),
    closes_at: closes,
    closes_at_loaded: closes,
    minimum_per_design: s.minimum_per_design,
    missed_minimum: s.missed_minimum,
    delivery: s.delivery,
    designs: s.designs.map(designForm),
  };
}

const orNull = <T>(value: T | null | undefined) => (value === undefined ? null : value);

function designPayload(d: StoreDesignForm) {
  return {
    product_id: d.product_id,
    name: d.name,
    price_cents: d.price_cents,
    fundraising_cents: d.fundraising === 'amount' ? d.fundraising_cents : null,
    fundraising_bp:
      d.fundraising === 'share' && d.fundraising_percent !== null ? Math.round(d.fundraising_percent * 100) : null,
    color_ids: d.color_ids,
    size_ids: d.size_ids,
    locations: d.locations.map((l) => ({
      code: l.code,
      artwork_id: l.artwork_id,
      ...(l.owner_token ? { owner_token: l.owner_token } : {}),
      colors: orNull(l.colors),
      stitches: orNull(l.stitches),
      print_size: orNull(l.printSize),
    })),
    personalise_name: d.name_on ? { price_cents: d.name_price_cents, max_length: d.name_max_length } : null,
    personalise_number: d.number_on ? { price_cents: d.number_price_cents, max_digits: d.number_max_digits } : null,
  };
}

/** The request body: the whole store while it is a draft; once approved, only a moved close. */
export function storePayload(f: StoreForm): Record<string, unknown> {
  if (f.status === 'approved' || f.status === 'closed') {
    return f.closes_at !== f.closes_at_loaded ? { closes_at: f.closes_at } : {};
  }
  return {
    name: f.name,
    organiser_name: f.organiser_name,
    organiser_email: f.organiser_email,
    visibility: f.visibility,
    ...(f.password ? { password: f.password } : f.remove_password ? { password: null } : {}),
    opens_at: f.opens_at,
    closes_at: f.closes_at,
    minimum_per_design: f.minimum_per_design,
    missed_minimum: f.missed_minimum,
    delivery: f.delivery,
    designs: f.designs.map(designPayload),
  };
}
