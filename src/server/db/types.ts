/**
 * Kysely row types for the schema in supabase/migrations (the schema of record).
 * Keep this file in step with the migrations: one interface per table, plus `Database`.
 *
 * Driver facts these types encode (postgres.js and PGlite agree on all of them):
 * - timestamptz and date columns come back as `Date` (a `date` is midnight UTC of that day);
 * - numeric columns come back as `string`, so no precision is lost;
 * - jsonb comes back parsed. Write it with `jsonb(value)` from ./json.ts (JSON text cast in SQL):
 *   postgres.js sends a JS array as a Postgres array and a string as a JSON string.
 */
import type { ColumnType, Generated } from 'kysely';
import type { BalanceDue, RefundPart } from '../../lib/orders/order-balance.ts';
import type { BusinessTerms } from '../../lib/orders/business-accounts.ts';
import type { PaymentMethod } from '../../lib/orders/payment-methods.ts';
import type { OrderStage } from '../../lib/orders/order-stages.ts';
import type { Fulfillment, ShippingSpeed } from '../../lib/cart/checkout-schema.ts';
import type { PriceListData, PriceListMethod } from '../../lib/pricing/lists.ts';
import type { OrderChargePricing, OrderItemPricing } from '../../lib/pricing/line-record.ts';

/** timestamptz not null with a default: read as Date, optional on insert. */
export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** timestamptz not null without a default: required on insert. */
export type RequiredTimestamp = ColumnType<Date, Date | string, Date | string>;
/** Nullable timestamptz. */
export type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** Nullable date (YYYY-MM-DD on write; a Date at midnight UTC on read). */
export type NullableDate = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** Nullable numeric: a string on read, a number or numeric string on write. */
export type Numeric = ColumnType<string | null, number | string | null | undefined, number | string | null>;
/** jsonb not null with a default: parsed T on read, JSON text on write. */
export type Json<T> = ColumnType<T, string | undefined, string>;

/** The payment's state; where a paid job is in the shop is `stage`. */
export type OrderStatus = 'pending' | 'paid' | 'cancelled';
export type { Fulfillment, ShippingSpeed };
export type DiscountType = 'fixed' | 'percentage' | 'free_shipping';
export type UserRole = 'admin' | 'customer';
export type ServiceCategory = 'Branding' | 'Printing' | 'Promotional' | 'E-Commerce';
export type ContactSubject = 'General Inquiry' | 'Order Help' | 'Event Partnerships' | 'Other';
export type OutboxStatus = 'queued' | 'sending' | 'sent' | 'failed';

/**
 * services.metadata: the Service Details list. Known keys: idealFor, turnaround,
 * materials (string[]), whatToExpect, requirements; admins may add others.
 */
export type ServiceMetadataJson = Record<string, unknown>;
/** order_items.variant_metadata, e.g. { color: 'Black', size: 'L' }. */
export type VariantMetadataJson = Record<string, unknown>;

export interface ColorsTable {
  id: Generated<string>;
  name: string;
  /** #RRGGBB or #RRGGBBAA */
  hex: string;
  is_active: Generated<boolean>;
  sort_order: Generated<number>;
  created_at: Timestamp;
}

export interface SizesTable {
  id: Generated<string>;
  name: string;
  is_active: Generated<boolean>;
  sort_order: Generated<number>;
  created_at: Timestamp;
}

