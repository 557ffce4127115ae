import type { Context } from '@netlify/functions';
import Stripe from 'stripe';
import { afterAll, beforeAll } from 'vitest';
import { callFunction } from './call-function.ts';
import { type FakeRefunds, fakeRefunds } from './fake-stripe-refunds.ts';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for api.stripe.com that speaks its wire format: form-encoded requests with
 * bracketed keys (line_items[0][price_data][unit_amount]=...) in, JSON objects shaped like
 * Stripe's out. It keeps what it was sent, so a test can assert the exact request the real
 * SDK made, and computes a session's amount_total the way Stripe does from those parameters.
 */
export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: Record<string, unknown>;
}

type Json = Record<string, unknown>;

export interface FakeStripe {
  url: string;
  requests: RecordedRequest[];
  sessions: Map<string, Json>;
  /**
   * Until cleared, answer every request with this HTTP status and a Stripe api_error, or with
   * 'timeout' never answer at all (the request is recorded, the socket left open).
   */
  failWith: number | 'timeout' | null;
  /** Marks a session paid the way Stripe does (status complete, a PaymentIntent); answers its id. */
  pay(sessionId: string): string;
  /** PaymentIntent id -> what was charged and how much of it Stripe has refunded. */
  payments: Map<string, { amount: number; amountRefunded: number }>;
  /** The Refunds API: refunds made, replays answered, and switches to refuse or hold them. */
  refunds: FakeRefunds;
  close(): Promise<void>;
}

/** Parses `a[b][0][c]=1&...` into nested objects; numeric keys become arrays. */
export function parseStripeForm(text: string): Record<string, unknown> {
  const root: Json = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const parts = key.replace(/\]/g, '').split('[');
    let node: Json = root;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) node[part] = value;
      else {
        node[part] ??= {};
        node = node[part] as Json;
      }
    });
  }
  return toArrays(root) as Json;
}

function toArrays(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value as Json).map(([k, v]) => [k, toArrays(v)] as const);
  if (entries.length > 0 && entries.every(([k]) => /^\d+$/.test(k))) {
    return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, v]) => v);
  }
  return Object.fromEntries(entries);
}

let counter = 0;
const nextId = (prefix: string) => `${prefix}${Date.now().toString(36)}${(counter++).toString(36).padStart(4, '0')}`;

