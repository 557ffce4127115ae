/**
 * The kinds of product the shop sells, as the admin offers them
 * (docs/decisions/0028-owner-and-receipts.md: a choice, not free text). The id is what is stored in
 * products.product_type: search indexes it, and apparel and headwear offer a size breakdown
 * (src/lib/orders/size-breakdown.ts).
 */
export const PRODUCT_TYPES = [
  { id: 'apparel', label: 'Apparel (shirts, hoodies, polos)' },
  { id: 'headwear', label: 'Headwear (caps, beanies)' },
  { id: 'bag', label: 'Bag (totes)' },
  { id: 'drinkware', label: 'Drinkware (mugs, tumblers)' },
  { id: 'accessory', label: 'Accessory (towels, bandanas, koozies)' },
  { id: 'sign', label: 'Sign' },
  { id: 'banner', label: 'Banner' },
  { id: 'sticker', label: 'Sticker' },
  { id: 'decal', label: 'Decal' },
] as const;

export type ProductTypeId = (typeof PRODUCT_TYPES)[number]['id'];
