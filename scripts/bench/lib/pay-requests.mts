/**
 * The API benchmark's "pay a payment request" scenario (docs/decisions/0029-deposits.md): paid orders that owe more
 * since (their total grew), each with an open payment request of the owner's, and the customer's
 * Pay as the browser makes it on the built-in test checkout: the order page's Pay form
 * (POST /orders/:token, answer=pay) answers 303 to the test payment page, whose Pay
 * (POST /test-payment/:session) records the payment and answers 303 back to the order page.
 * A request can be paid once, so each connection takes the next unpaid one; afterwards every
 * request is checked against the payments recorded for it.
 */
import { type Kysely, sql } from 'kysely';
import { type RequestAsk, requestAmountNow } from '../../../src/lib/orders/order-balance.ts';
import type { Database } from '../../../src/server/db/types.ts';
import { signLink } from '../../../src/server/links/signed-links.ts';
import type { Scenario } from './load.mts';

export const PAY_REQUEST = 'pay a payment request';
/** Its p99 is judged against the plain checkout's in the same run. */
export const PAY_REQUEST_MAX_RATIO = 1.5;
const NOTE = 'Bench: the rest of the order';

export interface PayableRequest {
  requestId: string;
  orderId: string;
  /** The order page's path, with its signed token. */
  page: string;
  /** What the request asks (and so what paying it records). */
  amountCents: number;
  /** What the order owed before it was paid. */
  owedCents: number;
  totalCents: number;
}

interface SeededRow {
  request_id: string;
  order_id: string;
  kind: 'balance' | 'share' | 'amount';
  share_percent: number | null;
  amount_cents: number | null;
  total_cents: number;
  owed: number;
}

const askOf = (row: SeededRow): RequestAsk =>
  row.kind === 'share'
    ? { kind: 'share', sharePercent: row.share_percent! }
    : row.kind === 'amount'
      ? { kind: 'amount', amountCents: row.amount_cents! }
      : { kind: 'balance' };

/**
 * `count` paid orders, each with its checkout's payment and a total that grew by $50-$200 since,
 * and one open request for the balance, a 50 % share or a typed amount (a third each), asked now
 * (so the shop's sweep has no reminder to send during the run). Call it before the order book:
 * they are part of its 10,000 orders. `secret` signs the order pages' links as the shop does.
 */
export async function preparePaymentRequests(
  db: Kysely<Database>,
  count: number,
  secret: Buffer,
): Promise<PayableRequest[]> {
  await sql`
    insert into orders (email, status, fulfillment, subtotal_cents, total_cents, paid_at, created_at, stage,
                        payment_provider, payment_session_id)
    select 'payer' || g || '@bench.example', 'paid', case when g % 5 = 0 then 'local' else 'shipping' end,
           20000 + (g * 37) % 60000, 20000 + (g * 37) % 60000,
           now() - make_interval(mins => g * 3), now() - make_interval(mins => g * 3 + 20),
           (array['awaiting_artwork', 'proof_sent', 'approved', 'in_production'])[1 + g % 4],
           'embedded', 'test_payer_' || g
    from generate_series(1, ${count}) g`.execute(db);
  // What each order owes: 5,000-19,999 cents of a total of at least 20,000; the rest was paid.
  const owed = sql`(5000 + o.total_cents % 15000)`;
  await sql`
    insert into order_payments (order_id, amount_cents, method, provider, provider_session_id, paid_at)
    select o.id, o.total_cents - ${owed}, 'test', 'embedded', o.payment_session_id, o.paid_at
    from orders o where o.email like 'payer%@bench.example'`.execute(db);
  const { rows } = await sql<SeededRow>`
    with asked as (
      insert into payment_requests (order_id, kind, share_percent, amount_cents, note)
      select o.id, k.kind, case when k.kind = 'share' then 50 end,
             case when k.kind = 'amount' then ${owed} - 1000 end, ${NOTE}
      from orders o
      cross join lateral (
        select (array['balance', 'share', 'amount'])[1 + (o.total_cents / 37) % 3] as kind
      ) k
      where o.email like 'payer%@bench.example'
      returning id, order_id, kind, share_percent, amount_cents
    )
    select a.id as request_id, a.order_id, a.kind, a.share_percent, a.amount_cents, o.total_cents,
           ${owed}::int as owed
    from asked a join orders o on o.id = a.order_id
    order by o.created_at desc`.execute(db);
  return rows.map((row) => ({
    requestId: row.request_id,
    orderId: row.order_id,
    page: `/orders/${signLink('order', row.order_id, { secret })}`,
    amountCents: requestAmountNow(askOf(row), {
      totalCents: row.total_cents,
      paidCents: row.total_cents - row.owed,
      refundedCents: 0,
    }),
    owedCents: row.owed,
    totalCents: row.total_cents,
  }));
}

interface PayContext {
  request?: PayableRequest | undefined;
  /** The test payment page the order page's Pay answered with. */
  paymentPage?: string | undefined;
}

export interface PayRun {
  scenario: Scenario;
  /** How many requests connections have taken so far. */
  taken: () => number;
  /** Requests whose test payment page answered 303 (paid, back to the order page). */
  answeredPaid: Set<string>;
}

