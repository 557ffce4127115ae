import type { ProductDetail, ProductLocation } from '../catalog/products.ts';
import { type AreaInputs, type Job, type JobDecoration, type JobLine, PricingInputError } from './job.ts';
import { type LocationPricingInputs, locationInputs } from './location-inputs.ts';
import type { DecorationList, FlatList, PriceList } from './lists.ts';
import { orList } from './words.ts';

/**
 * From a product as the catalogue serves it (src/lib/catalog/products.ts, the same JSON checkout reads
 * from the database: src/server/catalog/pricing-inputs.ts) and what the customer chose, to the
 * job the engine prices (docs/decisions/0027-price-lists.md). The product page, the cart and
 * checkout build their job here, so the price shown is the price charged.
 */

/** What pricing reads of a product. */
export type PricedProduct = Pick<
  ProductDetail,
  'id' | 'name' | 'price_cents' | 'price_tiers' | 'print_locations' | 'garment_list' | 'area_list' | 'turnaround_list'
>;

/**
 * What pricing reads of a product, and nothing more: what a cart line keeps of it and what the
 * cart's refresh hands back with today's lists. A list the product does not use is null.
 */
export function pricedProductOf(
  product: Pick<PricedProduct, 'id' | 'name' | 'price_cents' | 'price_tiers' | 'print_locations'> &
    Partial<Pick<PricedProduct, 'garment_list' | 'area_list' | 'turnaround_list'>>,
): PricedProduct {
  return {
    id: product.id,
    name: product.name,
    price_cents: product.price_cents,
    price_tiers: product.price_tiers,
    print_locations: product.print_locations,
    garment_list: product.garment_list ?? null,
    area_list: product.area_list ?? null,
    turnaround_list: product.turnaround_list ?? null,
  };
}

/** A print location as chosen on a line, with its pricing inputs (see chosenLocationSchema). */
export interface ChosenDecoration extends LocationPricingInputs {
  code: string;
  artworkId: string | null;
}

/** Width × height (inches), material and finishing of an area product (see chosenAreaSchema). */
export interface ChosenArea {
  widthIn: number;
  heightIn: number;
  material: string;
  finishing: readonly string[];
}

/** One line to price: a product in a colour and size, its pieces and what was chosen. */
export interface LineChoice {
  /** The caller's id for the line (returned on the priced line). */
  key: string;
  product: PricedProduct;
  quantity: number;
  sizeName: string | null;
  /** The garment colour's hex (dark garments take dark prices and flash); null: none. */
  colorHex: string | null;
  locations: readonly ChosenDecoration[];
  area?: ChosenArea | null | undefined;
}

/** A product is priced by the owner's lists when it links any: else its flat price and tiers stay. */
export function isListPriced(product: Pick<PricedProduct, 'print_locations' | 'garment_list' | 'area_list'>): boolean {
  return Boolean(product.garment_list || product.area_list || product.print_locations.some((l) => l.price_list));
}

