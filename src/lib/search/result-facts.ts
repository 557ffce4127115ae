import { imageUrl, isTransformable } from '../catalog/images.ts';
import { formatUsd } from '../money.ts';
import { fromPriceText } from '../pricing/from-price.ts';
import type { SearchDocument } from './documents.ts';
import type { SearchQuery } from './query.ts';

/** What a result shows beside its name, the same on the search page and in the header's list. */
export const RESULTS_PER_PAGE = 24;

export function priceText(doc: SearchDocument): string {
  if (doc.priceCents === null) return '';
  if (doc.fromPieces !== undefined) return fromPriceText({ cents: doc.priceCents, pieces: doc.fromPieces });
  return `${doc.fromPrice ? 'from ' : ''}${formatUsd(doc.priceCents)}`;
}

export function availability(doc: SearchDocument): string {
  if (doc.kind === 'collection') return 'Collection';
  if (doc.kind === 'service') return 'Service';
  return doc.inStock ? 'In stock' : 'Out of stock';
}

export function thumbnail(doc: SearchDocument): string | null {
  if (!doc.image) return null;
  return isTransformable(doc.image) ? imageUrl(doc.image, 400) : doc.image;
}

/** "3 results for “hood”": the heading, and what the page announces after a change. */
export function resultCountText(query: SearchQuery, total: number): string {
  const count = `${total} ${total === 1 ? 'result' : 'results'}`;
  return query.q ? `${count} for “${query.q}”` : count;
}
