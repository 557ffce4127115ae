/**
 * The shop's public origin, for canonical URLs, the sitemap, robots.txt and links in e-mails:
 * SITE_URL when set; else Netlify's URL (Netlify sets it on its builds and functions); else the
 * address `npm start` serves on, http://localhost:<PORT> (PORT defaults to 4321). PORT=0 asks for
 * any free port, which is known only once the server listens, after the build: then 4321.
 */
export function siteOrigin(env: Record<string, string | undefined> = process.env): string {
  const given = env['SITE_URL']?.trim() || env['URL']?.trim();
  if (given) return new URL(given).origin;
  const port = Number(env['PORT']);
  return `http://localhost:${Number.isInteger(port) && port > 0 && port < 65536 ? port : 4321}`;
}
