import { describe, expect, it } from 'vitest';
import {
  collectionCreateSchema,
  colorCreateSchema,
  discountCodeCreateSchema,
  ordersQuerySchema,
  productCreateSchema,
  productUpdateSchema,
  serviceCreateSchema,
  templateCreateSchema,
  usersQuerySchema,
} from '../../src/lib/admin-schemas/index.ts';

const issues = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('admin payload schemas', () => {
  it('coerce numeric form fields and refuse non-numbers', () => {
    const ok = productCreateSchema.parse({
      name: 'Tee',
      slug: 'tee',
      price_cents: '2500',
      collection: 'city-champ-golf',
      weight_oz: '6.5',
      stock_qty: '',
    });
    expect(ok).toMatchObject({ price_cents: 2500, weight_oz: 6.5, stock_qty: null });
    expect(
      issues(productCreateSchema.safeParse({ name: 'T', slug: 't', price_cents: 'abc', collection: 'c' })),
    ).toHaveProperty('price_cents');
    expect(productCreateSchema.safeParse({ name: 'T', slug: 't', price_cents: 12.5, collection: 'c' }).success).toBe(
      false,
    );
  });

  it('refuse unknown fields', () => {
    const result = colorCreateSchema.safeParse({ name: 'Teal', hex: '#008080', price_cents: 5 });
    expect(result.success).toBe(false);
    expect(JSON.stringify(result.error?.issues)).toContain('price_cents');
    expect(productUpdateSchema.safeParse({ colors: [] }).success).toBe(false);
  });

  it('only know the three discount types, with a clear message', () => {
    const bad = discountCodeCreateSchema.safeParse({ code: 'X1', name: 'X', type: 'bogo', amount_cents: '100' });
    expect(issues(bad)['type']).toBe('Choose Percent off, Dollars off or Free shipping.');
    expect(
      discountCodeCreateSchema.parse({ code: 'X1', name: 'X', type: 'fixed', amount_cents: '100' }).amount_cents,
    ).toBe(100);
    expect(
      issues(discountCodeCreateSchema.safeParse({ code: 'P', name: 'P', type: 'percentage', amount_cents: 20000 })),
    ).toHaveProperty('amount_cents');
  });

  it('check slugs, hex colours, dates, metadata objects and unique bindings', () => {
    expect(issues(collectionCreateSchema.safeParse({ name: 'A', slug: 'Not A Slug' }))).toHaveProperty('slug');
    expect(issues(colorCreateSchema.safeParse({ name: 'A', hex: 'red' }))).toHaveProperty('hex');
    expect(colorCreateSchema.safeParse({ name: 'Clear', hex: '#FFFFFF80' }).success).toBe(true);
    expect(
      issues(
        collectionCreateSchema.safeParse({ name: 'A', slug: 'a', start_date: '2026-05-02', end_date: '2026-05-01' }),
      ),
    ).toHaveProperty('end_date');
    expect(collectionCreateSchema.parse({ name: 'A', slug: 'a', start_date: '' }).start_date).toBeNull();
    expect(issues(collectionCreateSchema.safeParse({ name: 'A', slug: 'a', start_date: '2026-02-30' }))).toHaveProperty(
      'start_date',
    );
    expect(
      issues(serviceCreateSchema.safeParse({ name: 'S', slug: 's', category_id: 'Printing', metadata: [1] })),
    ).toHaveProperty('metadata');
    expect(issues(serviceCreateSchema.safeParse({ name: 'S', slug: 's', category_id: 'Knitting' }))).toHaveProperty(
      'category_id',
    );
    expect(issues(templateCreateSchema.safeParse({ name: 't', subject: 's', bindings: ['a', 'a'] }))['bindings']).toBe(
      'Bindings must be unique.',
    );
  });

  it('want image uploads as pairs of data and content type', () => {
    expect(
      issues(
        productCreateSchema.safeParse({
          name: 'T',
          slug: 't',
          price_cents: 1,
          collection: 'c',
          imageMainBase64: 'AAAA',
        }),
      ),
    ).toHaveProperty('imageMainContentType');
  });

  it('read list queries with defaults, coercion and clear errors', () => {
    expect(ordersQuerySchema.parse({})).toEqual({ limit: 10, offset: 0 });
    expect(
      ordersQuerySchema.parse({ limit: '25', offset: '50', status: 'paid', from: '2026-01-01', email: '' }),
    ).toEqual({
      limit: 25,
      offset: 50,
      status: 'paid',
      from: '2026-01-01',
    });
    expect(ordersQuerySchema.safeParse({ status: 'shipped' }).success).toBe(false);
    expect(ordersQuerySchema.safeParse({ from: '01/02/2026' }).success).toBe(false);
    expect(ordersQuerySchema.safeParse({ limit: '1000' }).success).toBe(false);
    expect(usersQuerySchema.parse({ role: 'admin', search: ' maria ' })).toMatchObject({
      role: 'admin',
      search: 'maria',
    });
  });
});