export async function startFakeStripe(): Promise<FakeStripe> {
  const requests: RecordedRequest[] = [];
  const sessions = new Map<string, Json>();
  const lineItems = new Map<string, Json[]>();
  const coupons = new Map<string, Json>();
  const payments = new Map<string, { amount: number; amountRefunded: number }>();
  const refunds = fakeRefunds(payments, nextId);
  const state = { failWith: null as number | 'timeout' | null };

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stripe.local');
      const text = Buffer.concat(chunks).toString('utf8');
      const body = req.method === 'GET' ? parseStripeForm(url.search.slice(1)) : parseStripeForm(text);
      requests.push({ method: req.method ?? 'GET', path: url.pathname, headers: req.headers, body });
      const send = (status: number, payload: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': nextId('req_') });
        res.end(JSON.stringify(payload));
      };
      if (state.failWith === 'timeout') return;
      if (state.failWith) {
        return send(state.failWith, { error: { type: 'api_error', message: 'Stripe is having a bad day.' } });
      }
      const match = (pattern: RegExp) => pattern.exec(url.pathname);
      let m: RegExpExecArray | null;

      if (req.method === 'POST' && url.pathname === '/v1/coupons') {
        const coupon = {
          id: nextId('co_'),
          object: 'coupon',
          amount_off: Number(body['amount_off']),
          currency: body['currency'],
          duration: body['duration'],
          max_redemptions: Number(body['max_redemptions']),
          name: body['name'],
          valid: true,
          metadata: body['metadata'] ?? {},
        };
        coupons.set(coupon.id, coupon);
        return send(200, coupon);
      }
      if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        // Gone from Checkout Sessions since API version 2026-09-30.endive (the SDK's): Stripe answers 400.
        if (body['payment_method_types'] !== undefined) {
          return send(400, {
            error: {
              type: 'invalid_request_error',
              code: 'payment_method_types_no_longer_supported',
              param: 'payment_method_types',
              message: 'Use allowed_payment_method_types, or manage payment methods in the Dashboard.',
            },
          });
        }
        const id = nextId('cs_test_');
        const items = (body['line_items'] as Json[]).map((li, i) => {
          const price = li['price_data'] as Json;
          const quantity = Number(li['quantity']);
          const subtotal = Number(price['unit_amount']) * quantity;
          return {
            id: `li_${id}_${i}`,
            object: 'item',
            description: (price['product_data'] as Json)['name'],
            quantity,
            amount_subtotal: subtotal,
            amount_total: subtotal,
            amount_discount: 0,
            amount_tax: 0,
            currency: 'usd',
          } as Json;
        });
        const subtotal = items.reduce((s, li) => s + (li['amount_subtotal'] as number), 0);
        const discounts = (body['discounts'] as Json[] | undefined) ?? [];
        const discount = discounts.reduce((s, d) => {
          const coupon = coupons.get(d['coupon'] as string);
          if (!coupon) throw new Error(`unknown coupon ${String(d['coupon'])}`);
          return s + (coupon['amount_off'] as number);
        }, 0);
        const option = (body['shipping_options'] as Json[] | undefined)?.[0]?.['shipping_rate_data'] as
          | Json
          | undefined;
        const shipping = option ? Number((option['fixed_amount'] as Json)['amount']) : 0;
        const session = {
          id,
          object: 'checkout.session',
          mode: body['mode'],
          url: `https://checkout.stripe.test/c/pay/${id}`,
          status: 'open',
          payment_status: 'unpaid',
          currency: 'usd',
          amount_subtotal: subtotal,
          amount_total: subtotal - Math.min(discount, subtotal) + shipping,
          total_details: { amount_discount: Math.min(discount, subtotal), amount_shipping: shipping, amount_tax: 0 },
          client_reference_id: body['client_reference_id'] ?? null,
          expires_at: Number(body['expires_at']),
          success_url: body['success_url'],
          cancel_url: body['cancel_url'],
          metadata: body['metadata'] ?? {},
          // What the session offers: the allowed types, or what the Dashboard enables (card here).
          payment_method_types: (body['allowed_payment_method_types'] as string[] | undefined) ?? ['card'],
          customer_details: null,
          collected_information: null,
          payment_intent: null,
        };
        sessions.set(id, session);
        lineItems.set(id, items);
        return send(200, session);
      }
      if (req.method === 'POST' && url.pathname === '/v1/refunds') {
        const answer = refunds.handle(req.headers, body);
        if (answer.hold) return;
        res.writeHead(answer.status, {
          'content-type': 'application/json',
          'request-id': nextId('req_'),
          ...answer.headers,
        });
        return res.end(JSON.stringify(answer.body));
      }
      m = match(/^\/v1\/checkout\/sessions\/([^/]+)\/line_items$/);
      if (req.method === 'GET' && m) {
        const items = lineItems.get(m[1]!);
        if (!items) return send(404, { error: { type: 'invalid_request_error', code: 'resource_missing' } });
        return send(200, { object: 'list', data: items, has_more: false, url: url.pathname });
      }
      m = match(/^\/v1\/checkout\/sessions\/([^/]+)\/expire$/);
      if (req.method === 'POST' && m) {
        const session = sessions.get(m[1]!);
        if (!session) return send(404, { error: { type: 'invalid_request_error', code: 'resource_missing' } });
        // As Stripe: only an open session expires; a paid one stays paid.
        if (session['status'] !== 'open') {
          return send(400, {
            error: {
              type: 'invalid_request_error',
              message: 'Only Checkout Sessions with a status in ["open"] can be expired.',
            },
          });
        }
        session['status'] = 'expired';
        return send(200, session);
      }
      m = match(/^\/v1\/checkout\/sessions\/([^/]+)$/);
      if (req.method === 'GET' && m) {
        const session = sessions.get(m[1]!);
        if (!session) {
          return send(404, {
            error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such checkout.session' },
          });
        }
        return send(200, session);
      }
      return send(404, {
        error: { type: 'invalid_request_error', message: `Unrecognized request URL ${url.pathname}` },
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    sessions,
    payments,
    refunds: refunds.state,
    pay(sessionId: string) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      const intent = nextId('pi_');
      Object.assign(session, { status: 'complete', payment_status: 'paid', payment_intent: intent });
      payments.set(intent, { amount: session['amount_total'] as number, amountRefunded: 0 });
      return intent;
    },
    get failWith() {
      return state.failWith;
    },
    set failWith(value) {
      state.failWith = value;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Requests left hanging by 'timeout' would otherwise keep the server open.
        server.closeAllConnections();
      }),
  };
}

/** Delivers a Stripe event to the webhook function, signed the way Stripe signs it. */
export function deliverStripeEvent(
  webhook: (req: Request, context: Context) => Promise<Response>,
  event: { id: string; type: string; object: Record<string, unknown>; secret: string },
) {
  const payload = JSON.stringify({
    id: event.id,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type: event.type,
    data: { object: event.object },
  });
  const signature = signer.webhooks.generateTestHeaderString({ payload, secret: event.secret });
  return callFunction(webhook, '/api/stripe/webhook', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body: payload,
  });
}

const signer = new Stripe('sk_test_signer');

const STRIPE_ENV_KEYS = ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_API_BASE'] as const;

/**
 * Makes the whole test file Stripe-configured against a fake of its own (the server config reads
 * these variables once, on first use), and puts the variables back after it. The fake is
 * `.fake` of the answer, set once the file's first beforeAll has run.
 */
export function fakeStripeForFile(webhookSecret: string): { fake: FakeStripe } {
  const holder = {} as { fake: FakeStripe };
  const saved: Partial<Record<(typeof STRIPE_ENV_KEYS)[number], string | undefined>> = {};
  beforeAll(async () => {
    holder.fake = await startFakeStripe();
    for (const key of STRIPE_ENV_KEYS) saved[key] = process.env[key];
    process.env['STRIPE_SECRET_KEY'] = 'sk_test_print_shop';
    process.env['STRIPE_WEBHOOK_SECRET'] = webhookSecret;
    process.env['STRIPE_API_BASE'] = holder.fake.url;
  });
  afterAll(async () => {
    for (const key of STRIPE_ENV_KEYS) {
      if (saved[key] === undefined) delete process.env[key];
      else process.env[key] = saved[key];
    }
    await holder.fake?.close();
  });
  return holder;
}
