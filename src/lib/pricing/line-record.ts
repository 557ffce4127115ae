import type { PricePart } from './job.ts';

/**
 * What an order line priced by the owner's lists keeps (order_items.pricing, docs/decisions/0027-price-lists.md): the
 * customer's inputs, each list's id and version (price_list_versions holds that version's
 * data), and the breakdown, so the order reproduces its price after the lists change.
 */
export interface OrderItemPricing {
  inputs: {
    /** Each print location with its method and inputs (colours, stitches, print size). */
    locations: {
      code: string;
      name: string;
      method: string;
      colors?: number;
      stitches?: number;
      printSize?: string;
      /** The print size's words as the list named it then ("Full front, up to 12 × 14 in"). */
      printSizeLabel?: string;
    }[];
    /**
     * Width × height (inches), material and finishing (codes) of an area product, with their
     * words as the list named them then; null: priced per piece.
     */
    area: {
      widthIn: number;
      heightIn: number;
      material: string;
      finishing: string[];
      materialLabel?: string;
      finishingLabels?: string[];
    } | null;
    /** The rush option of the order (null: standard), and its words as the list named it then. */
    rush: string | null;
    rushLabel?: string;
    darkGarment: boolean;
  };
  /** The lists the line was priced with: "garment", "area", "turnaround" or "location:front". */
  lists: { role: string; id: string; name: string; version: number }[];
  /** Cents per piece by part (blank, size upcharge, each location, surcharges...). */
  parts: PricePart[];
  unit_cents: number;
  /** "Garment $4.00 · Front, 2 colours $2.80 · Back, 1 colour $0.75" */
  breakdown: string;
}

/** What a fee or rush line of an order keeps: the list and version it came from. */
export interface OrderChargePricing {
  kind: 'screens' | 'digitizing' | 'setup' | 'rush';
  list: { id: string; name: string; version: number } | null;
  /** A fee's design (its artwork or its product's location); a fee's unit and count. */
  design?: string;
  unit_cents?: number;
  quantity?: number;
  /** A rush option's code, words and percent. */
  rush?: { code: string; label: string; percent: number };
}
