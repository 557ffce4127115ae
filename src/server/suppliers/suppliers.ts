import { config, type ServerConfig } from '../config.ts';
import { Invalid } from '../errors.ts';
import type { Supplier, SupplierId } from './contract.ts';
import { DemoSupplier } from './demo-supplier.ts';
import { SanMarSupplier } from './sanmar.ts';
import { SsActivewearSupplier } from './ss-activewear.ts';

type SupplierSettings = Pick<
  ServerConfig,
  | 'SHOP_ENV'
  | 'SS_ACCOUNT_NUMBER'
  | 'SS_API_KEY'
  | 'SS_API_BASE'
  | 'SANMAR_USERNAME'
  | 'SANMAR_PASSWORD'
  | 'SANMAR_API_BASE'
  | 'SUPPLIER_TIMEOUT_MS'
>;

/**
 * The suppliers this shop can buy blanks from: S&S and SanMar when their credentials are set,
 * and the built-in demo supplier everywhere but production (like the test checkout, it is not a
 * real supplier: a PO sent to it buys nothing).
 */
export function configuredSuppliers(cfg: SupplierSettings = config()): Supplier[] {
  const timeoutMs = cfg.SUPPLIER_TIMEOUT_MS ?? 20_000;
  const found: Supplier[] = [];
  if (cfg.SHOP_ENV !== 'production') found.push(new DemoSupplier());
  if (cfg.SS_ACCOUNT_NUMBER && cfg.SS_API_KEY) {
    found.push(
      new SsActivewearSupplier({
        accountNumber: cfg.SS_ACCOUNT_NUMBER,
        apiKey: cfg.SS_API_KEY,
        apiBase: cfg.SS_API_BASE,
        timeoutMs,
      }),
    );
  }
  if (cfg.SANMAR_USERNAME && cfg.SANMAR_PASSWORD) {
    found.push(
      new SanMarSupplier({
        username: cfg.SANMAR_USERNAME,
        password: cfg.SANMAR_PASSWORD,
        apiBase: cfg.SANMAR_API_BASE,
        timeoutMs,
      }),
    );
  }
  return found;
}

/** One configured supplier by id; 400 on the supplier field for one the shop has no settings for. */
export function supplierById(id: string, suppliers: Supplier[] = configuredSuppliers()): Supplier {
  const found = suppliers.find((s) => s.id === (id as SupplierId));
  if (!found) {
    const message = `The shop has no settings for the supplier "${id}" yet.`;
    throw new Invalid('supplier_not_configured', message, { fields: { supplier: message } });
  }
  return found;
}
