import { request } from 'node:http';

export interface ChunkedAnswer {
  status: number;
  body: string;
  /** Bytes the client got to write before the answer came (the rest was never sent). */
  sent: number;
}

/**
 * POSTs `head`, then `padding` bytes of filler, then `tail`, with Transfer-Encoding: chunked
 * (no Content-Length), the way a client hides a body's size. It writes while the server reads
 * (waiting on backpressure) and stops as soon as an answer arrives.
 */
export function postChunked(
  url: string,
  headers: Record<string, string>,
  parts: { head: Buffer; padding: number; tail?: Buffer },
): Promise<ChunkedAnswer> {
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const req = request(url, { method: 'POST', headers, agent: false }, (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString(), sent });
        req.destroy();
      });
      res.on('error', reject);
    });
    // A server that refuses may close the connection while we still write: the answer decides.
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
    const filler = Buffer.alloc(256 * 1024, 0x20);
    const write = async () => {
      const pieces = [parts.head];
      for (let left = parts.padding; left > 0; left -= filler.length) {
        pieces.push(left >= filler.length ? filler : filler.subarray(0, left));
      }
      if (parts.tail) pieces.push(parts.tail);
      for (const piece of pieces) {
        if (answered || req.destroyed) return;
        sent += piece.length;
        if (!req.write(piece)) await new Promise((done) => req.once('drain', done));
      }
      req.end();
    };
    write().catch(reject);
  });
}
