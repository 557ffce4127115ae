import type { AdminOrder } from '../../lib/admin-schemas/orders.ts';
import { usd } from '../format.ts';
import { SHIPPING_SPEED_NAMES } from '../../lib/orders/shipping-speeds.ts';

/**
 * The order's money as it was charged, line by line down to the total, so an owner can check
 * it adds up to the cent: subtotal - discount + shipping + tax = total (the database holds the
 * order to the same sum).
 */
export function OrderTotals({ order }: { order: AdminOrder }) {
  const shippingLabel =
    order.fulfillment === 'local'
      ? 'Shipping (local pickup)'
      : `Shipping (${SHIPPING_SPEED_NAMES[order.shipping_speed ?? 'standard']})`;
  return (
    <table className="adm-totals" aria-label="Order totals">
      <tbody>
        <tr>
          <th scope="row">Subtotal</th>
          <td>{usd(order.subtotal_cents)}</td>
        </tr>
        <tr>
          <th scope="row">{order.discount_code ? `Discount (${order.discount_code})` : 'Discount'}</th>
          <td>{order.discount_cents > 0 ? `−${usd(order.discount_cents)}` : usd(0)}</td>
        </tr>
        <tr>
          <th scope="row">{shippingLabel}</th>
          <td>{usd(order.shipping_cents)}</td>
        </tr>
        <tr>
          <th scope="row">Tax</th>
          <td>{usd(order.tax_cents)}</td>
        </tr>
        <tr className="adm-totals-total">
          <th scope="row">Total</th>
          <td>{usd(order.total_cents)}</td>
        </tr>
      </tbody>
    </table>
  );
}
