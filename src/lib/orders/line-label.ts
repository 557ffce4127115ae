/**
 * How an order line reads everywhere (checkout page, receipt, order page, work order, CSV and
 * errors): "Game Day Hoodie (Black, L)", the product's name with its colour and size if any.
 */
export function lineLabel(line: { name: string; colorName: string | null; sizeName: string | null }): string {
  const options = [line.colorName, line.sizeName].filter(Boolean);
  return options.length > 0 ? `${line.name} (${options.join(', ')})` : line.name;
}

/** The label of an order line as stored: its name and the colour and size in its variant metadata. */
export function storedLineLabel(name: string, metadata: unknown): string {
  const meta = (metadata ?? {}) as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === 'string' && value ? value : null);
  return lineLabel({ name, colorName: text(meta['color']), sizeName: text(meta['size']) });
}
