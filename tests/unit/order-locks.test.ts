import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * An order's row is locked in one place, src/server/orders/lock-order.ts, which also says in
 * which order its lock is taken with the store's, the quote's, a payment request's and a
 * refund's (so two paths never wait on each other the opposite way round). A statement elsewhere
 * that selects from orders and ends in FOR UPDATE is a second, unordered lock.
 */
const LOCK_MODULE = 'server/orders/lock-order.ts';
const src = new URL('../../src/', import.meta.url);

/** Each statement that starts at a selectFrom of orders (loosely: up to the next `;`), by file. */
function orderLocksIn(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/selectFrom\(\s*['"`]orders(\s+as\s+\w+)?['"`]\s*\)/g)) {
    const end = text.indexOf(';', match.index);
    const statement = text.slice(match.index, end === -1 ? undefined : end);
    if (/\.forUpdate\(\s*\)|\.forNoKeyUpdate\(\s*\)/.test(statement)) found.push(statement);
  }
  for (const match of text.matchAll(/from\s+(public\.)?orders\b[^;`]*?\bfor\s+(no\s+key\s+)?update\b/gi)) {
    found.push(match[0]);
  }
  return found;
}

describe('order locks', () => {
  it('finds a lock of an order written inline, in either form', () => {
    expect(
      orderLocksIn(`await trx.selectFrom('orders').select('id').where('id', '=', id).forUpdate().execute();`),
    ).toHaveLength(1);
    expect(
      orderLocksIn('const rows = await sql`select id from orders where id = $1 for update`.execute(trx);'),
    ).toHaveLength(1);
    expect(orderLocksIn(`await trx.selectFrom('orders').select('id').execute(); await x.forUpdate();`)).toHaveLength(0);
  });

  it('lock orders rows only in src/server/orders/lock-order.ts', () => {
    const lockers = readdirSync(src, { recursive: true, encoding: 'utf8' })
      .filter((path) => /\.(ts|tsx|mts)$/.test(path))
      .filter((path) => orderLocksIn(readFileSync(new URL(path, src), 'utf8')).length > 0)
      .sort();
    expect(lockers).toEqual([LOCK_MODULE]);
  });
});
