import type { APIRoute } from 'astro';
import { siteOrigin } from '../server/site-origin.ts';

/** robots.txt: everything public may be crawled except the admin, API and checkout pages. */
export const GET: APIRoute = ({ site }) => {
  const sitemap = new URL('/sitemap.xml', site ?? siteOrigin()).href;
  const body = [
    'User-agent: *',
    'Disallow: /admin',
    'Disallow: /api/',
    'Disallow: /cart',
    'Disallow: /success',
    'Disallow: /cancel',
    '',
    `Sitemap: ${sitemap}`,
    '',
  ].join('\n');
  return new Response(body, { headers: { 'content-type': 'text/plain; charset=utf-8' } });
};
