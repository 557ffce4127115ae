import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/types.ts';
import { queueOrderMail } from '../mail/order-mail.ts';
import type { BuyerLine, ClosingDesign, ClosingStore } from './store-close-lines.ts';

/** "2 × Eagles Tee, Black, L: SMITH 12": one of a buyer's printed lines, as their e-mail lists it. */
export function pieceWords(line: BuyerLine, design: string): string {
  const variant = [line.color, line.size].filter(Boolean).join(', ');
  const personal = [line.personalisation?.name, line.personalisation?.number].filter(Boolean).join(' ');
  return `${line.quantity} × ${design}${variant ? `, ${variant}` : ''}${personal ? `: ${personal}` : ''}`;
}

/** When and where the batch arrives, as the buyer is told. */
function deliveryWords(store: ClosingStore): string {
  const days = `${store.delivery_days_min}–${store.delivery_days_max} working days after the close`;
  return store.delivery === 'organiser'
    ? `Everything goes to ${store.organiser_name} about ${days}, bagged with your name on it.`
    : `We ship it to you about ${days}.`;
}

/**
 * "Your order is being printed" to every buyer with pieces in the batch, in the close's
 * transaction (the e-mails exist exactly when the batch does), after each buyer's confirmation. Answers the outbox ids.
 */
export async function queuePrintingMails(
  trx: Kysely<Database>,
  store: ClosingStore,
  designs: readonly ClosingDesign[],
  printed: readonly BuyerLine[],
): Promise<string[]> {
  const names = new Map(designs.map((d) => [d.id, d.name]));
  const byOrder = new Map<string, string[]>();
  const buyers = new Map(printed.map((l) => [l.order_id, l.buyer]));
  for (const line of printed) {
    byOrder.set(line.order_id, [
      ...(byOrder.get(line.order_id) ?? []),
      pieceWords(line, names.get(line.design_id) ?? ''),
    ]);
  }
  const ids: string[] = [];
  for (const [orderId, items] of byOrder) {
    const buyer = buyers.get(orderId);
    const id = await queueOrderMail(trx, orderId, 'store-order-printing', {
      ...(buyer && !buyer.includes('@') ? { customerName: buyer } : {}),
      storeName: store.name,
      itemsText: items.join('\n'),
      deliveryText: deliveryWords(store),
    });
    if (id) ids.push(id);
  }
  // The close's transaction may have begun before a buyer's payment that won the race for the store's lock (and
  // queued its confirmation at its own start): queued at this moment instead, "being printed" goes out after it.
  if (ids.length > 0) {
    await trx
      .updateTable('email_outbox')
      .set({ created_at: sql<Date>`clock_timestamp()`, next_attempt_at: sql<Date>`clock_timestamp()` })
      .where('id', 'in', ids)
      .execute();
  }
  return ids;
}
