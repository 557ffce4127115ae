import type { Kysely } from 'kysely';
import { likePattern } from './like-pattern.ts';
import type { AdminQuoteRequest, QuoteRequestsQuery } from '../../lib/admin-schemas/quote-requests.ts';
import type { Database } from '../db/types.ts';

const day = (value: Date | null) => (value === null ? null : value.toISOString().slice(0, 10));

function baseQuery(db: Kysely<Database>) {
  return db
    .selectFrom('quote_requests as q')
    .leftJoin('products as p', 'p.id', 'q.product_id')
    .leftJoin('services as s', 's.id', 'q.service_id')
    .select([
      'q.id',
      'q.reference',
      'q.status',
      'q.what',
      'q.quantity',
      'q.sizes',
      'q.colors',
      'q.print_locations',
      'q.in_hands_date',
      'q.budget',
      'q.notes',
      'q.full_name',
      'q.email',
      'q.phone',
      'q.created_at',
      'p.id as p_id',
      'p.name as p_name',
      'p.slug as p_slug',
      's.id as s_id',
      's.name as s_name',
      's.slug as s_slug',
    ]);
}

type Row = Awaited<ReturnType<ReturnType<typeof baseQuery>['executeTakeFirstOrThrow']>>;

function toAdmin({ p_id, p_name, p_slug, s_id, s_name, s_slug, ...r }: Row): AdminQuoteRequest {
  return {
    ...r,
    in_hands_date: day(r.in_hands_date),
    created_at: r.created_at.toISOString(),
    product: p_id && p_name && p_slug ? { id: p_id, name: p_name, slug: p_slug } : null,
    service: s_id && s_name && s_slug ? { id: s_id, name: s_name, slug: s_slug } : null,
  };
}

/** GET /api/quote-requests: the Quotes tab's list, newest first (docs/decisions/0017-quotes.md). */
export async function listQuoteRequests(db: Kysely<Database>, query: QuoteRequestsQuery): Promise<AdminQuoteRequest[]> {
  let q = baseQuery(db);
  if (query.status) q = q.where('q.status', '=', query.status);
  if (query.q) {
    const like = likePattern(query.q);
    q = q.where((eb) =>
      eb.or([
        eb(eb.fn('upper', ['q.reference']), '=', query.q?.toUpperCase() ?? ''),
        eb('q.full_name', 'ilike', like),
        eb('q.email', 'ilike', like),
      ]),
    );
  }
  const rows = await q
    .orderBy('q.created_at', 'desc')
    .orderBy('q.id', 'desc')
    .limit(query.limit)
    .offset(query.offset)
    .execute();
  return rows.map(toAdmin);
}

/** GET /api/quote-requests/{id}. */
export async function getQuoteRequest(db: Kysely<Database>, id: string): Promise<AdminQuoteRequest | null> {
  const row = await baseQuery(db).where('q.id', '=', id).executeTakeFirst();
  return row ? toAdmin(row) : null;
}
