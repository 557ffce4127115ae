import type { Kysely } from 'kysely';
import { parseServiceDetails, type ServiceDetail } from '../../lib/catalog/services.ts';
import type { Database } from '../db/types.ts';
import { publishedHtml } from './rich-text.ts';
import { testimonialsByServiceId } from './testimonials.ts';

/**
 * Active services in shop order, each with its details list and client quotes: the public
 * Service of docs/decisions/spec-rules.md#s3. GET /api/services answers this list and the service pages render it.
 */
export async function listServices(db: Kysely<Database>): Promise<ServiceDetail[]> {
  const [rows, quotes] = await Promise.all([
    db
      .selectFrom('services')
      .select([
        'id',
        'slug',
        'name',
        'tagline',
        'category',
        'short_description',
        'image_main_url',
        'description',
        'description_html',
        'image_secondary_url',
        'base_price_cents',
        'duration_minutes',
        'metadata',
      ])
      .where('is_active', '=', true)
      .orderBy('sort_order')
      .orderBy('name')
      .execute(),
    testimonialsByServiceId(db),
  ]);
  return rows.map(({ metadata, description_html, ...row }) => ({
    ...row,
    description_html: publishedHtml(description_html),
    details: parseServiceDetails(metadata),
    testimonials: quotes.get(row.id) ?? [],
  }));
}
