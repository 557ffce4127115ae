import type { Kysely } from 'kysely';
import type { Quote } from '../../lib/testimonial.ts';
import type { Database } from '../db/types.ts';

/** The three quotes of the home page carousel, in shop order. */
export async function homeTestimonials(db: Kysely<Database>): Promise<Quote[]> {
  return db
    .selectFrom('testimonials')
    .select(['quote', 'author'])
    .where('is_home', '=', true)
    .where('is_active', '=', true)
    .orderBy('sort_order')
    .limit(3)
    .execute();
}
