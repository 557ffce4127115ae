import type { FacetOption } from './engine.ts';
import { centsText, type Facet, type SearchQuery } from './query.ts';

/**
 * What the filters and sort form shows (docs/decisions/0018-search.md): the search page's, and the
 * catalogue's and each collection's (src/components/search/FilterForm.astro).
 */
export interface FilterFormInput {
  query: SearchQuery;
  facets: Record<Facet, FacetOption[]>;
  /** Collection names by slug (the checkboxes show names, the URL holds slugs). */
  collectionNames: ReadonlyMap<string, string>;
  /** Values fixed by the page (a collection page filters its own collection): hidden, not offered. */
  fixed?: Partial<Record<Facet, string>>;
  /** The form's id prefix, unique on the page. */
  id: string;
  /** Field errors from a refused query, by parameter name. */
  errors?: Record<string, string> | undefined;
  /** The price bounds as typed in a refused query: a refused one is shown again as it was. */
  typed?: { min: string; max: string } | undefined;
}

export const FACET_LEGENDS: Record<Facet, string> = {
  type: 'Product type',
  collection: 'Collection',
  color: 'Colour',
  size: 'Size',
};

/** A checkbox group is offered when it can narrow the results, or when one of its values is ticked. */
export function offersFacet(input: FilterFormInput, facet: Facet): boolean {
  return !input.fixed?.[facet] && (input.facets[facet].length >= 2 || input.query[facet].length > 0);
}

/** A facet value as a person reads it: a collection's name, a capitalised product type. */
export function facetLabel(input: FilterFormInput, facet: Facet, value: string): string {
  if (facet === 'collection') return input.collectionNames.get(value) ?? value;
  if (facet === 'type') return value.charAt(0).toUpperCase() + value.slice(1);
  return value;
}

/** A price bound's field: the refused text as typed, else the bound in dollars. */
export function priceFieldValue(input: FilterFormInput, name: 'min' | 'max'): string {
  if (input.errors?.[name] && input.typed) return input.typed[name];
  const cents = name === 'min' ? input.query.minCents : input.query.maxCents;
  return cents === null ? '' : centsText(cents);
}
