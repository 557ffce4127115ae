import { Conflict } from '../errors.ts';
import {
  dollarsToCents,
  type SkuLevel,
  type Supplier,
  type SupplierOrderReceipt,
  type SupplierOrderRequest,
  type SupplierSku,
  type SupplierStyle,
} from './contract.ts';
import {
  at,
  callPromoService,
  fields,
  list,
  type PromoCredentials,
  serviceErrors,
  throwReadErrors,
} from './promostandards-soap.ts';
import { purchaseOrderXml, SANMAR_SERVICES } from './sanmar-services.ts';
import { credentialsRefused, malformedAnswer, orderRefused, styleNotFound } from './supplier-errors.ts';
import type { SupplierCaller } from './supplier-http.ts';

export interface SanMarSettings {
  username: string;
  password: string;
  /** Unset = https://ws.sanmar.com:8080 (production; SanMar's test host is test-ws.sanmar.com:8080). */
  apiBase?: string | undefined;
  timeoutMs: number;
  fetcher?: typeof fetch;
}

const LABEL = 'SanMar';
const PRODUCTION = 'https://ws.sanmar.com:8080';
/** PromoStandards' labelSize values in the order people read them. */
const SIZE_ORDER = ['XXS', 'XS', 'S', 'M', 'L', 'XL', '2XL', '3XL', '4XL', '5XL', '6XL', 'OSFA'];

/** SanMar through the PromoStandards SOAP services; the partId is the SKU a PO names. */
export class SanMarSupplier implements Supplier {
  readonly id = 'sanmar' as const;
  readonly label = LABEL;
  readonly #base: string;
  readonly #credentials: PromoCredentials;
  readonly #caller: SupplierCaller;

