import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installDatabase } from '../../src/server/db/index.ts';
import {
  remindOverdueInvoices,
  remindOverdueInvoicesJob,
} from '../../src/server/orders/receivables/overdue-reminders.ts';
import { SWEEP_JOBS } from '../../src/server/sweep/run-sweep.ts';
import { setVariantStock, type VariantFixture, variantOf } from '../support/checkout.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';
import { businessAccount, invoicedOrder, receivePayment } from '../support/invoices.ts';

/**
 * Issue 29: an invoice past its due day whose order still owes is reminded by e-mail weekly, by
 * the sweep, through the outbox and the owner's editable invoice-overdue template; never for a
 * paid-up or cancelled order. Time is a fixed `now`.
 */
const NOW = new Date('2026-12-15T18:00:00Z');
const later = (days: number, hours = 0) => new Date(NOW.getTime() + days * 86_400_000 + hours * 3_600_000);

describe.each(DATABASE_KINDS)('overdue invoice reminders on %s', (kind) => {
  let database: TestDatabase;
  let hoodie: VariantFixture;
  let account: string;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    installDatabase(database);
    hoodie = await variantOf(database.db, 'game-day-hoodie', 1);
    await setVariantStock(database.db, hoodie.variantId, 500);
    account = await businessAccount(database.db, `Midland College ${kind}`, `midland-${kind}.example.edu`);
  });
  afterAll(() => database.dispose());

  const invoice = (email: string, dueOn: string, po = 'MC-2231') =>
    invoicedOrder(database.db, hoodie, {
      accountId: account,
      email,
      po,
      issuedAt: new Date('2026-10-01T16:00:00Z'),
      dueOn,
    });

  const remindersTo = (email: string) =>
    database.db
      .selectFrom('email_outbox')
      .select(['subject', 'text_body', 'html_body'])
      .where('template_name', '=', 'invoice-overdue')
      .where('to_address', '=', email)
      .orderBy('created_at')
      .orderBy('id')
      .execute();

  const remindedAt = async (invoiceId: string) =>
    (
      await database.db
        .selectFrom('invoices')
        .select('reminded_at')
        .where('id', '=', invoiceId)
        .executeTakeFirstOrThrow()
    ).reminded_at;

  it('is one of the sweep’s jobs', () => {
    expect(SWEEP_JOBS).toContain(remindOverdueInvoicesJob);
  });

  it('reminds an overdue invoice once, not again within 7 days, and again after 7', async () => {
    const email = `weekly-${kind}@midland-${kind}.example.edu`;
    const overdue = await invoice(email, '2026-12-03');
    const amount = `$${(overdue.totalCents / 100).toFixed(2)}`;

    expect(await remindOverdueInvoices(database.db, NOW)).toBe(1);
    const [mail, ...more] = await remindersTo(email);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe(`Invoice INV-${overdue.number} is 12 days past due`);
    expect(mail!.text_body).toContain(
      `Invoice INV-${overdue.number} for order ${overdue.orderId.replaceAll('-', '').slice(0, 8).toUpperCase()} (PO MC-2231) was due on Thu, Dec 3, 2026 and ${amount} is still owed.`,
    );
    expect(mail!.text_body).toMatch(/\/invoices\/[0-9a-f]{32}\.[0-9a-z]+\.[A-Za-z0-9_-]{22}/);
    expect(mail!.text_body).toContain('1200 N Big Spring St, Midland, TX 79701');
    expect(mail!.html_body).toContain('See the invoice and pay');
    expect(await remindedAt(overdue.invoiceId)).toEqual(NOW);
    const events = await database.db
      .selectFrom('order_events')
      .select(['actor', 'kind', 'comment'])
      .where('order_id', '=', overdue.orderId)
      .where('kind', '=', 'reminder')
      .execute();
    expect(events).toEqual([
      {
        actor: 'system',
        kind: 'reminder',
        comment: `Overdue reminder sent: INV-${overdue.number}, ${amount}, 12 days past due`,
      },
    ]);

    // The same sweep again, and every day of the week after: nothing more.
    expect(await remindOverdueInvoices(database.db, NOW)).toBe(0);
    expect(await remindOverdueInvoices(database.db, later(6, 23))).toBe(0);
    expect(await remindersTo(email)).toHaveLength(1);

    // Seven days on, the second reminder.
    expect(await remindOverdueInvoices(database.db, later(7))).toBe(1);
    const mails = await remindersTo(email);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toBe(`Invoice INV-${overdue.number} is 19 days past due`);
    expect(await remindedAt(overdue.invoiceId)).toEqual(later(7));
  });

  it('reminds nobody before the due day is over, nor of a paid-up or cancelled order', async () => {
    const dueToday = `due-today-${kind}@midland-${kind}.example.edu`;
    const notYet = await invoice(dueToday, '2026-12-15');
    const paidEmail = `paid-${kind}@midland-${kind}.example.edu`;
    const paid = await invoice(paidEmail, '2026-11-01');
    await receivePayment(database.db, paid.orderId, paid.totalCents);
    const cancelledEmail = `cancelled-${kind}@midland-${kind}.example.edu`;
    const cancelled = await invoice(cancelledEmail, '2026-11-01');
    await database.db
      .updateTable('orders')
      .set({ status: 'cancelled', cancelled_at: NOW })
      .where('id', '=', cancelled.orderId)
      .execute();

    // 23:59 in Midland on the due day: still not overdue.
    await remindOverdueInvoices(database.db, new Date('2026-12-16T05:59:00Z'));
    for (const email of [dueToday, paidEmail, cancelledEmail]) expect(await remindersTo(email), email).toEqual([]);
    for (const id of [notYet.invoiceId, paid.invoiceId, cancelled.invoiceId]) expect(await remindedAt(id)).toBeNull();

    // The next morning the unpaid one is a day late.
    await remindOverdueInvoices(database.db, new Date('2026-12-16T14:00:00Z'));
    expect((await remindersTo(dueToday)).map((m) => m.subject)).toEqual([
      `Invoice INV-${notYet.number} is 1 day past due`,
    ]);
    expect(await remindersTo(paidEmail)).toEqual([]);
    expect(await remindersTo(cancelledEmail)).toEqual([]);
  });

  it('sends one reminder when two sweeps run at the same time', async () => {
    const email = `twice-${kind}@midland-${kind}.example.edu`;
    await invoice(email, '2026-12-01');
    const at = later(30);
    const sent = await Promise.all([
      remindOverdueInvoices(database.db, at),
      remindOverdueInvoices(database.db, at),
      remindOverdueInvoices(database.db, at),
    ]);
    expect(await remindersTo(email)).toHaveLength(1);
    expect(sent.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
  });
});
