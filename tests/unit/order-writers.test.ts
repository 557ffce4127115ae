import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * An order is created in one place, whatever it is made from (a cart, an account checkout, a
 * store buyer, a quote, a store's batch), and its lines are added in one place, by its creation
 * and by the owner's changes alike: src/server/orders/order-writer.ts. A second writer would
 * drift from it (positions, snapshots, what links an order to its source).
 */
const src = new URL('../../src/', import.meta.url);
const files = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter((path) =>
  /\.(ts|tsx|mts|astro)$/.test(path),
);

function writersOf(table: string): string[] {
  const pattern = new RegExp(`insertInto\\(\\s*['"\`]${table}['"\`]|insert\\s+into\\s+(public\\.)?"?${table}\\b`, 'i');
  return files.filter((path) => pattern.test(readFileSync(new URL(path, src), 'utf8'))).sort();
}

describe('order writers', () => {
  it('insert orders rows only in src/server/orders/order-writer.ts', () => {
    expect(writersOf('orders')).toEqual(['server/orders/order-writer.ts']);
  });

  it('insert order_items rows only in src/server/orders/order-writer.ts', () => {
    expect(writersOf('order_items')).toEqual(['server/orders/order-writer.ts']);
  });
});
