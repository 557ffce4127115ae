import { type Kysely, type RawBuilder, sql } from 'kysely';
import {
  ACTIVITY_KINDS,
  type ActivityAnswer,
  type ActivityEntry,
  type ActivityKind,
  type ActivityQuery,
} from '../../lib/admin-schemas/activity.ts';
import { orderNumber } from '../../lib/orders/order-number.ts';
import { isOrderStage, STAGE_LABELS } from '../../lib/orders/order-stages.ts';
import { shopDateTimeWords, shopLocalWords } from '../../lib/site/shop-time.ts';
import { csvLines } from './csv.ts';
import { endOfDay, startOfDay } from '../db/day-range.ts';
import type { Database, StaffActivityKind } from '../db/types.ts';
import { nameInSentence, type StaffActor } from '../orders/order-events.ts';

type Db = Kysely<Database>;

/**
 * A product save or a store action, with who did it (staff_activity). Order work is on the
 * order's timeline (order-events.ts) and price-list saves are their versions: not written here.
 */
export async function recordActivity(
  db: Db,
  who: StaffActor,
  entry: { kind: StaffActivityKind; subjectId: string | null; words: string },
): Promise<void> {
  await db
    .insertInto('staff_activity')
    .values({ staff_id: who.staffId, kind: entry.kind, subject_id: entry.subjectId, words: entry.words.slice(0, 500) })
    .execute();
}

type Filters = Omit<ActivityQuery, 'limit' | 'offset'>;

/** Everything people did, from the three places it is kept, as one list. */
const everything = sql`
  select e.id::text as id, e.created_at as at, e.staff_id, e.kind, e.order_id,
         null::text as subject_name, e.comment as words, e.to_stage
    from public.order_events e
   where e.staff_id is not null
  union all
  select v.price_list_id::text || ':' || v.version, v.created_at, v.staff_id, 'price_list', null,
         l.name, 'Version ' || v.version || ' saved', null
    from public.price_list_versions v
    join public.price_lists l on l.id = v.price_list_id
   where v.staff_id is not null
  union all
  select a.id::text, a.created_at, a.staff_id, a.kind, null, null, a.words, null
    from public.staff_activity a`;

function where(filters: Filters): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [sql`true`];
  if (filters.staff_id) parts.push(sql`x.staff_id = ${filters.staff_id.toLowerCase()}::uuid`);
  if (filters.kind) parts.push(sql`x.kind = ${filters.kind}`);
  if (filters.from) parts.push(sql`x.at >= ${startOfDay(filters.from)}`);
  if (filters.to) parts.push(sql`x.at < ${endOfDay(filters.to)}`);
  return sql.join(parts, sql` and `);
}

interface Row {
  id: string;
  at: Date;
  staff_id: string;
  kind: ActivityKind;
  order_id: string | null;
  subject_name: string | null;
  words: string | null;
  to_stage: string | null;
  name: string;
}

function entryOf(row: Row): ActivityEntry {
  const stage = row.to_stage && isOrderStage(row.to_stage) ? STAGE_LABELS[row.to_stage] : null;
  const words =
    row.kind === 'stage'
      ? [`Moved to ${(stage ?? row.to_stage ?? '').toLowerCase()}`, row.words].filter(Boolean).join(': ')
      : (row.words ?? '');
  const subject = row.order_id
    ? `Order ${orderNumber(row.order_id)}`
    : row.kind === 'price_list'
      ? `Price list ${row.subject_name ?? ''}`.trim()
      : (ACTIVITY_KINDS[row.kind] ?? row.kind);
  return {
    id: row.id,
    at: row.at.toISOString(),
    at_words: shopDateTimeWords(row.at),
    staff_id: row.staff_id,
    by: nameInSentence(row.name),
    kind: row.kind,
    kind_words: ACTIVITY_KINDS[row.kind] ?? row.kind,
    subject,
    order_id: row.order_id,
    words,
  };
}

async function rows(db: Db, filters: Filters, page: { limit: number; offset: number } | null) {
  const { rows: found } = await sql<Row>`
    select x.*, s.name from (${everything}) x
      join public.staff_accounts s on s.id = x.staff_id
     where ${where(filters)}
     order by x.at desc, x.id desc
     ${page ? sql`limit ${page.limit} offset ${page.offset}` : sql``}`.execute(db);
  return found.map(entryOf);
}

/** The owner's activity log: newest first, a page at a time, with everyone for the person filter. */
export async function activityLog(db: Db, query: ActivityQuery): Promise<ActivityAnswer> {
  const { limit, offset, ...filters } = query;
  const [entries, count, people] = await Promise.all([
    rows(db, filters, { limit, offset }),
    sql<{ n: number }>`select count(*)::int as n from (${everything}) x where ${where(filters)}`.execute(db),
    db.selectFrom('staff_accounts').select(['id', 'name', 'status']).orderBy('name').execute(),
  ]);
  return {
    entries,
    total: count.rows[0]?.n ?? 0,
    people: people.map((p) => ({ id: p.id, name: p.name, removed: p.status === 'removed' })),
  };
}

/** The same entries as CSV: dates on the shop's clock, every cell guarded against formulas. */
export async function activityCsv(db: Db, filters: Filters): Promise<string> {
  const entries = await rows(db, filters, null);
  return csvLines([
    ['When (shop time)', 'Who', 'Kind', 'About', 'What'],
    ...entries.map((e) => [shopLocalWords(e.at), e.by, e.kind_words, e.subject, e.words]),
  ]);
}
