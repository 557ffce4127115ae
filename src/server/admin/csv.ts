/**
 * CSV for spreadsheets (RFC 4180), safe to open: a cell a spreadsheet would run as a formula
 * (starting with =, +, -, @, or a tab or carriage return that some programs skip first) is
 * prefixed with an apostrophe, which makes it text (OWASP "CSV injection"); cells with a comma,
 * quote or line break are quoted, quotes doubled. Lines end in CRLF.
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvLines(rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  return `${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