/** A colour a shop prints as dark (flash/underbase, dark DTG prices): relative luminance under 0.35. */
export function isDarkHex(hex: string | null): boolean {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})/i.exec(hex ?? '');
  if (!m) return false;
  const [r, g, b] = [m[1], m[2], m[3]].map((h) => {
    const c = Number.parseInt(h!, 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b! < 0.35;
}

/** A location without a list of its own on a list-priced product keeps its flat prices as a list. */
function locationList(location: ProductLocation): PriceList<DecorationList> {
  if (location.price_list) return location.price_list;
  const data: FlatList = {
    method: 'flat',
    cents_per_piece: location.price_cents_per_piece,
    setup_fee_cents: location.setup_fee_cents,
  };
  return { id: `location:${location.code}`, name: location.name, version: 0, data };
}

/**
 * The design a print belongs to (DESIGN.md "A design": one artwork on one location): its upload,
 * or while the file is to come, the product's location (its colours and sizes together).
 */
export function designOf(productId: string, choice: Pick<ChosenDecoration, 'code' | 'artworkId'>): string {
  return choice.artworkId ? `artwork:${choice.artworkId}` : `later:${productId}:${choice.code}`;
}

/** How a job is built: `exactStitches` takes any stitch count the list prices (the owner on a quote). */
export interface BuildOptions {
  exactStitches?: boolean;
}

function decoration(
  line: LineChoice,
  index: number,
  j: number,
  choice: ChosenDecoration,
  options: BuildOptions,
): JobDecoration {
  const field = `lines[${index}].decorations[${j}]`;
  const location = line.product.print_locations.find((l) => l.code === choice.code);
  if (!location) throw new PricingInputError(field, `${line.product.name} cannot be printed there (${choice.code}).`);
  const list = locationList(location);
  const data = list.data;
  // Customers pick the list's sizes in words; the owner may type the digitizer's exact count.
  if (data.method === 'embroidery' && choice.stitches !== undefined && !options.exactStitches) {
    if (!data.size_choices.some((s) => s.stitches === choice.stitches)) {
      throw new PricingInputError(
        `${field}.stitches`,
        `Choose a size for the ${location.name}: ${orList(data.size_choices.map((s) => s.label))}.`,
      );
    }
  }
  return {
    location: { code: location.code, name: location.name },
    list,
    inputs: locationInputs(choice),
    design: designOf(line.product.id, choice),
  };
}

function area(line: LineChoice, index: number): AreaInputs | null {
  const list = line.product.area_list;
  if (!list) return null;
  if (!line.area) throw new PricingInputError(`lines[${index}].area`, `Choose a size for ${line.product.name}.`);
  return {
    list,
    width_in: line.area.widthIn,
    height_in: line.area.heightIn,
    material: line.area.material,
    finishing: line.area.finishing,
  };
}

/**
 * The job of some lines: each line's blank (price and tiers), size upcharge, area and
 * decorations, and the turnaround of the products' list with the rush chosen (null: standard).
 * An input the product does not take throws PricingInputError with its path in the job
 * (`lines[2].decorations[1].colors`); `requestField` names it as the request does.
 */
export function buildJob(lines: readonly LineChoice[], rush: string | null, options: BuildOptions = {}): Job {
  const jobLines: JobLine[] = lines.map((line, index) => ({
    key: line.key,
    productId: line.product.id,
    productName: line.product.name,
    quantity: line.quantity,
    sizeName: line.sizeName,
    darkGarment: isDarkHex(line.colorHex),
    // Priced by width × height, the area is the price: the product's own price is the card's "from".
    blank: line.product.area_list
      ? { price_cents: 0, tiers: [] }
      : { price_cents: line.product.price_cents, tiers: line.product.price_tiers },
    garment: line.product.garment_list ?? null,
    area: area(line, index),
    decorations: line.locations.map((choice, j) => decoration(line, index, j, choice, options)),
  }));
  const turnaroundList = lines.map((l) => l.product.turnaround_list).find(Boolean) ?? null;
  if (rush !== null && !turnaroundList) {
    throw new PricingInputError('turnaround.rush', 'These products have standard turnaround only.');
  }
  return { lines: jobLines, turnaround: turnaroundList ? { list: turnaroundList, rush } : null };
}

const AREA_FIELDS: Record<string, string> = { width_in: 'widthIn', height_in: 'heightIn' };

/**
 * A job field as the request names it: `lines[i]` is the request's line `lineIndexes[i]`
 * (`items.N`), a decoration its location (`locations.J`), `area.width_in` `area.widthIn`, the
 * rush the request's `rush`.
 */
export function requestField(field: string, lineIndexes: readonly number[], prefix = 'items'): string {
  if (field.startsWith('turnaround')) return 'rush';
  return field
    .replace(/^lines\[(\d+)\]/, (_, i: string) => `${prefix}.${lineIndexes[Number(i)] ?? i}`)
    .replace(/\.decorations\[(\d+)\]/, '.locations.$1')
    .replace(/\.area\.(width_in|height_in)/, (_, f: string) => `.area.${AREA_FIELDS[f]}`)
    .replace(/\[(\d+)\]/g, '.$1');
}
