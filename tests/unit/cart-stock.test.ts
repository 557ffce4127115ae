import { describe, expect, it } from 'vitest';
import type { CartItem } from '../../src/lib/cart/cart-item.ts';
import type { RefreshedLine } from '../../src/lib/cart/cart-schema.ts';
import {
  applyRefresh,
  clampToStock,
  lineKey,
  lineMax,
  lineNotice,
  mergePriceChanges,
  needsAttention,
  refreshChangesCart,
  refreshPayload,
  stockFromConflict,
} from '../../src/lib/browser/cart-stock.ts';

const CAP = '5f0c5b7e-8f7a-4a51-9a53-0b6a6c7d8e90';
const TEE = '6a1d6c8f-9a8b-4b62-8b64-1c7b7d8e9fa1';
const NAVY = '7b2e7d90-ab9c-4c73-9c75-2d8c8e9fa0b2';
const item = (over: Partial<CartItem> = {}): CartItem => ({
  productId: CAP,
  name: 'City Champ Rope Cap',
  price_cents: 2800,
  colorId: NAVY,
  colorName: 'Navy',
  sizeId: null,
  sizeName: null,
  quantity: 2,
  image_main_url: null,
  collection: 'city-champ-golf',
  ...over,
});
const fresh = (over: Partial<RefreshedLine> = {}): RefreshedLine => ({
  productId: CAP,
  colorId: NAVY,
  sizeId: null,
  purchasable: true,
  price_cents: 2800,
  available: 10,
  message: null,
  ...over,
});

describe('cart stock limits (docs/decisions/0013-trust-audit.md item 6)', () => {
  it('stops the stepper at the stock left, at 999 when there is no known limit', () => {
    expect(lineMax({ available: 2, unavailable: null })).toBe(2);
    expect(lineMax({ available: null, unavailable: null })).toBe(999);
    expect(lineMax(undefined)).toBe(999);
    expect(lineMax({ available: 5000, unavailable: null })).toBe(999);
  });

  it('clamps a typed or stepped quantity to the stock, but never a sold-out line to 0', () => {
    expect(clampToStock(5, { available: 2, unavailable: null })).toBe(2);
    expect(clampToStock(1, { available: 2, unavailable: null })).toBe(1);
    expect(clampToStock(3, { available: 0, unavailable: null })).toBe(3);
    expect(clampToStock(40, undefined)).toBe(40);
  });

  it('says "only N left" at the limit or at 3 or fewer, and offers a fix when the cart holds more', () => {
    expect(lineNotice(2, undefined)).toBeNull();
    expect(lineNotice(2, { available: 10, unavailable: null })).toBeNull();
    expect(lineNotice(10, { available: 10, unavailable: null })).toEqual({ kind: 'low', available: 10 });
    expect(lineNotice(1, { available: 3, unavailable: null })).toEqual({ kind: 'low', available: 3 });
    expect(lineNotice(5, { available: 2, unavailable: null })).toEqual({ kind: 'over', available: 2 });
    expect(lineNotice(1, { available: 0, unavailable: null })).toEqual({ kind: 'sold-out' });
    expect(lineNotice(1, { available: null, unavailable: null })).toBeNull();
    expect(lineNotice(1, { available: 0, unavailable: 'Cap is no longer available.' })).toEqual({
      kind: 'unavailable',
      message: 'Cap is no longer available.',
    });
  });

  it('needs attention only while a line is over its stock, sold out or unavailable', () => {
    const cap = item({ quantity: 2 });
    expect(needsAttention([cap], { [lineKey(cap)]: { available: 2, unavailable: null } })).toBe(false);
    expect(needsAttention([cap], { [lineKey(cap)]: { available: 1, unavailable: null } })).toBe(true);
    expect(needsAttention([cap], { [lineKey(cap)]: { available: 0, unavailable: 'gone' } })).toBe(true);
    expect(needsAttention([cap], {})).toBe(false);
  });

  it('reads the lines of a checkout 409 into stock per line', () => {
    const ids = { productId: CAP, colorId: NAVY, sizeId: null };
    expect(
      stockFromConflict('out_of_stock', [{ index: 0, ...ids, available: 1, message: 'Only 1 left of Cap.' }]),
    ).toEqual({ [lineKey(ids)]: { available: 1, unavailable: null } });
    expect(
      stockFromConflict('product_unavailable', [
        { index: 0, ...ids, available: 0, message: 'Cap is no longer available.' },
      ]),
    ).toEqual({ [lineKey(ids)]: { available: 0, unavailable: 'Cap is no longer available.' } });
  });
});

