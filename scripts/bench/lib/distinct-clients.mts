/** Load from many clients on one machine: each connection from its own loopback address. */
import net from 'node:net';

let clientCount = 0;

/** 127.1.0.1 onwards, never a .0: Linux routes all of 127/8 to loopback, each a client of its own. */
export function nextClientAddress(): string {
  do clientCount++;
  while ((clientCount & 255) === 0);
  const n = clientCount;
  return `127.${1 + (n >> 16)}.${(n >> 8) & 255}.${n & 255}`;
}

/**
 * Gives every new connection to host:port its own source address while `run` runs. autocannon
 * has no option for it, and the shop keys throttles on the peer address (context.ip), which
 * it must: it trusts no X-Forwarded-For from a client.
 */
export async function asDistinctClients<T>(target: URL, run: () => Promise<T>): Promise<T> {
  const original = net.connect;
  const port = Number(target.port);
  const patched = (...args: unknown[]) =>
    args[0] === port && args[1] === target.hostname
      ? original({ port, host: target.hostname, localAddress: nextClientAddress() })
      : (original as (...a: unknown[]) => net.Socket)(...args);
  Object.assign(net, { connect: patched });
  try {
    return await run();
  } finally {
    Object.assign(net, { connect: original });
  }
}
