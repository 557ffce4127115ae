import type { z } from 'zod';
import {
  dollarsToCents,
  type SkuLevel,
  type Supplier,
  type SupplierOrderReceipt,
  type SupplierOrderRequest,
  type SupplierSku,
  type SupplierStyle,
} from './contract.ts';
import { malformedAnswer, orderRefused, styleNotFound, supplierDown } from './supplier-errors.ts';
import { askSupplier, type SupplierCaller } from './supplier-http.ts';
import { type SsProduct, ssOrders, ssProducts, ssReasons, ssStyles } from './ss-activewear-shapes.ts';

export interface SsActivewearSettings {
  accountNumber: string;
  apiKey: string;
  /** Unset = https://api.ssactivewear.com (a local stand-in in tests). */
  apiBase?: string | undefined;
  timeoutMs: number;
  fetcher?: typeof fetch;
}

const LABEL = 'S&S Activewear';
/** S&S answers picture paths relative to its website. */
const IMAGE_ORIGIN = 'https://www.ssactivewear.com/';

/** S&S Activewear through its REST API v2 with Basic auth (account number : API key). */
export class SsActivewearSupplier implements Supplier {
  readonly id = 'ss-activewear' as const;
  readonly label = LABEL;
  readonly #base: string;
  readonly #auth: string;
  readonly #caller: SupplierCaller;

  constructor(settings: SsActivewearSettings) {
    this.#base = (settings.apiBase ?? 'https://api.ssactivewear.com').replace(/\/+$/, '');
    this.#auth = `Basic ${Buffer.from(`${settings.accountNumber}:${settings.apiKey}`).toString('base64')}`;
    this.#caller = {
      label: LABEL,
      settings: 'SS_ACCOUNT_NUMBER and SS_API_KEY',
      timeoutMs: settings.timeoutMs,
      ...(settings.fetcher ? { fetcher: settings.fetcher } : {}),
    };
  }

  async findStyle(style: string): Promise<SupplierStyle> {
    const wanted = style.trim();
    const styles = await this.#get(`/v2/styles/?style=${encodeURIComponent(wanted)}`, ssStyles, 'styles');
    const found = styles?.[0];
    if (!found) throw styleNotFound(LABEL, wanted);
    const products = (await this.#get(`/v2/products/?styleid=${found.styleID}`, ssProducts, 'products')) ?? [];
    if (products.length === 0) throw styleNotFound(LABEL, wanted);
    return {
      supplier: this.id,
      styleCode: String(found.styleID),
      brand: found.brandName,
      name: found.title
        ? `${found.brandName} ${found.styleName} ${found.title}`
        : `${found.brandName} ${found.styleName}`,
      description: found.description,
      skus: toSkus(products),
    };
  }

  async levels(styleCode: string): Promise<SkuLevel[]> {
    const products =
      (await this.#get(`/v2/products/?styleid=${encodeURIComponent(styleCode)}`, ssProducts, 'products')) ?? [];
    return products.map((p) => ({
      sku: p.sku,
      costCents: costOf(p),
      warehouses: p.warehouses.map((w) => ({ warehouse: w.warehouseAbbr, quantity: Math.max(0, w.qty) })),
      discontinued: false,
    }));
  }

  async placeOrder(order: SupplierOrderRequest): Promise<SupplierOrderReceipt> {
    const body = {
      shippingAddress: {
        customer: order.shipTo.company,
        attn: order.shipTo.attention,
        address: order.shipTo.address,
        city: order.shipTo.city,
        state: order.shipTo.state,
        zip: order.shipTo.zip,
        residential: false,
      },
      shippingMethod: '1',
      poNumber: order.poNumber,
      testOrder: order.test,
      autoselectWarehouse: true,
      lines: order.lines.map((l) => ({ identifier: l.sku, qty: l.quantity })),
    };
    const answer = await askSupplier(this.#caller, `${this.#base}/v2/orders/`, {
      method: 'POST',
      headers: { authorization: this.#auth, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
    });
    if (answer.status === 400 || answer.status === 404 || answer.status === 409 || answer.status === 422) {
      throw orderRefused(LABEL, ssReasons(answer.text));
    }
    if (answer.status !== 200 && answer.status !== 201) throw supplierDown(LABEL);
    const orders = parse(answer.text, ssOrders, 'orders');
    if (orders.length === 0) throw malformedAnswer(LABEL, 'no order number');
    const totals = orders.map((o) => dollarsToCents(o.total ?? Number.NaN));
    return {
      orderNumbers: orders.map((o) => o.orderNumber),
      totalCents: totals.every(Number.isFinite) ? totals.reduce((a, b) => a + b, 0) : null,
    };
  }

  /** A GET answer read with `schema`; null when S&S answers 404 (it does for "no results"). */
  async #get<T extends z.ZodType>(path: string, schema: T, what: string): Promise<z.infer<T> | null> {
    const answer = await askSupplier(this.#caller, `${this.#base}${path}`, {
      headers: { authorization: this.#auth, accept: 'application/json' },
    });
    if (answer.status === 404) return null;
    if (answer.status !== 200) throw supplierDown(LABEL);
    return parse(answer.text, schema, what);
  }
}

function parse<T extends z.ZodType>(text: string, schema: T, what: string): z.infer<T> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw malformedAnswer(LABEL, `${what} are not JSON`);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw malformedAnswer(LABEL, `${what} are missing fields`);
  return parsed.data;
}

function costOf(p: SsProduct): number {
  const cents = dollarsToCents(p.customerPrice);
  if (!Number.isFinite(cents)) throw malformedAnswer(LABEL, `no price for ${p.sku}`);
  return cents;
}

function toSkus(products: SsProduct[]): SupplierSku[] {
  // S&S orders sizes by a code ("B1" < "B2" ...); the shop keeps a plain rank.
  const orders = [...new Set(products.map((p) => p.sizeOrder))].sort();
  return products.map((p) => ({
    sku: p.sku,
    colourName: p.colorName,
    colourHex: p.color1 && /^#[0-9a-f]{6}$/i.test(p.color1) ? p.color1.toLowerCase() : null,
    sizeName: p.sizeName,
    sizeOrder: orders.indexOf(p.sizeOrder),
    costCents: costOf(p),
    weightOz: p.unitWeight ? Math.round(p.unitWeight * 16 * 100) / 100 : null,
    imageUrl: p.colorFrontImage ? new URL(p.colorFrontImage, IMAGE_ORIGIN).href : null,
    discontinued: false,
  }));
}
