import type { Kysely } from 'kysely';
import { storedLocations } from '../../lib/orders/order-locations.ts';
import type { Database } from '../db/types.ts';
import { escapeHtml } from '../security/escape-html.ts';
import type { Bindings } from './render.ts';

/**
 * The print locations of an order still waiting for their artwork, as the customer reads them
 * ("Back of City Champ Tourney Tee"), once each. The rule is the one the order's stage follows
 * (stageContext in src/server/orders/move-stage.ts): a location of a piece line without a file.
 */
export async function missingArtwork(db: Kysely<Database>, orderId: string): Promise<string[]> {
  const items = await db
    .selectFrom('order_items')
    .select(['name', 'variant_metadata'])
    .where('order_id', '=', orderId)
    .where('item_type', '=', 'product')
    .orderBy('position')
    .orderBy('name')
    .execute();
  const missing = items.flatMap((item) =>
    storedLocations(item.variant_metadata)
      .filter((l) => l.artwork_id === null)
      .map((l) => `${l.name} of ${item.name}`),
  );
  return [...new Set(missing)];
}

/**
 * `artworkText` and `artworkHtml`: a line asking for the missing artwork with the link to upload
 * it on the order's page, or empty when nothing is missing (so a template can always carry them).
 */
export function artworkBindings(missing: readonly string[], orderUrl: string): Bindings {
  if (missing.length === 0) return { artworkText: '', artworkHtml: '' };
  const what = missing.join(', ');
  return {
    artworkText: `We still need your artwork for: ${what}. Upload it on your order page: ${orderUrl}`,
    artworkHtml:
      `<p style="border-left:4px solid #BF5700;padding:8px 12px;background:#FFF4EC">We still need your artwork for: ` +
      `<strong>${escapeHtml(what)}</strong>. <a href="${escapeHtml(orderUrl)}" style="color:#BF5700;font-weight:bold">` +
      `Upload your artwork on your order page</a></p>`,
  };
}