  constructor(settings: SanMarSettings) {
    this.#base = (settings.apiBase ?? PRODUCTION).replace(/\/+$/, '');
    this.#credentials = { id: settings.username, password: settings.password };
    this.#caller = {
      label: LABEL,
      settings: 'SANMAR_USERNAME and SANMAR_PASSWORD',
      timeoutMs: settings.timeoutMs,
      ...(settings.fetcher ? { fetcher: settings.fetcher } : {}),
    };
  }

  /** "PC61" or "Port & Company PC61": SanMar knows a style by its own code, the last word. */
  async findStyle(style: string): Promise<SupplierStyle> {
    const code = style.trim().split(/\s+/).pop() ?? '';
    if (!code) throw styleNotFound(LABEL, style);
    const result = await this.#read('product', 'GetProductRequest', 'GetProductResponse', code, [
      ['localizationCountry', 'US'],
      ['localizationLanguage', 'en'],
      ['productId', code],
    ]);
    const product = at(result, 'Product');
    const parts = list(product, 'ProductPartArray', 'ProductPart');
    if (parts.length === 0) throw styleNotFound(LABEL, style);
    const costs = await this.#costs(code);
    const image = String(at(product, 'primaryImageUrl') ?? at(product, 'primaryImageURL') ?? '') || null;
    return {
      supplier: this.id,
      styleCode: code,
      brand: String(at(product, 'productBrand') ?? ''),
      name: String(at(product, 'productName') ?? code),
      description: (at(product, 'description') as unknown[] | undefined)?.map(String).join('\n') ?? '',
      skus: parts.map((part) => toSku(part, costs, image)),
    };
  }

  async levels(styleCode: string): Promise<SkuLevel[]> {
    const result = await this.#read('inventory', 'GetInventoryLevelsRequest', 'GetInventoryLevelsResponse', styleCode, [
      ['productId', styleCode],
    ]);
    const costs = await this.#costs(styleCode);
    return list(result, 'Inventory', 'PartInventoryArray', 'PartInventory').map((part) => {
      const sku = String(part.partId ?? '');
      const cost = costs.get(sku);
      if (!sku || cost === undefined) throw malformedAnswer(LABEL, `no price for part ${sku || '(none)'}`);
      return {
        sku,
        costCents: cost,
        warehouses: list(part, 'InventoryLocationArray', 'InventoryLocation').map((loc) => ({
          warehouse: String(loc.inventoryLocationName ?? loc.inventoryLocationId ?? ''),
          quantity: quantityOf(at(loc, 'inventoryLocationQuantity', 'Quantity', 'value')),
        })),
        discontinued: false,
      };
    });
  }

  async placeOrder(order: SupplierOrderRequest): Promise<SupplierOrderReceipt> {
    // SanMar has no test flag: test orders go to its test host, never to production.
    if (order.test && this.#base === PRODUCTION) {
      throw new Conflict(
        'supplier_no_test_orders',
        'SanMar takes test orders only on its test host; set SANMAR_API_BASE to https://test-ws.sanmar.com:8080.',
      );
    }
    const result = await callPromoService(this.#caller, this.#base, SANMAR_SERVICES.po, {
      element: 'SendPORequest',
      credentials: this.#credentials,
      body: purchaseOrderXml(order, new Date().toISOString().slice(0, 19)),
      answer: 'SendPOResponse',
      what: 'the order answer',
    });
    const errors = serviceErrors(result);
    if (errors.some((e) => e.code >= 100 && e.code <= 105)) throw credentialsRefused(LABEL, this.#caller.settings);
    if (errors.length > 0) throw orderRefused(LABEL, errors.map((e) => e.description).join('; '));
    const transactionId = String(result.transactionId ?? '');
    if (!transactionId) throw malformedAnswer(LABEL, 'no transaction id');
    return { orderNumbers: [transactionId], totalCents: null };
  }

  /** partId -> the price of one piece (the smallest quantity break), in cents. */
  async #costs(code: string): Promise<Map<string, number>> {
    const result = await this.#read(
      'pricing',
      'GetConfigurationAndPricingRequest',
      'GetConfigurationAndPricingResponse',
      code,
      [
        ['productId', code],
        ['currency', 'USD'],
        ['fobId', '1'],
        ['priceType', 'Customer'],
        ['localizationCountry', 'US'],
        ['localizationLanguage', 'en'],
        ['configurationType', 'Blank'],
      ],
    );
    const costs = new Map<string, number>();
    for (const part of list(result, 'Configuration', 'PartArray', 'Part')) {
      const prices = list(part, 'PartPriceArray', 'PartPrice').sort(
        (a, b) => Number(a.minQuantity) - Number(b.minQuantity),
      );
      const cents = dollarsToCents(prices[0]?.price);
      if (Number.isFinite(cents)) costs.set(String(part.partId), cents);
    }
    return costs;
  }

  async #read(
    service: keyof typeof SANMAR_SERVICES,
    element: string,
    answer: string,
    style: string,
    body: [string, string][],
  ) {
    const result = await callPromoService(this.#caller, this.#base, SANMAR_SERVICES[service], {
      element,
      credentials: this.#credentials,
      body: fields(body),
      answer,
      what: `the ${service} answer`,
    });
    throwReadErrors(this.#caller, result, style);
    return result;
  }
}

function quantityOf(value: unknown): number {
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : 0;
}

function toSku(part: Record<string, unknown>, costs: Map<string, number>, image: string | null): SupplierSku {
  const sku = String(part.partId ?? '');
  const colour = list(part, 'ColorArray', 'Color')[0] ?? list(part, 'primaryColor', 'Color')[0];
  const size = String(at(part, 'ApparelSize', 'labelSize') ?? '');
  const cost = costs.get(sku);
  if (!sku || !colour || !size || cost === undefined)
    throw malformedAnswer(LABEL, `part ${sku || '(none)'} is incomplete`);
  const weight = Number(at(part, 'Dimension', 'weight'));
  const uom = String(at(part, 'Dimension', 'weightUom') ?? 'LB').toUpperCase();
  const hex = String(colour.hex ?? '');
  const rank = SIZE_ORDER.indexOf(size.toUpperCase());
  return {
    sku,
    colourName: String(colour.colorName ?? ''),
    colourHex: /^#?[0-9a-f]{6}$/i.test(hex) ? `#${hex.replace('#', '').toLowerCase()}` : null,
    sizeName: size,
    sizeOrder: rank === -1 ? SIZE_ORDER.length : rank,
    costCents: cost,
    weightOz:
      Number.isFinite(weight) && weight > 0 ? Math.round((uom === 'OZ' ? weight : weight * 16) * 100) / 100 : null,
    imageUrl: image,
    discontinued: false,
  };
}
