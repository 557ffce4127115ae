import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * The order's timeline is written through one module, one function per kind of entry
 * (docs/decisions/0026-house-renovation.md).
 */
describe('order timeline writers', () => {
  it('insert order_events rows only in src/server/orders/order-events.ts', () => {
    const src = new URL('../../src/', import.meta.url);
    const writers = readdirSync(src, { recursive: true, encoding: 'utf8' })
      .filter((path) => /\.(ts|tsx|mts|astro)$/.test(path))
      .filter((path) =>
        /insertInto\(\s*'order_events'|insert\s+into\s+(public\.)?order_events/i.test(
          readFileSync(new URL(path, src), 'utf8'),
        ),
      )
      .sort();
    expect(writers).toEqual(['server/orders/order-events.ts']);
  });
});
