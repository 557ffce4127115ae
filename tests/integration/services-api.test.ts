import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import services from '../../netlify/functions/services.mts';
import type { ServiceDetail } from '../../src/lib/catalog/services.ts';
import { installDatabase } from '../../src/server/db/index.ts';
import { callFunction } from '../support/call-function.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';

async function listServices(): Promise<ServiceDetail[]> {
  const res = await callFunction(services, '/api/services');
  expect(res.status).toBe(200);
  return (await res.json()) as ServiceDetail[];
}

describe.each(DATABASE_KINDS)('services API on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    installDatabase(database);
  });
  afterAll(() => database.dispose());

  it('GET /api/services lists the active services in shop order, uncached', async () => {
    const res = await callFunction(services, '/api/services');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = (await res.json()) as ServiceDetail[];
    const { rows } = await sql<{ slug: string }>`
      select slug from services where is_active order by sort_order, name`.execute(database.db);
    expect(body.map((s) => s.slug)).toEqual(rows.map((r) => r.slug));
    expect(body.map((s) => s.slug)).toEqual([
      'consulting',
      'apparel-printing',
      'promotional-items',
      'signs-banners',
      'online-store',
    ]);
  });

  it('answers each service in the public shape, with its details list parsed from metadata', async () => {
    const body = await listServices();
    expect(Object.keys(body[0]!).sort()).toEqual([
      'base_price_cents',
      'category',
      'description',
      'description_html',
      'details',
      'duration_minutes',
      'id',
      'image_main_url',
      'image_secondary_url',
      'name',
      'short_description',
      'slug',
      'tagline',
      'testimonials',
    ]);
    const apparel = body.find((s) => s.slug === 'apparel-printing')!;
    expect(apparel).toMatchObject({
      name: 'Custom Apparel Printing',
      category: 'Printing',
      base_price_cents: 15000,
      image_main_url: '/images/services/apparel-printing.webp',
    });
    expect(apparel.details.idealFor).toMatch(/^Teams, schools/);
    expect(apparel.details.turnaround).toMatch(/^7-10 business days/);
    expect(apparel.details.materials).toContain('Madeira embroidery thread');
    expect(apparel.details.whatToExpect).toMatch(/digital proof/);
    expect(apparel.details.requirements).toMatch(/Minimum 12 pieces/);
    expect(apparel.testimonials.map((t) => t.author)).toEqual([
      'Coach Darnell Hayes, Permian Striders',
      'Tomás Ortega, Ortega Cattle Co.',
    ]);
    expect(Object.keys(apparel.testimonials[0]!).sort()).toEqual(['author', 'id', 'quote']);
  });

  it('leaves out inactive services, inactive quotes and malformed metadata entries', async () => {
    await sql`update services set is_active = false where slug = 'promotional-items'`.execute(database.db);
    await sql`update testimonials set is_active = false
      where author = 'Coach Darnell Hayes, Permian Striders'`.execute(database.db);
    await sql`update services set metadata = '{"idealFor": 42, "materials": "Vinyl"}'::jsonb
      where slug = 'signs-banners'`.execute(database.db);
    try {
      const body = await listServices();
      expect(body.some((s) => s.slug === 'promotional-items')).toBe(false);
      const apparel = body.find((s) => s.slug === 'apparel-printing')!;
      expect(apparel.testimonials.map((t) => t.author)).toEqual(['Tomás Ortega, Ortega Cattle Co.']);
      expect(body.find((s) => s.slug === 'signs-banners')!.details).toEqual({
        idealFor: null,
        turnaround: null,
        materials: ['Vinyl'],
        whatToExpect: null,
        requirements: null,
      });
      // Spotlight and home quotes belong to no service and never show up under one.
      const authors = body.flatMap((s) => s.testimonials.map((t) => t.author));
      expect(authors).not.toContain('Lauren Kimbrough, Tournament Director, City Champ Golf');
    } finally {
      await sql`update services set is_active = true where slug = 'promotional-items'`.execute(database.db);
      await sql`update testimonials set is_active = true
        where author = 'Coach Darnell Hayes, Permian Striders'`.execute(database.db);
    }
  });

  it('follows sort_order when the shop reorders its services', async () => {
    await sql`update services set sort_order = 0 where slug = 'online-store'`.execute(database.db);
    const body = await listServices();
    expect(body[0]!.slug).toBe('online-store');
  });

  it('is routed for GET /api/services only (admin writes come with their own functions)', async () => {
    // The local server and Netlify both route by config.path and config.method.
    const { config } = await import('../../netlify/functions/services.mts');
    expect(config).toEqual({ path: '/api/services', method: 'GET' });
  });
});
