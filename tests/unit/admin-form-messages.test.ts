import { describe, expect, it } from 'vitest';
import { schemaErrors, withoutFixed } from '../../src/admin/schema-check.ts';
import {
  collectionCreateSchema,
  productCreateSchema,
  productListQuerySchema,
  serviceCreateSchema,
} from '../../src/lib/admin-schemas/index.ts';

const product = { name: 'Rodeo Tee', slug: 'rodeo-tee', price_cents: 2500, collection: 'ranch-and-rodeo' };

describe('the messages an owner reads when a save is refused', () => {
  it('a product without a collection asks to choose one (not "Slug is required.")', () => {
    expect(schemaErrors(productCreateSchema, { ...product, collection: '' })).toEqual({
      collection: 'Choose a collection.',
    });
    const { collection: _left, ...withoutCollection } = product;
    expect(schemaErrors(productCreateSchema, withoutCollection)).toEqual({ collection: 'Choose a collection.' });
    expect(schemaErrors(productCreateSchema, product)).toBeNull();
  });

  it('a service without a category asks to choose one', () => {
    expect(schemaErrors(serviceCreateSchema, { name: 'Embroidery', slug: 'embroidery' })).toEqual({
      category_id: 'Choose a category.',
    });
  });

  it('keys each message by its field path, as the server does, and checks the body as JSON would carry it', () => {
    const errors = schemaErrors(productCreateSchema, {
      ...product,
      name: ' ',
      // NaN goes over the wire as null: the server would say the price is missing, so the check does too.
      price_cents: Number.NaN,
      price_tiers: [{ min_quantity: 1, unit_price_cents: 100 }],
      // Left out of the JSON, as the server would never see it.
      sku: undefined,
    });
    expect(errors).toMatchObject({
      name: 'Name is required.',
      'price_tiers.0.min_quantity': 'A tier starts at 2 pieces or more.',
    });
    expect(errors).toHaveProperty('price_cents');
    expect(errors).not.toHaveProperty('sku');
    expect(schemaErrors(collectionCreateSchema, { name: 'Fall', slug: 'Fall Market' })).toEqual({
      slug: 'Use lower-case letters, digits and single hyphens, e.g. city-champ-golf.',
    });
  });

  it('a change clears the messages of the fields it touched, rows of a list included', () => {
    const errors = { collection: 'Choose a collection.', 'price_tiers.0.min_quantity': 'x', name: 'y' };
    expect(withoutFixed(errors, ['collection'])).toEqual({ 'price_tiers.0.min_quantity': 'x', name: 'y' });
    expect(withoutFixed(errors, ['price_tiers'])).toEqual({ collection: 'Choose a collection.', name: 'y' });
    expect(withoutFixed(errors, ['description'])).toBe(errors);
  });
});

describe('the Products list query', () => {
  it('pages by 25 by default and knows visible and hidden', () => {
    expect(productListQuerySchema.parse({})).toEqual({ limit: 25, offset: 0 });
    expect(productListQuerySchema.parse({ visibility: 'hidden', search: ' hoodie ', limit: '10' })).toEqual({
      limit: 10,
      offset: 0,
      visibility: 'hidden',
      search: 'hoodie',
    });
    expect(productListQuerySchema.safeParse({ visibility: 'maybe' }).success).toBe(false);
    expect(productListQuerySchema.safeParse({ limit: '500' }).success).toBe(false);
    expect(productListQuerySchema.safeParse({ collection: 'Not A Slug' }).success).toBe(false);
  });
});
