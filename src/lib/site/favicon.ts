/**
 * The shop's icon as a `data:` address, written into every page's head. A file (/favicon.svg)
 * costs a request that Chrome makes after the load event; on a returning visitor's cart it took
 * the document's warm connection, so the paint script that draws the stored lines waited for a
 * new one (docs/benchmarks.md, cart-items LCP). The page policy's img-src allows data:.
 */

/** The mark: the shop's initials on its brick red, with the shop's name as its title. */
const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><title>West Texas Prints</title><rect width="32" height="32" rx="6" fill="#b4411c"/><text x="16" y="22" font-family="sans-serif" font-size="16" font-weight="700" text-anchor="middle" fill="#fff">WT</text></svg>';

export const FAVICON_HREF = `data:image/svg+xml,${encodeURIComponent(SVG)}`;
