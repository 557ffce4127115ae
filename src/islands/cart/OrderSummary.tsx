import { addDays, shopDay } from '../../lib/site/shop-time.ts';
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { track } from '../../lib/browser/analytics.ts';
import { storedOwnerToken } from '../../lib/browser/artwork-owner.ts';
import type { CartItem } from '../../lib/cart/cart-item.ts';
import { summaryCharges, checkoutPayload } from '../../lib/cart/cart-payloads.ts';
import type { CheckoutAnswer } from '../../lib/cart/checkout-schema.ts';
import { ApiError, api, errorMessage } from '../../lib/browser/http.ts';
import { CART_LOCAL_NOTE, SHIPPING_SPEEDS } from '../../lib/cart/cart-copy.ts';
import { SHIPPING_CENTS, type ShippingSpeed } from '../../lib/pricing/cart-totals.ts';
import {
  $appliedDiscount,
  $cartId,
  $checkoutEmail,
  $discountCode,
  $discountNeedsEmail,
  $fulfillment,
  $pricing,
  $shippingSpeed,
  checkoutEmailProblem,
  clearCart,
  requireCheckoutEmail,
  setCheckoutEmailError,
  setShippingSpeed,
  $rush,
} from '../../stores/cart.ts';
import { noteCheckoutConflict } from '../../stores/cart-stock.ts';
import { $shipTo, completeShipTo, loadTaxContext } from '../../stores/tax.ts';
import { ShipToFields } from './ShipToFields.tsx';
import { Button } from '../ui/Button.tsx';
import { CardBrands } from './CardBrands.tsx';
import { CartNotices } from './CartNotices.tsx';
import { CartTurnaround } from './CartTurnaround.tsx';
import styles from './cart.module.css';
import { FreeShippingProgress } from './FreeShippingProgress.tsx';
import { PersonalCodeEmail } from './PersonalCodeEmail.tsx';
import { PromoCode } from './PromoCode.tsx';
import { FulfillmentChoice } from '../ui/FulfillmentChoice.tsx';
import { formatUsd } from '../../lib/money.ts';
import { Amount } from '../ui/Amount.tsx';
import {
  type AccountDraft,
  AccountFields,
  accountFieldErrors,
  accountPayload,
  EMPTY_ACCOUNT,
  missingAccountFields,
} from './AccountFields.tsx';

