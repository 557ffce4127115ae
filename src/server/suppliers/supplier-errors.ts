import { Conflict, NotFound, Unavailable } from '../errors.ts';

/**
 * What a supplier's failure means to the shop, in words the owner can act on. Messages name the
 * supplier and the setting to check, never a credential, a URL with one, or the supplier's raw body.
 */
export class SupplierUnavailable extends Unavailable {}

/** The supplier refused the shop's credentials (HTTP 401/403 or a PromoStandards auth code). */
export function credentialsRefused(label: string, settings: string): SupplierUnavailable {
  return new SupplierUnavailable(
    'supplier_credentials_refused',
    `${label} refused the shop's credentials; check ${settings}.`,
    300,
  );
}

export function rateLimited(label: string, retryAfterSeconds: number): SupplierUnavailable {
  return new SupplierUnavailable(
    'supplier_rate_limited',
    `${label} asks the shop to slow down; try again in ${retryAfterSeconds} seconds.`,
    retryAfterSeconds,
  );
}

export function supplierDown(label: string): SupplierUnavailable {
  return new SupplierUnavailable('supplier_unavailable', `${label} is not answering properly; try again later.`, 60);
}

export function supplierTimedOut(label: string, ms: number): SupplierUnavailable {
  return new SupplierUnavailable(
    'supplier_timeout',
    `${label} did not answer within ${Math.round(ms / 1000)} seconds; try again later.`,
    60,
  );
}

export function malformedAnswer(label: string, what: string): SupplierUnavailable {
  return new SupplierUnavailable(
    'supplier_malformed',
    `${label} sent an answer the shop cannot read (${what}); nothing was changed.`,
    300,
  );
}

export function styleNotFound(label: string, style: string): NotFound {
  return new NotFound('supplier_style_not_found', `${label} has no style "${style}".`);
}

export function orderRefused(label: string, reason: string): Conflict {
  return new Conflict('supplier_order_refused', `${label} refused the order: ${reason}`);
}
