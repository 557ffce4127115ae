import { useEffect, useState } from 'react';
import { track } from '../lib/analytics.ts';
import {
  autoSizeId,
  canAddToCart,
  cartLine,
  clampQuantity,
  isColorDisabled,
  isSizeDisabled,
  type Selection,
  selectionStock,
} from '../lib/cart-rules.ts';
import type { CheckoutAnswer } from '../lib/checkout-schema.ts';
import { api, errorMessage } from '../lib/http.ts';
import { formatUsd } from '../lib/money.ts';
import type { Fulfillment } from '../lib/pricing.ts';
import { availabilityText, type ProductDetail } from '../lib/products.ts';
import { $cartCount, $fulfillment, $shippingSpeed, addToCart, setFulfillment } from '../stores/cart.ts';
import styles from './ProductOptions.module.css';
import { Button } from './ui/Button.tsx';
import { Choice, ChoiceGroup, Swatch } from './ui/Choice.tsx';
import { useBrowserStore, useHydrated } from './ui/hooks.ts';
import { QuantityStepper } from './ui/QuantityStepper.tsx';

export const LOCAL_NOTE =
  "We'll coordinate pickup or local delivery. Shipping fees are waived and payment may be handled in person.";

/** Drops a chosen colour or size the live product no longer offers, and re-clamps the quantity. */
function reconcile(product: ProductDetail, selection: Selection, quantity: number) {
  const colorId = product.colors.some((c) => c.id === selection.colorId) ? selection.colorId : null;
  const sizeId = product.sizes.some((s) => s.id === selection.sizeId) ? selection.sizeId : autoSizeId(product);
  return { colorId, sizeId, quantity: clampQuantity(quantity, selectionStock(product, { colorId, sizeId })) };
}

/**
 * Colour, size, quantity and fulfilment of a product page, with Add to Cart and Buy Now
 * (spec §2 Product details, §4, §5). Rendered at build time from the build's product and
 * brought up to date with live stock once it runs.
 */
export default function ProductOptions({ product: built }: { product: ProductDetail }) {
  const hydrated = useHydrated();
  const [product, setProduct] = useState(built);
  const [selection, setSelection] = useState(() => reconcile(built, { colorId: null, sizeId: null }, 1));
  const [status, setStatus] = useState('');
  const [error, setError] = useState('');
  const [buying, setBuying] = useState(false);
  const fulfillment = useBrowserStore($fulfillment, 'shipping');
  const cartCount = useBrowserStore($cartCount, 0);

  useEffect(() => {
    let current = true;
    api
      .get<ProductDetail>(`products/slug/${encodeURIComponent(built.slug)}`)
      .then((live) => {
        if (!current) return;
        setProduct(live);
        setSelection((s) => reconcile(live, s, s.quantity));
      })
      .catch((failure: unknown) => console.error('[product] live stock not loaded:', failure));
    return () => {
      current = false;
    };
  }, [built.slug]);

  const { colorId, sizeId, quantity } = selection;
  const stock = selectionStock(product, { colorId, sizeId });
  const allowed = hydrated && canAddToCart(product, selection);
  const choose = (next: Partial<Selection>) => {
    setStatus('');
    setSelection((s) => reconcile(product, { ...s, ...next }, s.quantity));
  };
  const availability = availabilityText(stock);

  const add = () => {
    addToCart(cartLine(product, selection));
    track('add_to_cart', { productId: product.id, name: product.name, quantity, colorId, sizeId });
    setSelection(reconcile(product, { colorId: null, sizeId: null }, 1));
    setStatus(`Added ${quantity} × ${product.name} to your cart.`);
  };

  const buyNow = async () => {
    setError('');
    setBuying(true);
    track('buy_now_clicked', { productId: product.id, name: product.name, quantity });
    try {
      const { url } = await api.post<CheckoutAnswer>('checkout', {
        productId: product.id,
        quantity,
        color_id: colorId,
        size_id: sizeId,
        fulfillment,
        shippingSpeed: $shippingSpeed.get(),
      });
      window.location.assign(url);
    } catch (failure) {
      console.error('[product] buy now failed:', failure);
      setError(errorMessage(failure));
      setBuying(false);
    }
  };

  return (
    <div className={styles.options}>
      <p className={styles.price}>{formatUsd(product.price_cents)}</p>
      {availability && (
        <p className={`${styles.availability} ${stock !== null && stock <= 3 ? styles.low : styles.in}`}>
          {availability}
        </p>
      )}
      {product.colors.length > 0 && (
        <ChoiceGroup label="Color" value={colorId} onChange={(id) => choose({ colorId: id })}>
          {product.colors.map((color) => (
            <Choice key={color.id} value={color.id} isDisabled={isColorDisabled(product, color.id, sizeId)}>
              <Swatch hex={color.hex} />
              {color.name}
            </Choice>
          ))}
        </ChoiceGroup>
      )}
      {product.sizes.length > 1 && (
        <ChoiceGroup label="Size" value={sizeId} onChange={(id) => choose({ sizeId: id })}>
          {product.sizes.map((size) => (
            <Choice key={size.id} value={size.id} isDisabled={isSizeDisabled(product, size.id, colorId)}>
              {size.name}
            </Choice>
          ))}
        </ChoiceGroup>
      )}
      {product.sizes.length === 1 && <p className={styles.single}>Size: {product.sizes[0]!.name}</p>}
      <QuantityStepper
        label="Quantity"
        value={quantity}
        max={stock !== null && stock > 0 ? stock : undefined}
        isDisabled={!hydrated}
        onChange={(n) => setSelection((s) => ({ ...s, quantity: clampQuantity(n, stock) }))}
      />
      <ChoiceGroup
        label="Fulfillment"
        look="list"
        value={fulfillment}
        onChange={(value) => setFulfillment(value as Fulfillment)}
      >
        <Choice value="shipping">Ship</Choice>
        <Choice value="local">Local Handoff</Choice>
      </ChoiceGroup>
      {fulfillment === 'local' && <p className={styles.note}>{LOCAL_NOTE}</p>}
      <div className={styles.actions}>
        <Button isDisabled={!allowed} onPress={add}>
          Add to Cart
        </Button>
        <Button variant="secondary" isDisabled={!allowed} isPending={buying} onPress={buyNow}>
          Buy Now
        </Button>
        <a className="button secondary" href="/catalog">
          Return to Products
        </a>
        {hydrated && cartCount > 0 && (
          <a className="button secondary" href="/cart">
            Checkout
          </a>
        )}
      </div>
      <p role="status" className={styles.status}>
        {status}
      </p>
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}
