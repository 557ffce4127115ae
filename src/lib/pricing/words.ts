/** Numbers and counts in the words a customer reads on a price breakdown or an error. */
const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const decimal = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** 5000 → "5,000". */
export function formatCount(n: number): string {
  return whole.format(n);
}

/** 1 → "1 colour", 3 → "3 colours". */
export function countOf(n: number, one: string, many: string): string {
  return `${formatCount(n)} ${n === 1 ? one : many}`;
}

/** A length in inches as written on an order: "3 × 6 ft" when both are whole feet, else "12 × 18.5 in". */
export function sizeWords(widthIn: number, heightIn: number): string {
  if (widthIn % 12 === 0 && heightIn % 12 === 0)
    return `${decimal.format(widthIn / 12)} × ${decimal.format(heightIn / 12)} ft`;
  return `${decimal.format(widthIn)} × ${decimal.format(heightIn)} in`;
}

/** 0.25 → "0.25". */
export function formatDecimal(n: number): string {
  return decimal.format(n);
}

/** ["a", "b", "c"] → "a, b or c". */
export function orList(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;
}
