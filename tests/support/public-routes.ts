import type { APIRequestContext } from '@playwright/test';

const STATIC_ROUTES = [
  '/',
  '/about',
  '/buy',
  '/contact',
  '/quote',
  '/services',
  '/testimonials',
  '/collections',
  '/catalog',
  '/search?q=hoodie',
  '/cart',
  '/success',
  '/privacy-policy',
  '/no-such-page',
];

/** Every public route of docs/decisions/spec-rules.md#s2, with real ids and slugs from the seeded shop. */
export async function allRoutes(request: APIRequestContext) {
  const services = (await (await request.get('/api/services')).json()) as { slug: string }[];
  const catalog = (await (await request.get('/api/catalog')).json()) as {
    collection: { slug: string };
    products: { slug: string }[];
  }[];
  const withProducts = catalog.find((c) => c.products.length > 0)!;
  return [
    ...STATIC_ROUTES,
    `/services/${services[0]!.slug}`,
    `/collections/${withProducts.collection.slug}`,
    `/collections/${withProducts.collection.slug}/products/${withProducts.products[0]!.slug}`,
  ];
}
