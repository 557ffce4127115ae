import { US_STATES } from '../forms/us-states.ts';

/*
 * What a payment page asks besides the card (docs/decisions/0028-owner-and-receipts.md), as Stripe
 * Checkout asks it with phone_number_collection and shipping_address_collection (US only): a phone for every order, a
 * name, and the ship-to address of a shipped order. The built-in test checkout reads its form
 * with readPaymentContact; the admin formats what was stored.
 */

export const CONTACT_LIMITS = { name: 120, line: 200, city: 100 } as const;

/** The form's fields, in the order the page shows them. */
export type ContactField = 'name' | 'phone' | 'address_line1' | 'address_line2' | 'city' | 'state' | 'postal_code';

export interface PaymentContact {
  name: string;
  /** E.164, e.g. +15555550123. */
  phone: string;
  /** Null for a pickup order. */
  address: {
    address_line1: string;
    address_line2: string | null;
    city: string;
    state: string;
    postal_code: string;
    country: 'US';
  } | null;
}

export type ContactAnswer =
  | { ok: true; contact: PaymentContact }
  | { ok: false; errors: Partial<Record<ContactField, string>> };

/**
 * A phone number as typed ("(555) 555-0123", "555.555.0123", "+44 20 7946 0958") in E.164, or
 * null when it is not one: ten US digits (a leading 1 allowed), or + and 8 to 15 digits.
 */
export function normalizePhone(typed: string): string | null {
  const text = typed.trim();
  if (!/^\+?[0-9 ().-]+$/.test(text)) return null;
  const digits = text.replace(/[^0-9]/g, '');
  if (text.startsWith('+')) return digits.length >= 8 && digits.length <= 15 && digits[0] !== '0' ? `+${digits}` : null;
  const us = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  // A NANP number: area code and exchange never start with 0 or 1.
  return /^[2-9][0-9]{2}[2-9][0-9]{6}$/.test(us) ? `+1${us}` : null;
}

/** +15555550123 as "(555) 555-0123"; other countries' numbers as stored. */
export function formatPhone(e164: string): string {
  const us = /^\+1([0-9]{3})([0-9]{3})([0-9]{4})$/.exec(e164);
  return us ? `(${us[1]}) ${us[2]}-${us[3]}` : e164;
}

const ZIP = /^[0-9]{5}(-[0-9]{4})?$/;
// Text a label prints: no control characters or markup brackets.
const UNPRINTABLE = /[\p{Cc}<>]/u;

/**
 * Reads the contact part of a payment form: every field named with what is wrong, in words
 * ("Enter your phone number."), so nothing is stored until all of it reads as an address.
 */
export function readPaymentContact(form: Record<string, unknown>, shipped: boolean): ContactAnswer {
  const value = (key: ContactField) => {
    const raw = form[key];
    return typeof raw === 'string' ? raw.trim().replace(/\s+/g, ' ') : '';
  };
  const errors: Partial<Record<ContactField, string>> = {};
  const text = (key: ContactField, max: number, missing: string | null) => {
    const v = value(key);
    if (!v) {
      if (missing) errors[key] = missing;
    } else if (v.length > max) errors[key] = `Use at most ${max} characters.`;
    else if (UNPRINTABLE.test(v)) errors[key] = 'Use letters, numbers and punctuation only.';
    return v;
  };

  const name = text('name', CONTACT_LIMITS.name, shipped ? 'Enter the name to ship to.' : 'Enter your name.');
  const typedPhone = value('phone');
  const phone = typedPhone ? normalizePhone(typedPhone) : null;
  if (!typedPhone) errors.phone = 'Enter your phone number.';
  else if (!phone) errors.phone = 'Enter a phone number such as (555) 555-0123, or +44 20 7946 0958 outside the US.';

  let address: PaymentContact['address'] = null;
  if (shipped) {
    const line1 = text('address_line1', CONTACT_LIMITS.line, 'Enter the street address.');
    const line2 = text('address_line2', CONTACT_LIMITS.line, null);
    const city = text('city', CONTACT_LIMITS.city, 'Enter the city.');
    const state = value('state').toUpperCase();
    if (!state) errors.state = 'Choose the state.';
    else if (!US_STATES[state]) errors.state = 'Choose a US state from the list.';
    const zip = value('postal_code');
    if (!zip) errors.postal_code = 'Enter the ZIP code.';
    else if (!ZIP.test(zip)) errors.postal_code = 'Enter a 5-digit ZIP code, such as 97201.';
    address = { address_line1: line1, address_line2: line2 || null, city, state, postal_code: zip, country: 'US' };
  }
  if (Object.keys(errors).length > 0 || !phone) return { ok: false, errors };
  return { ok: true, contact: { name, phone, address } };
}
