import { type ShopDetails, shopAddressLine } from '../../lib/site/site.ts';
import { shopOrigin } from '../links/signed-links.ts';
import { escapeHtml } from '../security/escape-html.ts';
import type { Bindings } from './render.ts';

/** The logo e-mails show: a PNG (mail clients do not draw SVG), shown at half its pixel size. */
export const MAIL_LOGO_PATH = '/images/logo-email.png';
const LOGO_WIDTH = 190;
const LOGO_HEIGHT = 32;

/** The owner's logo as an absolute address, or the shop's built-in PNG. */
const mailLogoUrl = (origin: string, logoUrl: string | null) =>
  logoUrl === null ? `${origin}${MAIL_LOGO_PATH}` : logoUrl.startsWith('/') ? `${origin}${logoUrl}` : logoUrl;

/**
 * Values every e-mail can use (docs/decisions/0028-owner-and-receipts.md), whatever it is about:
 * the shop's name, site, logo, address and phone, and the header and footer built from them. The header and footer are
 * `…Html` bindings the server builds here, escaping every value it inserts; the text footer is
 * their plain-text form. `shop` is what Shop settings holds when the mail is queued (issue 44).
 * A mail's own values win over these (enqueueMail merges them first).
 */
export function shopBindings(shop: ShopDetails, origin = shopOrigin()): Bindings {
  const logoUrl = mailLogoUrl(origin, shop.logoUrl);
  const address = shopAddressLine(shop);
  const h = escapeHtml;
  // A logo of the owner's keeps its own proportions: only its width is set.
  const logoSize = shop.logoUrl === null ? `width="${LOGO_WIDTH}" height="${LOGO_HEIGHT}"` : `width="${LOGO_WIDTH}"`;
  return {
    shopName: shop.name,
    shopUrl: origin,
    shopLogoUrl: logoUrl,
    shopAddress: address,
    shopPhone: shop.phone,
    shopEmail: shop.email,
    shopHours: shop.hours,
    shopHeaderHtml:
      `<p style="margin:0 0 20px"><a href="${h(origin)}"><img src="${h(logoUrl)}" alt="${h(shop.name)}" ` +
      `${logoSize} border="0" style="display:block;border:0"></a></p>`,
    shopFooterHtml:
      `<p style="margin-top:24px;padding-top:12px;border-top:1px solid #DDDDDD;color:#555555;font-size:12px;line-height:1.5">` +
      `${h(shop.name)}<br>${h(address)}<br><a href="tel:${h(shop.phone)}" style="color:#555555">${h(shop.phone)}</a>` +
      ` · <a href="${h(origin)}" style="color:#555555">${h(origin.replace(/^https?:\/\//, ''))}</a></p>`,
    shopFooterText: `${shop.name}\n${address}\n${shop.phone}\n${origin}`,
  };
}
