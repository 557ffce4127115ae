import { type Ref, useId } from 'react';
import { US_STATES } from '../../lib/forms/us-states.ts';
import styles from './cart.module.css';

/**
 * What the buyer types to bill a business account (docs/decisions/0029-deposits.md); sent as the
 * checkout's `account`.
 */
export interface AccountDraft {
  email: string;
  poNumber: string;
  name: string;
  line1: string;
  line2: string;
  city: string;
  state: string;
  postalCode: string;
}

export const EMPTY_ACCOUNT: AccountDraft = {
  email: '',
  poNumber: '',
  name: '',
  line1: '',
  line2: '',
  city: '',
  state: '',
  postalCode: '',
};

/** The checkout payload's `account` part: the ship-to address only when the order ships. */
export function accountPayload(draft: AccountDraft, shipping: boolean) {
  const { line1, line2, city, state, postalCode, ...who } = draft;
  return { ...who, address: shipping ? { line1, line2, city, state, postalCode } : null };
}

/** The server's field names (account.email, account.address.city) as this form's keys. */
export function accountFieldErrors(
  fields: Record<string, string> | undefined,
): Partial<Record<keyof AccountDraft | 'address', string>> {
  const errors: Partial<Record<keyof AccountDraft | 'address', string>> = {};
  for (const [path, message] of Object.entries(fields ?? {})) {
    const key = path.replace(/^account\.(address\.)?/, '');
    if (path.startsWith('account.') && (key in EMPTY_ACCOUNT || key === 'address')) {
      errors[key as keyof AccountDraft | 'address'] = message;
    }
  }
  return errors;
}

/** What is missing before the form is sent (the server checks it all again), by field. */
export function missingAccountFields(draft: AccountDraft, shipping: boolean) {
  const errors: Partial<Record<keyof AccountDraft, string>> = {};
  if (!/^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(draft.email.trim()))
    errors.email = 'Enter the e-mail address of your account, like coach@school.org.';
  if (!draft.poNumber.trim()) errors.poNumber = 'Enter your purchase order number.';
  if (!draft.name.trim()) errors.name = 'Enter your name.';
  if (shipping) {
    if (!draft.line1.trim()) errors.line1 = 'Enter the street address.';
    if (!draft.city.trim()) errors.city = 'Enter the city.';
    if (!draft.state) errors.state = 'Choose a state.';
    if (!/^[0-9]{5}(-[0-9]{4})?$/.test(draft.postalCode.trim())) errors.postalCode = 'Enter a ZIP code like 79701.';
  }
  return errors;
}

interface Props {
  value: AccountDraft;
  onChange: (next: AccountDraft) => void;
  shipping: boolean;
  errors: Partial<Record<keyof AccountDraft | 'address', string>>;
  firstRef?: Ref<HTMLInputElement>;
}

/**
 * "Bill my account": the buyer of a school, team or company the shop bills on terms gives the
 * account's e-mail, a purchase order number, their name and, when the order ships, where to.
 */
export function AccountFields({ value, onChange, shipping, errors, firstRef }: Props) {
  const id = useId();
  const field = (key: keyof AccountDraft, label: string, extra: Record<string, unknown> = {}, hint?: string) => {
    const error = errors[key];
    const described = [hint ? `${id}-${key}-hint` : null, error ? `${id}-${key}-error` : null]
      .filter(Boolean)
      .join(' ');
    return (
      <div className={styles.field} key={key}>
        <label htmlFor={`${id}-${key}`}>{label}</label>
        {hint && (
          <p id={`${id}-${key}-hint`} className={styles.hint}>
            {hint}
          </p>
        )}
        <input
          id={`${id}-${key}`}
          className={styles.emailInput}
          value={value[key]}
          onChange={(event) => onChange({ ...value, [key]: event.target.value })}
          aria-invalid={error ? true : undefined}
          aria-describedby={described || undefined}
          {...extra}
        />
        {error && (
          <p id={`${id}-${key}-error`} className={styles.error}>
            {error}
          </p>
        )}
      </div>
    );
  };
  return (
    <fieldset className={styles.account}>
      <legend>Bill my account</legend>
      {field(
        'email',
        'Account e-mail',
        { type: 'email', inputMode: 'email', autoComplete: 'email', spellCheck: false, required: true, ref: firstRef },
        'We e-mail this address a link to confirm the order.',
      )}
      {field('poNumber', 'Purchase order number', { required: true, autoComplete: 'off' })}
      {field('name', 'Your name', { required: true, autoComplete: 'name' })}
      {shipping && (
        <>
          {errors.address && <p className={styles.error}>{errors.address}</p>}
          {field('line1', 'Ship to: street address', { required: true, autoComplete: 'address-line1' })}
          {field('line2', 'Apartment, suite, building (optional)', { autoComplete: 'address-line2' })}
          {field('city', 'City', { required: true, autoComplete: 'address-level2' })}
          <div className={styles.field}>
            <label htmlFor={`${id}-state`}>State</label>
            <select
              id={`${id}-state`}
              value={value.state}
              autoComplete="address-level1"
              required
              onChange={(event) => onChange({ ...value, state: event.target.value })}
              aria-invalid={errors.state ? true : undefined}
              aria-describedby={errors.state ? `${id}-state-error` : undefined}
            >
              <option value="">Choose…</option>
              {Object.entries(US_STATES).map(([code, name]) => (
                <option key={code} value={code}>
                  {name}
                </option>
              ))}
            </select>
            {errors.state && (
              <p id={`${id}-state-error`} className={styles.error}>
                {errors.state}
              </p>
            )}
          </div>
          {field('postalCode', 'ZIP code', { required: true, autoComplete: 'postal-code', inputMode: 'numeric' })}
        </>
      )}
    </fieldset>
  );
}