/** The order summary of the cart page: every amount comes from $pricing (priceCart). */
export function OrderSummary({ items }: { items: readonly CartItem[] }) {
  const pricing = useStore($pricing);
  const fulfillment = useStore($fulfillment);
  const shippingSpeed = useStore($shippingSpeed);
  const discount = useStore($appliedDiscount);
  const code = useStore($discountCode);
  const needsEmail = useStore($discountNeedsEmail) && code !== '';
  const rush = useStore($rush);
  const { printCents, rush: surcharge } = summaryCharges(items, rush);
  const shipTo = useStore($shipTo);
  // The estimate follows the rule of the ship-to address, or the shop's own for a pickup.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reloads when the typed address changes
  useEffect(() => void loadTaxContext(fulfillment), [fulfillment, shipTo]);
  const [error, setError] = useState('');
  const [pending, setPending] = useState(false);
  const [inHandsDate, setInHandsDate] = useState('');
  const emailInput = useRef<HTMLInputElement>(null);
  // Bill a business account with a purchase order instead of a card (docs/decisions/0029-deposits.md).
  const [onAccount, setOnAccount] = useState(false);
  const [account, setAccount] = useState<AccountDraft>(EMPTY_ACCOUNT);
  const [accountErrors, setAccountErrors] = useState<ReturnType<typeof accountFieldErrors>>({});
  const accountForm = useRef<HTMLDivElement>(null);
  const focusAccountError = () =>
    requestAnimationFrame(() => accountForm.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  const discounted = pricing.discount_cents > 0;

  /** Shows a problem with the personal code's e-mail at its field and moves focus there. */
  const refuseEmail = (message: string) => {
    setCheckoutEmailError(message);
    // The field may only appear with this render (requireCheckoutEmail): focus it once painted.
    requestAnimationFrame(() => emailInput.current?.focus());
  };

  const checkout = async () => {
    setError('');
    setCheckoutEmailError('');
    const problem = needsEmail ? await checkoutEmailProblem() : '';
    if (problem) return refuseEmail(problem);
    setAccountErrors({});
    if (onAccount) {
      const missing = missingAccountFields(account, fulfillment === 'shipping');
      if (Object.keys(missing).length > 0) {
        setAccountErrors(missing);
        return focusAccountError();
      }
    }
    setPending(true);
    const payload = checkoutPayload(items, {
      cartId: $cartId.get(),
      fulfillment,
      shippingSpeed,
      discountCode: code,
      artworkOwner: storedOwnerToken(),
      inHandsDate,
      rush,
      shipTo: fulfillment === 'shipping' ? completeShipTo() : null,
      ...(needsEmail ? { email: $checkoutEmail.get() } : {}),
      ...(onAccount ? { account: accountPayload(account, fulfillment === 'shipping') } : {}),
    });
    track('checkout_initiated', { items: items.length, total_cents: pricing.total_cents, fulfillment });
    try {
      const { url } = await api.post<CheckoutAnswer>('cart/checkout', payload);
      // An order on account is placed (its confirmation e-mailed): the cart is done with.
      if (onAccount) clearCart();
      window.location.assign(url);
    } catch (failure) {
      console.error('[cart] checkout failed:', failure);
      // A 409 names its lines: each then offers its fix (set to what is left, or remove).
      if (failure instanceof ApiError) noteCheckoutConflict(failure.code, failure.lines);
      setPending(false);
      const fieldMessage = failure instanceof ApiError ? failure.fields?.['email'] : undefined;
      const accountProblems = failure instanceof ApiError ? accountFieldErrors(failure.fields) : {};
      if (onAccount && Object.keys(accountProblems).length > 0) {
        setAccountErrors(accountProblems);
        setError(errorMessage(failure));
        focusAccountError();
      } else if (fieldMessage && code) {
        requireCheckoutEmail();
        refuseEmail(fieldMessage);
      } else setError(errorMessage(failure));
    }
  };

  return (
    <section aria-labelledby="summary-title" className={styles.summary}>
      <h2 id="summary-title">Order summary</h2>
      <dl className={styles.amounts}>
        <div>
          <dt>Subtotal</dt>
          <dd>
            {discounted ? (
              <>
                <s>
                  <span className="visually-hidden">was </span>
                  <Amount cents={pricing.subtotal_cents} />
                </s>{' '}
                <span className="visually-hidden">now </span>
                <Amount cents={pricing.discounted_subtotal_cents} />
              </>
            ) : (
              <Amount cents={pricing.subtotal_cents} />
            )}
          </dd>
        </div>
        {printCents > 0 && (
          <div>
            <dt>Print locations and setup (in subtotal)</dt>
            <dd>
              <Amount cents={printCents} />
            </dd>
          </div>
        )}
        {surcharge && (
          <div>
            <dt>{surcharge.name} (in subtotal)</dt>
            <dd>
              <Amount cents={surcharge.cents} />
            </dd>
          </div>
        )}
      </dl>
      <FulfillmentChoice value={fulfillment} />
      {fulfillment === 'local' && <p className={styles.note}>{CART_LOCAL_NOTE}</p>}
      {fulfillment === 'shipping' && (
        <div className={styles.field}>
          <label htmlFor="shipping-speed">Shipping speed</label>
          <select
            id="shipping-speed"
            value={shippingSpeed}
            onChange={(event) => setShippingSpeed(event.target.value as ShippingSpeed)}
          >
            {SHIPPING_SPEEDS.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label} ({formatUsd(SHIPPING_CENTS[s.value])})
              </option>
            ))}
          </select>
        </div>
      )}
      <div className={styles.field}>
        <label htmlFor="in-hands-date">Need it by? (optional)</label>
        <input
          id="in-hands-date"
          type="date"
          min={addDays(shopDay(), 1)}
          value={inHandsDate}
          aria-describedby="in-hands-note"
          onChange={(event) => setInHandsDate(event.target.value)}
        />
        <p id="in-hands-note" className={styles.note}>
          The date you need your order in hand. We plan the job around it.
        </p>
      </div>
      {fulfillment === 'shipping' && <ShipToFields />}
      <dl className={styles.amounts}>
        <div>
          <dt>Shipping</dt>
          <dd>{pricing.shipping_cents === 0 ? 'Free' : <Amount cents={pricing.shipping_cents} />}</dd>
        </div>
        <div>
          <dt>
            Estimated tax <span className={styles.taxRule}>{pricing.tax_label.replace(/^Tax /, '')}</span>
          </dt>
          <dd>
            <Amount cents={pricing.tax_cents} />
          </dd>
        </div>
        {discount && (
          <div>
            <dt>Discount ({code})</dt>
            <dd>
              {discount.type === 'free_shipping' ? (
                'Free shipping'
              ) : (
                <>
                  −<Amount cents={pricing.discount_cents} />
                </>
              )}
            </dd>
          </div>
        )}
      </dl>
      <PromoCode />
      {needsEmail && <PersonalCodeEmail inputRef={emailInput} />}
      {fulfillment === 'shipping' && discount?.type !== 'free_shipping' && <FreeShippingProgress pricing={pricing} />}
      <dl className={`${styles.amounts} ${styles.total}`}>
        <div>
          <dt>Total</dt>
          <dd>
            <Amount cents={pricing.total_cents} />
          </dd>
        </div>
      </dl>
      <CartTurnaround items={items} />
      <CartNotices items={items} />
      <label className={styles.accountToggle}>
        <input
          type="checkbox"
          checked={onAccount}
          onChange={(event) => {
            setOnAccount(event.target.checked);
            setAccountErrors({});
          }}
        />
        Bill my school, team or company account with a purchase order
      </label>
      {onAccount && (
        <div ref={accountForm}>
          <AccountFields
            value={account}
            onChange={setAccount}
            shipping={fulfillment === 'shipping'}
            errors={accountErrors}
          />
        </div>
      )}
      <Button wide isPending={pending} onPress={checkout}>
        {onAccount ? 'Place order on account' : 'Checkout'}
      </Button>
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
      {!onAccount && <CardBrands />}
    </section>
  );
}
