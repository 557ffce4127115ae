import type { PriceListData, PriceListMethod } from './lists.ts';

/** Every method a list can price, in the order the admin offers them. */
export const PRICE_LIST_METHODS = [
  'screen_print',
  'embroidery',
  'dtg',
  'dtf',
  'heat_transfer',
  'flat',
  'garment',
  'area',
  'turnaround',
] as const satisfies readonly PriceListMethod[];

/** The method in the owner's words. */
export const METHOD_NAMES: Record<PriceListMethod, string> = {
  screen_print: 'Screen print',
  embroidery: 'Embroidery',
  dtg: 'DTG (direct to garment)',
  dtf: 'DTF transfer',
  heat_transfer: 'Heat transfer',
  flat: 'Flat price per piece',
  garment: 'Garment size upcharges',
  area: 'By area (banners, signs, stickers)',
  turnaround: 'Turnaround and rush',
};

/** Which link of a product or print location a list can fill. */
export type ListUse = 'decoration' | 'garment' | 'area' | 'turnaround';

export function listUseOf(method: PriceListMethod): ListUse {
  if (method === 'garment' || method === 'area' || method === 'turnaround') return method;
  return 'decoration';
}

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** Screen-print columns: "1 colour", "2 colours", … */
export const colourColumns = (width: number) =>
  Array.from({ length: width }, (_, c) => plural(c + 1, 'colour', 'colours'));

/** The columns of a list's grid in words ("2 colours", "Up to 5,000 stitches", a print size, a material). */
export function gridColumns(data: PriceListData): string[] {
  switch (data.method) {
    case 'screen_print':
      return colourColumns(data.grid.cells[0]?.length ?? 0);
    case 'embroidery':
      return data.stitch_bands.map((s) => `Up to ${plural(s, 'stitch', 'stitches')}`);
    case 'dtg':
    case 'dtf':
    case 'heat_transfer':
      return data.print_sizes.map((p) => p.label);
    case 'area':
      return data.materials.map((m) => `${m.label} per sq ft`);
    default:
      return [];
  }
}

/** A band's row header: "From 48 pieces" (or square feet for area lists banded by area). */
export function bandLabel(data: PriceListData, start: number): string {
  const sqft = data.method === 'area' && data.band_basis === 'sqft';
  return `From ${plural(start, sqft ? 'sq ft' : 'piece', sqft ? 'sq ft' : 'pieces')}`;
}
