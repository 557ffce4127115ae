/**
 * The shop's icon as a `data:` address, written into every page's head. A file (/favicon.svg)
 * costs a request that Chrome makes after the load event; on a returning visitor's cart it took
 * the document's warm connection, so the paint script that draws the stored lines waited for a
 * new one (docs/benchmarks.md, cart-items LCP). The page policy's img-src allows data:.
 */
import svg from '../../assets/favicon.svg?raw';

export const FAVICON_HREF = `data:image/svg+xml,${encodeURIComponent(svg.trim())}`;
