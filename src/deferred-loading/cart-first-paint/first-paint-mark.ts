/**
 * The id of the element the cart page places right after its island (a template of the island's
 * card-brand marks): once it is parsed the island is whole, and the first paint may draw into it.
 * The page's head also holds its first paint until then (`<link rel="expect" blocking="render">`).
 */
export const FIRST_PAINT_MARK = 'cart-first-paint';
