import type {
  NameRule as StorePersonaliseName,
  NumberRule as StorePersonaliseNumber,
} from '../../lib/stores/personalisation.ts';

/** What the store order island is given of each design (from the build). */
export interface StoreOrderDesign {
  id: string;
  name: string;
  priceCents: number;
  colors: { id: string; name: string; hex: string }[];
  sizes: { id: string; name: string }[];
  personaliseName: StorePersonaliseName | null;
  personaliseNumber: StorePersonaliseNumber | null;
}

/** A line the buyer added, as the checkout takes it. */
export interface PickedLine {
  designId: string;
  colorId: string;
  sizeId: string;
  quantity: number;
  name: string | null;
  number: string | null;
}
