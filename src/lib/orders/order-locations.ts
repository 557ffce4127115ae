/** A print location as an order line keeps it in variant_metadata.locations (docs/decisions/0015-print-ordering.md). */
export interface StoredLocation {
  code: string;
  name: string;
  /** The attached file, or null while the artwork is still to come. */
  artwork_id: string | null;
}

const text = (value: unknown) => (typeof value === 'string' && value ? value : null);

/** The print locations an order line stores; [] for a line that prints nothing. */
export function storedLocations(variantMetadata: unknown): StoredLocation[] {
  const stored = (variantMetadata as Record<string, unknown> | null)?.['locations'];
  if (!Array.isArray(stored)) return [];
  return stored.map((raw) => {
    const l = (raw ?? {}) as Record<string, unknown>;
    return { code: text(l['code']) ?? '', name: text(l['name']) ?? 'Print', artwork_id: text(l['artwork_id']) };
  });
}
