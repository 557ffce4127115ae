import { json, type StandIn, type StandInRequest, startStandIn } from './supplier-stand-in.ts';

/**
 * api.ssactivewear.com/v2 as the tests need it: Basic auth with account number and API key,
 * /v2/styles/?style=, /v2/products/?styleid= (SKU per colour x size, customerPrice in dollars,
 * warehouses with qty) and POST /v2/orders/ (testOrder, poNumber, autoselectWarehouse, lines of
 * identifier + qty; an unknown SKU is a 400 with S&S's { errors: [{ field, message }] }).
 */
export const SS_ACCOUNT = '81234';
export const SS_KEY = 'ss-key-7f3a9c';

const COLOURS = [
  { name: 'White', hex: '#FFFFFF', code: '01' },
  { name: 'Heather Navy', hex: '#333F55', code: '47' },
];
const SIZES = ['S', 'M', 'L', 'XL', '2XL', '3XL'];

export const ssProducts = COLOURS.flatMap((colour) =>
  SIZES.map((size, i) => ({
    sku: `B00760${colour.code}${i + 3}`,
    gtin: '00821780000000',
    styleID: 39,
    brandName: 'Gildan',
    styleName: '5000',
    colorName: colour.name,
    color1: colour.hex,
    colorFrontImage: `Images/Color/${colour.code}_fm.jpg`,
    sizeName: size,
    sizeOrder: `B${i + 1}`,
    unitWeight: 0.39 + i * 0.02,
    piecePrice: 3.5,
    customerPrice: i >= 4 ? 4.61 : 2.87,
    warehouses: [
      { warehouseAbbr: 'IL', skuID: 1, qty: size === '3XL' && colour.name === 'Heather Navy' ? 0 : 120 },
      { warehouseAbbr: 'KS', skuID: 1, qty: size === '3XL' ? 8 : 40 },
    ],
  })),
);

function answer(request: StandInRequest) {
  const expected = `Basic ${Buffer.from(`${SS_ACCOUNT}:${SS_KEY}`).toString('base64')}`;
  if (request.headers.authorization !== expected)
    return json(401, { message: 'Authorization has been denied for this request.' });
  const url = new URL(request.path, 'http://stand-in');
  if (request.method === 'GET' && url.pathname === '/v2/styles/') {
    const style = url.searchParams.get('style') ?? '';
    if (!['gildan 5000', '5000', '39'].includes(style.toLowerCase())) return json(404, []);
    return json(200, [
      {
        styleID: 39,
        partNumber: '00760',
        brandName: 'Gildan',
        styleName: '5000',
        title: 'Heavy Cotton T-Shirt',
        description: '<p>5.3 oz., 100% cotton</p>',
        baseCategory: 'T-Shirts',
      },
    ]);
  }
  if (request.method === 'GET' && url.pathname === '/v2/products/') {
    return url.searchParams.get('styleid') === '39' ? json(200, ssProducts) : json(404, []);
  }
  if (request.method === 'POST' && url.pathname === '/v2/orders/') {
    const order = JSON.parse(request.body) as { poNumber: string; lines: { identifier: string; qty: number }[] };
    const unknown = order.lines.find((l) => !ssProducts.some((p) => p.sku === l.identifier));
    if (unknown)
      return json(400, { errors: [{ field: 'Identifier', message: `Invalid identifier ${unknown.identifier}` }] });
    const total = order.lines.reduce(
      (sum, l) => sum + l.qty * ssProducts.find((p) => p.sku === l.identifier)!.customerPrice,
      0,
    );
    return json(200, [
      { guid: 'a1', orderNumber: '5551234', poNumber: order.poNumber, total: Math.round(total * 100) / 100 },
    ]);
  }
  return json(404, { message: 'No HTTP resource was found that matches the request URI.' });
}

export function startSsActivewear(): Promise<StandIn> {
  return startStandIn(answer, { status: 200, contentType: 'text/html', body: '<html>Maintenance</html>' });
}