export interface CollectionsTable {
  id: Generated<string>;
  name: string;
  slug: string;
  description: string | null;
  image_main_url: string | null;
  image_secondary_url: string | null;
  image_header_url: string | null;
  is_featured: Generated<boolean>;
  start_date: NullableDate;
  end_date: NullableDate;
  is_active: Generated<boolean>;
  html_description: string | null;
  description_extended: string | null;
  sort_order: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ProductsTable {
  id: Generated<string>;
  collection_id: string;
  name: string;
  slug: string;
  sku: string | null;
  product_type: string | null;
  /** First line is the intro, further non-empty lines are highlights. */
  description: Generated<string>;
  price_cents: number;
  /** Only for products without variants; null = not tracked. */
  stock_qty: number | null;
  image_main_url: string | null;
  image_secondary_url: string | null;
  weight_oz: Numeric;
  length_in: Numeric;
  width_in: Numeric;
  height_in: Numeric;
  stripe_buy_button_id: string | null;
  is_active: Generated<boolean>;
  sort_order: Generated<number>;
  /** Fewest pieces per order line (one colour, sizes added up); 1 = no minimum. */
  minimum_quantity: Generated<number>;
  /** Pieces at or under which a variant shows in the low-stock list; 0 = never. */
  low_stock_threshold: Generated<number>;
  /** Price lists (docs/decisions/0027-price-lists.md): size upcharges, area pricing and turnaround; null: none. */
  garment_list_id: ColumnType<string | null, string | null | undefined, string | null>;
  area_list_id: ColumnType<string | null, string | null | undefined, string | null>;
  turnaround_list_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** Width and height bounds of an area product, inches. */
  area_min_width_in: Numeric;
  area_max_width_in: Numeric;
  area_min_height_in: Numeric;
  area_max_height_in: Numeric;
  /** [{label, width_in, height_in}] offered in one tap; null: none. */
  area_presets: ColumnType<AreaPreset[] | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AreaPreset {
  label: string;
  width_in: number;
  height_in: number;
}

/** Price per piece from min_quantity pieces of one order line on (see src/lib/pricing.ts). */
export interface ProductPriceTiersTable {
  product_id: string;
  min_quantity: number;
  unit_price_cents: number;
}

/** Where a product can be printed, its price per piece and its one-time setup fee. */
export interface ProductPrintLocationsTable {
  product_id: string;
  code: string;
  name: string;
  price_cents_per_piece: number;
  setup_fee_cents: Generated<number>;
  sort_order: Generated<number>;
  /**
   * How wide the print is, in inches (docs/decisions/0027-price-lists.md); null: the typical width
   * of its code, if any.
   */
  print_width_in: Numeric;
  /** The decoration price list pricing this location; null: the flat price and setup fee above. */
  price_list_id: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A price list (src/lib/pricing/lists.ts is the shape of data); version counts its saves. */
export interface PriceListsTable {
  id: Generated<string>;
  name: string;
  method: PriceListMethod;
  version: Generated<number>;
  data: Json<PriceListData>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Every saved version of a price list, for order lines that keep (list, version). */
export interface PriceListVersionsTable {
  price_list_id: string;
  version: number;
  data: Json<PriceListData>;
  created_at: Timestamp;
}

export interface ProductColorsTable {
  product_id: string;
  color_id: string;
  /** The product's picture in this colour; null: its main image. */
  image_url: string | null;
}

export interface ProductSizesTable {
  product_id: string;
  size_id: string;
}

export interface ProductVariantsTable {
  id: Generated<string>;
  product_id: string;
  color_id: string | null;
  size_id: string | null;
  /** null = not tracked (made to order), issue 44. */
  stock_qty: number | null;
}

export interface ServicesTable {
  id: Generated<string>;
  slug: string;
  name: string;
  tagline: string | null;
  category: ServiceCategory;
  short_description: string | null;
  description: string | null;
  description_html: string | null;
  base_price_cents: Generated<number>;
  duration_minutes: number | null;
  metadata: Json<ServiceMetadataJson>;
  image_main_url: string | null;
  image_secondary_url: string | null;
  is_active: Generated<boolean>;
  sort_order: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface TestimonialsTable {
  id: Generated<string>;
  service_id: string | null;
  quote: string;
  author: string;
  is_spotlight: Generated<boolean>;
  is_home: Generated<boolean>;
  is_active: Generated<boolean>;
  sort_order: Generated<number>;
  created_at: Timestamp;
}

export interface DiscountCodesTable {
  id: Generated<string>;
  /** Unique case-insensitively; compare with upper(code). */
  code: string;
  name: string;
  type: DiscountType;
  /** fixed: cents off; percentage: basis points (1000 = 10%); free_shipping: 0. */
  amount_cents: Generated<number>;
  is_active: Generated<boolean>;
  max_uses: number | null;
  total_uses: Generated<number>;
  /** Set for personal single-use codes (newsletter welcome). */
  email: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A customer billed on terms (docs/decisions/0029-deposits.md): one e-mail address or every address at a domain. */
export interface BusinessAccountsTable {
  id: Generated<string>;
  name: string;
  /** Exactly one of email / domain is set, lower-case. */
  email: string | null;
  domain: string | null;
  terms: Generated<BusinessTerms>;
  credit_limit_cents: Generated<number>;
  tax_exempt: Generated<boolean>;
  /** The artwork row of the uploaded certificate; null while none is on file. */
  exemption_certificate_artwork_id: string | null;
  notes: string | null;
  active: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface UsersTable {
  id: Generated<string>;
  /** Unique case-insensitively; compare with lower(email). */
  email: string;
  full_name: string | null;
  role: Generated<UserRole>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CartsTable {
  id: Generated<string>;
  /** Cart lines as sent by the browser; validate with the shared cart schema before use. */
  items: Json<unknown[]>;
  discount_code: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface OrdersTable {
  id: Generated<string>;
  user_id: string | null;
  email: string;
  status: Generated<OrderStatus>;
  fulfillment: Generated<Fulfillment>;
  shipping_speed: ShippingSpeed | null;
  subtotal_cents: Generated<number>;
  discount_cents: Generated<number>;
  shipping_cents: Generated<number>;
  tax_cents: Generated<number>;
  /** Checked by the database: subtotal - discount + shipping + tax. */
  total_cents: Generated<number>;
  discount_code_id: string | null;
  /** The code text as applied (kept if the code row is deleted). */
  discount_code: string | null;
  /** The address a personal code bound the order to (the code's email); null otherwise. */
  discount_email: string | null;
  cart_id: string | null;
  payment_provider: string | null;
  payment_session_id: string | null;
  idempotency_key: string | null;
  expires_at: NullableTimestamp;
  /** Hash of the peer address of the client whose checkout holds the stock (never the address). */
  hold_client_key: string | null;
  /** The quote this order pays (docs/decisions/0017-quotes.md), if any. */
  quote_request_id: Generated<string | null>;
  /** A quote order's payment page (a second "Accept and pay" opens the same session). */
  checkout_url: Generated<string | null>;
  /** Required by the database once status is paid. */
  paid_at: NullableTimestamp;
  /** When a job was handed over (set on the seeded completed orders; older orders kept it). */
  fulfilled_at: NullableTimestamp;
  /** Required by the database once status is cancelled. */
  cancelled_at: NullableTimestamp;
  /**
   * What the order's own checkout charges when it is a quote's deposit
   * (docs/decisions/0029-deposits.md); null: the total.
   */
  deposit_cents: Generated<number | null>;
  /** A deposit order's terms: when the balance is asked; null: paid in full at checkout. */
  balance_due: Generated<BalanceDue | null>;
  /** Where a paid job is in the shop; never null once paid (the database fills 'paid' if a write leaves it out). */
  stage: OrderStage | null;
  /** Why the owner must look at this order (e.g. paid after it was cancelled); null = nothing to do. */
  attention_reason: string | null;
  /** Set together with attention_reason. */
  attention_at: NullableTimestamp;
  /** The shipment of a shipped order (docs/decisions/0016-order-workflow.md). */
  carrier: string | null;
  tracking_number: string | null;
  tracking_url: string | null;
  shipped_at: NullableTimestamp;
  /** Refunded so far, refunds in flight included; never more than the larger of total_cents and what was paid. */
  refunded_cents: Generated<number>;
  /** Stripe's PaymentIntent of the paid session (refunds and charge.refunded name it). */
  payment_intent_id: string | null;
  /** When the customer needs it in hand (YYYY-MM-DD, asked at checkout); null = not said. */
  in_hands_date: NullableDate;
  /** The day the turnaround promised at checkout ("Ready by Thu, Dec 3", YYYY-MM-DD); null = none. */
  ready_by: NullableDate;
  /** When the "artwork still needed" reminder was queued (once per order). */
  artwork_reminded_at: NullableTimestamp;
  /** The customer's phone as the payment page collected it, E.164 (+15555550123). */
  phone: Generated<string | null>;
  /** The payer's name as the payment page collected it. */
  customer_name: Generated<string | null>;
  /** The business account an on-account checkout bills (payment_provider 'account'); null otherwise. */
  account_id: Generated<string | null>;
  /** The customer's purchase order number (set exactly when account_id is). */
  po_number: Generated<string | null>;
  /** The store a buyer's order was placed in (docs/decisions/0030-team-stores.md); null for a shop order. */
  store_id: Generated<string | null>;
  /** Set on a store's production batch: the store whose close made this roll-up order. */
  store_batch_of: Generated<string | null>;
  /** The batch a store buyer's order was printed in. */
  store_batch_order_id: Generated<string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type StoreVisibility = 'public' | 'private';
export type StoreMissedMinimum = 'refund' | 'print_anyway';
export type StoreDelivery = 'ship' | 'organiser';
export type StoreStatus = 'draft' | 'proof_sent' | 'approved' | 'closed';
/** A store design's personalisation of one kind: its price a piece and its rule. */
export interface StorePersonaliseName {
  price_cents: number;
  max_length: number;
}
export interface StorePersonaliseNumber {
  price_cents: number;
  max_digits: number;
}

/**
 * A team or fundraiser pop-up store (docs/decisions/0030-team-stores.md); open while approved and
 * between its dates.
 */
export interface StoresTable {
  id: Generated<string>;
  slug: string;
  name: string;
  organiser_name: string;
  organiser_email: string;
  visibility: Generated<StoreVisibility>;
  password_hash: string | null;
  opens_at: RequiredTimestamp;
  closes_at: RequiredTimestamp;
  minimum_per_design: Generated<number>;
  missed_minimum: Generated<StoreMissedMinimum>;
  delivery: Generated<StoreDelivery>;
  delivery_days_min: Generated<number>;
  delivery_days_max: Generated<number>;
  status: Generated<StoreStatus>;
  approved_at: NullableTimestamp;
  extended_at: NullableTimestamp;
  closed_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A design of a store: a product, its price and fundraising a piece, colours, sizes, personalisation. */
export interface StoreDesignsTable {
  id: Generated<string>;
  store_id: string;
  product_id: string;
  position: Generated<number>;
  name: string;
  price_cents: number;
  fundraising_cents: number | null;
  fundraising_bp: number | null;
  color_ids: Json<string[]>;
  size_ids: Json<string[]>;
  personalise_name: ColumnType<StorePersonaliseName | null, string | null | undefined, string | null>;
  personalise_number: ColumnType<StorePersonaliseNumber | null, string | null | undefined, string | null>;
  created_at: Timestamp;
}

/** Where a store design is printed, with which artwork, and its list's pricing inputs. */
export interface StoreDesignLocationsTable {
  design_id: string;
  code: string;
  name: string;
  artwork_id: string | null;
  colors: number | null;
  stitches: number | null;
  print_size: string | null;
  position: Generated<number>;
}

/** The bill of an order placed on account (docs/decisions/0029-deposits.md); what it owes is the order's balance. */
export interface InvoicesTable {
  id: Generated<string>;
  /** Shown as INV-<number>; from a sequence, never reused. */
  number: Generated<number>;
  order_id: string;
  account_id: string;
  po_number: string;
  terms: BusinessTerms;
  issued_at: Generated<Date>;
  /** The day payment is due (a date: issued day + the terms). */
  due_on: ColumnType<Date, Date | string, Date | string>;
  reminded_at: NullableTimestamp;
}

export type PublishState = 'queued' | 'running' | 'succeeded' | 'failed' | 'requested' | 'unavailable';

/** One row (id = true): where the public pages stand after the last admin save. */
export interface PublishStatusTable {
  id: Generated<boolean>;
  state: PublishState;
  requested_at: RequiredTimestamp;
  started_at: NullableTimestamp;
  finished_at: NullableTimestamp;
  live_since: NullableTimestamp;
  error: string | null;
  updated_at: Generated<Date>;
}

/** One row (id = true): the owner's payment settings (docs/decisions/0029-deposits.md). */
/** The one row of the shop's own details (issue 44, Admin → Shop settings). */
export interface ShopSettingsTable {
  id: Generated<boolean>;
  name: string;
  tagline: string;
  email: string;
  phone: string;
  hours: string;
  street_address: string;
  address_locality: string;
  address_region: string;
  postal_code: string;
  address_country: string;
  /** [{ name, url }], https only, in the footer's order. */
  social: Json<{ name: string; url: string }[]>;
  /** null: the built-in logo. */
  logo_url: string | null;
  updated_at: Generated<Date>;
}

export interface PaymentSettingsTable {
  id: Generated<boolean>;
  /** Where a new quote's deposit share starts, 1-100. */
  default_deposit_percent: Generated<number>;
  /** A payment request's page offers bank transfer from this amount; null: never. */
  bank_transfer_min_cents: number | null;
  updated_at: Generated<Date>;
}

export interface OrderItemsTable {
  id: Generated<string>;
  order_id: string;
  product_id: string | null;
  color_id: string | null;
  size_id: string | null;
  name: string;
  item_type: Generated<string>;
  quantity: number;
  unit_price_cents: number;
  variant_metadata: Json<VariantMetadataJson>;
  /** The line's place in its order as bought (null: written before it was kept). */
  position: number | null;
  /** How a list-priced line was priced (inputs, lists and versions, breakdown); null: flat. */
  pricing: ColumnType<OrderItemPricing | OrderChargePricing | null, string | null | undefined, string | null>;
}

export type ArtworkStatus = 'awaiting_upload' | 'ready' | 'rejected';
export type ArtworkContentType = 'image/png' | 'image/jpeg' | 'application/pdf' | 'image/svg+xml';

/** A customer's artwork file; the bytes are in storage under storage_key. */
export interface ArtworkTable {
  id: Generated<string>;
  /** sha256 (hex) of the uploading browser's owner token; the token is never stored. */
  owner_hash: string;
  /** Set with attached_at when an order claims the file. */
  order_id: string | null;
  /** The quote request the file came with (kept by the unclaimed sweep). */
  quote_request_id: Generated<string | null>;
  status: Generated<ArtworkStatus>;
  original_name: string;
  /** Decided from the file's content, never its name or the browser's word. */
  content_type: ArtworkContentType | null;
  byte_size: number | null;
  storage_key: string;
  thumbnail_key: string | null;
  /** What the check found (kind, pixels, pages, page size, transparency, warnings). */
  checks: Json<Record<string, unknown>>;
  rejection: string | null;
  created_at: Timestamp;
  checked_at: NullableTimestamp;
  attached_at: NullableTimestamp;
  /** Bytes a signed upload reserved (null: the file never came by a signed URL). */
  upload_bytes: number | null;
  /** Hash of the uploading client (IPv4 address or IPv6 /64) whose budget the upload counts against. */
  upload_client: string | null;
  /** When an unchecked upload lapses (the sweep rejects it and deletes its file). */
  expires_at: NullableTimestamp;
}

export interface OrderShippingTable {
  order_id: string;
  name: string;
  address_line1: string;
  address_line2: string | null;
  city: string | null;
  state: string | null;
  postal_code: string | null;
  country: Generated<string>;
  shipping_amount_cents: Generated<number>;
}

export interface EmailTemplatesTable {
  id: Generated<string>;
  name: string;
  subject: string;
  txt: Generated<string>;
  html: Generated<string>;
  /** Unique names (checked by the database). */
  bindings: ColumnType<string[], string[] | undefined, string[]>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** What a template said before a save replaced it (the newest 20 per template are kept). */
export interface EmailTemplateVersionsTable {
  id: Generated<string>;
  template_id: string;
  subject: string;
  txt: string;
  html: string;
  bindings: ColumnType<string[], string[] | undefined, string[]>;
  saved_at: RequiredTimestamp;
  replaced_at: Timestamp;
  replaced_by: string;
}

export interface SearchSynonymsTable {
  id: Generated<string>;
  phrases: string[];
  created_at: Timestamp;
}

export interface NewsletterSubscribersTable {
  id: Generated<string>;
  /** Unique case-insensitively; compare with lower(email). */
  email: string;
  discount_code_id: string | null;
  created_at: Timestamp;
  unsubscribed_at: NullableTimestamp;
}

export interface ContactMessagesTable {
  id: Generated<string>;
  full_name: string;
  email: string;
  subject: Generated<ContactSubject>;
  message: string;
  created_at: Timestamp;
}

export interface EmailOutboxTable {
  id: Generated<string>;
  to_address: string;
  template_name: string | null;
  subject: string;
  text_body: string;
  html_body: string | null;
  status: Generated<OutboxStatus>;
  attempts: Generated<number>;
  last_error: string | null;
  next_attempt_at: Timestamp;
  created_at: Timestamp;
  /** Required by the database once status is sent. */
  sent_at: NullableTimestamp;
  /** Where replies go (the sender of a contact message), when not the shop itself. */
  reply_to: string | null;
}

export interface RequestThrottleTable {
  client_key: string;
  window_start: ColumnType<Date, Date | string, never>;
  hits: Generated<number>;
}

export interface SweepStateTable {
  job: string;
  state: Json<Record<string, unknown>>;
  updated_at: Timestamp;
}

export interface WebhookEventsTable {
  /** The provider's event id (Stripe evt_...). */
  id: string;
  type: string;
  received_at: Timestamp;
  processed_at: NullableTimestamp;
}

export interface LoginAttemptsTable {
  id: Generated<string>;
  client_key: string;
  /** Issue 45: the account tried (a keyed hash of the e-mail, or 'owner'); null before staff accounts. */
  account_key: ColumnType<string | null, string | null | undefined, string | null>;
  succeeded: boolean;
  attempted_at: Timestamp;
}

export interface AdminTokenRevocationsTable {
  jti: string;
  expires_at: RequiredTimestamp;
}

export interface OrderEventsTable {
  id: Generated<string>;
  order_id: string;
  created_at: Timestamp;
  actor: 'owner' | 'customer' | 'system';
  /** stage: a move (to_stage set); proof, refund, reminder, cancel, artwork: other steps of the timeline. */
  kind: Generated<OrderEventKind>;
  from_stage: OrderStage | null;
  to_stage: OrderStage | null;
  comment: string | null;
}

/** A customer's request for a quote on a custom job (docs/decisions/0017-quotes.md). */
export interface QuoteRequestsTable {
  id: Generated<string>;
  reference: Generated<string>;
  status: Generated<QuoteStatus>;
  what: string;
  product_id: string | null;
  service_id: string | null;
  quantity: number;
  sizes: string | null;
  colors: string | null;
  print_locations: string | null;
  in_hands_date: NullableDate;
  budget: string | null;
  notes: string | null;
  full_name: string;
  email: string;
  phone: string | null;
  /** The revision the customer was sent last (what the quote page shows and payment charges). */
  sent_revision_id: string | null;
  sent_at: NullableTimestamp;
  decline_reason: string | null;
  /** When the customer accepted (paid) or declined. */
  answered_at: NullableTimestamp;
  expiry_reminded_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type QuoteStatus = 'new' | 'quoted' | 'accepted' | 'declined' | 'expired' | 'withdrawn';

/** One saved version of a quote: priced lines and totals, never changed once saved. */
export interface QuoteRevisionsTable {
  id: Generated<string>;
  quote_request_id: string;
  number: number;
  lines: Json<unknown[]>;
  fulfillment: 'shipping' | 'local';
  shipping_speed: 'standard' | 'express' | 'overnight' | null;
  discount_cents: number;
  subtotal_cents: number;
  shipping_cents: number;
  tax_cents: number;
  total_cents: number;
  valid_until: ColumnType<Date, string, string>;
  message: string | null;
  created_by: string | null;
  created_at: Timestamp;
  /** Share of the total paid on Accept, in percent (100: the whole quote; docs/decisions/0029-deposits.md). */
  deposit_percent: Generated<number>;
  /** When the balance is asked (docs/decisions/0029-deposits.md). */
  balance_due: Generated<BalanceDue>;
}

export type OrderEventKind =
  | 'stage'
  | 'proof'
  | 'refund'
  | 'reminder'
  | 'cancel'
  | 'artwork'
  | 'payment_request'
  | 'payment'
  /** The owner changed a paid order's lines (an adjustment, a quantity): the comment says how. */
  | 'order_change';

/** A proof the owner sent for an order: a checked file in the artwork table. */
export interface OrderProofsTable {
  id: Generated<string>;
  order_id: string;
  artwork_id: string;
  note: string | null;
  created_at: Timestamp;
}

/** A refund of an order: from the admin (pending until the provider answers) or found in Stripe. */
export interface OrderRefundsTable {
  id: Generated<string>;
  order_id: string;
  amount_cents: number;
  status: Generated<'pending' | 'succeeded'>;
  source: 'admin' | 'stripe';
  provider_refund_id: string | null;
  reason: string | null;
  created_at: Timestamp;
  /** Sent as the provider's idempotency key; null for refunds found in Stripe (docs/decisions/0025-hardening.md). */
  idempotency_key: string | null;
  /** When the provider was last asked; the sweep settles a refund still pending a minute after. */
  attempted_at: NullableTimestamp;
  cancel_order: Generated<boolean>;
  restock: Generated<boolean>;
  /**
   * The refund split across the order's payments (docs/decisions/0029-deposits.md); null: the
   * checkout payment alone.
   */
  parts: ColumnType<RefundPart[] | null, string | null | undefined, string | null>;
  /** The e-mail that tells the customer (a store's missed minimum); null: the usual order-refunded. */
  mail_template: Generated<'store-minimum-missed' | null>;
}

export type PaymentRequestKind = 'balance' | 'share' | 'amount';
export type PaymentRequestStatus = 'open' | 'paid' | 'cancelled';

/**
 * What the owner asked for on an order (docs/decisions/0029-deposits.md); what it asks now is
 * derived (src/lib/orders/order-balance.ts).
 */
export interface PaymentRequestsTable {
  id: Generated<string>;
  order_id: string;
  kind: PaymentRequestKind;
  /** kind share: the share of the order's total, in percent (1-100). */
  share_percent: number | null;
  /** kind amount: the amount asked, capped at the balance when shown or paid. */
  amount_cents: number | null;
  note: string | null;
  status: Generated<PaymentRequestStatus>;
  /** The checkout session last opened for it (shared by the requests of a combined payment), and what that session charges for it. */
  session_id: string | null;
  session_amount_cents: number | null;
  created_at: Timestamp;
  paid_at: NullableTimestamp;
  cancelled_at: NullableTimestamp;
  /** How many of the unpaid reminders (3 and 7 days after asking) are done: 0, 1 or 2. */
  reminders_sent: Generated<number>;
  /** When the last reminder was queued. */
  reminded_at: NullableTimestamp;
  /** When the bank payment of session_id started processing; null when none is (it cannot be paid again meanwhile). */
  processing_since: NullableTimestamp;
}

/** Money received for an order, one row per paid checkout session (docs/decisions/0029-deposits.md). */
export interface OrderPaymentsTable {
  id: Generated<string>;
  order_id: string;
  request_id: string | null;
  amount_cents: number;
  method: PaymentMethod;
  provider: 'stripe' | 'embedded';
  /**
   * The session that paid it: one payment per session for the checkout's own, one per request
   * (a combined session pays several requests), so a replayed report records nothing.
   */
  provider_session_id: string;
  payment_intent_id: string | null;
  paid_at: Timestamp;
}

export type PaymentSessionPurpose = 'checkout' | 'request' | 'combined' | 'store' | 'invoice';
export type PaymentSessionState = 'open' | 'processing' | 'paid' | 'failed' | 'expired' | 'cancelled';

/** Every payment session the shop opened, naming what it pays (one lookup finds its owner). */
export interface PaymentSessionsTable {
  id: Generated<string>;
  provider: 'stripe' | 'embedded';
  provider_session_id: string;
  purpose: PaymentSessionPurpose;
  /** checkout, store: the order; request, invoice: the request's order; null for combined. */
  order_id: string | null;
  payment_request_id: string | null;
  combined_payment_id: string | null;
  /** What the session charges. */
  amount_cents: number;
  state: Generated<PaymentSessionState>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** One checkout session paying several payment requests of one customer (docs/decisions/0029-deposits.md). */
export interface CombinedPaymentsTable {
  id: Generated<string>;
  user_id: string;
  provider: 'stripe' | 'embedded';
  /** The provider's session, once it answered. */
  session_id: string | null;
  /** What the session charges: the sum of its requests' amounts. */
  amount_cents: number;
  created_at: Timestamp;
}

/** A request a combined payment pays, and what the session charges for it. */
export interface CombinedPaymentRequestsTable {
  combined_payment_id: string;
  request_id: string;
  order_id: string;
  amount_cents: number;
}

export interface Database extends StaffTables {
  colors: ColorsTable;
  sizes: SizesTable;
  collections: CollectionsTable;
  products: ProductsTable;
  product_colors: ProductColorsTable;
  product_price_tiers: ProductPriceTiersTable;
  product_print_locations: ProductPrintLocationsTable;
  product_sizes: ProductSizesTable;
  price_lists: PriceListsTable;
  price_list_versions: PriceListVersionsTable;
  product_variants: ProductVariantsTable;
  services: ServicesTable;
  testimonials: TestimonialsTable;
  discount_codes: DiscountCodesTable;
  business_accounts: BusinessAccountsTable;
  invoices: InvoicesTable;
  stores: StoresTable;
  store_designs: StoreDesignsTable;
  store_design_locations: StoreDesignLocationsTable;
  users: UsersTable;
  carts: CartsTable;
  orders: OrdersTable;
  order_events: OrderEventsTable;
  order_proofs: OrderProofsTable;
  order_refunds: OrderRefundsTable;
  order_payments: OrderPaymentsTable;
  payment_requests: PaymentRequestsTable;
  combined_payments: CombinedPaymentsTable;
  payment_sessions: PaymentSessionsTable;
  combined_payment_requests: CombinedPaymentRequestsTable;
  quote_requests: QuoteRequestsTable;
  quote_revisions: QuoteRevisionsTable;
  order_items: OrderItemsTable;
  order_shipping: OrderShippingTable;
  artwork: ArtworkTable;
  publish_status: PublishStatusTable;
  payment_settings: PaymentSettingsTable;
  shop_settings: ShopSettingsTable;
  email_templates: EmailTemplatesTable;
  email_template_versions: EmailTemplateVersionsTable;
  search_synonyms: SearchSynonymsTable;
  newsletter_subscribers: NewsletterSubscribersTable;
  contact_messages: ContactMessagesTable;
  email_outbox: EmailOutboxTable;
  request_throttle: RequestThrottleTable;
  sweep_state: SweepStateTable;
  webhook_events: WebhookEventsTable;
  login_attempts: LoginAttemptsTable;
  admin_token_revocations: AdminTokenRevocationsTable;
}

// ---- Staff accounts, sessions and invitations (issue 45, 20261129200000_staff.sql) ----
// Kept in one block so the switch to generated types (issue 43) can drop it in one piece.

export type StaffRoleColumn = 'owner' | 'office' | 'art' | 'production' | 'shipping';
export type StaffStatusColumn = 'invited' | 'active' | 'suspended';

export interface StaffAccountsTable {
  id: Generated<string>;
  email: string | null;
  name: string;
  role: StaffRoleColumn;
  status: ColumnType<StaffStatusColumn, StaffStatusColumn | undefined, StaffStatusColumn>;
  password_hash: string | null;
  uses_shop_password: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface StaffSessionsTable {
  id: Generated<string>;
  staff_id: string;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: RequiredTimestamp;
  device: ColumnType<string, string | undefined, string>;
  revoked_at: NullableTimestamp;
}

export interface StaffInvitationsTable {
  id: Generated<string>;
  staff_id: string;
  token_hash: string;
  expires_at: RequiredTimestamp;
  used_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface StaffTables {
  staff_accounts: StaffAccountsTable;
  staff_sessions: StaffSessionsTable;
  staff_invitations: StaffInvitationsTable;
}
// ---- end of staff block ----
