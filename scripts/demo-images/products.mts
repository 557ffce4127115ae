// A product photo stand-in: the item its slug names, in its first colour, with its print motif.
import * as apparel from './apparel.mts';
import * as goods from './goods.mts';
import type { Item, ItemArgs } from './kit.mts';
import { MOTIFS, motifFor } from './motifs.mts';
import type { SeedProduct } from './seed.mts';
import * as signs from './signs.mts';
import { ACCENT, CREAM, GOLD, INK, TEAL, hashString, luminance, mostContrasting, pick, place, svgDoc } from './svg.mts';

/** First match wins: specific words before general ones (a "tee" test must not catch "tee box"). */
const ITEMS: [RegExp, Item][] = [
  [/quarter-zip/, apparel.quarterZip],
  [/hoodie/, apparel.hoodie],
  [/crewneck|sweatshirt/, apparel.crewneck],
  [/long-sleeve/, apparel.longSleeve],
  [/work-shirt|button/, apparel.workShirt],
  [/polo/, apparel.polo],
  [/v-?neck/, apparel.vneck],
  [/tank/, apparel.tank],
  [/tee\b|t-shirt|shirt/, apparel.tee],
  [/trucker/, apparel.trucker],
  [/visor/, apparel.visor],
  [/beanie/, apparel.beanie],
  [/cap\b|snapback|hat\b/, apparel.cap],
  [/tumbler/, goods.tumbler],
  [/mug/, goods.mug],
  [/tote|bag\b/, goods.tote],
  [/koozie/, goods.koozies],
  [/decal|cling/, goods.windowDecal],
  [/sticker/, goods.stickers],
  [/towel/, goods.towel],
  [/bandana/, goods.bandana],
  [/cushion|seat/, goods.cushion],
  [/a-frame|sidewalk/, signs.aFrame],
  [/retractable|stand\b/, signs.bannerStand],
  [/banner/, signs.banner],
  [/vehicle|magnet/, signs.vehicleSign],
  [/flag\b/, signs.flag],
  [/sign/, signs.yardSign],
];

const BY_TYPE: Record<string, Item> = {
  apparel: apparel.tee,
  headwear: apparel.cap,
  drinkware: goods.mug,
  bag: goods.tote,
  sticker: goods.stickers,
  decal: goods.windowDecal,
  sign: signs.yardSign,
  banner: signs.banner,
};

const PALETTE = ['#d8c8a8', '#30b6b0', '#bf5700', '#1f2a44', '#2e5e3a', '#a0522d'];
const BACKDROPS = ['#f4ece0', '#f2e8d8', '#f6efe6', '#efe6d6'];

export function itemFor(product: SeedProduct): Item {
  const key = `${product.slug} ${product.name.toLowerCase().replace(/\s+/g, '-')}`;
  for (const [pattern, item] of ITEMS) if (pattern.test(key)) return item;
  return BY_TYPE[product.type] ?? goods.box;
}

/** `#FFFFFF00` (clear) and pure white read as a slightly warm white against the backdrop. */
function usable(hex: string): string {
  const six = hex.slice(0, 7).toLowerCase();
  return six === '#ffffff' ? '#fbf9f5' : six;
}

/** The item drawing in 1200x1200 space, without backdrop; ids prefixed so several fit in one SVG. */
export function productDrawing(product: SeedProduct, colorHexes: Map<string, string>, idPrefix = ''): string {
  const seed = hashString(product.slug);
  const colors = product.colors
    .map((name) => colorHexes.get(name))
    .filter((hex): hex is string => !!hex)
    .map(usable);
  const color = colors[0] ?? pick(PALETTE, seed);
  const motif = MOTIFS[motifFor(product.slug, seed)];
  const art: ItemArgs['art'] = (x, y, width, surface, rotate = 0) => {
    const dark = luminance(surface) < 0.3;
    const main = dark ? CREAM : INK;
    const alt = mostContrasting(surface, dark ? [GOLD, ACCENT, TEAL, '#e8a57a'] : [ACCENT, TEAL, GOLD]);
    return place(x, y, width, motif({ main, alt }), rotate);
  };
  const drawing = itemFor(product)({ product, color, colors: colors.length ? colors : [color], art, seed });
  if (!idPrefix) return drawing;
  return drawing.replace(/id="([^"]+)"/g, `id="${idPrefix}$1"`).replace(/url\(#([^)]+)\)/g, `url(#${idPrefix}$1)`);
}

export function productSvg(product: SeedProduct, colorHexes: Map<string, string>): string {
  const backdrop = pick(BACKDROPS, hashString(product.slug));
  return svgDoc(
    1200,
    1200,
    `<rect width="1200" height="1200" fill="${backdrop}"/>${productDrawing(product, colorHexes)}`,
  );
}
