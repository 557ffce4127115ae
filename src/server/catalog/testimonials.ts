import type { Kysely } from 'kysely';
import type { ServiceTestimonials, Testimonial } from '../../lib/catalog/services.ts';
import type { Database } from '../db/types.ts';

const QUOTE_COLUMNS = ['testimonials.id', 'testimonials.quote', 'testimonials.author'] as const;

/** The long featured quotes shown as Brand Spotlights on /testimonials. */
export async function listSpotlightTestimonials(db: Kysely<Database>): Promise<Testimonial[]> {
  return db
    .selectFrom('testimonials')
    .select(QUOTE_COLUMNS)
    .where('is_spotlight', '=', true)
    .where('is_active', '=', true)
    .orderBy('sort_order')
    .orderBy('created_at')
    .execute();
}

/** The three quotes of the home page carousel, in shop order. */
export async function listHomeTestimonials(db: Kysely<Database>): Promise<Testimonial[]> {
  return db
    .selectFrom('testimonials')
    .select(QUOTE_COLUMNS)
    .where('is_home', '=', true)
    .where('is_active', '=', true)
    .orderBy('sort_order')
    .orderBy('created_at')
    .limit(3)
    .execute();
}

/** Active quotes of active services, keyed by service id, each list in shop order. */
export async function testimonialsByServiceId(db: Kysely<Database>): Promise<Map<string, Testimonial[]>> {
  const rows = await db
    .selectFrom('testimonials')
    .innerJoin('services', 'services.id', 'testimonials.service_id')
    .select([...QUOTE_COLUMNS, 'testimonials.service_id'])
    .where('testimonials.is_active', '=', true)
    .where('services.is_active', '=', true)
    .orderBy('testimonials.sort_order')
    .orderBy('testimonials.created_at')
    .execute();
  const byService = new Map<string, Testimonial[]>();
  for (const { service_id, ...quote } of rows) {
    if (service_id === null) continue;
    const list = byService.get(service_id) ?? [];
    list.push(quote);
    byService.set(service_id, list);
  }
  return byService;
}

/** One group per active service that has quotes, in service order (Testimonials by Service). */
export async function listTestimonialsByService(db: Kysely<Database>): Promise<ServiceTestimonials[]> {
  const [services, quotes] = await Promise.all([
    db
      .selectFrom('services')
      .select(['id', 'slug', 'name'])
      .where('is_active', '=', true)
      .orderBy('sort_order')
      .orderBy('name')
      .execute(),
    testimonialsByServiceId(db),
  ]);
  return services
    .map((s) => ({ service: { slug: s.slug, name: s.name }, testimonials: quotes.get(s.id) ?? [] }))
    .filter((group) => group.testimonials.length > 0);
}