/**
 * The customer's Pay, two posts per request, at `connections`: each connection takes the next
 * request; the round is bounded so the requests cannot run out (a connection builds its first
 * request before it sends anything, so each holds one in reserve).
 */
export function payRequestScenario(
  origin: string,
  seconds: number,
  payable: PayableRequest[],
  connections: number,
): PayRun {
  let next = 0;
  const answeredPaid = new Set<string>();
  const form = { 'content-type': 'application/x-www-form-urlencoded', origin };
  const scenario: Scenario = {
    name: PAY_REQUEST,
    call: 'POST /orders/:token (Pay), then POST /test-payment/:session',
    requests: [
      {
        method: 'POST',
        path: payable[0]!.page,
        headers: form,
        setupRequest: (request, context) => {
          const taken = payable[Math.min(next++, payable.length - 1)]!;
          (context as PayContext).request = taken;
          return { ...request, path: taken.page, body: `answer=pay&request=${taken.requestId}` };
        },
        onResponse: (status, _body, context, headers = {}) => {
          const location = Object.entries(headers).find(([name]) => name.toLowerCase() === 'location')?.[1];
          (context as PayContext).paymentPage =
            status === 303 && location ? new URL(String(location), origin).pathname : undefined;
        },
      },
      {
        method: 'POST',
        path: '/test-payment/none',
        headers: { origin },
        // No payment page (the first post was refused): start over with the next request.
        setupRequest: (request, context) => {
          const page = (context as PayContext).paymentPage;
          return (page ? { ...request, path: page } : null) as typeof request;
        },
        onResponse: (status, _body, context) => {
          const taken = (context as PayContext).request;
          if (status === 303 && taken) answeredPaid.add(taken.requestId);
        },
      },
    ],
    connections,
    seconds,
    expected: [303],
  };
  // Read when each round starts: two posts per request still left, less each connection's reserve.
  Object.defineProperty(scenario, 'maxRequests', {
    enumerable: true,
    get: () => Math.max(0, 2 * (payable.length - next - connections)),
  });
  return { scenario, taken: () => next, answeredPaid };
}

export interface PaidRequestsCheck {
  ok: boolean;
  /** Requests connections took (warm-up included). */
  taken: number;
  /** Requests the test payment page answered 303 for. */
  answeredPaid: number;
  /** Requests marked paid, and the payments recorded for them. */
  paid: number;
  payments: number;
  /** Pay opened, not paid: the run stopped between a request's two posts. */
  openedNotPaid: number;
  problems: string[];
}

/**
 * Nothing lost or counted twice: each paid request has exactly one payment, of what it asked;
 * no open request has one; every 303 from the payment page is a paid request; and each order's
 * payments add up to its checkout's plus its request's when paid.
 */
export async function checkPaidRequests(db: Kysely<Database>, payable: PayableRequest[], run: PayRun) {
  const byId = new Map(payable.map((p) => [p.requestId, p]));
  const { rows } = await sql<{ id: string; status: string; opened: boolean; payments: number; cents: number }>`
    select r.id, r.status, r.session_id is not null as opened,
           count(p.id)::int as payments, coalesce(sum(p.amount_cents), 0)::int as cents
    from payment_requests r left join order_payments p on p.request_id = r.id
    where r.note = ${NOTE}
    group by r.id`.execute(db);
  const totals = await sql<{ order_id: string; cents: number }>`
    select p.order_id, sum(p.amount_cents)::int as cents from order_payments p
    join orders o on o.id = p.order_id where o.email like 'payer%@bench.example'
    group by p.order_id`.execute(db);
  const orderPaid = new Map(totals.rows.map((r) => [r.order_id, r.cents]));
  const problems: string[] = [];
  let paid = 0;
  let payments = 0;
  let openedNotPaid = 0;
  for (const row of rows) {
    const asked = byId.get(row.id);
    if (!asked) {
      problems.push(`request ${row.id} is not one the bench seeded`);
      continue;
    }
    payments += row.payments;
    const isPaid = row.status === 'paid';
    if (isPaid) paid++;
    else if (row.opened) openedNotPaid++;
    if (isPaid && (row.payments !== 1 || row.cents !== asked.amountCents))
      problems.push(`paid request ${row.id}: ${row.payments} payments, ${row.cents} cents for ${asked.amountCents}`);
    if (!isPaid && row.payments > 0) problems.push(`${row.status} request ${row.id} has ${row.payments} payments`);
    if (run.answeredPaid.has(row.id) && !isPaid) problems.push(`request ${row.id} answered paid but is ${row.status}`);
    const expected = asked.totalCents - asked.owedCents + (isPaid ? asked.amountCents : 0);
    if (orderPaid.get(asked.orderId) !== expected)
      problems.push(`order ${asked.orderId}: ${orderPaid.get(asked.orderId)} cents paid, ${expected} expected`);
  }
  if (rows.length !== payable.length) problems.push(`${rows.length} requests found of ${payable.length} seeded`);
  if (paid > run.taken()) problems.push(`${paid} requests paid, but only ${run.taken()} were taken`);
  return {
    ok: problems.length === 0,
    taken: Math.min(run.taken(), payable.length),
    answeredPaid: run.answeredPaid.size,
    paid,
    payments,
    openedNotPaid,
    problems: problems.slice(0, 20),
  } satisfies PaidRequestsCheck;
}
