import QRCode from 'qrcode';

/** Light modules around the symbol, as the QR standard asks, so a phone finds its edges on paper. */
const QUIET_ZONE = 4;

/** The dark modules of the QR code of `text` (medium error correction), row by row. */
export function qrModules(text: string): boolean[][] {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  return Array.from({ length: modules.size }, (_, row) =>
    Array.from({ length: modules.size }, (_, col) => Boolean(modules.get(row, col))),
  );
}

/**
 * The QR code of `text` as a small SVG document: black runs of modules on a white square with its
 * quiet zone, crisp at any print size (one path, one unit a module).
 */
export function qrSvg(text: string): string {
  const grid = qrModules(text);
  const side = grid.length + 2 * QUIET_ZONE;
  const runs: string[] = [];
  grid.forEach((cells, row) => {
    let col = 0;
    while (col < cells.length) {
      if (!cells[col]) {
        col++;
        continue;
      }
      const start = col;
      while (col < cells.length && cells[col]) col++;
      runs.push(`M${start + QUIET_ZONE} ${row + QUIET_ZONE}h${col - start}v1h-${col - start}z`);
    }
  });
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${side} ${side}" shape-rendering="crispEdges">` +
    `<rect width="${side}" height="${side}" fill="#fff"/><path fill="#000" d="${runs.join('')}"/></svg>`
  );
}
