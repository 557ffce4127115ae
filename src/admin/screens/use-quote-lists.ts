import { useEffect, useState } from 'react';
import type { AdminPriceList } from '../../lib/admin-schemas/price-lists.ts';
import type { AdminProduct } from '../../lib/admin-schemas/products.ts';
import type { PriceList } from '../../lib/pricing/lists.ts';
import { api } from '../api.ts';
import type { QuoteDraft } from './quote-draft.ts';
import { listIdsOf } from './quote-products.ts';

/**
 * The owner's lists of the products on a quote draft (docs/decisions/0027-price-lists.md), each loaded once by id as a
 * product using it joins the quote, so the editor's preview prices as the server will.
 */
export function useQuoteLists(draft: QuoteDraft, products: readonly AdminProduct[]): ReadonlyMap<string, PriceList> {
  const [lists, setLists] = useState<ReadonlyMap<string, PriceList>>(new Map());
  const wanted = [
    ...new Set(
      draft.lines.flatMap((l) => {
        const product = l.kind === 'product' ? products.find((p) => p.id === l.product_id) : undefined;
        return product ? listIdsOf(product) : [];
      }),
    ),
  ].filter((id) => !lists.has(id));
  const wantedKey = wanted.join(',');
  useEffect(() => {
    if (!wantedKey) return;
    let live = true;
    Promise.all(wantedKey.split(',').map((id) => api.get<AdminPriceList>(`admin/price-lists/${id}`)))
      .then((loaded) => {
        if (!live) return;
        setLists((known) => {
          const next = new Map(known);
          for (const l of loaded) next.set(l.id, { id: l.id, name: l.name, version: l.version, data: l.data });
          return next;
        });
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [wantedKey]);
  return lists;
}
