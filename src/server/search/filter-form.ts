import type { FacetOption } from '../../lib/search/engine.ts';
import { centsText, type Facet, SORT_LABELS, SORTS, type SearchQuery } from '../../lib/search/query.ts';
import { escapeHtml as h } from '../security/escape-html.ts';

/**
 * The filters and sort of the search page, the catalogue and each collection (docs/decisions/0018-search.md): one
 * plain GET form to /search, so it works without JavaScript, and each group a labelled fieldset.
 * On the search page a script applies a change at once; elsewhere the button shows the results.
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
  errors?: Record<string, string>;
  /** The price bounds as typed in a refused query: a refused one is shown again as it was. */
  typed?: { min: string; max: string };
}

const LEGENDS: Record<Facet, string> = {
  type: 'Product type',
  collection: 'Collection',
  color: 'Colour',
  size: 'Size',
};

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function checkboxGroup(input: FilterFormInput, facet: Facet): string {
  const options = input.facets[facet];
  if (options.length < 2 && input.query[facet].length === 0) return '';
  const label = (value: string) =>
    facet === 'collection'
      ? (input.collectionNames.get(value) ?? value)
      : facet === 'type'
        ? capitalised(value)
        : value;
  const boxes = options
    .map(({ value, count }, i) => {
      const id = `${input.id}-${facet}-${i}`;
      const checked = input.query[facet].includes(value) ? ' checked' : '';
      return `<li><input type="checkbox" id="${id}" name="${facet}" value="${h(value)}"${checked}><label for="${id}">${h(label(value))} <span class="count">(${count})</span></label></li>`;
    })
    .join('');
  return `<fieldset class="filter-group"><legend>${LEGENDS[facet]}</legend><ul>${boxes}</ul></fieldset>`;
}

const dollars = (cents: number | null) => (cents === null ? '' : centsText(cents));

function errorText(input: FilterFormInput, name: string): { attrs: string; text: string } {
  const message = input.errors?.[name];
  if (!message) return { attrs: '', text: '' };
  const id = `${input.id}-${name}-error`;
  return {
    attrs: ` aria-invalid="true" aria-describedby="${id}"`,
    text: `<p class="field-error" id="${id}">${h(message)}</p>`,
  };
}

function priceGroup(input: FilterFormInput): string {
  const errors = { min: errorText(input, 'min'), max: errorText(input, 'max') };
  const shown = (name: 'min' | 'max', cents: number | null) =>
    input.errors?.[name] && input.typed ? input.typed[name] : dollars(cents);
  const field = (name: 'min' | 'max', label: string, cents: number | null) =>
    `<div class="price-field"><label for="${input.id}-${name}">${label}</label><span class="dollar" aria-hidden="true">$</span><input id="${input.id}-${name}" name="${name}" inputmode="decimal" autocomplete="off" size="6" value="${h(shown(name, cents))}"${errors[name].attrs}></div>`;
  // The reasons go under both fields, where a sentence has room.
  return `<fieldset class="filter-group"><legend>Price per piece (USD)</legend><div class="price-fields">${field('min', 'From', input.query.minCents)}${field('max', 'To', input.query.maxCents)}</div>${errors.min.text}${errors.max.text}</fieldset>`;
}

export function renderFilterForm(input: FilterFormInput): string {
  const { query, id } = input;
  const hidden = [
    query.q ? `<input type="hidden" name="q" value="${h(query.q)}">` : '',
    ...Object.entries(input.fixed ?? {}).map(
      ([name, value]) => `<input type="hidden" name="${name}" value="${h(value)}">`,
    ),
  ].join('');
  const groups = (['type', 'collection', 'color', 'size'] as const)
    .filter((facet) => !input.fixed?.[facet])
    .map((facet) => checkboxGroup(input, facet))
    .join('');
  const sorts = SORTS.map(
    (sort) => `<option value="${sort}"${query.sort === sort ? ' selected' : ''}>${SORT_LABELS[sort]}</option>`,
  ).join('');
  const sortError = errorText(input, 'sort');
  return `<form class="search-filters" method="get" action="/search" id="${id}" aria-label="Filter and sort" data-search-filters>
${hidden}
<div class="sort-field"><label for="${id}-sort">Sort by</label><select id="${id}-sort" name="sort"${sortError.attrs}>${sorts}</select>${sortError.text}</div>
<div class="filter-groups">${groups}${priceGroup(input)}
<div class="filter-group stock-field"><input type="checkbox" id="${id}-stock" name="stock" value="1"${query.inStock ? ' checked' : ''}><label for="${id}-stock">In stock only</label></div></div>
<div class="filter-actions"><button type="submit" class="button">Show results</button></div>
</form>`;
}
