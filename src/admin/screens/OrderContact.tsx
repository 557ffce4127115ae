import type { AdminOrder } from '../../lib/admin-schemas/orders.ts';
import { formatPhone } from '../../lib/orders/payment-contact.ts';
import { AddressLines } from '../ui/AddressLines.tsx';

/** The phone as a link the owner's phone or softphone dials. */
function Phone({ phone }: { phone: string | null }) {
  if (!phone) return <p className="adm-muted">No phone on file (ordered before the checkout asked for one).</p>;
  return (
    <p>
      Phone: <a href={`tel:${phone}`}>{formatPhone(phone)}</a>
    </p>
  );
}

/**
 * Where the order goes and how to reach the customer (docs/decisions/0028-owner-and-receipts.md): a
 * shipped order's address as it prints on a label (name, street, "City, ST ZIP", country), or
 * "Local pickup" with the name; the phone the payment page collected, as a tel: link, for both.
 */
export function OrderContact({ order }: { order: AdminOrder }) {
  const ship = order.shipping;
  if (order.fulfillment === 'local') {
    const name = order.customer ?? order.user?.full_name;
    return (
      <section aria-labelledby="order-contact-title">
        <h3 id="order-contact-title">Local pickup</h3>
        <p>The customer picks the order up at the shop{name ? `: ${name}` : ''}.</p>
        <Phone phone={order.phone} />
      </section>
    );
  }
  return (
    <section aria-labelledby="order-contact-title">
      <h3 id="order-contact-title">Ship to</h3>
      {ship ? (
        <AddressLines address={ship} className="adm-address" />
      ) : (
        <p className="adm-muted">
          {order.status === 'pending'
            ? 'No shipping address yet: the order is not paid.'
            : 'No shipping address on file.'}
        </p>
      )}
      <Phone phone={order.phone} />
    </section>
  );
}
