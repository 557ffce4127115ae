import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * A provider's report and the test checkout's Pay find what a session pays with one lookup in
 * payment_sessions (src/server/orders/payments/payment-sessions.ts, issue 43), never by probing
 * combined payments, payment requests and orders in turn by their session columns. Each module
 * that resolves a session is read: no query of those tables may match on a session id.
 */
const RESOLVERS = [
  'src/server/workflows/payment-events.ts',
  'src/server/orders/payments/event-session.ts',
  'src/server/orders/payments/request-events.ts',
  'src/server/orders/payments/combined-events.ts',
  'src/server/workflows/test-checkout.ts',
  'src/server/workflows/test-payment.ts',
  'src/server/workflows/combined-test-payment.ts',
  'src/server/orders/session-view.ts',
];
const OWNER_TABLES = ['orders', 'payment_requests', 'combined_payments'];
const SESSION_MATCH = /\.where\(\s*'(?:\w+\.)?(?:payment_session_id|session_id)',\s*'='/;

/** Each `selectFrom(<owner table>)` chain of a file, up to the statement's end. */
function ownerQueries(source: string): { table: string; text: string }[] {
  const queries: { table: string; text: string }[] = [];
  for (const match of source.matchAll(/selectFrom\(\s*'(\w+)(?: as \w+)?'\s*\)/g)) {
    const table = match[1]!;
    if (!OWNER_TABLES.includes(table)) continue;
    const rest = source.slice(match.index);
    const end = rest.search(/\.execute(?:TakeFirst(?:OrThrow)?)?\(|;/);
    queries.push({ table, text: rest.slice(0, end === -1 ? undefined : end) });
  }
  return queries;
}

describe('finding what a payment session pays', () => {
  it.each(RESOLVERS)('%s looks sessions up in payment_sessions, not in their owners', (path) => {
    const source = readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');
    const probes = ownerQueries(source).filter((q) => SESSION_MATCH.test(q.text));
    expect(probes.map((q) => `${q.table}: ${q.text.slice(0, 160)}`)).toEqual([]);
  });

  it('the webhook resolves the session through the one lookup', () => {
    const events = readFileSync(new URL('../../src/server/workflows/payment-events.ts', import.meta.url), 'utf8');
    expect(events).toMatch(/sessionOfEvent\(trx, event\)/);
    const lookup = readFileSync(new URL('../../src/server/orders/payments/event-session.ts', import.meta.url), 'utf8');
    expect(lookup).toMatch(/findPaymentSession\(trx, event\.sessionId\)/);
  });
});
