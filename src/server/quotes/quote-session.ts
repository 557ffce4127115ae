import { formatUsd } from '../../lib/money.ts';
import { balanceDueWords, type BalanceDue } from '../../lib/orders/order-balance.ts';
import { orderNumber } from '../../lib/orders/order-number.ts';
import type { PricedQuoteLine } from '../../lib/quotes/quote-pricing.ts';
import type { Fulfillment, ShippingSpeed } from '../db/types.ts';
import type { SessionLine, SessionOrder } from '../payments/provider.ts';

/** The accepted revision, as its payment session needs it. */
export interface AcceptedRevision {
  fulfillment: Fulfillment;
  shipping_speed: ShippingSpeed | null;
  subtotal_cents: number;
  discount_cents: number;
  shipping_cents: number;
  tax_cents: number;
  deposit_percent: number;
  balance_due: BalanceDue;
}

/**
 * What Accept's payment session charges for a quote's order: the whole quote line by line, or
 * (docs/decisions/0029-deposits.md) one line for the deposit ("Deposit 50 %, order C25CA953") whose description says
 * what the balance is and when it is asked. A deposit session carries no shipping, tax or
 * discount of its own (they are in the total the deposit is a share of), but still collects the
 * address of an order to be shipped.
 */
export function quoteSession(
  order: { id: string; email: string; totalCents: number; depositCents: number | null; expiresAt: Date },
  revision: AcceptedRevision,
  lines: PricedQuoteLine[],
): [SessionOrder, SessionLine[]] {
  const base = {
    id: order.id,
    fulfillment: revision.fulfillment,
    shippingSpeed: revision.shipping_speed,
    discountCode: null,
    customerEmail: order.email,
    expiresAt: order.expiresAt,
  };
  const deposit = order.depositCents;
  if (deposit === null) {
    return [
      {
        ...base,
        subtotalCents: revision.subtotal_cents,
        discountCents: revision.discount_cents,
        shippingCents: revision.shipping_cents,
        taxCents: revision.tax_cents,
        totalCents: order.totalCents,
      },
      lines.flatMap((line) => [
        { label: line.description, unitPriceCents: line.unit_price_cents, quantity: line.quantity },
        ...line.charges.map((c) => ({ label: c.name, unitPriceCents: c.unit_price_cents, quantity: c.quantity })),
      ]),
    ];
  }
  return [
    { ...base, subtotalCents: deposit, discountCents: 0, shippingCents: 0, taxCents: 0, totalCents: deposit },
    [
      {
        label: `Deposit ${revision.deposit_percent} %, order ${orderNumber(order.id)}`,
        description:
          `Order total ${formatUsd(order.totalCents)}. The balance of ${formatUsd(order.totalCents - deposit)} ` +
          `is asked ${balanceDueWords(revision.balance_due)}.`,
        unitPriceCents: deposit,
        quantity: 1,
      },
    ],
  ];
}
