import { useEffect, useMemo, useRef, useState } from 'react';
import { track } from '../../lib/browser/analytics.ts';
import type { CartItem } from '../../lib/cart/cart-item.ts';
import { quickAddLine } from '../../lib/cart/add-to-cart.ts';
import { recommendProducts } from '../../lib/cart/recommendations.ts';
import { api } from '../../lib/browser/http.ts';
import { imageUrl } from '../../lib/catalog/images.ts';
import { type ProductDetail, type ProductSummary, productPath } from '../../lib/catalog/products.ts';
import { addToCart } from '../../stores/cart.ts';
import { Button } from '../ui/Button.tsx';
import { useHydrated, useIslandReady } from '../ui/hooks.ts';
import styles from './cart.module.css';
import { Amount } from '../ui/Amount.tsx';
import { fromPriceText } from '../../lib/pricing/from-price-text.ts';

interface RecommendationsProps {
  title: string;
  /** GET /api/products, null while loading (or when it failed: then nothing is shown). */
  products: ProductSummary[] | null;
  items: readonly CartItem[];
  limit: number;
  /** Offer a one-click Add to Cart where no colour or size has to be chosen. */
  quickAdd?: boolean;
  /** The quick-add lines the page was built with (by product id), until live stock is known. */
  initialLines?: Record<string, CartItem | null>;
}

const NO_LINES: Record<string, CartItem | null> = {};
const NO_SLUGS: ReadonlySet<string> = new Set();

/** 'You might also like' / 'You may like' (docs/decisions/spec-rules.md#s2 Cart): products not in the cart. */
export function Recommendations({
  title,
  products,
  items,
  limit,
  quickAdd = false,
  initialLines = NO_LINES,
}: RecommendationsProps) {
  const picks = useMemo(() => recommendProducts(products ?? [], items, limit), [products, items, limit]);
  const [lines, setLines] = useState<Record<string, CartItem | null>>(initialLines);
  // Products whose live stock has been asked for (answered or failed).
  const [checked, setChecked] = useState<ReadonlySet<string>>(NO_SLUGS);
  const slugs = picks.map((p) => p.slug).join(',');
  const section = useRef<HTMLElement>(null);
  const hydrated = useHydrated();

  // Whether a product can be added in one click depends on its colours, sizes and live stock.
  // Asked once hydrated: over a stored cart the island hydrates the built empty state only to
  // replace it at once with the cart, which needs none of these answers.
  useEffect(() => {
    if (!quickAdd || !slugs || !hydrated) return;
    let current = true;
    for (const slug of slugs.split(',')) {
      api
        .get<ProductDetail>(`products/slug/${encodeURIComponent(slug)}`)
        .then((detail) => current && setLines((known) => ({ ...known, [detail.id]: quickAddLine(detail) })))
        .catch((error: unknown) => console.error('[cart] product not loaded:', error))
        .finally(() => current && setChecked((done) => new Set(done).add(slug)));
    }
    return () => {
      current = false;
    };
  }, [quickAdd, slugs, hydrated]);
  // A quick add pressed before hydration is replayed once live stock says whether it still can be.
  useIslandReady(section, quickAdd && hydrated && picks.every((p) => checked.has(p.slug)));

  if (picks.length === 0) return null;
  const headingId = `recommendations-${limit}`;
  return (
    <section ref={section} aria-labelledby={headingId} className={styles.recommendations}>
      <h2 id={headingId}>{title}</h2>
      <ul className="card-grid">
        {picks.map((product) => {
          const line = lines[product.id];
          const href = productPath(product.collection, product.slug);
          return (
            <li key={product.id} className={`card ${styles.pick}`}>
              {product.image_main_url ? (
                // Lazy, the first too: the page is built with the empty state, which a stored cart
                // hides, and a hidden lazy picture is never fetched. When the cart is empty, the cart
                // page's head fetches the first one with the page (src/pages/cart.astro).
                <img src={imageUrl(product.image_main_url, 400)} alt="" width={400} height={400} loading="lazy" />
              ) : (
                <span className={styles.pickImage} aria-hidden="true">
                  <span className="photo-placeholder photo-placeholder--fill">
                    <span className="photo-placeholder-text">Photo coming soon</span>
                  </span>
                </span>
              )}
              <div className="card-body">
                <h3>
                  <a href={href}>{product.name}</a>
                </h3>
                <p className={styles.pickPrice}>
                  {product.from_price ? fromPriceText(product.from_price) : <Amount cents={product.price_cents} />}
                </p>
                {quickAdd &&
                  (line ? (
                    <Button
                      variant="secondary"
                      // The visible words come first in the name (WCAG 2.5.3 label in name).
                      aria-label={`Add to Cart: ${product.name}`}
                      onPress={() => {
                        addToCart(line);
                        track('quick_add_to_cart', { productId: product.id, name: product.name });
                      }}
                    >
                      Add to Cart
                    </Button>
                  ) : (
                    <a className="button secondary" href={href} aria-label={`Choose options for ${product.name}`}>
                      Choose options
                    </a>
                  ))}
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