describe('cart refresh (docs/decisions/0013-trust-audit.md item 7)', () => {
  it('asks for what names each line and its quantity (which chooses its tier price)', () => {
    expect(refreshPayload([item()])).toEqual({
      items: [{ productId: CAP, colorId: NAVY, sizeId: null, quantity: item().quantity }],
    });
  });

  it('takes the price checkout would charge now and notes the change', () => {
    const cap = item({ price_cents: 3900 });
    const tee = item({ productId: TEE, colorId: null, price_cents: 2600 });
    const result = applyRefresh(
      [cap, tee],
      // The answer in another order than the cart: lines are matched by what makes them a line.
      [
        fresh({ productId: TEE, colorId: null, price_cents: 2600, available: null }),
        fresh({ price_cents: 4200, available: 3 }),
      ],
    );
    expect(result.items.map((i) => i.price_cents)).toEqual([4200, 2600]);
    expect(result.changes).toEqual([
      { productId: CAP, colorId: NAVY, sizeId: null, name: 'City Champ Rope Cap', from: 3900, to: 4200 },
    ]);
    expect(result.stock).toEqual({
      [lineKey(cap)]: { available: 3, unavailable: null },
      [lineKey(tee)]: { available: null, unavailable: null },
    });
    expect(result.items[1]).toBe(tee);
  });

  it('keeps the tier price the cart computed when the pieces changed while the answer was on its way', () => {
    // 12 sent (tier $19.00); the customer took one off (the cart shows $24.00 at 11) before the answer came.
    const sent = item({ quantity: 12, price_cents: 1900 });
    const now = item({ quantity: 11, price_cents: 2400 });
    const result = applyRefresh([now], [fresh({ price_cents: 1900, available: 30 })], [sent]);
    expect(result.items).toEqual([now]);
    expect(result.changes).toEqual([]);
    expect(result.stock[lineKey(now)]).toEqual({ available: 30, unavailable: null });
    // With the pieces as sent, a changed price is taken and shown.
    const same = applyRefresh([sent], [fresh({ price_cents: 2000, available: 30 })], [sent]);
    expect(same.items[0]!.price_cents).toBe(2000);
    expect(same.changes).toHaveLength(1);
  });

  it('keeps the price of a line that cannot be bought, and marks it with the reason', () => {
    const cap = item();
    const result = applyRefresh(
      [cap],
      [fresh({ purchasable: false, price_cents: null, available: 0, message: 'Cap is no longer available.' })],
    );
    expect(result.items).toEqual([cap]);
    expect(result.changes).toEqual([]);
    expect(result.stock[lineKey(cap)]).toEqual({ available: 0, unavailable: 'Cap is no longer available.' });
  });

  it('leaves a line the answer does not name (added while the refresh was on its way) as it is', () => {
    const cap = item();
    const result = applyRefresh([cap], []);
    expect(result.items).toEqual([cap]);
    expect(result.stock).toEqual({});
  });

  it('remembers the price first shown, and forgets a change that went back', () => {
    const ids = { productId: CAP, colorId: NAVY, sizeId: null, name: 'Cap' };
    const first = mergePriceChanges([], [{ ...ids, from: 3900, to: 4200 }]);
    expect(mergePriceChanges(first, [{ ...ids, from: 4200, to: 4500 }])).toEqual([{ ...ids, from: 3900, to: 4500 }]);
    expect(mergePriceChanges(first, [{ ...ids, from: 4200, to: 3900 }])).toEqual([]);
    expect(mergePriceChanges(first, [])).toEqual(first);
  });
});

describe('whether a refresh shows the cart something its first paint could not (docs/decisions/0028-owner-and-receipts.md)', () => {
  const cap = item();
  const key = lineKey(cap);
  it('says nothing new when every line keeps its price and has plenty in stock or no limit', () => {
    expect(refreshChangesCart([cap], { [key]: { available: 10, unavailable: null } }, [])).toBe(false);
    expect(refreshChangesCart([cap], { [key]: { available: null, unavailable: null } }, [])).toBe(false);
    // No answer (the refresh failed): the cart as stored is all there is to show.
    expect(refreshChangesCart([cap], {}, [])).toBe(false);
  });

  it('finds news in a changed price or in any stock notice: few left, over, sold out, unavailable', () => {
    const change = { productId: CAP, colorId: NAVY, sizeId: null, name: cap.name, from: 2800, to: 3100 };
    expect(refreshChangesCart([cap], { [key]: { available: 10, unavailable: null } }, [change])).toBe(true);
    for (const stock of [
      { available: 3, unavailable: null },
      { available: 1, unavailable: null },
      { available: 0, unavailable: null },
      { available: null, unavailable: 'City Champ Rope Cap is no longer sold' },
    ]) {
      expect(refreshChangesCart([cap, item({ productId: TEE })], { [key]: stock }, []), JSON.stringify(stock)).toBe(
        true,
      );
    }
  });
});
