/** A place a product can be printed: a price per piece and a one-time setup fee (the screen). */
export interface PrintLocation {
  code: string;
  name: string;
  price_cents_per_piece: number;
  setup_fee_cents: number;
}

/** A charge of a design besides its pieces: a location on every piece, or its setup fee once. */
export interface DesignCharge {
  kind: 'print_location' | 'setup_fee';
  location: string;
  name: string;
  unit_price_cents: number;
  quantity: number;
}

/**
 * What a design's print locations add: each location's price on every piece of the design, and
 * its setup fee once (docs/decisions/0015-print-ordering.md). `pieces` are the design's pieces, sizes together.
 */
export function designCharges(
  productName: string,
  locations: readonly PrintLocation[],
  pieces: number,
): DesignCharge[] {
  const charge = (
    kind: DesignCharge['kind'],
    location: PrintLocation,
    unitCents: number,
    quantity: number,
  ): DesignCharge[] =>
    unitCents > 0
      ? [
          {
            kind,
            location: location.code,
            name: `${location.name} ${kind === 'setup_fee' ? 'setup' : 'print'}, ${productName}`,
            unit_price_cents: unitCents,
            quantity,
          },
        ]
      : [];
  return locations.flatMap((l) => [
    ...charge('print_location', l, l.price_cents_per_piece, pieces),
    ...charge('setup_fee', l, l.setup_fee_cents, 1),
  ]);
}

/** The key of a design: a product in one colour with one set of locations (and their artwork). */
export function designKey(line: {
  productId: string;
  colorId: string | null;
  locations?: readonly { code: string; artworkId?: string | null }[] | undefined;
}): string {
  const locations = [...(line.locations ?? [])]
    .map((l) => `${l.code}:${l.artworkId ?? 'later'}`)
    .sort()
    .join(',');
  return `${line.productId}|${line.colorId ?? ''}|${locations}`;
}
