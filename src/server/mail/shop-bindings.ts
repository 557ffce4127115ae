import { SHOP } from '../../lib/site/site.ts';
import { shopOrigin } from '../links/signed-links.ts';
import { escapeHtml } from '../security/escape-html.ts';
import type { Bindings } from './render.ts';

/** The logo e-mails show: a PNG (mail clients do not draw SVG), shown at half its pixel size. */
export const MAIL_LOGO_PATH = '/images/logo-email.png';
const LOGO_WIDTH = 190;
const LOGO_HEIGHT = 32;

/** "1200 N Big Spring St, Midland, TX 79701" */
export const shopAddressLine = () =>
  `${SHOP.address.streetAddress}, ${SHOP.address.addressLocality}, ${SHOP.address.addressRegion} ${SHOP.address.postalCode}`;

/**
 * Values every e-mail can use (docs/decisions/0028-owner-and-receipts.md), whatever it is about:
 * the shop's name, site, logo, address and phone, and the header and footer built from them. The header and footer are
 * `…Html` bindings the server builds here, escaping every value it inserts; the text footer is
 * their plain-text form. A mail's own values win over these (enqueueMail merges them first).
 */
export function shopBindings(origin = shopOrigin()): Bindings {
  const logoUrl = `${origin}${MAIL_LOGO_PATH}`;
  const address = shopAddressLine();
  const h = escapeHtml;
  return {
    shopName: SHOP.name,
    shopUrl: origin,
    shopLogoUrl: logoUrl,
    shopAddress: address,
    shopPhone: SHOP.phone,
    shopHeaderHtml:
      `<p style="margin:0 0 20px"><a href="${h(origin)}"><img src="${h(logoUrl)}" alt="${h(SHOP.name)}" ` +
      `width="${LOGO_WIDTH}" height="${LOGO_HEIGHT}" border="0" style="display:block;border:0"></a></p>`,
    shopFooterHtml:
      `<p style="margin-top:24px;padding-top:12px;border-top:1px solid #DDDDDD;color:#555555;font-size:12px;line-height:1.5">` +
      `${h(SHOP.name)}<br>${h(address)}<br><a href="tel:${h(SHOP.phone)}" style="color:#555555">${h(SHOP.phone)}</a>` +
      ` · <a href="${h(origin)}" style="color:#555555">${h(origin.replace(/^https?:\/\//, ''))}</a></p>`,
    shopFooterText: `${SHOP.name}\n${address}\n${SHOP.phone}\n${origin}`,
  };
}
