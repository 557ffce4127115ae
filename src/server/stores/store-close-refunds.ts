import { type Kysely, sql } from 'kysely';
import { formatUsd } from '../../lib/money.ts';
import type { Database } from '../db/types.ts';
import { Conflict } from '../errors.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import { PaymentUnavailableError } from '../payments/provider.ts';
import { reserveRefund } from '../orders/refunds.ts';
import { askForRefund, type PendingRefund, recordRefundMade, releaseRefund } from '../orders/refund-settlement.ts';
import type { BuyerLine, ClosingDesign, ClosingStore } from './store-close-lines.ts';

/** A refund the close reserved, with what the provider is asked about. */
export interface CloseRefund {
  refund: PendingRefund;
  order: { payment_session_id: string | null; payment_intent_id: string | null };
}

/** Why a buyer's pieces of a design go back, in the words the buyer's e-mail and the timeline give. */
function reasonFor(store: ClosingStore, designs: readonly ClosingDesign[], missed: ReadonlyMap<string, number>) {
  const names = designs.filter((d) => missed.has(d.id)).map((d) => `${d.name} (${missed.get(d.id)} sold)`);
  return `${names.join(', ')} did not reach the minimum of ${store.minimum_per_design} pieces by the close of ${store.name}, so it will not be printed.`.slice(
    0,
    500,
  );
}

async function flag(trx: Kysely<Database>, orderId: string, reason: string) {
  await trx
    .updateTable('orders')
    .set({ attention_reason: reason.slice(0, 500), attention_at: sql`now()` })
    .where('id', '=', orderId)
    .where('attention_reason', 'is', null)
    .execute();
}

/**
 * Reserves, in the close's transaction, the refund of every buyer's pieces of the designs that
 * missed their minimum (`missed`: design id -> pieces sold) through the shop's refund machinery:
 * each is a pending order_refunds row with its idempotency key, asked of the provider after the
 * close commits (settleCloseRefunds) or, if the process dies first, by the sweep's
 * settle-interrupted-refunds with the same key. A buyer order whose every line missed is refunded
 * in full (shipping and tax too) and cancelled; otherwise its missed lines' price goes back.
 * An order the machinery cannot refund here (another provider) is flagged for the owner.
 */
export async function reserveCloseRefunds(
  trx: Kysely<Database>,
  provider: PaymentProvider,
  store: ClosingStore,
  designs: readonly ClosingDesign[],
  lines: readonly BuyerLine[],
  missed: ReadonlyMap<string, number>,
): Promise<CloseRefund[]> {
  const byOrder = new Map<string, BuyerLine[]>();
  for (const line of lines) byOrder.set(line.order_id, [...(byOrder.get(line.order_id) ?? []), line]);
  const reserved: CloseRefund[] = [];
  for (const [orderId, orderLines] of byOrder) {
    const lost = orderLines.filter((l) => missed.has(l.design_id));
    if (lost.length === 0) continue;
    const all = lost.length === orderLines.length && !(await hasOtherLines(trx, orderId, lost.length));
    const money = await trx
      .selectFrom('orders')
      .select(['total_cents', 'refunded_cents'])
      .select(
        sql<number>`(select coalesce(sum(p.amount_cents), 0)::int from order_payments p where p.order_id = orders.id)`.as(
          'paid_cents',
        ),
      )
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    const left = (money.paid_cents > 0 ? money.paid_cents : money.total_cents) - money.refunded_cents;
    const linesCents = lost.reduce((sum, l) => sum + l.unit_price_cents * l.quantity, 0);
    const amount = Math.min(left, all ? left : linesCents);
    const lostDesigns = new Map([...missed].filter(([id]) => lost.some((l) => l.design_id === id)));
    const reason = reasonFor(store, designs, lostDesigns);
    if (amount <= 0) {
      if (all) await flag(trx, orderId, `${reason} Nothing was left to refund: check the order.`);
      continue;
    }
    try {
      reserved.push(
        await reserveRefund(trx, provider, orderId, {
          amountCents: amount,
          reason,
          cancel: all,
          restock: false,
          mailTemplate: 'store-minimum-missed',
        }),
      );
    } catch (error) {
      if (!(error instanceof Conflict)) throw error;
      await flag(trx, orderId, `${reason} The close could not refund ${formatUsd(amount)}: ${error.message}`);
    }
  }
  return reserved;
}

/** True when the order has lines the close does not see (a charge line, a line of no design): not all refunded. */
async function hasOtherLines(trx: Kysely<Database>, orderId: string, seen: number): Promise<boolean> {
  const row = await trx
    .selectFrom('order_items')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('order_id', '=', orderId)
    .where('item_type', '=', 'product')
    .executeTakeFirstOrThrow();
  return Number(row.n) > seen;
}

/**
 * Asks the provider for the close's refunds, after the close committed (never inside it): made,
 * each is recorded (the buyer's e-mail queued, a fully refunded order cancelled); refused, the
 * reservation is given back and the order flagged for the owner; no answer, it stays pending and
 * the sweep asks again with the same key. Answers how many were made.
 */
export async function settleCloseRefunds(
  db: Kysely<Database>,
  provider: PaymentProvider,
  refunds: readonly CloseRefund[],
): Promise<number> {
  let made = 0;
  for (const { refund, order } of refunds) {
    try {
      const receipt = await askForRefund(provider, refund, order);
      if (await recordRefundMade(db, refund, receipt)) made++;
    } catch (error) {
      if (!(error instanceof PaymentUnavailableError)) throw error;
      if (!error.refused) {
        console.error(`[stores] refund ${refund.id}: no answer from the provider; the sweep asks again`, error.cause);
        continue;
      }
      const note = `${formatUsd(refund.amountCents)} refund not made at the store's close: the payment provider refused it`;
      await releaseRefund(db, refund, note);
      await flag(db, refund.orderId, `${note}. ${refund.reason ?? ''} Refund it by hand.`);
    }
  }
  return made;
}
