import { runSearch, type SearchEngine } from '../../../src/lib/search/engine.ts';
import { EMPTY_QUERY } from '../../../src/lib/search/query.ts';

/**
 * What people type and what they mean (docs/decisions/0028-owner-and-receipts.md): queries with
 * typos, words joined or split differently from the catalogue, and the trade's synonyms, each with
 * the seeded product it should find. A hit is that product on the first page of results (24, as /search shows).
 */
export const RELEVANCE: readonly { kind: string; query: string; slug: string }[] = [
  { kind: 'typo', query: 'hoodei', slug: 'game-day-hoodie' },
  { kind: 'typo', query: 'caprock hoodei', slug: 'caprock-sunset-hoodie' },
  { kind: 'typo', query: 'skyilne tee', slug: 'lubbock-skyline-tee' },
  { kind: 'typo', query: 'armadillo stikcer', slug: 'dancing-armadillo-sticker' },
  { kind: 'typo', query: 'tumbelweed', slug: 'tumbleweed-trucker-cap' },
  { kind: 'typo', query: 'banenr stand', slug: 'retractable-banner-stand' },
  { kind: 'typo', query: 'hoddie', slug: 'game-day-hoodie' },
  { kind: 'compound', query: 'yardsign', slug: 'custom-yard-sign' },
  { kind: 'compound', query: 'senior night yardsign', slug: 'senior-night-yard-sign' },
  { kind: 'compound', query: 'heavyduty banner', slug: 'heavy-duty-vinyl-banner' },
  { kind: 'compound', query: 'crew neck', slug: 'big-sky-crewneck' },
  { kind: 'compound', query: 'sweat shirt', slug: 'big-sky-crewneck' },
  { kind: 'compound', query: 'vneck', slug: 'team-mom-vneck' },
  { kind: 'compound', query: 'quarterzip', slug: 'city-champ-quarter-zip' },
  { kind: 'compound', query: 'die cut stickers', slug: 'die-cut-logo-stickers' },
  { kind: 'compound', query: 'longsleeve', slug: 'pump-jack-long-sleeve' },
  { kind: 'compound', query: 'snap back', slug: 'buckle-up-snapback' },
  { kind: 'synonym', query: 'tshirt', slug: 'lubbock-skyline-tee' },
  { kind: 'synonym', query: 'rodeo t-shirt', slug: 'rodeo-weekend-tee' },
  { kind: 'synonym', query: 'hooded sweatshirt', slug: 'game-day-hoodie' },
  { kind: 'synonym', query: 'tumbleweed hat', slug: 'tumbleweed-trucker-cap' },
  { kind: 'synonym', query: 'baseball cap', slug: 'city-champ-rope-cap' },
  { kind: 'synonym', query: 'lawn sign', slug: 'custom-yard-sign' },
  { kind: 'synonym', query: 'sandwich board', slug: 'a-frame-sidewalk-sign' },
  { kind: 'synonym', query: 'window sticker', slug: 'store-hours-window-decal' },
  { kind: 'synonym', query: 'armadillo decal', slug: 'dancing-armadillo-sticker' },
  { kind: 'synonym', query: 'golf shirt', slug: 'city-champ-performance-polo' },
  { kind: 'synonym', query: 'coffee cup', slug: 'diner-ceramic-mug' },
  { kind: 'synonym', query: 'canvas bag', slug: 'heavy-canvas-tote' },
  { kind: 'synonym', query: 'tank top', slug: 'barrel-racer-tank' },
  { kind: 'synonym', query: 'can cooler', slug: 'can-koozie-four-pack' },
];

export interface RelevanceRow {
  kind: string;
  query: string;
  slug: string;
  /** 1-based place of the product in the results; null when not on the first page. */
  place: number | null;
}

export function relevance(engine: SearchEngine, perPage = 24): RelevanceRow[] {
  return RELEVANCE.map(({ kind, query, slug }) => {
    const { results } = runSearch(engine, { ...EMPTY_QUERY, q: query }, perPage);
    const index = results.findIndex((d) => d.url.endsWith(`/products/${slug}`));
    return { kind, query, slug, place: index === -1 ? null : index + 1 };
  });
}

export const hitRate = (rows: readonly RelevanceRow[]) =>
  Math.round((100 * rows.filter((r) => r.place !== null).length) / rows.length);
