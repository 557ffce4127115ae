// Loading the engine registers the cart's list pricer (src/lib/pricing/cart-list-pricer.ts) before the paint.
import '../../lib/pricing/cart-list-lines.ts';
import { startFirstPaint } from './first-paint.ts';

/**
 * The cart page's first paint over a stored cart with a line priced by the owner's lists
 * (docs/decisions/0027-price-lists.md): the engine comes with it, as the paint needs it to pool the
 * lines of one design, say each line's price in words and charge its setup once in the summary.
 */
startFirstPaint();
