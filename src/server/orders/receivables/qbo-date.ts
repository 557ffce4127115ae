/** "2026-11-28" → "11/28/2026": the date format QuickBooks Online's US imports read by default. */
export function qboDate(day: string): string {
  const [y, m, d] = day.split('-');
  return `${m}/${d}/${y}`;
}

/** Cents as a plain decimal ("1234.50", "-5.00"): no currency sign or thousands comma for an import. */
export const qboAmount = (cents: number) => (cents / 100).toFixed(2);
