import { getContainerRenderer } from '@astrojs/react';
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { loadRenderers } from 'astro:container';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import StorePage from '../../src/pages/stores/[slug].astro';
import { GET as sitemap } from '../../src/pages/sitemap.xml.ts';
import { installDatabase } from '../../src/server/db/index.ts';
import { storePagesForBuild } from '../../src/server/stores/store-page.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';
import { createStore } from '../support/store-fixtures.ts';

/** Issue 30: a store's pre-rendered page says what it sells, for whom, until when, and how far each design is. */
const HOUR = 3_600_000;
// The site's own hydration directive (astro.config.mjs) and React, to render the order island.
const directives = new Map([['interaction', '/* the site directive */']]);
const container = await AstroContainer.create({
  manifest: { clientDirectives: directives } as never,
  renderers: await loadRenderers([getContainerRenderer()]),
});
const textOf = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe.each(DATABASE_KINDS)('the store page on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    installDatabase(database);
  });
  afterAll(() => database.dispose());

  const render = async (slug: string) => {
    const store = (await storePagesForBuild(database.db)).find((s) => s.slug === slug);
    if (!store) return null;
    return container.renderToString(StorePage, { props: { store }, params: { slug } });
  };

  it('shows each design with its price, fundraising line and progress, and the close in words', async () => {
    const open = await createStore(database.db);
    const html = (await render(open.slug))!;
    const text = textOf(html);
    expect(text).toContain('Eagles Tee');
    expect(text).toContain('$22.00');
    expect(text).toContain('$4.00 of each goes to Coach Rivera');
    expect(text).toContain('0 of 24 sold');
    expect(text).toMatch(/Order by \w+day, \w+ \d+, \d{4} at \d+:\d\d [AP]M C[SD]T, when this store closes\./);
    expect(text).toContain('bagged with each buyer');
    expect(html).not.toContain('noindex');
    expect(text).toContain('Add Eagles Tee to my order');
    expect(text).toContain('Each design is printed when 24 pieces of it are sold.');
  });

  it("keeps a space between sentences and waits for the live count instead of showing the build's", async () => {
    const open = await createStore(database.db);
    const html = (await render(open.slug))!;
    expect(html).toMatch(/closes\.\s+Each design is printed/);
    // The page is built once; "0 of 24 sold" would be read as the count until the script's answer came.
    const progress = html.match(/<p[^>]*data-progress-design[^>]*>([^<]*)<\/p>/);
    expect(progress?.[1]).toBe('Counting the pieces sold…');
    expect(progress?.[0]).toContain('data-built-sold="0"');
    expect(html).toMatch(/<noscript>[^<]*0 of 24 sold/);
  });

  it("shows each design in the colour it is sold in, from the product's picture of that colour", async () => {
    const open = await createStore(database.db);
    const [first] = (
      await database.db
        .selectFrom('store_designs')
        .select('color_ids')
        .where('id', '=', open.designId)
        .executeTakeFirstOrThrow()
    ).color_ids as string[];
    const product = await database.db
      .selectFrom('store_designs')
      .select('product_id')
      .where('id', '=', open.designId)
      .executeTakeFirstOrThrow();
    await database.db
      .insertInto('product_colors')
      .values({ product_id: product.product_id, color_id: first!, image_url: '/images/test/tee-white.jpg' })
      .onConflict((oc) =>
        oc.columns(['product_id', 'color_id']).doUpdateSet({ image_url: '/images/test/tee-white.jpg' }),
      )
      .execute();
    const store = (await storePagesForBuild(database.db)).find((s) => s.slug === open.slug)!;
    expect(store.designs[0]!.imageUrl).toBe('/images/test/tee-white.jpg');
    expect(store.designs[0]!.colors[0]).toMatchObject({ id: first, imageUrl: '/images/test/tee-white.jpg' });
  });

  it('fetches the first design’s picture at once and first, and the others when they near the screen', async () => {
    const open = await createStore(database.db);
    const store = (await storePagesForBuild(database.db)).find((s) => s.slug === open.slug)!;
    const design = store.designs[0]!;
    const pictured = (id: string, name: string) => ({ ...design, id, name, imageUrl: `/images/test/${id}.jpg` });
    const designs = [pictured('first', 'Eagles Tee'), pictured('second', 'Eagles Polo'), pictured('third', 'Cap')];
    const html = await container.renderToString(StorePage, {
      props: { store: { ...store, designs } },
      params: { slug: store.slug },
    });
    const list = html.slice(html.indexOf('<ul class="designs'), html.indexOf('</ul>', html.indexOf('class="designs')));
    const pictures = [...list.matchAll(/<img [^>]*>/g)].map(([img]) => ({
      loading: img.match(/loading="(\w+)"/)?.[1],
      priority: img.match(/fetchpriority="(\w+)"/)?.[1],
    }));
    expect(pictures).toEqual([
      { loading: 'eager', priority: 'high' },
      { loading: 'lazy', priority: undefined },
      { loading: 'lazy', priority: undefined },
    ]);
  });

  it('keeps the line of the time left in the built page, so its words arriving move nothing', async () => {
    const open = await createStore(database.db);
    const html = (await render(open.slug))!;
    // The script writes "1 day, 23 hours left" in it after the first paint; an empty paragraph
    // has no height, and the text would push everything below it down (CLS).
    const line = html.match(/<p[^>]*data-store-time-left[^>]*>([^<]*)<\/p>/);
    expect(line?.[1]?.length).toBeGreaterThan(0);
    expect(line?.[1]?.trim()).toBe('');
  });

  it('says when a scheduled store opens and that a closed one is closed, with no order form', async () => {
    const later = new Date(Date.now() + 24 * HOUR);
    const scheduled = await createStore(database.db, { opensAt: later, closesAt: new Date(later.getTime() + HOUR) });
    expect(textOf((await render(scheduled.slug))!)).toMatch(/This store opens \w+day, /);
    const past = new Date(Date.now() - HOUR);
    const closed = await createStore(database.db, {
      status: 'closed',
      opensAt: new Date(past.getTime() - HOUR),
      closesAt: past,
    });
    const html = (await render(closed.slug))!;
    expect(textOf(html)).toMatch(/This store closed on \w+day, .* Orders are no longer taken\./);
    expect(html).not.toContain('Pay for my order');
  });

  it('builds no page for a draft store, keeps a private one out of the index and the sitemap', async () => {
    const draft = await createStore(database.db, { status: 'draft' });
    expect(await render(draft.slug)).toBeNull();
    const hidden = await createStore(database.db, { visibility: 'private' });
    expect(await render(hidden.slug)).toContain('<meta name="robots" content="noindex"');
    const listed = await createStore(database.db);
    const xml = await (await sitemap({ site: new URL('https://shop.example') } as never)).text();
    expect(xml).toContain(`https://shop.example/stores/${listed.slug}`);
    expect(xml).toContain('https://shop.example/stores/city-champ-golf-2026');
    expect(xml).not.toContain(hidden.slug);
    expect(xml).not.toContain(draft.slug);
  });
});
