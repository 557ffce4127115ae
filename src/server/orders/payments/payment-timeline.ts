import type { Kysely } from 'kysely';
import { formatUsd } from '../../../lib/money.ts';
import type { Database } from '../../db/types.ts';
import { type Actor, paymentEvent, paymentRequestEvent, reminderEvent, type StaffActor } from '../order-events.ts';

/**
 * The order's timeline entries for money asked for and received after checkout (docs/decisions/0029-deposits.md), one
 * function per event, each written in the transaction of what it records.
 */
const addEvent = (
  trx: Kysely<Database>,
  orderId: string,
  event: { actor: Actor; kind: 'payment_request' | 'payment' | 'reminder'; comment: string },
) =>
  event.kind === 'payment'
    ? paymentEvent(trx, orderId, event.actor, event.comment)
    : event.kind === 'reminder'
      ? reminderEvent(trx, orderId, event.comment)
      : paymentRequestEvent(trx, orderId, event.actor, event.comment);

/** Someone asked for a payment (or the shop's terms did, the system): "Deposit 50 %, $50.00". */
export const paymentRequested = (
  trx: Kysely<Database>,
  orderId: string,
  label: string,
  amountCents: number,
  actor: StaffActor | 'system',
) => addEvent(trx, orderId, { actor, kind: 'payment_request', comment: `${label}, ${formatUsd(amountCents)}` });

/** Someone withdrew a request: "Withdrawn: Balance". */
export const paymentRequestWithdrawn = (trx: Kysely<Database>, orderId: string, label: string, actor: StaffActor) =>
  addEvent(trx, orderId, { actor, kind: 'payment_request', comment: `Withdrawn: ${label}` });

/** A request was paid: "Deposit 50 %, $50.00". */
export const requestPaid = (trx: Kysely<Database>, orderId: string, label: string, amountCents: number) =>
  addEvent(trx, orderId, { actor: 'customer', kind: 'payment', comment: `${label}, ${formatUsd(amountCents)}` });

/** The sweep reminded the customer of an open request: "Reminder sent: Deposit 50 %, $50.00". */
export const paymentReminded = (trx: Kysely<Database>, orderId: string, label: string, amountCents: number) =>
  addEvent(trx, orderId, {
    actor: 'system',
    kind: 'payment_request',
    comment: `Reminder sent: ${label}, ${formatUsd(amountCents)}`,
  });

/**
 * An order on account was confirmed and billed: "Invoice INV-1001 issued: PO 4512, Net 30, due
 * Dec 28, 2026". The shop issues the invoice (the customer only confirmed the order).
 */
export const invoiceIssued = (trx: Kysely<Database>, orderId: string, words: string) =>
  addEvent(trx, orderId, { actor: 'system', kind: 'payment_request', comment: words });

/** A bank payment for a request started processing: "Bank payment processing: Balance, $50.00". */
export const bankPaymentStarted = (trx: Kysely<Database>, orderId: string, label: string, amountCents: number) =>
  addEvent(trx, orderId, {
    actor: 'customer',
    kind: 'payment_request',
    comment: `Bank payment processing: ${label}, ${formatUsd(amountCents)}`,
  });

/** A bank payment for a request did not go through: the request is open again. */
export const bankPaymentFailed = (trx: Kysely<Database>, orderId: string, label: string, amountCents: number) =>
  addEvent(trx, orderId, {
    actor: 'system',
    kind: 'payment_request',
    comment: `Bank payment did not go through: ${label}, ${formatUsd(amountCents)}. The request is open again; the customer was e-mailed.`,
  });

/** The sweep reminded an account of an overdue invoice: "Overdue reminder sent: INV-1001, $108.00, 12 days past due". */
export const invoiceReminded = (
  trx: Kysely<Database>,
  orderId: string,
  invoice: string,
  amountCents: number,
  daysOverdue: string,
) =>
  addEvent(trx, orderId, {
    actor: 'system',
    kind: 'reminder',
    comment: `Overdue reminder sent: ${invoice}, ${formatUsd(amountCents)}, ${daysOverdue} past due`,
  });
