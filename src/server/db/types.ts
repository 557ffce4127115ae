/**
 * The row types the code queries with: `Database`. Every table and column comes from
 * ./schema.generated.ts, which kysely-codegen writes from the migrated schema (`npm run db:types`;
 * tests/integration/generated-row-types.test.ts fails when it is stale). This file adds only what
 * the schema cannot say: the shape of JSON columns, and the unions a CHECK constraint holds to,
 * taken from the one place the app defines each (mostly the schemas in src/lib).
 *
 * Driver facts these types encode (postgres.js and PGlite agree on all of them):
 * - timestamptz and date columns come back as `Date` (a `date` is midnight UTC of that day);
 * - numeric columns come back as `string`, so no precision is lost; int8 as a number (./int8.ts);
 * - jsonb comes back parsed. Write it with `jsonb(value)` from ./json.ts (JSON text cast in SQL):
 *   postgres.js sends a JS array as a Postgres array and a string as a JSON string.
 */
import type { ColumnType, Generated } from 'kysely';
import type { OrderStatusName } from '../../lib/admin-schemas/orders.ts';
import type { DiscountTypeName } from '../../lib/admin-schemas/discount-codes.ts';
import type { UserRole } from '../../lib/admin-schemas/users.ts';
import type { PublishState } from '../../lib/admin-schemas/publish.ts';
import type { QuoteStatus } from '../../lib/admin-schemas/quote-statuses.ts';
import type { OrderEventActor, OrderEventKind } from '../../lib/admin-schemas/order-stage.ts';
import type { RefundSource, RefundStatus } from '../../lib/admin-schemas/order-refund.ts';
import type { PaymentRequestKind, PaymentRequestStatus } from '../../lib/admin-schemas/payment-request.ts';
import type {
  StoreDelivery,
  StoreMissedMinimum,
  StoreStatus,
  StoreVisibility,
} from '../../lib/admin-schemas/stores.ts';
import type { ServiceCategory } from '../../lib/catalog/services.ts';
import type { BalanceDue, RefundPart } from '../../lib/orders/order-balance.ts';
import type { BusinessTerms } from '../../lib/orders/business-accounts.ts';
import type { PaymentMethod } from '../../lib/orders/payment-methods.ts';
import type { OrderStage } from '../../lib/orders/order-stages.ts';
import type { Fulfillment, ShippingSpeed } from '../../lib/cart/checkout-schema.ts';
import type { PriceListData, PriceListMethod } from '../../lib/pricing/lists.ts';
import type { OrderChargePricing, OrderItemPricing } from '../../lib/pricing/line-record.ts';
import type * as G from './schema.generated.ts';

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
/** Nullable jsonb: parsed T or null on read, JSON text or null on write. */
type NullableJson<T> = ColumnType<T | null, string | null | undefined, string | null>;

/**
 * A generated row with some columns typed more narrowly. Naming a column the table does not have
 * is a compile error, so a migration that drops or renames one shows here.
 */
type Narrow<Row, Columns extends { [K in keyof Columns]: K extends keyof Row ? unknown : never }> = Omit<
  Row,
  keyof Columns
> &
  Columns;

/** The payment's state; where a paid job is in the shop is `stage`. */
export type OrderStatus = OrderStatusName;
export type DiscountType = DiscountTypeName;
export type {
  BalanceDue,
  Fulfillment,
  OrderEventKind,
  PaymentRequestKind,
  PaymentRequestStatus,
  PublishState,
  QuoteStatus,
  ServiceCategory,
  ShippingSpeed,
  StoreDelivery,
  StoreMissedMinimum,
  StoreStatus,
  StoreVisibility,
  UserRole,
};
export type ContactSubject = 'General Inquiry' | 'Order Help' | 'Event Partnerships' | 'Other';
export type OutboxStatus = 'queued' | 'sending' | 'sent' | 'failed';
export type ArtworkStatus = 'awaiting_upload' | 'ready' | 'rejected';
export type ArtworkContentType = 'image/png' | 'image/jpeg' | 'application/pdf' | 'image/svg+xml';
export type PaymentProvider = 'stripe' | 'embedded';
export type PaymentSessionPurpose = 'checkout' | 'request' | 'combined' | 'store' | 'invoice';
export type PaymentSessionState = 'open' | 'processing' | 'paid' | 'failed' | 'expired' | 'cancelled';

/**
 * services.metadata: the Service Details list. Known keys: idealFor, turnaround,
 * materials (string[]), whatToExpect, requirements; admins may add others.
 */
