import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { track } from '../lib/analytics.ts';
import { cartLine, clampQuantity } from '../lib/add-to-cart.ts';
import type { CheckoutAnswer } from '../lib/checkout-schema.ts';
import { api, errorMessage } from '../lib/http.ts';
import { firstChoice, optionsKey, optionsView, reconcileChoice, withStock } from '../lib/product-options.ts';
import type { ProductDetail } from '../lib/products.ts';
import { $cartCount, $fulfillment, $shippingSpeed, addToCart, setFulfillment } from '../stores/cart.ts';
import { $previewedProduct, loadLiveProduct } from '../stores/product.ts';
import { changedNumber, changedRadio } from './changed-fields.ts';
import styles from './ProductOptions.module.css';
import { PiecePrice } from './product/PiecePrice.tsx';
import { PrintLocations } from './product/PrintLocations.tsx';
import { Button } from './ui/Button.tsx';
import { Choice, ChoiceGroup, Swatch } from './ui/Choice.tsx';
import { useBrowserStore, useHydrated, useIslandReady } from './ui/hooks.ts';
import { QuantityStepper } from './ui/QuantityStepper.tsx';
import { FulfillmentChoice } from './ui/FulfillmentChoice.tsx';

export const LOCAL_NOTE =
  "We'll coordinate pickup or local delivery. Shipping fees are waived and payment may be handled in person.";

/** The build's product, with the live stock the page already shows when the preview script set it. */
function shownProduct(built: ProductDetail): ProductDetail {
  const previewed = $previewedProduct.get();
  return previewed?.id === built.id ? withStock(built, previewed) : built;
}

/**
 * Colour, size, quantity and fulfilment of a product page, with Add to Cart and Buy Now
 * (spec §2 Product details, §4, §5). Hydrated on first interaction (client:interaction): its
 * server-rendered markup works until then (native radios and input, kept up to date by
 * src/deferred-loading/product-options-preview.ts), and it takes over whatever a person did there.
 */
export default function ProductOptions({ product: built }: { product: ProductDetail }) {
  const root = useRef<HTMLDivElement>(null);
  const hydrated = useHydrated();
  const [product, setProduct] = useState(() => shownProduct(built));
  const [choice, setChoice] = useState(() => firstChoice(built));
  const [status, setStatus] = useState('');
  const [error, setError] = useState('');
  const [buying, setBuying] = useState(false);
  const [locations, setLocations] = useState<string[]>([]);
  const fulfillment = useBrowserStore($fulfillment, 'shipping');
  const cartCount = useBrowserStore($cartCount, 0);

  // Choices made on the native fields before hydration count.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on the markup hydration found
  useLayoutEffect(() => {
    const node = root.current!;
    const colorId = changedRadio(node, 'color');
    const sizeId = changedRadio(node, 'size');
    const typed = changedNumber(node, 'quantity');
    if (colorId || sizeId || typed !== null) {
      setChoice((c) =>
        reconcileChoice(product, { colorId: colorId ?? c.colorId, sizeId: sizeId ?? c.sizeId }, typed ?? c.quantity),
      );
    }
    const way = changedRadio(node, 'fulfillment');
    if (way === 'shipping' || way === 'local') setFulfillment(way);
  }, []);
  useIslandReady(root, hydrated);

  useEffect(() => {
    let current = true;
    void loadLiveProduct(built.slug).then((live) => {
      if (!live || !current) return;
      setProduct(live);
      setChoice((c) => reconcileChoice(live, c, c.quantity));
    });
    return () => {
      current = false;
    };
  }, [built.slug]);

  const view = optionsView(product, choice);
  const { colorId, sizeId, quantity } = choice;
  const choose = (next: { colorId?: string; sizeId?: string }) => {
    setStatus('');
    setChoice((c) => reconcileChoice(product, { ...c, ...next }, c.quantity));
  };

  const add = () => {
    addToCart(cartLine(product, { ...choice, locations }));
    track('add_to_cart', { productId: product.id, name: product.name, quantity, colorId, sizeId });
    setChoice(firstChoice(product));
    setLocations([]);
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
    <div ref={root} className={styles.options} data-product-options data-options-key={optionsKey(product)}>
      <PiecePrice product={product} quantity={quantity} />
      <p className={styles.availability} data-availability data-tone={view.tone}>
        {view.availability}
      </p>
      {product.colors.length > 0 && (
        <ChoiceGroup label="Color" name="color" value={colorId} onChange={(id) => choose({ colorId: id })}>
          {product.colors.map((color) => (
            <Choice key={color.id} value={color.id} isDisabled={view.colorDisabled(color.id)}>
              <Swatch hex={color.hex} />
              {color.name}
            </Choice>
          ))}
        </ChoiceGroup>
      )}
      {product.sizes.length > 1 && (
        <ChoiceGroup label="Size" name="size" value={sizeId} onChange={(id) => choose({ sizeId: id })}>
          {product.sizes.map((size) => (
            <Choice key={size.id} value={size.id} isDisabled={view.sizeDisabled(size.id)}>
              {size.name}
            </Choice>
          ))}
        </ChoiceGroup>
      )}
      {product.sizes.length === 1 && <p className={styles.single}>Size: {product.sizes[0]!.name}</p>}
      <QuantityStepper
        label="Quantity"
        name="quantity"
        value={quantity}
        min={Math.max(1, product.minimum_quantity)}
        max={view.max}
        onChange={(n) => setChoice((c) => ({ ...c, quantity: clampQuantity(n, view.stock) }))}
      />
      <PrintLocations locations={product.print_locations} chosen={locations} onChange={setLocations} />
      <FulfillmentChoice value={fulfillment} />
      <p className={styles.note} data-local-note hidden={fulfillment !== 'local'}>
        {LOCAL_NOTE}
      </p>
      <div className={styles.actions}>
        <Button data-action="add" isDisabled={!view.allowed} onPress={add}>
          Add to Cart
        </Button>
        <Button
          data-action="buy"
          variant="secondary"
          isDisabled={!view.allowed || locations.length > 0}
          isPending={buying}
          onPress={buyNow}
        >
          Buy Now
        </Button>
        <a className="button secondary" href="/catalog">
          Return to Products
        </a>
        <a className="button secondary" href="/cart" data-checkout hidden={!(hydrated && cartCount > 0)}>
          Checkout
        </a>
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
