import { formatUsd } from '../../lib/money.ts';
import { escapeHtml } from '../security/escape-html.ts';
import type { Bindings } from './render.ts';

/** What a customer owes across their orders, as the e-mail says it. */
export interface OwedAcrossOrders {
  owedCents: number;
  orders: number;
  url: string;
}

/**
 * The pay-together line of a payment request or reminder e-mail (docs/decisions/0029-deposits.md): "You owe $X on 3
 * orders: pay them together" with the customer's payer link, when they owe on more than one
 * order; empty otherwise.
 */
export function payTogetherValues(owed: OwedAcrossOrders | null): Bindings {
  if (!owed || owed.orders < 2) return { payTogetherLine: '', payTogetherHtml: '' };
  const words = `You owe ${formatUsd(owed.owedCents)} on ${owed.orders} orders`;
  return {
    payTogetherLine: `${words}: pay them together here: ${owed.url}\n\n`,
    payTogetherHtml: `<p>${escapeHtml(words)}: <a href="${escapeHtml(owed.url)}">pay them together</a>.</p>`,
  };
}
