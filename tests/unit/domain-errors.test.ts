import { describe, expect, it } from 'vitest';
import {
  Conflict,
  type DomainError,
  Failed,
  Forbidden,
  Invalid,
  MethodNotAllowed,
  NotFound,
  Throttled,
  TooLarge,
  Unauthorized,
  Unavailable,
  UnsupportedMedia,
} from '../../src/server/errors.ts';
import { errorResponse, handle } from '../../src/server/http.ts';

async function answerOf(error: DomainError) {
  const res = errorResponse(error);
  return { status: res.status, headers: res.headers, body: (await res.json()) as { error: Record<string, unknown> } };
}

describe('the one mapping from domain errors to API answers', () => {
  it.each([
    [new Invalid('invalid_input', 'Bad.', { fields: { email: 'Enter a valid email' } }), 400],
    [new Unauthorized('invalid_credentials', 'Invalid credentials'), 401],
    [new Forbidden('cross_origin', 'No.'), 403],
    [new NotFound('not_found', 'There is no such thing.'), 404],
    [new MethodNotAllowed('PATCH', ['GET', 'PUT']), 405],
    [new Conflict('out_of_stock', 'Sold out.'), 409],
    [new TooLarge('payload_too_large', 'Too big.'), 413],
    [new UnsupportedMedia('unsupported_media_type', 'Send JSON.'), 415],
    [new Throttled('throttled', 'Slow down.', 30), 429],
    [new Failed('webhook_failed', 'Retry later.'), 500],
    [new Unavailable('unavailable', 'Briefly down.', 5), 503],
  ])('%o answers %i with its code and message', async (error, status) => {
    const answer = await answerOf(error);
    expect(answer.status).toBe(status);
    expect(answer.body.error).toMatchObject({ code: error.code, message: error.message });
    expect(answer.headers.get('content-type')).toContain('application/json');
    expect(answer.headers.get('cache-control')).toBe('no-store');
  });

  it('keeps fields and the lines a conflict is about', async () => {
    const line = { index: 0, productId: 'p', colorId: null, sizeId: null, available: 2, message: 'Only 2 left' };
    const answer = await answerOf(new Conflict('out_of_stock', 'Sold out.', { fields: { x: 'y' }, lines: [line] }));
    expect(answer.body.error).toEqual({
      code: 'out_of_stock',
      message: 'Sold out.',
      fields: { x: 'y' },
      lines: [line],
    });
  });

  it('says when to retry, how to sign in and what is allowed, in headers', async () => {
    expect((await answerOf(new Throttled('throttled', 'Slow down.', 42))).headers.get('retry-after')).toBe('42');
    expect((await answerOf(new Unavailable('unavailable', 'Down.', 5))).headers.get('retry-after')).toBe('5');
    const challenge = 'Bearer realm="admin"';
    expect(
      (await answerOf(new Unauthorized('unauthorized', 'Sign in.', challenge))).headers.get('www-authenticate'),
    ).toBe(challenge);
    expect((await answerOf(new Unauthorized('invalid_credentials', 'No.'))).headers.has('www-authenticate')).toBe(
      false,
    );
    expect((await answerOf(new MethodNotAllowed('PATCH', ['GET', 'PUT']))).headers.get('allow')).toBe('GET, PUT');
  });

  it('renames fields without losing what kind of error it is', async () => {
    const renamed = new Throttled('throttled', 'Slow down.', 9, {
      fields: { 'items.0.quantity': 'Too many' },
    }).withFields({
      quantity: 'Too many',
    });
    const answer = await answerOf(renamed);
    expect(answer.status).toBe(429);
    expect(answer.headers.get('retry-after')).toBe('9');
    expect(answer.body.error['fields']).toEqual({ quantity: 'Too many' });
    // The words stay too (an Error's message is not an enumerable property to copy).
    expect(renamed.message).toBe('Slow down.');
    expect(answer.body.error['message']).toBe('Slow down.');
  });
});

describe('handle()', () => {
  const request = (origin?: string) =>
    new Request('http://localhost/api/x', { method: 'POST', headers: origin ? { origin } : {} });

  it('answers a thrown domain error with its mapping and the API headers', async () => {
    const res = await handle(async () => {
      throw new NotFound('not_found', 'Nope.');
    })(request(), {});
    expect(res.status).toBe(404);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('refuses another site before the body runs, and hides unexpected errors as 500', async () => {
    let ran = false;
    const foreign = await handle(async () => {
      ran = true;
      return new Response('ok');
    })(request('https://evil.example'), {});
    expect(foreign.status).toBe(403);
    expect(ran).toBe(false);
    const crash = await handle(async () => {
      throw new TypeError('secret detail');
    })(request(), {});
    expect(crash.status).toBe(500);
    expect(JSON.stringify(await crash.json())).not.toContain('secret detail');
  });
});
