import { sanitizeDescription } from '../admin/sanitize.ts';

/**
 * A rich description (service description_html, collection html_description) as a public page
 * may insert it: cleaned again on the way out, with the allow-list it was cleaned with on save.
 * The admin API already cleans on save; this also covers rows written another way (a seed, SQL
 * by hand, an older version of the app). Markup with neither text nor an image counts as no description.
 */
export function publishedHtml(html: string | null): string | null {
  if (html === null) return null;
  const clean = sanitizeDescription(html).trim();
  const hasContent = /<img\b/i.test(clean) || clean.replace(/<[^>]*>|&nbsp;|\s/g, '') !== '';
  return hasContent ? clean : null;
}
