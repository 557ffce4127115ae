import type { AreaList } from '../lib/pricing/lists.ts';

type Basis = AreaList['finishing'][number]['basis'];

/** How a finishing is priced, in the owner's words (the editor's choice of basis). */
export const FINISHING_BASES: { id: Basis; label: string }[] = [
  { id: 'piece', label: 'Per piece' },
  { id: 'edge_ft', label: 'Per foot of edge' },
  { id: 'sqft', label: 'Per square foot' },
  { id: 'percent', label: 'Percent of the area price' },
];

const PER: Record<Basis, string> = {
  piece: 'price per piece',
  edge_ft: 'price per foot of edge',
  sqft: 'price per square foot',
  percent: 'percent of the area price',
};

/**
 * The amount field's label says what the amount is counted by: "Grommets every 2 ft, price per
 * foot of edge" reads $0.50 as each foot of the banner's edge, not each grommet.
 */
export const finishingAmountLabel = (name: string, basis: Basis) => `${name}, ${PER[basis]}`;
