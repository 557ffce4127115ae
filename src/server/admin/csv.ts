/** A negative amount as the exports write it: a minus, digits, maybe decimals; nothing else. */
const PLAIN_NUMBER = /^-\d+(\.\d+)?$/;

/**
 * CSV for spreadsheets (RFC 4180), safe to open: a cell a spreadsheet would run as a formula
 * (starting with =, +, -, @, or a tab or carriage return that some programs skip first) is
 * prefixed with an apostrophe, which makes it text (OWASP "CSV injection"); cells with a comma,
 * quote or line break are quoted, quotes doubled. Lines end in CRLF.
 *
 * A plain number ("-4.00", "-221") is left alone: it is data a spreadsheet reads as a number, not
 * a formula, and an apostrophe would turn a discount line or a loss into text that no longer adds
 * up (docs/decisions/0029-deposits.md, the exports). Anything more than digits after the minus
 * ("-1+2", "-A1") is still guarded.
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text) && !PLAIN_NUMBER.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvLines(rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  return `${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
