import { pageCalendar } from '../lib/browser/shop-calendar.ts';
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { track } from '../lib/browser/analytics.ts';
import { cartLine, clampQuantity } from '../lib/cart/add-to-cart.ts';
import type { CheckoutAnswer } from '../lib/cart/checkout-schema.ts';
import { api, errorMessage } from '../lib/browser/http.ts';
import { firstChoice, optionsKey, optionsView, reconcileChoice, withStock } from '../lib/catalog/product-options.ts';
import type { ProductDetail } from '../lib/catalog/products.ts';
import {
  type Breakdown,
  breakdownLines,
  breakdownPieces,
  breakdownProblem,
  clampBreakdown,
  offersBreakdown,
} from '../lib/orders/size-breakdown.ts';
import { type ChosenArea, isListPriced } from '../lib/pricing/product-job.ts';
import type { FromPrice } from '../lib/pricing/from-price.ts';
import type { ProductQuote } from '../lib/pricing/product-quote.ts';
import { upchargeWords } from '../lib/pricing/size-price-words.ts';
import { $cartCount, $fulfillment, $rush, $shippingSpeed, addToCart, setFulfillment, setRush } from '../stores/cart.ts';
import { $chosenColorId, $previewedProduct, loadLiveProduct } from '../stores/product.ts';
import { changedNumber, changedRadio } from './changed-fields.ts';
import styles from './ProductOptions.module.css';
import { AreaFields, areaProblem, startingArea } from './product/AreaFields.tsx';
import { ListPrice } from './product/ListPrice.tsx';
import { PiecePrice } from './product/PiecePrice.tsx';
import { TurnaroundChoice } from './product/TurnaroundChoice.tsx';
import { type LocationChoice, missingArtwork, PrintLocations, startingLocations } from './product/PrintLocations.tsx';
import { SizeBreakdown } from './product/SizeBreakdown.tsx';
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
 * (docs/decisions/spec-rules.md#s2 Product details, §4, §5). Hydrated on first interaction (client:interaction): its
 * server-rendered markup works until then (native radios and input, kept up to date by
 * src/deferred-loading/product-options-preview.ts), and it takes over whatever a person did there.
 */
export default function ProductOptions({
  product: built,
  fromPrice = null,
}: {
  product: ProductDetail;
  /** A list-priced product's from-price, worked out when the page was built (from-price.ts). */
  fromPrice?: FromPrice | null;
}) {
  const root = useRef<HTMLDivElement>(null);
  const hydrated = useHydrated();
  const [product, setProduct] = useState(() => shownProduct(built));
  const [choice, setChoice] = useState(() => firstChoice(built));
  const [status, setStatus] = useState('');
  const [error, setError] = useState('');
  const [buying, setBuying] = useState(false);
  const [locations, setLocations] = useState<LocationChoice[]>(() => startingLocations(built));
  const [bySize, setBySize] = useState(false);
  const [breakdown, setBreakdown] = useState<Breakdown>({});
  const [area, setArea] = useState<ChosenArea | null>(() => startingArea(built));
  const [quoter, setQuoter] = useState<typeof import('../lib/pricing/product-quote.ts') | null>(null);
  const rush = useBrowserStore($rush, null);
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
    const several = node.querySelector<HTMLInputElement>('input[name="breakdown"]');
    if (several && several.checked !== several.defaultChecked) setBySize(several.checked);
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

  const listed = isListPriced(product);
  // The pricing engine loads only on pages of products priced by the owner's lists.
  useEffect(() => {
    if (listed && !quoter) void import('../lib/pricing/product-quote.ts').then((module) => setQuoter(() => module));
  }, [listed, quoter]);

  const view = optionsView(product, choice);
  const { colorId, sizeId } = choice;
  // The page's main picture shows the chosen colour's own (colour-picture.ts).
  useEffect(() => $chosenColorId.set(colorId), [colorId]);
  const breakdownOn = bySize && offersBreakdown(product);
  // Each size at most its stock in the chosen colour, as stock and colour change.
  const pieces = clampBreakdown(product, colorId, breakdown);
  const quantity = breakdownOn ? breakdownPieces(pieces) : choice.quantity;
  const artworkProblem = missingArtwork(locations, product.print_locations);
  const problem = breakdownOn ? breakdownProblem(product, colorId, pieces) : null;
  const chosenArea = product.area_list ? (area ?? startingArea(product)) : null;
  const outOfBounds = chosenArea ? areaProblem(product, chosenArea) : null;
  const quote: ProductQuote | null =
    listed && quoter
      ? outOfBounds
        ? { ok: false, field: { kind: 'area' }, message: outOfBounds }
        : quoter.quoteProduct(product, {
            sizes: breakdownOn
              ? product.sizes.map((s) => ({ key: s.id, sizeName: s.name, quantity: pieces[s.id] ?? 0 }))
              : [
                  {
                    key: 'one',
                    sizeName: product.sizes.find((s) => s.id === sizeId)?.name ?? null,
                    quantity: choice.quantity,
                  },
                ],
            colorHex: product.colors.find((c) => c.id === colorId)?.hex ?? null,
            locations,
            area: chosenArea,
            rush,
          })
      : null;
  const listErrors: Record<string, string> =
    quote && !quote.ok && quote.field.kind === 'location' ? { [quote.field.code]: quote.message } : {};
  const fieldError = (kind: 'area' | 'rush') =>
    quote && !quote.ok && quote.field.kind === kind ? quote.message : undefined;
  const turnaround = listed && quoter ? quoter.turnaroundOf(product, pageCalendar()) : null;
  const priceable = !listed || quote?.ok === true;
  const allowed = (breakdownOn ? problem === null : view.allowed) && artworkProblem === null && priceable;
  // The success line stands alone until the next choice: the reset after an add leaves no colour
  // chosen, and "Choose a color first." beside "Added … to your cart." reads as a failure.
  const reason = status ? null : (problem ?? artworkProblem);
  const reasonId = useId();
  // Any new choice replaces the last add's success line.
  const changed =
    <T,>(apply: (value: T) => void) =>
    (value: T) => {
      setStatus('');
      apply(value);
    };
  const choose = (next: { colorId?: string; sizeId?: string }) => {
    setStatus('');
    setChoice((c) => reconcileChoice(product, { ...c, ...next }, c.quantity));
  };

  const add = () => {
    const lines = breakdownOn
      ? breakdownLines(product, colorId, pieces, locations, chosenArea)
      : [cartLine(product, { ...choice, locations, area: chosenArea })];
    addToCart(lines);
    track('add_to_cart', { productId: product.id, name: product.name, quantity, colorId, sizeId });
    const sizes = breakdownOn ? ` (${lines.map((l) => `${l.quantity} ${l.sizeName}`).join(', ')})` : '';
    setChoice(firstChoice(product));
    setBreakdown({});
    setLocations(startingLocations(product));
    setStatus(`Added ${quantity} × ${product.name}${sizes} to your cart.`);
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
      {listed ? (
        <ListPrice
          quote={quote}
          pieces={quantity}
          from={fromPrice}
          sizes={upchargeWords(product.sizes, product.garment_list)}
        />
      ) : (
        <PiecePrice product={product} quantity={quantity} />
      )}
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
      {offersBreakdown(product) && (
        <label className={styles.severalSizes}>
          <input
            type="checkbox"
            name="breakdown"
            checked={breakdownOn}
            onChange={(event) => {
              setStatus('');
              setBySize(event.target.checked);
            }}
          />
          Order several sizes (a quantity for each size)
        </label>
      )}
      {breakdownOn ? (
        <SizeBreakdown product={product} colorId={colorId} value={pieces} onChange={changed(setBreakdown)} />
      ) : (
        <>
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
        </>
      )}
      {chosenArea && (
        <AreaFields product={product} value={chosenArea} error={fieldError('area')} onChange={changed(setArea)} />
      )}
      <PrintLocations
        locations={product.print_locations}
        chosen={locations}
        onChange={changed(setLocations)}
        errors={listErrors}
        area={chosenArea}
      />
      {turnaround && (
        <TurnaroundChoice choices={turnaround} value={rush} error={fieldError('rush')} onChange={changed(setRush)} />
      )}
      <FulfillmentChoice value={fulfillment} />
      <p className={styles.note} data-local-note hidden={fulfillment !== 'local'}>
        {LOCAL_NOTE}
      </p>
      {reason && (
        <p id={reasonId} className={styles.reason} data-add-reason>
          {reason}
        </p>
      )}
      <div className={styles.actions}>
        <Button data-action="add" isDisabled={!allowed} aria-describedby={reason ? reasonId : undefined} onPress={add}>
          Add to Cart
        </Button>
        <Button
          data-action="buy"
          variant="secondary"
          isDisabled={!view.allowed || breakdownOn || locations.length > 0 || listed}
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
