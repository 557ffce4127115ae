import { describe, expect, it } from 'vitest';
import { cartLine } from '../../src/lib/cart/add-to-cart.ts';
import { addLine, sameLine, setLineQuantity } from '../../src/lib/cart/cart-lines.ts';
import type { CartItem } from '../../src/lib/cart/cart-item.ts';
import { applyRefresh, lineKey, refreshPayload } from '../../src/lib/browser/cart-stock.ts';
import { cartCharges, checkoutPayload, pricingInput } from '../../src/lib/cart/cart-payloads.ts';
import { cartCheckoutSchema } from '../../src/lib/cart/checkout-schema.ts';
import { lineBreakdown, quoteListLines } from '../../src/lib/pricing/cart-list-lines.ts';
import { priceCart } from '../../src/lib/pricing/cart-totals.ts';
import type { ProductDetail } from '../../src/lib/catalog/products.ts';
import { bannerList, contractScreenPrint, garmentList, turnaroundList } from '../support/price-list-fixtures.ts';

const location = (code: string, name: string) => ({
  code,
  name,
  price_cents_per_piece: 0,
  setup_fee_cents: 0,
  print_width_in: 12,
  price_list: contractScreenPrint,
});

const tee: ProductDetail = {
  id: 'tee',
  name: 'Contract Tee',
  slug: 'contract-tee',
  sku: null,
  product_type: 'apparel',
  description: '',
  price_cents: 400,
  minimum_quantity: 1,
  price_tiers: [],
  print_locations: [location('front', 'Front'), location('back', 'Back')],
  garment_list: garmentList,
  area_list: null,
  turnaround_list: turnaroundList,
  image_main_url: null,
  image_secondary_url: null,
  collection: { slug: 'tees', name: 'Tees' },
  colors: [{ id: 'white', name: 'White', hex: '#ffffff' }],
  sizes: [
    { id: 'm', name: 'M' },
    { id: 'l', name: 'L' },
  ],
  variants: [],
  stock_qty: null,
  weight_oz: null,
  length_in: null,
  width_in: null,
  height_in: null,
};

const printed = (front: number) => [
  { code: 'front', artworkId: null, colors: front },
  { code: 'back', artworkId: null, colors: 1 },
];
const line = (sizeId: string, quantity: number, front = 2): CartItem =>
  cartLine(tee, { colorId: 'white', sizeId, quantity, locations: printed(front) });

const cartOf = (...lines: CartItem[]) => lines.reduce<CartItem[]>((items, l) => addLine(items, l), []);

