import { XMLParser } from 'fast-xml-parser';
import { type StandIn, type StandInRequest, startStandIn } from './supplier-stand-in.ts';

/**
 * SanMar's PromoStandards SOAP services as the tests need them: Product Data 2.0.0 getProduct,
 * Inventory 2.0.0 getInventoryLevels, Pricing and Configuration 1.0.0 getConfigurationAndPricing
 * and PO 1.0.0 sendPO, each at SanMar's path. Wrong id/password answers ServiceMessage 105, an
 * unknown product 130, a PO line with an unknown part a SOAP answer with an Error message.
 */
export const SANMAR_USER = 'wtprints';
export const SANMAR_PASSWORD = 'sanmar-pw-19ab';

const PARTS = ['Jet Black', 'Navy'].flatMap((colour, c) =>
  ['S', 'M', 'L', 'XL', '2XL'].map((size, s) => ({
    partId: `${1100 + c * 10 + s}`,
    colour,
    size,
    hex: c ? '1F2A44' : '000000',
  })),
);

const parser = new XMLParser({ removeNSPrefix: true, ignoreAttributes: true, parseTagValue: false });

const envelope = (body: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><S:Envelope xmlns:S="http://schemas.xmlsoap.org/soap/envelope/"><S:Body>${body}</S:Body></S:Envelope>`;
const ok = (body: string) => ({ status: 200, contentType: 'text/xml; charset=utf-8', body: envelope(body) });
const message = (element: string, code: number, description: string) =>
  ok(
    `<ns2:${element} xmlns:ns2="urn:x" xmlns:ns3="urn:shared"><ns3:ServiceMessageArray><ns3:ServiceMessage><ns3:code>${code}</ns3:code><ns3:description>${description}</ns3:description><ns3:severity>Error</ns3:severity></ns3:ServiceMessage></ns3:ServiceMessageArray></ns2:${element}>`,
  );

function product() {
  const parts = PARTS.map(
    (p) =>
      `<ProductPart><partId>${p.partId}</partId><ColorArray><Color><colorName>${p.colour}</colorName><hex>${p.hex}</hex></Color></ColorArray><ApparelSize><apparelStyle>Unisex</apparelStyle><labelSize>${p.size}</labelSize></ApparelSize><Dimension><weightUom>LB</weightUom><weight>0.34</weight></Dimension><isCloseout>false</isCloseout></ProductPart>`,
  ).join('');
  return ok(
    `<GetProductResponse xmlns="urn:pd"><Product><productId>PC61</productId><productName>Port &amp; Company Essential Tee</productName><description>6.1-ounce, 100% cotton</description><productBrand>Port &amp; Company</productBrand><primaryImageUrl>https://cdnm.sanmar.com/imglib/mresjpg/PC61.jpg</primaryImageUrl><ProductPartArray>${parts}</ProductPartArray></Product></GetProductResponse>`,
  );
}

function inventory() {
  const parts = PARTS.map(
    (p, i) =>
      `<PartInventory><partId>${p.partId}</partId><quantityAvailable><Quantity><uom>EA</uom><value>${i * 10}</value></Quantity></quantityAvailable><InventoryLocationArray><InventoryLocation><inventoryLocationId>1</inventoryLocationId><inventoryLocationName>Seattle, WA</inventoryLocationName><inventoryLocationQuantity><Quantity><uom>EA</uom><value>${i * 4}</value></Quantity></inventoryLocationQuantity></InventoryLocation><InventoryLocation><inventoryLocationId>4</inventoryLocationId><inventoryLocationName>Dallas, TX</inventoryLocationName><inventoryLocationQuantity><Quantity><uom>EA</uom><value>${i * 6}</value></Quantity></inventoryLocationQuantity></InventoryLocation></InventoryLocationArray></PartInventory>`,
  ).join('');
  return ok(
    `<GetInventoryLevelsResponse xmlns="urn:inv"><Inventory><productId>PC61</productId><PartInventoryArray>${parts}</PartInventoryArray></Inventory></GetInventoryLevelsResponse>`,
  );
}

function pricing() {
  const parts = PARTS.map(
    (p) =>
      `<Part><partId>${p.partId}</partId><PartPriceArray><PartPrice><minQuantity>72</minQuantity><price>2.10</price></PartPrice><PartPrice><minQuantity>1</minQuantity><price>${p.size === '2XL' ? '4.55' : '2.49'}</price></PartPrice></PartPriceArray></Part>`,
  ).join('');
  return ok(
    `<GetConfigurationAndPricingResponse xmlns="urn:ppc"><Configuration><PartArray>${parts}</PartArray><productId>PC61</productId><currency>USD</currency></Configuration></GetConfigurationAndPricingResponse>`,
  );
}

function answer(request: StandInRequest) {
  const body = (parser.parse(request.body) as { Envelope: { Body: Record<string, Record<string, unknown>> } }).Envelope
    .Body;
  const [element, fields] = Object.entries(body)[0]!;
  const response = element.replace(/Request$/, 'Response');
  if (fields.id !== SANMAR_USER || fields.password !== SANMAR_PASSWORD) {
    return message(response, 105, 'Authentication Credentials failed');
  }
  const path = new URL(request.path, 'http://stand-in').pathname;
  if (path === '/promostandards/POServiceBinding') {
    const po = fields.PO as { LineItemArray: { LineItem: unknown } };
    const items = [po.LineItemArray.LineItem].flat() as { PartArray: { Part: { partId: string } } }[];
    const unknown = items.find((i) => !PARTS.some((p) => p.partId === i.PartArray.Part.partId));
    if (unknown) return message(response, 999, `Part ${unknown.PartArray.Part.partId} is not valid`);
    return ok(`<SendPOResponse xmlns="urn:po"><transactionId>880042</transactionId></SendPOResponse>`);
  }
  if (fields.productId !== 'PC61') return message(response, 130, 'Product Id not found');
  if (path === '/promostandards/ProductDataServiceV2.xml') return product();
  if (path === '/promostandards/InventoryServiceBindingV2final') return inventory();
  if (path === '/promostandards/PricingAndConfigurationServiceBinding') return pricing();
  return { status: 404, contentType: 'text/html', body: 'Not Found' };
}

export function startSanMar(): Promise<StandIn> {
  return startStandIn(answer, { status: 200, contentType: 'text/xml', body: '<S:Envelope><S:Body><unclosed>' });
}