export type ServiceMetadataJson = Record<string, unknown>;
/** order_items.variant_metadata, e.g. { color: 'Black', size: 'L' }. */
export type VariantMetadataJson = Record<string, unknown>;
/** products.area_presets: the sizes an area product offers in one tap. */
export interface AreaPreset {
  label: string;
  width_in: number;
  height_in: number;
}
/** A store design's personalisation of one kind: its price a piece and its rule. */
export interface StorePersonaliseName {
  price_cents: number;
  max_length: number;
}
export interface StorePersonaliseNumber {
  price_cents: number;
  max_digits: number;
}

export type AdminTokenRevocationsTable = G.AdminTokenRevocations;
export type ArtworkTable = Narrow<
  G.Artwork,
  {
    status: Generated<ArtworkStatus>;
    /** Decided from the file's content, never its name or the browser's word. */
    content_type: ArtworkContentType | null;
    /** What the check found (kind, pixels, pages, page size, transparency, warnings). */
    checks: Json<Record<string, unknown>>;
  }
>;
export type BusinessAccountsTable = Narrow<G.BusinessAccounts, { terms: Generated<BusinessTerms> }>;
/** Cart lines as sent by the browser; validate with the shared cart schema before use. */
export type CartsTable = Narrow<G.Carts, { items: Json<unknown[]> }>;
export type CollectionsTable = G.Collections;
export type ColorsTable = G.Colors;
export type CombinedPaymentRequestsTable = G.CombinedPaymentRequests;
export type CombinedPaymentsTable = Narrow<G.CombinedPayments, { provider: PaymentProvider }>;
export type ContactMessagesTable = Narrow<G.ContactMessages, { subject: Generated<ContactSubject> }>;
export type DiscountCodesTable = Narrow<G.DiscountCodes, { type: DiscountType }>;
export type EmailOutboxTable = Narrow<G.EmailOutbox, { status: Generated<OutboxStatus> }>;
export type EmailTemplateVersionsTable = G.EmailTemplateVersions;
export type EmailTemplatesTable = G.EmailTemplates;
export type InvoicesTable = Narrow<G.Invoices, { terms: BusinessTerms }>;
export type LoginAttemptsTable = G.LoginAttempts;
export type NewsletterSubscribersTable = G.NewsletterSubscribers;
export type OrderEventsTable = Narrow<
  G.OrderEvents,
  {
    actor: OrderEventActor;
    kind: Generated<OrderEventKind>;
    from_stage: OrderStage | null;
    to_stage: OrderStage | null;
  }
>;
export type OrderItemsTable = Narrow<
  G.OrderItems,
  {
    variant_metadata: Json<VariantMetadataJson>;
    /** How a list-priced line was priced (inputs, lists and versions, breakdown); null: flat. */
    pricing: NullableJson<OrderItemPricing | OrderChargePricing>;
  }
>;
export type OrderPaymentsTable = Narrow<G.OrderPayments, { method: PaymentMethod; provider: PaymentProvider }>;
export type OrderProofsTable = G.OrderProofs;
export type OrderRefundsTable = Narrow<
  G.OrderRefunds,
  {
    status: Generated<RefundStatus>;
    source: RefundSource;
    /** The refund split across the order's payments; null: the checkout payment alone. */
    parts: NullableJson<RefundPart[]>;
    /** The e-mail that tells the customer (a store's missed minimum); null: the usual order-refunded. */
    mail_template: Generated<'store-minimum-missed' | null>;
  }
>;
export type OrderShippingTable = G.OrderShipping;
export type OrdersTable = Narrow<
  G.Orders,
  {
    status: Generated<OrderStatus>;
    fulfillment: Generated<Fulfillment>;
    shipping_speed: ShippingSpeed | null;
    balance_due: Generated<BalanceDue | null>;
    stage: OrderStage | null;
  }
>;
export type PaymentRequestsTable = Narrow<
  G.PaymentRequests,
  { kind: PaymentRequestKind; status: Generated<PaymentRequestStatus> }
>;
/** Every payment session the shop opened, naming what it pays (one lookup finds its owner). */
export type PaymentSessionsTable = Narrow<
  G.PaymentSessions,
  { provider: PaymentProvider; purpose: PaymentSessionPurpose; state: Generated<PaymentSessionState> }
