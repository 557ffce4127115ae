import { storeBatchArtworkIds } from '../orders/store-batch-artwork.ts';
import type { InkColorCount } from '../../lib/artwork/artwork-schema.ts';
import type { Kysely } from 'kysely';
import type { WorkOrder, WorkOrderNote } from '../../lib/admin-schemas/work-order.ts';
import type { Database } from '../db/types.ts';
import { orderNumber } from '../../lib/orders/order-number.ts';
import { siteOrigin } from '../site-origin.ts';
import { customerName } from './orders.ts';
import { qrSvg } from './qr-svg.ts';
import { workOrderDesigns } from './work-order-designs.ts';

/** Lines that are pieces without a size grid: a quote's product or custom job lines. */
const JOB_LINE_TYPES = ['quoted', 'custom'];

const WHO: Record<string, string> = { owner: 'Shop', customer: 'Customer', system: 'Shop' };

/** Where the admin opens one order: the Orders screen with its dialog open. */
export function adminOrderUrl(orderId: string, origin = siteOrigin()): string {
  return `${origin}/admin/orders?order=${orderId}`;
}

/**
 * GET /api/orders/{id}/work-order: the sheet the press works from
 * (docs/decisions/0028-owner-and-receipts.md): the order's number, customer, in-hands date and
 * stage; each design's size grid, print locations and artwork; quoted job lines with what the
 * request said; the notes on its timeline; and a QR code that opens the order in the admin. Null
 * when there is no such order.
 */
export async function workOrder(db: Kysely<Database>, id: string): Promise<WorkOrder | null> {
  const order = await db
    .selectFrom('orders as o')
    .leftJoin('order_shipping as s', 's.order_id', 'o.id')
    .leftJoin('users as u', 'u.id', 'o.user_id')
    .leftJoin('quote_requests as q', 'q.id', 'o.quote_request_id')
    .select([
      'o.id',
      'o.email',
      'o.status',
      'o.stage',
      'o.fulfillment',
      'o.shipping_speed',
      's.name as ship_name',
      's.address_line1',
      's.address_line2',
      's.city',
      's.state',
      's.postal_code',
      's.country',
      'o.created_at',
      'o.in_hands_date',
      'o.ready_by',
      customerName.as('customer'),
      'q.reference as q_reference',
      'q.sizes as q_sizes',
      'q.colors as q_colors',
      'q.print_locations as q_print_locations',
      'q.notes as q_notes',
      'q.created_at as q_created_at',
    ])
    .where('o.id', '=', id)
    .executeTakeFirst();
  if (!order) return null;
  const [items, events] = await Promise.all([
    db
      .selectFrom('order_items as i')
      .leftJoin('sizes as z', 'z.id', 'i.size_id')
      .select([
        'i.name',
        'i.item_type',
        'i.product_id',
        'i.quantity',
        'i.variant_metadata',
        'i.pricing',
        'z.sort_order as size_order',
      ])
      .where('i.order_id', '=', id)
      .where('i.item_type', 'in', ['product', ...JOB_LINE_TYPES])
      .orderBy('i.position')
      .orderBy('i.name')
      .orderBy('i.id')
      .execute(),
    db
      .selectFrom('order_events')
      .select(['created_at', 'actor', 'comment'])
      .where('order_id', '=', id)
      .where('comment', 'is not', null)
      .orderBy('created_at')
      .orderBy('id')
      .execute(),
  ]);
  const designs = workOrderDesigns(items.filter((i) => i.item_type === 'product'));
  const artworkIds = [
    ...new Set(designs.flatMap((d) => d.locations.flatMap((l) => (l.artwork_id ? [l.artwork_id] : [])))),
  ];
  const files = new Map<string, { name: string; inks: InkColorCount | null }>();
  if (artworkIds.length > 0) {
    const rows = await db
      .selectFrom('artwork')
      .select(['id', 'original_name', 'checks'])
      .where('id', 'in', artworkIds)
      // The order's own files, or a store batch's: the files the shop fixed on the store's designs.
      .where((eb) => eb.or([eb('order_id', '=', id), eb('id', 'in', storeBatchArtworkIds(db, id))]))
      .where('status', '=', 'ready')
      .execute();
    for (const row of rows) {
      const inks = (row.checks as { inkColors?: InkColorCount | null }).inkColors ?? null;
      files.set(row.id, { name: row.original_name, inks });
    }
  }
  const notes: WorkOrderNote[] = [];
  if (order.q_notes?.trim() && order.q_created_at) {
    notes.push({ at: order.q_created_at.toISOString(), by: 'Customer (quote request)', text: order.q_notes.trim() });
  }
  for (const event of events) {
    const text = event.comment?.trim();
    if (text) notes.push({ at: event.created_at.toISOString(), by: WHO[event.actor] ?? 'Shop', text });
  }
  const jobLines = items.filter((i) => JOB_LINE_TYPES.includes(i.item_type));
  const adminUrl = adminOrderUrl(order.id);
  return {
    id: order.id,
    number: orderNumber(order.id),
    customer: order.customer,
    email: order.email,
    created_at: order.created_at.toISOString(),
    in_hands_date: order.in_hands_date ? order.in_hands_date.toISOString().slice(0, 10) : null,
    ready_by: order.ready_by ? order.ready_by.toISOString().slice(0, 10) : null,
    stage: order.stage,
    status: order.status,
    fulfillment: order.fulfillment,
    shipping_speed: order.shipping_speed,
    ship_to:
      order.fulfillment === 'shipping' && order.ship_name && order.address_line1
        ? {
            name: order.ship_name,
            address_line1: order.address_line1,
            address_line2: order.address_line2,
            city: order.city,
            state: order.state,
            postal_code: order.postal_code,
            country: order.country ?? 'US',
          }
        : null,
    pieces: items.reduce((sum, i) => sum + i.quantity, 0),
    designs: designs.map((design) => ({
      ...design,
      locations: design.locations.map((l) => {
        const file = l.artwork_id ? files.get(l.artwork_id) : undefined;
        return {
          code: l.code,
          name: l.name,
          artwork:
            file && l.artwork_id
              ? {
                  id: l.artwork_id,
                  file_name: file.name,
                  inks: file.inks && !file.inks.fullColor && file.inks.count ? file.inks.inks : null,
                  full_color: file.inks?.fullColor === true,
                }
              : null,
        };
      }),
    })),
    job_lines: jobLines.map((l) => ({ name: l.name, quantity: l.quantity })),
    quote: order.q_reference
      ? {
          reference: order.q_reference,
          sizes: order.q_sizes,
          colors: order.q_colors,
          print_locations: order.q_print_locations,
        }
      : null,
    notes,
    admin_url: adminUrl,
    qr_svg: qrSvg(adminUrl),
  };
}
