import type { AdminOrder } from '../../lib/admin-schemas/orders.ts';

/**
 * In place of the customer's contact on a store's production batch (docs/decisions/0030-team-stores.md): whose batch it
 * is and why nothing on it changes but its stages, proofs and shipping.
 */
export function StoreBatchNote({ batch }: { batch: NonNullable<AdminOrder['store_batch']> }) {
  return (
    <section aria-labelledby="store-batch-title">
      <h3 id="store-batch-title">Store batch</h3>
      <p>
        The production batch of {batch.store_name}: its lines are the buyers' orders added up, each paid by its buyer.
        Move its stages, send proofs and ship it here; to change or refund pieces, open the buyer's own order.
      </p>
    </section>
  );
}