describe('a list-priced line in the cart', () => {
  it('keeps the inputs and the lists, and tells lines apart by their inputs', () => {
    const two = line('m', 24);
    expect(two.locations?.map((l) => [l.code, l.colors])).toEqual([
      ['front', 2],
      ['back', 1],
    ]);
    expect(two.list?.product.print_locations[0]?.price_list?.id).toBe(contractScreenPrint.id);
    expect(two.pricing).toBeUndefined();
    const three = line('m', 24, 3);
    expect(sameLine(two, three)).toBe(false);
    expect(sameLine(two, line('m', 5))).toBe(true);
    expect(cartOf(two, three)).toHaveLength(2);
    expect(cartOf(two, line('m', 6)).map((l) => l.quantity)).toEqual([30]);
  });

  it('prices the sizes of one design as one job: the pieces pool and the screens are paid once', () => {
    const items = cartOf(line('m', 24), line('l', 24));
    // 48 pieces at the 48+ band: blank $4.00 + front 2 colours $2.80 + back $0.75.
    expect(items.map((i) => i.price_cents)).toEqual([755, 755]);
    const charges = cartCharges(items);
    expect(charges.reduce((s, c) => s + c.unit_price_cents * c.quantity, 0)).toBe(3 * 1500);
    const pricing = priceCart(pricingInput(items, 'local', 'standard', null));
    expect(pricing.subtotal_cents).toBe(48 * 755 + 4500);
    expect(lineBreakdown(quoteListLines(items, null), items, 0)).toMatch(/Screens 3 × \$15\.00/);
  });

  it('says the one-time screens on the first size line of a design only, as they are charged once', () => {
    const items = cartOf(line('m', 24), line('l', 24));
    const quote = quoteListLines(items, null);
    expect(lineBreakdown(quote, items, 0)).toMatch(/Screens 3 × \$15\.00/);
    // Issue 44, item 13: the L line is the same design; its screens are the M line's.
    expect(lineBreakdown(quote, items, 1)).not.toMatch(/Screens/);
    expect(lineBreakdown(quote, items, 1)).toMatch(/^Garment \$4\.00 · Front, 2 colours \$2\.80/);
  });

  it('reprices every size when one quantity changes, as checkout will', () => {
    const items = setLineQuantity(cartOf(line('m', 24), line('l', 24)), line('l', 1), 23);
    // 47 pieces fall back to the 24+ band (one colour only there: two colours are not offered).
    const quote = quoteListLines(items, null);
    expect(quote).toBeNull();
    const more = setLineQuantity(cartOf(line('m', 24), line('l', 24)), line('l', 1), 48);
    // 72 pieces reach the 72+ band: blank $4.00 + front 2 colours $2.20 + back $0.75.
    expect(more.map((i) => i.price_cents)).toEqual([695, 695]);
  });

  it('sends the inputs and rush to the refresh and takes the price of today\'s lists as "Price updated"', () => {
    const items = cartOf(line('m', 24), line('l', 24));
    const body = refreshPayload(items, 'rush-6');
    expect(body.rush).toBe('rush-6');
    expect(body.items[0]!.locations).toEqual([
      { code: 'front', artworkId: null, colors: 2 },
      { code: 'back', artworkId: null, colors: 1 },
    ]);
    // The owner raised the 2-colour cell by 20 cents: the server prices the line at 775.
    const answer = items.map((i) => ({
      productId: i.productId,
      colorId: i.colorId,
      sizeId: i.sizeId,
      purchasable: true,
      price_cents: 775,
      available: 30,
      message: null,
    }));
    const refreshed = applyRefresh(items, answer);
    expect(refreshed.items.map((i) => i.price_cents)).toEqual([775, 775]);
    expect(refreshed.changes.map((c) => [c.from, c.to])).toEqual([
      [755, 775],
      [755, 775],
    ]);
    expect(refreshed.stock[lineKey(items[0]!)]).toEqual({ available: 30, unavailable: null });
  });

  it("prices a quantity changed after a refresh from today's lists, not the copy made at the add", () => {
    const items = cartOf(line('m', 24), line('l', 24));
    // The owner raised every 72+ two-colour cell by 20 cents; the refresh brings the list back.
    const raised = structuredClone(contractScreenPrint);
    raised.version += 1;
    const cells = (raised.data as { grid: { rows: number[]; cells: number[][] } }).grid;
    const band72 = cells.rows.indexOf(72);
    cells.cells[band72]![1]! += 20;
    const product = {
      ...items[0]!.list!.product,
      print_locations: items[0]!.list!.product.print_locations.map((l) => ({ ...l, price_list: raised })),
    };
    const answer = items.map((i) => ({
      productId: i.productId,
      colorId: i.colorId,
      sizeId: i.sizeId,
      purchasable: true,
      price_cents: 755,
      available: null,
      message: null,
      list_product: product,
    }));
    const refreshed = applyRefresh(items, answer);
    expect(refreshed.changes).toEqual([]);
    expect(refreshed.items[0]!.list?.product.print_locations[0]?.price_list?.version).toBe(raised.version);
    // 72 pieces: blank $4.00 + front 2 colours $2.20 + $0.20 + back $0.75 (the old copy said 695).
    const more = setLineQuantity(refreshed.items, line('l', 1), 48);
    expect(more.map((i) => i.price_cents)).toEqual([715, 715]);
  });

  it('adds the rush on the lines and fees', () => {
    const items = cartOf(line('m', 24), line('l', 24));
    const rush = turnaroundList.data.rush[0]!;
    const base = 48 * 755 + 4500;
    const pricing = priceCart(pricingInput(items, 'local', 'standard', null, rush.code));
    expect(pricing.subtotal_cents).toBe(base + Math.round((base * rush.percent) / 100));
  });

  it('sends the inputs, the area and the rush at checkout', () => {
    const banner: ProductDetail = {
      ...tee,
      id: 'banner',
      print_locations: [],
      garment_list: null,
      area_list: bannerList,
      colors: [],
      sizes: [],
    };
    const items = [
      line('m', 24),
      cartLine(banner, {
        colorId: null,
        sizeId: null,
        quantity: 1,
        area: { widthIn: 96, heightIn: 48, material: '13oz', finishing: [] },
      }),
    ];
    const payload = checkoutPayload(items, {
      cartId: null,
      fulfillment: 'local',
      shippingSpeed: 'standard',
      discountCode: '',
      rush: 'rush-4',
    });
    expect(payload.items[0]!.locations).toEqual([
      { code: 'front', artworkId: null, colors: 2 },
      { code: 'back', artworkId: null, colors: 1 },
    ]);
    expect(payload.items[1]!.area).toEqual({ widthIn: 96, heightIn: 48, material: '13oz', finishing: [] });
    expect(payload.rush).toBe('rush-4');
    // The schema takes the inputs as sent (the fixture's ids are not uuids, so those are left out).
    const issues = cartCheckoutSchema.safeParse(payload).error?.issues ?? [];
    expect(issues.filter((i) => !['productId', 'colorId', 'sizeId'].includes(String(i.path.at(-1))))).toEqual([]);
  });

  it('sends no rush for a cart without list-priced lines', () => {
    const flat = cartLine(
      { ...tee, print_locations: [], garment_list: null, turnaround_list: null },
      {
        colorId: 'white',
        sizeId: 'm',
        quantity: 1,
      },
    );
    expect(flat.list).toBeUndefined();
    const payload = checkoutPayload([flat], {
      cartId: null,
      fulfillment: 'local',
      shippingSpeed: 'standard',
      discountCode: '',
      rush: 'rush-4',
    });
    expect(payload).not.toHaveProperty('rush');
  });
});
