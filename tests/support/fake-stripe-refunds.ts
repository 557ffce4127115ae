import type { IncomingHttpHeaders } from 'node:http';

/**
 * The stand-in's Refunds API (POST /v1/refunds) with Stripe's idempotency rules: the first
 * request with an Idempotency-Key is answered and its answer kept; a repeat with the same
 * parameters gets that same answer (the same refund, made once) with `Idempotent-Replayed:
 * true`; a repeat with other parameters is a 400 idempotency_error. (Stripe also answers 409
 * to a repeat that arrives while the first still runs; here a request runs at once.) A request that fails before it runs
 * (failWith) keeps nothing, as Stripe keeps nothing for a request that never started.
 */
type Json = Record<string, unknown>;

export interface FakeRefunds {
  /** Every refund made, in order (a replayed answer makes none). */
  made: Json[];
  /** How many answers were replays of an earlier one. */
  replayed: number;
  /** Until cleared, refuse new refunds with this Stripe error code (400 invalid_request_error). */
  refuseWith: string | null;
  /** Until cleared, make each new refund but never answer (the caller is left waiting). */
  holdAnswers: boolean;
}

export interface RefundAnswer {
  status: number;
  body: Json;
  headers?: Record<string, string>;
  /** No answer at all: the request hangs. */
  hold?: boolean;
}

interface Kept {
  params: string;
  answer: RefundAnswer;
}

export function fakeRefunds(
  payments: Map<string, { amount: number; amountRefunded: number }>,
  nextId: (prefix: string) => string,
) {
  const kept = new Map<string, Kept>();
  const state: FakeRefunds = { made: [], replayed: 0, refuseWith: null, holdAnswers: false };

  function create(body: Json): RefundAnswer {
    if (state.refuseWith) {
      return invalid(400, state.refuseWith, `This charge cannot be refunded (${state.refuseWith}).`);
    }
    const intent = String(body['payment_intent'] ?? '');
    const payment = payments.get(intent);
    if (!payment) return invalid(404, 'resource_missing', `No such payment_intent: '${intent}'`);
    const amount = body['amount'] === undefined ? payment.amount - payment.amountRefunded : Number(body['amount']);
    if (amount > payment.amount - payment.amountRefunded) {
      return invalid(
        400,
        'amount_too_large',
        `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge`,
      );
    }
    payment.amountRefunded += amount;
    const refund = {
      id: nextId('re_'),
      object: 'refund',
      amount,
      currency: 'usd',
      payment_intent: intent,
      charge: `ch_${intent.slice(3)}`,
      status: 'succeeded',
      metadata: body['metadata'] ?? {},
      created: Math.floor(Date.now() / 1000),
    };
    state.made.push(refund);
    return { status: 200, body: refund, hold: state.holdAnswers };
  }

  /** Answers POST /v1/refunds as Stripe would, idempotency included. */
  function handle(headers: IncomingHttpHeaders, body: Json): RefundAnswer {
    const key = String(headers['idempotency-key'] ?? '');
    if (!key) return create(body);
    const params = JSON.stringify(body);
    const earlier = kept.get(key);
    if (earlier && earlier.params !== params) {
      return idempotencyError(
        400,
        `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
      );
    }
    if (earlier) {
      state.replayed++;
      return { ...earlier.answer, hold: state.holdAnswers, headers: { 'idempotent-replayed': 'true' } };
    }
    const answer = create(body);
    kept.set(key, { params, answer: { status: answer.status, body: answer.body } });
    return answer;
  }

  return { state, handle };
}

function invalid(status: number, code: string, message: string): RefundAnswer {
  return { status, body: { error: { type: 'invalid_request_error', code, message } } };
}

function idempotencyError(status: number, message: string): RefundAnswer {
  return { status, body: { error: { type: 'idempotency_error', message } } };
}
