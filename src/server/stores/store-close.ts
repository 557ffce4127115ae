import { type Kysely, sql } from 'kysely';
import { atomically } from '../db/transaction.ts';
import type { Database } from '../db/types.ts';
import { paymentProvider } from '../orders/payment-provider.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import type { SweepJob } from '../timers/sweep-job.ts';
import { createStoreBatch } from './store-batch.ts';
import { closeOpenCheckouts } from './store-close-checkouts.ts';
import { queuePrintingMails } from './store-close-mail.ts';
import { type CloseRefund, reserveCloseRefunds, settleCloseRefunds } from './store-close-refunds.ts';
import { type ClosingStore, closingDesigns, unbatchedBuyerLines } from './store-close-lines.ts';

/** What one store's close did. */
export interface StoreClosed {
  storeId: string;
  /** The production batch; null when no design was printed. */
  batchOrderId: string | null;
  printedDesigns: string[];
  missedDesigns: string[];
  buyersPrinted: number;
  refundsReserved: number;
  refundsMade: number;
  /** Buyers' checkouts still open at the close, expired and their orders cancelled. */
  checkoutsClosed: number;
}

/**
 * The close itself, in one transaction that first locks the store row (SELECT … FOR UPDATE),
 * and only if it is still approved and past its close: two sweeps at once queue on the lock and
 * the second finds it closed. THE LOCKING CONTRACT with checkout: a buyer order is placed and
 * completed (marked paid) in a transaction that locks the same store row (FOR SHARE or FOR
 * UPDATE) before it touches the order, and reads the store's status under that lock; a store
 * already 'closed' refuses it (or refunds a payment that arrives late). So an order completing
 * at the same moment as the close is either committed before the close reads the paid orders
 * (in the batch) or sees the store closed (refused or refunded); never charged and left out.
 */
async function closeInTransaction(
  trx: Kysely<Database>,
  storeId: string,
  provider: () => PaymentProvider,
): Promise<(Omit<StoreClosed, 'checkoutsClosed'> & { refunds: CloseRefund[] }) | null> {
  const store: ClosingStore | undefined = await trx
    .selectFrom('stores')
    .select(['id', 'name', 'organiser_name', 'organiser_email', 'closes_at', 'minimum_per_design'])
    .select(['missed_minimum', 'delivery', 'delivery_days_min', 'delivery_days_max'])
    .where('id', '=', storeId)
    .where('status', '=', 'approved')
    .where('closes_at', '<=', sql<Date>`now()`)
    .forUpdate()
    .executeTakeFirst();
  if (!store) return null;
  const [designs, lines] = await Promise.all([closingDesigns(trx, storeId), unbatchedBuyerLines(trx, storeId)]);
  const pieces = new Map<string, number>();
  for (const line of lines) pieces.set(line.design_id, (pieces.get(line.design_id) ?? 0) + line.quantity);
  const printed = new Set<string>();
  const missed = new Map<string, number>();
  for (const design of designs) {
    const sold = pieces.get(design.id) ?? 0;
    if (sold === 0) continue;
    if (sold >= store.minimum_per_design || store.missed_minimum === 'print_anyway') printed.add(design.id);
    else missed.set(design.id, sold);
  }
  const printedLines = lines.filter((l) => printed.has(l.design_id));
  const batchOrderId = printedLines.length > 0 ? await createStoreBatch(trx, store, designs, printedLines) : null;
  const refunds =
    missed.size > 0 ? await reserveCloseRefunds(trx, provider(), store, designs, lines, missed) : ([] as CloseRefund[]);
  await trx
    .updateTable('stores')
    .set({ status: 'closed', closed_at: sql<Date>`now()`, updated_at: sql<Date>`now()` })
    .where('id', '=', storeId)
    .execute();
  await queuePrintingMails(trx, store, designs, printedLines);
  return {
    storeId,
    batchOrderId,
    printedDesigns: [...printed],
    missedDesigns: [...missed.keys()],
    buyersPrinted: new Set(printedLines.map((l) => l.order_id)).size,
    refundsReserved: refunds.length,
    refundsMade: 0,
    refunds,
  };
}

/**
 * Closes one store that is due (docs/decisions/0030-team-stores.md): the designs that met the minimum (all of them when
 * the store prints anyway) become its one production batch, the buyers of the others are
 * refunded through the provider after the close committed, and the checkouts still open
 * closed. Null when the store is not due
 * (not approved, not past its close, or closed already): a second close does nothing.
 */
export async function closeStore(
  db: Kysely<Database>,
  storeId: string,
  provider: () => PaymentProvider = () => paymentProvider(db),
): Promise<StoreClosed | null> {
  let made: PaymentProvider | undefined;
  const once = () => {
    made ??= provider();
    return made;
  };
  const closed = await atomically(db, (trx) => closeInTransaction(trx, storeId, once));
  if (!closed) return null;
  const { refunds, ...result } = closed;
  const refundsMade = refunds.length > 0 ? await settleCloseRefunds(db, once(), refunds) : 0;
  const checkoutsClosed = await closeOpenCheckouts(db, storeId, once);
  return { ...result, refundsMade, checkoutsClosed };
}

/** Stores closed per sweep run, at most (each close is one transaction and a few refunds). */
const CLOSES_PER_RUN = 10;

/** Closes the approved stores past their close, oldest first. */
export async function closeDueStores(
  db: Kysely<Database>,
  provider?: () => PaymentProvider,
  limit = CLOSES_PER_RUN,
): Promise<StoreClosed[]> {
  const due = await db
    .selectFrom('stores')
    .select('id')
    .where('status', '=', 'approved')
    .where('closes_at', '<=', sql<Date>`now()`)
    .orderBy('closes_at')
    .limit(limit)
    .execute();
  const closed: StoreClosed[] = [];
  for (const { id } of due) {
    const done = await closeStore(db, id, provider);
    if (done) closed.push(done);
  }
  return closed;
}

/** The sweep's job (DESIGN.md "Timers"): every store past its close is closed once. */
export const closeDueStoresJob: SweepJob = {
  name: 'close-stores',
  async run(db) {
    const closed = await closeDueStores(db);
    if (closed.length === 0) return null;
    const batches = closed.filter((c) => c.batchOrderId).length;
    const refunds = closed.reduce((sum, c) => sum + c.refundsMade, 0);
    return `closed ${closed.length} store(s): ${batches} batch(es), ${refunds} refund(s) made`;
  },
};
