import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { installDatabase } from '../../src/server/db/index.ts';
import { saveShopCalendar } from '../../src/server/settings/shop-calendar.ts';
import { closeStore } from '../../src/server/stores/store-close.ts';
import type { VariantFixture } from '../support/checkout.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';
import { createStore, paidBuyerOrder, teeVariants } from '../support/store-orders.ts';

/**
 * The store batch's in-hands day is a day on the shop's calendar (issue 41, item 9): the shop's
 * day of the close plus the longest delivery promised, not the UTC day, which is already the next
 * one from 6 PM in a Texas winter.
 */
describe.each(DATABASE_KINDS)('the in-hands day of a store batch on %s', (kind) => {
  let database: TestDatabase;
  let tees: VariantFixture[];
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    installDatabase(database);
    tees = await teeVariants(database.db, 1);
  });
  afterAll(() => database.dispose());

  it('counts the delivery days from the shop’s day of a close at 11:30 PM shop time', async () => {
    const db = database.db;
    const store = await createStore(db, { minimum: 1, designs: [{ name: 'Late Close Tee', priceCents: 1500 }] });
    await paidBuyerOrder(db, store, [{ design: store.designs[0]!, variant: tees[0]!, quantity: 2 }]);
    // Friday, November 27 at 11:30 PM in Midland (CST) is already Saturday in UTC.
    await db
      .updateTable('stores')
      .set({
        opens_at: new Date('2026-11-20T14:00:00Z'),
        closes_at: new Date('2026-11-28T05:30:00Z'),
        delivery_days_min: 7,
        delivery_days_max: 14,
      })
      .where('id', '=', store.id)
      .execute();
    const closed = await closeStore(db, store.id);
    const batch = await db
      .selectFrom('orders')
      .select(({ fn, ref }) => [fn<string>('to_char', [ref('in_hands_date'), sql.lit('YYYY-MM-DD')]).as('day')])
      .where('id', '=', closed!.batchOrderId!)
      .executeTakeFirstOrThrow();
    // After closing time on Friday, November 27: counted from Saturday, 14 working days (no
    // holiday stored) is Thursday, December 17.
    expect(batch.day).toBe('2026-12-17');
  });

  it('counts the delivery days on the shop calendar, past its holidays (issue 46)', async () => {
    const db = database.db;
    await saveShopCalendar(db, {
      working_weekdays: [1, 2, 3, 4, 5],
      opens_at: '09:00',
      closes_at: '17:00',
      closed_days: [{ day: '2026-11-26', kind: 'holiday', name: 'Thanksgiving Day' }],
    });
    const store = await createStore(db, { minimum: 1, designs: [{ name: 'Holiday Tee', priceCents: 1500 }] });
    await paidBuyerOrder(db, store, [{ design: store.designs[0]!, variant: tees[0]!, quantity: 2 }]);
    // Thursday, November 19 at 3 PM in Midland; 7 working days.
    await db
      .updateTable('stores')
      .set({
        opens_at: new Date('2026-11-12T14:00:00Z'),
        closes_at: new Date('2026-11-19T21:00:00Z'),
        delivery_days_min: 5,
        delivery_days_max: 7,
      })
      .where('id', '=', store.id)
      .execute();
    const closed = await closeStore(db, store.id);
    const batch = await db
      .selectFrom('orders')
      .select(({ fn, ref }) => [fn<string>('to_char', [ref('in_hands_date'), sql.lit('YYYY-MM-DD')]).as('day')])
      .where('id', '=', closed!.batchOrderId!)
      .executeTakeFirstOrThrow();
    // Fri 20, Mon 23, Tue 24, Wed 25, (Thu 26 Thanksgiving), Fri 27, Mon 30, Tue Dec 1.
    expect(batch.day).toBe('2026-12-01');
  });
});
