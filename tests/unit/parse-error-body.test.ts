import { describe, expect, it } from 'vitest';
import { parseErrorBody } from '../../src/lib/api-error.ts';

/** The one reader of our JSON error body (DESIGN.md rule 4), used by every browser client. */
describe('parseErrorBody', () => {
  const body = {
    error: {
      code: 'out_of_stock',
      message: 'Only 2 left.',
      fields: { qty: 'Too many' },
      lines: [{ index: 0, productId: 'p', colorId: null, sizeId: null, available: 2, message: 'Only 2 left.' }],
    },
  };

  it('reads code, message, fields and lines from the parsed body or from its text', () => {
    expect(parseErrorBody(body)).toEqual(body.error);
    expect(parseErrorBody(JSON.stringify(body))).toEqual(body.error);
  });

  it('gives nothing for an answer that is not our error body, so the caller falls back', () => {
    for (const other of ['<h1>Bad gateway</h1>', '', null, undefined, { error: 'boom' }, { ok: true }, 42]) {
      expect(parseErrorBody(other)).toEqual({});
    }
  });

  it('keeps only the parts with the right shape; an empty message counts as none', () => {
    expect(parseErrorBody({ error: { code: 7, message: '', fields: 'x', lines: {} } })).toEqual({});
    expect(parseErrorBody({ error: { message: 'Too many tries.' } })).toEqual({ message: 'Too many tries.' });
  });
});
