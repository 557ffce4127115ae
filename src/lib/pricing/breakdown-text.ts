import { formatUsd } from '../money.ts';
import type { JobFee, PricedJob, PricedLine } from './job.ts';

const FEE_WORDS: Record<JobFee['kind'], string> = { screens: 'Screens', digitizing: 'Digitizing', setup: 'Setup' };

/**
 * A line's price as a customer reads it, for the product page, cart, checkout, order, proof,
 * quote and CSV: "Garment $4.00 · Front, 3 colours $1.95 · Back, 1 colour $0.75 · Screens 4 ×
 * $15.00 · Rush +50 %". Parts are per piece; fees of one kind and price are counted together.
 */
export function breakdownText(line: PricedLine, fees: readonly JobFee[] = [], rush: PricedJob['rush'] = null): string {
  // A print at no charge of its own (a banner's face, in the area price) is included, not "$0.00".
  const words = line.parts.map((p) =>
    p.unit_cents === 0 && p.kind === 'decoration' ? `${p.label} included` : `${p.label} ${formatUsd(p.unit_cents)}`,
  );
  const grouped = new Map<string, { kind: JobFee['kind']; unit: number; quantity: number }>();
  for (const fee of fees) {
    const key = `${fee.kind}|${fee.unit_cents}`;
    const group = grouped.get(key);
    if (group) group.quantity += fee.quantity;
    else grouped.set(key, { kind: fee.kind, unit: fee.unit_cents, quantity: fee.quantity });
  }
  for (const { kind, unit, quantity } of grouped.values()) {
    words.push(`${FEE_WORDS[kind]} ${quantity === 1 ? formatUsd(unit) : `${quantity} × ${formatUsd(unit)}`}`);
  }
  if (rush) words.push(`Rush +${rush.percent} %`);
  return words.join(' · ');
}

/** The fees of the designs a priced line's decorations belong to (for its breakdown). */
export function feesOfDesigns(fees: readonly JobFee[], designs: readonly string[]): JobFee[] {
  return fees.filter((f) => designs.includes(f.design));
}
