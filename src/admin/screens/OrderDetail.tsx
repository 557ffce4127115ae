import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { type AdminOrder, type AdminOrderItem, orderStatusLabel } from '../../lib/admin-schemas/orders.ts';
import { api, SessionEndedError } from '../api.ts';
import { $me, may } from '../staff/me.ts';
import { dateTime, usd } from '../format.ts';
import { Button } from '../ui/controls.tsx';
import { ScrollRegion } from '../ui/ScrollRegion.tsx';
import { AdminDialog } from '../ui/Dialog.tsx';
import { CustomerFiles, OrderArtwork } from './OrderArtwork.tsx';
import { ItemPricing } from './ItemPricing.tsx';
import { OrderAdjustment } from './OrderAdjustment.tsx';
import { OrderContact } from './OrderContact.tsx';
import { OrderProduction } from './OrderProduction.tsx';
import { OrderPaymentRequests } from './OrderPaymentRequests.tsx';
import { OrderRefund } from './OrderRefund.tsx';
import { StoreBatchNote } from './StoreBatchNote.tsx';
import { OrderTotals } from './OrderTotals.tsx';
import { WorkOrderLink } from './WorkOrderLink.tsx';
import { isPaid } from '../../lib/orders/order-stages.ts';
import { orderNumber } from '../../lib/orders/order-number.ts';

/** 'Black / L' from variant metadata such as {color: 'Black', size: 'L'}. */
function variantText(item: AdminOrderItem): string {
  const meta = item.variant_metadata ?? {};
  return ['color', 'colorName', 'size', 'sizeName']
    .map((k) => meta[k])
    .filter((v): v is string => typeof v === 'string' && v !== '')
    .join(' / ');
}

/** Lines of an order besides its pieces, by item_type. */
const ITEM_KINDS: Record<string, string> = {
  print_location: 'print on every piece',
  setup_fee: 'one-time setup',
  screens: 'screens, one time',
  digitizing: 'digitizing, one time',
  rush: 'rush turnaround',
  quoted: 'quoted',
  custom: 'custom job',
  adjustment: 'changed after payment',
};

/** Number, status, date and customer: the number people quote (e-mails, receipt), not the raw id. */
export function OrderFacts({ order }: { order: AdminOrder }) {
  return (
    <dl className="adm-dl">
      <dt>Order number</dt>
      <dd>{orderNumber(order.id)}</dd>
      <dt>Status</dt>
      <dd>{orderStatusLabel(order.status)}</dd>
      <dt>Created</dt>
      <dd>{dateTime(order.created_at)}</dd>
      <dt>Customer</dt>
      <dd>
        {order.user?.full_name ? `${order.user.full_name}, ` : ''}
        {order.user?.email ?? order.email}
      </dd>
    </dl>
  );
}

/** Loads one order and shows what needs attention (an anomaly, an overpayment, ...), customer, shipping, items and totals. */
export function OrderDetailDialog({ orderId, onClose }: { orderId: string | null; onClose: () => void }) {
  const [order, setOrder] = useState<AdminOrder | null>(null);
  // A role without money gets the order without prices, totals and payments (issue 45): nothing
  // to show for them, and no refund, payment request or adjustment to offer.
  const me = useStore($me);
  const money = may(me, 'money');
  const [error, setError] = useState<string | null>(null);
  const [version, setVersion] = useState(0);
  useEffect(() => {
    setError(null);
    if (!orderId) {
      setOrder(null);
      return;
    }
    if (version === 0) setOrder(null);
    api
      .get<AdminOrder>(`orders/${orderId}`)
      .then(setOrder)
      .catch((e: unknown) => {
        if (!(e instanceof SessionEndedError)) setError(e instanceof Error ? e.message : 'Could not load the order.');
      });
  }, [orderId, version]);
  return (
    <AdminDialog title={`Order ${orderId ? orderNumber(orderId) : ''}`} isOpen={orderId !== null} onClose={onClose}>
      {error ? <p className="adm-error">{error}</p> : null}
      {!order && !error ? <p>Loading…</p> : null}
      {order ? (
        <div className="adm-order">
          {order.needs.length > 0 ? (
            <div className="adm-attention" role="note" aria-label="Needs attention">
              <strong>Needs attention</strong> <span>{order.needs.join(' ')}</span>
              {order.attention_reason && order.attention_at ? (
                <span> Flagged {dateTime(order.attention_at)}.</span>
              ) : null}
            </div>
          ) : null}
          <OrderFacts order={order} />
          {order.store_batch ? <StoreBatchNote batch={order.store_batch} /> : <OrderContact order={order} />}
          <h3>Items</h3>
          {order.items.length === 0 ? (
            <p>No items</p>
          ) : (
            <ScrollRegion className="adm-grid-wrap" label="Items">
              <table className="adm-grid-table">
                <thead>
                  <tr>
                    <th scope="col">Item</th>
                    <th scope="col">Variant</th>
                    <th scope="col">Quantity</th>
                    {money ? <th scope="col">Unit price</th> : null}
                    {money ? <th scope="col">Line total</th> : null}
                  </tr>
                </thead>
                <tbody>
                  {order.items.map((item) => (
                    <tr key={item.id}>
                      <td>
                        {item.name}
                        {item.item_type !== 'product' ? (
                          <span className="adm-muted"> ({ITEM_KINDS[item.item_type] ?? item.item_type})</span>
                        ) : null}
                        {money ? <ItemPricing item={item} /> : null}
                        <OrderArtwork
                          orderId={order.id}
                          item={item}
                          artwork={order.artwork ?? []}
                          canAttach={isPaid(order) && !order.store_batch}
                          onAttached={() => setVersion((v) => v + 1)}
                        />
                      </td>
                      <td>{variantText(item)}</td>
                      <td>{item.quantity}</td>
                      {money ? <td>{usd(item.unit_price_cents)}</td> : null}
                      {money ? <td>{usd(item.unit_price_cents * item.quantity)}</td> : null}
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollRegion>
          )}
          <CustomerFiles items={order.items} artwork={order.artwork ?? []} />
          {money ? <OrderTotals order={order} /> : null}
          {order.store_batch || !may(me, 'orders.change') ? null : (
            <OrderAdjustment order={order} onChanged={() => setVersion((v) => v + 1)} />
          )}
          <OrderProduction order={order} onMoved={() => setVersion((v) => v + 1)} />
          {order.store_batch ? null : (
            <>
              {may(me, 'payments') ? (
                <OrderPaymentRequests order={order} onChanged={() => setVersion((v) => v + 1)} />
              ) : null}
              {may(me, 'refunds') ? (
                <OrderRefund key={order.refunded_cents} order={order} onRefunded={() => setVersion((v) => v + 1)} />
              ) : null}
            </>
          )}
        </div>
      ) : null}
      <div className="adm-dialog-actions">
        {order ? <WorkOrderLink orderId={order.id} /> : null}
        <Button onPress={onClose}>Close</Button>
      </div>
    </AdminDialog>
  );
}
