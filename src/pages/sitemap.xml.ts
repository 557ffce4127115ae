import type { APIRoute } from 'astro';
import { productPath } from '../lib/catalog/products.ts';
import { listCatalog } from '../server/catalog/collections.ts';
import { listServices } from '../server/catalog/services.ts';
import { db } from '../server/db/index.ts';
import { siteOrigin } from '../server/site-origin.ts';
import { publicStorePaths } from '../server/stores/store-page.ts';

/** Public pages worth indexing; cart, success and cancel are transactional and left out. */
const STATIC_PATHS = [
  '/',
  '/about',
  '/buy',
  '/catalog',
  '/collections',
  '/contact',
  '/quote',
  '/services',
  '/testimonials',
  '/privacy-policy',
];

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

/** sitemap.xml, pre-rendered from the database with every collection, product and service. */
export const GET: APIRoute = async ({ site }) => {
  const origin = site ?? new URL(siteOrigin());
  const database = await db();
  const [catalog, services, stores] = await Promise.all([
    listCatalog(database),
    listServices(database),
    publicStorePaths(database),
  ]);
  const paths = [
    ...STATIC_PATHS,
    ...services.map((s) => `/services/${s.slug}`),
    ...catalog.flatMap((section) => [
      `/collections/${section.collection.slug}`,
      ...section.products.map((p) => productPath(section.collection.slug, p.slug)),
    ]),
    ...stores,
  ];
  const urls = paths.map((path) => `  <url><loc>${escapeXml(new URL(path, origin).href)}</loc></url>`).join('\n');
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(body, { headers: { 'content-type': 'application/xml; charset=utf-8' } });
};
