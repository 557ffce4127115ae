import { config } from '../config.ts';

/** Where a checkout sends the customer; `{CHECKOUT_SESSION_ID}` is filled in by the provider. */
export interface CheckoutUrls {
  /** Origin of the shop, e.g. https://shop.example.com (no trailing slash). */
  origin: string;
  successUrl: string;
  cancelUrl: string;
}

export const SESSION_ID_PLACEHOLDER = '{CHECKOUT_SESSION_ID}';

/** SITE_URL when set (the public origin behind any proxy), else the origin of the request. */
export function checkoutUrls(req: Request, siteUrl: string | undefined = config().SITE_URL): CheckoutUrls {
  const origin = (siteUrl ? new URL(siteUrl) : new URL(req.url)).origin;
  return {
    origin,
    successUrl: `${origin}/success?session_id=${SESSION_ID_PLACEHOLDER}`,
    cancelUrl: `${origin}/cancel`,
  };
}

/** The success URL of one session (the placeholder kept unescaped, as Stripe expects it). */
export function successUrlFor(urls: CheckoutUrls, sessionId: string): string {
  return urls.successUrl.replace(SESSION_ID_PLACEHOLDER, encodeURIComponent(sessionId));
}

/**
 * Where a store buyer's cancelled checkout returns (docs/decisions/0030-team-stores.md): the store's page, which says
 * whether the store closed meanwhile and that nothing was charged (src/scripts/store-progress.ts).
 */
export function storeCancelUrl(urls: CheckoutUrls, slug: string): string {
  return `${urls.origin}/stores/${encodeURIComponent(slug)}?checkout=cancelled`;
}
