import { bandIndex, gridCell } from './bands.ts';
import { type AreaInputs, type PricePart, PricingInputError } from './job.ts';
import { formatDecimal, orList, sizeWords } from './words.ts';

/** Square feet billed per piece: width × height ÷ 144, at least the list's minimum billable area. */
export function billableSqft(area: AreaInputs): number {
  return Math.max((area.width_in * area.height_in) / 144, area.list.data.min_billable_sqft);
}

/** What an area line's bands count: its pieces, or its total billed square feet rounded up. */
export function areaBandCount(area: AreaInputs, quantity: number): number {
  if (area.list.data.band_basis === 'pieces') return quantity;
  // A float product such as 18.000000000004 is 18 sq ft, not 19.
  return Math.max(1, Math.ceil(quantity * billableSqft(area) - 1e-9));
}

function checkLength(value: number, field: string, name: string): void {
  if (!Number.isFinite(value) || value <= 0) throw new PricingInputError(field, `Enter a ${name} above 0.`);
}

/**
 * An area product per piece (banners, signs, decals, stickers): cents per square foot of the
 * material at the band, times the billed area, rounded to the cent; then each finishing per
 * piece, per linear foot of edge (the perimeter), per billed square foot or as a percent of the
 * area price, each rounded to the cent. The product's own size bounds are the caller's to check.
 */
export function priceArea(area: AreaInputs, quantity: number, field: string): PricePart[] {
  const list = area.list.data;
  checkLength(area.width_in, `${field}.width_in`, 'width');
  checkLength(area.height_in, `${field}.height_in`, 'height');
  const column = list.materials.findIndex((m) => m.code === area.material);
  if (column < 0) {
    throw new PricingInputError(
      `${field}.material`,
      `Choose a material: ${orList(list.materials.map((m) => m.label))}.`,
    );
  }
  const material = list.materials[column]!;
  const sqft = billableSqft(area);
  const count = areaBandCount(area, quantity);
  const unit = list.band_basis === 'pieces' ? 'pieces' : 'square feet';
  const perSqft = gridCell(list.grid, count, column, `${field}.material`, material.label, unit);
  const areaCents = Math.round(perSqft * sqft);
  const actual = (area.width_in * area.height_in) / 144;
  const billedNote = sqft > actual ? ` (billed as ${formatDecimal(sqft)} sq ft)` : '';
  const parts: PricePart[] = [
    {
      kind: 'area',
      label: `${sizeWords(area.width_in, area.height_in)} ${material.label}${billedNote}`,
      unit_cents: areaCents,
    },
  ];
  const edgeFt = (2 * (area.width_in + area.height_in)) / 12;
  area.finishing.forEach((code, k) => {
    const option = list.finishing.find((f) => f.code === code);
    if (!option) {
      throw new PricingInputError(
        `${field}.finishing[${k}]`,
        list.finishing.length
          ? `Choose finishing from ${orList(list.finishing.map((f) => f.label))}.`
          : 'This product has no finishing options.',
      );
    }
    if (area.finishing.indexOf(code) !== k) {
      throw new PricingInputError(`${field}.finishing[${k}]`, `${option.label} is chosen once.`);
    }
    const cents =
      option.basis === 'piece'
        ? option.amount
        : option.basis === 'edge_ft'
          ? Math.round(option.amount * edgeFt)
          : option.basis === 'sqft'
            ? Math.round(option.amount * sqft)
            : Math.round((areaCents * option.amount) / 100);
    parts.push({ kind: 'finishing', label: option.label, unit_cents: cents });
  });
  return parts;
}

/** The band starts above the line's count, as pieces to add (sqft bands: the pieces whose area reaches the start). */
export function areaNextPieces(area: AreaInputs, quantity: number): number[] {
  const list = area.list.data;
  const count = areaBandCount(area, quantity);
  const row = bandIndex(list.grid.rows, count);
  const starts = list.grid.rows.slice(row + 1);
  if (list.band_basis === 'pieces') return starts.map((s) => s - quantity);
  const sqft = billableSqft(area);
  return starts.map((s) => Math.max(1, Math.floor((s - 1) / sqft + 1e-9) + 1 - quantity));
}
