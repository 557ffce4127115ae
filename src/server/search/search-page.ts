import type { SearchDocument } from '../../lib/search/documents.ts';
import type { SearchAnswer } from '../../lib/search/engine.ts';
import {
  activeFilterCount,
  filtersProducts,
  type RefusedQuery,
  type SearchQuery,
  searchUrl,
} from '../../lib/search/query.ts';
import { imageUrl, isTransformable } from '../../lib/catalog/images.ts';
import { formatUsd } from '../../lib/money.ts';
import { fromPriceText } from '../../lib/pricing/from-price.ts';
import { escapeHtml as h } from '../security/escape-html.ts';
import { renderFilterForm } from './filter-form.ts';
import type { SearchFiles } from './search-files.ts';

/** Where the shell page holds the search page's content; the function puts it there. */
export const SHELL_MARKER = '<div data-search-page></div>';
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

function resultItem(doc: SearchDocument, i: number): string {
  const image = thumbnail(doc);
  const picture = image
    ? `<img src="${h(image)}" alt="" width="96" height="96"${i < 4 ? '' : ' loading="lazy"'}>`
    : '<span class="result-placeholder" aria-hidden="true"></span>';
  const about = [doc.kind === 'product' ? doc.collectionName : '', doc.text].filter(Boolean).join(' · ');
  const price = priceText(doc);
  const stockClass = doc.kind === 'product' && !doc.inStock ? ' sold-out' : '';
  return `<li class="search-result">${picture}<div class="result-body"><h3><a href="${h(doc.url)}">${h(doc.name)}</a></h3>${about ? `<p class="result-about">${h(about)}</p>` : ''}<p class="result-facts">${price ? `<span class="result-price">${h(price)}</span>` : ''}<span class="result-stock${stockClass}">${availability(doc)}</span></p></div></li>`;
}

function pager(query: SearchQuery, total: number): string {
  const pages = Math.ceil(total / RESULTS_PER_PAGE);
  if (pages <= 1) return '';
  const link = (page: number, text: string, rel: string) =>
    `<a href="${h(searchUrl({ ...query, page }))}" rel="${rel}">${text}</a>`;
  return `<nav class="search-pager" aria-label="Result pages">${query.page > 1 ? link(query.page - 1, 'Previous page', 'prev') : ''}<span>Page ${query.page} of ${pages}</span>${query.page < pages ? link(query.page + 1, 'Next page', 'next') : ''}</nav>`;
}

/** "3 results for “hood”": the heading, and what the page announces after a change. */
export function resultCountText(query: SearchQuery, total: number): string {
  const count = `${total} ${total === 1 ? 'result' : 'results'}`;
  return query.q ? `${count} for “${query.q}”` : count;
}

function resultsSection(query: SearchQuery, answer: SearchAnswer | null): string {
  if (!answer) {
    return `<h2 id="search-results-title">Check the filters</h2><p>Some filters could not be read; each says why.</p>`;
  }
  const heading = `<h2 id="search-results-title">${h(resultCountText(query, answer.total))}</h2>`;
  if (answer.total === 0) {
    const clear = filtersProducts(query)
      ? `<a href="${h(searchUrl({ ...query, type: [], collection: [], color: [], size: [], minCents: null, maxCents: null, inStock: false, page: 1 }))}">Clear the filters</a>, `
      : '';
    return `${heading}<p class="search-empty">Nothing matches. Check the spelling, try fewer words, ${clear}or <a href="/catalog">browse the catalog</a>.</p>`;
  }
  if (answer.results.length === 0)
    return `${heading}<p>This page is past the last result. <a href="${h(searchUrl({ ...query, page: 1 }))}">Back to the first page</a>.</p>`;
  return `${heading}<ol class="search-result-list">${answer.results.map(resultItem).join('')}</ol>${pager(query, answer.total)}`;
}

/** " (2 applied)" on the folded filters, so a small screen shows that the results are narrowed. */
function applied(query: SearchQuery): string {
  const count = activeFilterCount(query);
  return count > 0 ? ` <span class="applied">(${count} applied)</span>` : '';
}

/** The search page inside the site's shell (the content only; `fillShell` puts it in place). */
export function renderSearchContent(
  files: SearchFiles,
  query: SearchQuery,
  answer: SearchAnswer | null,
  refusal?: Pick<RefusedQuery, 'fields' | 'typed'> & Pick<SearchAnswer, 'facets'>,
): string {
  const collectionNames = new Map(files.index.collections.map((c) => [c.slug, c.name]));
  const facets = answer?.facets ?? refusal?.facets ?? { type: [], collection: [], color: [], size: [] };
  const errors = refusal?.fields;
  const qError = errors?.['q'];
  return `<div class="search-page">
<h1 class="search-title">Search</h1>
<form class="search-box" role="search" method="get" action="/search">
<label for="search-page-q">Search products, collections and services</label>
<div class="search-box-row"><input id="search-page-q" type="search" name="q" value="${h(query.q)}" maxlength="100" autocomplete="off"${qError ? ' aria-invalid="true" aria-describedby="search-page-q-error"' : ''}><button type="submit" class="button">Search</button></div>
${qError ? `<p class="field-error" id="search-page-q-error">${h(qError)}</p>` : ''}
</form>
<div class="search-layout">
<details class="search-sidebar filter-disclosure"${errors ? ' open' : ''}><summary>Filter and sort${applied(query)}</summary>${renderFilterForm({ query, facets, collectionNames, id: 'search-filters', ...(refusal ? { errors: refusal.fields, typed: refusal.typed } : {}) })}</details>
<section class="search-results" id="search-results" aria-labelledby="search-results-title">${resultsSection(query, answer)}</section>
</div>
<p class="visually-hidden" role="status" id="search-announce"></p>
</div>`;
}

/**
 * The shell page with the content, title and canonical address of this search. The shell's own
 * title ("Search | <shop>", built with the shop's name as Shop settings held it) gives the name:
 * the search answers while the database is down.
 */
export function fillShell(shell: string, query: SearchQuery, content: string): string {
  // Already escaped in the shell, as the query is here.
  const shopName = /<title>[^<]*?\| ([^<]*)<\/title>/.exec(shell)?.[1] ?? '';
  const title = query.q ? `Search results for “${h(query.q)}” | ${shopName}` : `Search | ${shopName}`;
  return shell
    .replace(/<title>[^<]*<\/title>/, () => `<title>${title}</title>`)
    .replace(/(<link rel="canonical" href="[^"]*?)\/search-shell"/, '$1/search"')
    .replace(SHELL_MARKER, () => content);
}
