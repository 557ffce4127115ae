import { sanitizeDescription } from './sanitize.ts';

/** Published forms of stored descriptions: a page read cleans each stored text once, not per request. */
const published = new Map<string, string | null>();
const PUBLISHED_CACHE_LIMIT = 500;

/**
 * A rich description (service description_html, collection html_description) as a public page
 * may insert it: cleaned again on the way out, with the allow-list it was cleaned with on save.
 * The admin API already cleans on save; this also covers rows written another way (a seed, SQL
 * by hand, an older version of the app). Markup with neither text nor an image counts as no description.
 */
export function publishedHtml(html: string | null): string | null {
  if (html === null) return null;
  const known = published.get(html);
  if (known !== undefined) return known;
  const clean = sanitizeDescription(html).trim();
  const hasContent = /<img\b/i.test(clean) || clean.replace(/<[^>]*>|&nbsp;|\s/g, '') !== '';
  const answer = hasContent ? clean : null;
  // The cleaning depends only on the text, so a stored text keeps its answer; the cache is
  // emptied when full instead of tracking use (a shop has tens of descriptions, not thousands).
  if (published.size >= PUBLISHED_CACHE_LIMIT) published.clear();
  published.set(html, answer);
  return answer;
}