>;
export type PaymentSettingsTable = G.PaymentSettings;
export type PriceListVersionsTable = Narrow<G.PriceListVersions, { data: Json<PriceListData> }>;
export type PriceListsTable = Narrow<G.PriceLists, { method: PriceListMethod; data: Json<PriceListData> }>;
export type ProductColorsTable = G.ProductColors;
export type ProductPriceTiersTable = G.ProductPriceTiers;
export type ProductPrintLocationsTable = G.ProductPrintLocations;
export type ProductSizesTable = G.ProductSizes;
export type ProductVariantsTable = G.ProductVariants;
export type ProductsTable = Narrow<G.Products, { area_presets: NullableJson<AreaPreset[]> }>;
export type PublishStatusTable = Narrow<G.PublishStatus, { state: PublishState }>;
export type QuoteRequestsTable = Narrow<G.QuoteRequests, { status: Generated<QuoteStatus> }>;
export type QuoteRevisionsTable = Narrow<
  G.QuoteRevisions,
  {
    lines: Json<unknown[]>;
    fulfillment: Fulfillment;
    shipping_speed: ShippingSpeed | null;
    balance_due: Generated<BalanceDue>;
  }
>;
export type RequestThrottleTable = G.RequestThrottle;
export type SearchSynonymsTable = G.SearchSynonyms;
export type ServicesTable = Narrow<G.Services, { category: ServiceCategory; metadata: Json<ServiceMetadataJson> }>;
/** The one row of the shop's own details (Admin → Shop settings). */
export type ShopSettingsTable = Narrow<G.ShopSettings, { social: Json<{ name: string; url: string }[]> }>;
export type SizesTable = G.Sizes;
export type StoreDesignLocationsTable = G.StoreDesignLocations;
export type StoreDesignsTable = Narrow<
  G.StoreDesigns,
  {
    color_ids: Json<string[]>;
    size_ids: Json<string[]>;
    personalise_name: NullableJson<StorePersonaliseName>;
    personalise_number: NullableJson<StorePersonaliseNumber>;
  }
>;
export type StoresTable = Narrow<
  G.Stores,
  {
    visibility: Generated<StoreVisibility>;
    missed_minimum: Generated<StoreMissedMinimum>;
    delivery: Generated<StoreDelivery>;
    status: Generated<StoreStatus>;
  }
>;
export type SweepStateTable = Narrow<G.SweepState, { state: Json<Record<string, unknown>> }>;
/** A staff account's role and state (issue 45, 20261129200000_staff.sql; the roles' permissions are src/server/staff/roles.ts). */
export type StaffRoleColumn = 'owner' | 'office' | 'art' | 'production' | 'shipping';
export type StaffStatusColumn = 'invited' | 'active' | 'suspended' | 'removed';
/** What a staff_activity row records (20261130100000_staff_names.sql). */
export type StaffActivityKind = 'product' | 'store';
export type StaffActivityTable = Narrow<G.StaffActivity, { kind: StaffActivityKind }>;
export type StaffAccountsTable = Narrow<
  G.StaffAccounts,
  { role: StaffRoleColumn; status: Generated<StaffStatusColumn> }
>;
export type TestimonialsTable = G.Testimonials;
export type UsersTable = Narrow<G.Users, { role: Generated<UserRole> }>;
export type WebhookEventsTable = G.WebhookEvents;

/** Every table of the schema; the narrowed ones replace their generated rows. */
export interface Database
  extends Narrow<
    G.DB,
    {
      artwork: ArtworkTable;
      business_accounts: BusinessAccountsTable;
      carts: CartsTable;
      combined_payments: CombinedPaymentsTable;
      contact_messages: ContactMessagesTable;
      discount_codes: DiscountCodesTable;
      email_outbox: EmailOutboxTable;
      invoices: InvoicesTable;
      order_events: OrderEventsTable;
      order_items: OrderItemsTable;
      order_payments: OrderPaymentsTable;
      order_refunds: OrderRefundsTable;
      orders: OrdersTable;
      payment_requests: PaymentRequestsTable;
      payment_sessions: PaymentSessionsTable;
      price_list_versions: PriceListVersionsTable;
      price_lists: PriceListsTable;
      products: ProductsTable;
      publish_status: PublishStatusTable;
      quote_requests: QuoteRequestsTable;
      quote_revisions: QuoteRevisionsTable;
      services: ServicesTable;
      shop_settings: ShopSettingsTable;
      staff_accounts: StaffAccountsTable;
      staff_activity: StaffActivityTable;
      store_designs: StoreDesignsTable;
      stores: StoresTable;
      sweep_state: SweepStateTable;
      users: UsersTable;
    }
  > {}
