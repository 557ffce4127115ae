// A function's request body, read the way Netlify's runtime takes it: whole, and never past its limit.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/** Netlify's own limit for a synchronous function's request body. */
export const MAX_FUNCTION_BODY_BYTES = 6 * 1024 * 1024;

/** How long a client refused part way gets to read its 413 before the connection is cut. */
const REFUSAL_LINGER_MS = 2_000;

/**
 * The body, counted as it arrives (Content-Length or chunked alike), or null once it passes
 * `limit`: reading stops there and nothing more is kept. A declared Content-Length over the limit
 * is refused before a byte is read. Requests without a body (GET, HEAD) answer null body bytes.
 */
export function readFunctionBody(req: IncomingMessage, limit = MAX_FUNCTION_BODY_BYTES): Promise<Buffer | null> {
  if (Number(req.headers['content-length'] ?? 0) > limit) return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('close', onClose);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) {
        chunks.push(chunk);
        return;
      }
      stop();
      req.pause();
      chunks.length = 0;
      resolve(null);
    };
    const onEnd = () => {
      stop();
      resolve(Buffer.concat(chunks, size));
    };
    const onError = (error: Error) => {
      stop();
      reject(error);
    };
    // The client went away before the body was whole.
    const onClose = () => onError(Object.assign(new Error('Premature close'), { code: 'ERR_STREAM_PREMATURE_CLOSE' }));
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    req.on('close', onClose);
  });
}

/**
 * After a body refused part way: its rest is never read, and the connection cannot serve another
 * request, so the answer says `Connection: close`. Node then closes the socket the moment the 413
 * is written, and closing a socket with unread bytes resets it: a client still sending would get
 * the reset instead of the answer. So only our side is shut at first (the client reads the 413
 * and stops), and the socket is cut a little later whatever the client does.
 */
export function cutAfterAnswer(res: ServerResponse): void {
  const socket = res.socket as (Socket & { destroySoon?: () => void }) | null;
  if (!socket) return;
  res.setHeader('Connection', 'close');
  socket.destroySoon = () => {
    socket.end();
    setTimeout(() => socket.destroy(), REFUSAL_LINGER_MS).unref();
  };
}
