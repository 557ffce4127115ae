import { describe, expect, it } from 'vitest';
import { toPayload, type ProductForm } from '../../src/admin/screens/ProductFields.tsx';
import { soldOutOnSave, variantPayload } from '../../src/admin/screens/ProductStock.tsx';

/**
 * Issue 44 item 2: in the product form an empty stock cell is "not tracked (made to order)", as
 * the form says, and a new product tracks no stock until the owner turns Track stock on.
 */
const form = (patch: Partial<ProductForm>): ProductForm => ({
  name: 'Made-to-order Tee',
  slug: 'made-to-order-tee',
  price_cents: 1800,
  description: 'A tee.',
  collection: 'west-texas-originals',
  color_ids: ['black', 'white'],
  size_ids: ['m', 'l'],
  variants: [],
  stock_qty: null,
  is_active: true,
  ...patch,
});

describe('the stock of a product form', () => {
  it('sends an empty or blanked cell as not tracked (null), never 0', () => {
    const typed = [
      { color_id: 'black', size_id: 'm', stock_qty: 7 },
      { color_id: 'black', size_id: 'l', stock_qty: null },
    ];
    expect(variantPayload(['black'], ['m', 'l', 'xl'], typed)).toEqual([
      { color_id: 'black', size_id: 'm', stock_qty: 7 },
      { color_id: 'black', size_id: 'l', stock_qty: null },
      { color_id: 'black', size_id: 'xl', stock_qty: null },
    ]);
  });

  it('saves a new product with colours and sizes as made to order', () => {
    const payload = toPayload(form({}));
    expect(payload['variants']).toEqual([
      { color_id: 'black', size_id: 'm', stock_qty: null },
      { color_id: 'black', size_id: 'l', stock_qty: null },
      { color_id: 'white', size_id: 'm', stock_qty: null },
      { color_id: 'white', size_id: 'l', stock_qty: null },
    ]);
    expect(soldOutOnSave(payload)).toBe(false);
  });

  it('sends no counts while Track stock is off, whatever the grid held', () => {
    const variants = [{ color_id: 'black', size_id: 'm', stock_qty: 4 }];
    const off = toPayload(form({ track_stock: false, variants, color_ids: ['black'], size_ids: ['m'] }));
    expect(off['variants']).toEqual([{ color_id: 'black', size_id: 'm', stock_qty: null }]);
    const on = toPayload(form({ track_stock: true, variants, color_ids: ['black'], size_ids: ['m'] }));
    expect(on['variants']).toEqual([{ color_id: 'black', size_id: 'm', stock_qty: 4 }]);
    const single = toPayload(form({ track_stock: false, color_ids: [], size_ids: [], stock_qty: 12 }));
    expect(single).toMatchObject({ variants: [], stock_qty: null });
  });

  it('asks first when the save would publish a product with nothing in stock', () => {
    const zeros = ['m', 'l'].map((size_id) => ({ color_id: 'black', size_id, stock_qty: 0 }));
    const soldOut = toPayload(form({ track_stock: true, variants: zeros, color_ids: ['black'] }));
    expect(soldOutOnSave(soldOut)).toBe(true);
    expect(soldOutOnSave({ ...soldOut, is_active: false })).toBe(false);
    const one = toPayload(
      form({ track_stock: true, variants: [zeros[0]!, { ...zeros[1]!, stock_qty: 1 }], color_ids: ['black'] }),
    );
    expect(soldOutOnSave(one)).toBe(false);
    const partlyMadeToOrder = toPayload(
      form({ track_stock: true, variants: [zeros[0]!, { ...zeros[1]!, stock_qty: null }], color_ids: ['black'] }),
    );
    expect(soldOutOnSave(partlyMadeToOrder)).toBe(false);
    expect(soldOutOnSave({ variants: [], stock_qty: 0, is_active: true })).toBe(true);
    // An edit that leaves stock alone sends none: nothing to ask about.
    expect(soldOutOnSave({ is_active: true })).toBe(false);
  });
});
