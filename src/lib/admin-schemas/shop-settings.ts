import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from '../identifiers.ts';
import { z } from '../zod.ts';
import { nameSchema } from './fields.ts';
import { IMAGE_URL_MESSAGE, isSafeImageUrl } from './images.ts';

/** At most this many social profiles (the footer lists each). */
export const MAX_SOCIAL_LINKS = 8;

const text = (label: string, max: number) =>
  z.string(`Type the ${label}.`).trim().min(1, `Type the ${label}.`).max(max, `Use at most ${max} characters.`);

/** Digits with the usual + ( ) - . and spaces; 7 to 15 digits (E.164 allows 15). */
const PHONE_CHARACTERS = /^\+?[0-9()\-. ]+$/;
export const PHONE_MESSAGE = 'Type a phone number with its area code, e.g. +1-432-555-0142.';
const phoneSchema = z
  .string(PHONE_MESSAGE)
  .trim()
  .max(30, PHONE_MESSAGE)
  .refine((v) => {
    const digits = v.replace(/\D/g, '').length;
    return PHONE_CHARACTERS.test(v) && digits >= 7 && digits <= 15;
  }, PHONE_MESSAGE);

const emailSchema = z
  .string('Type the e-mail address.')
  .trim()
  .max(EMAIL_MAX_LENGTH, 'That address is too long.')
  .regex(EMAIL_PATTERN, 'Type one e-mail address, e.g. hello@yourshop.com.');

const httpsUrl = (message: string) =>
  z.url({ protocol: /^https$/, hostname: z.regexes.domain, normalize: true, error: message }).max(500, message);

const socialLinkSchema = z.strictObject({
  name: text('name of the profile (Facebook, Instagram…)', 40),
  url: httpsUrl('Use the profile’s https:// address, e.g. https://www.instagram.com/yourshop.'),
});

/**
 * PUT /api/admin/shop-settings (issue 44): the shop's own details as the footer, the contact
 * page, JSON-LD and every e-mail show them. The whole set is sent each time; an empty logo
 * shows the built-in one.
 */
export const shopSettingsSchema = z.strictObject({
  name: nameSchema(120),
  tagline: text('tagline', 200),
  email: emailSchema,
  phone: phoneSchema,
  hours: text('opening hours', 120),
  street_address: text('street address', 200),
  address_locality: text('city', 100),
  address_region: text('state', 100),
  postal_code: text('ZIP code', 40),
  address_country: z
    .string('Type the two-letter country code, e.g. US.')
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'Type the two-letter country code, e.g. US.'),
  social: z
    .array(socialLinkSchema, 'List the social profiles.')
    .max(MAX_SOCIAL_LINKS, `List at most ${MAX_SOCIAL_LINKS} profiles.`),
  logo_url: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    z
      .string(IMAGE_URL_MESSAGE)
      .trim()
      .max(2048, IMAGE_URL_MESSAGE)
      .refine(isSafeImageUrl, IMAGE_URL_MESSAGE)
      .nullable(),
  ),
});
export type ShopSettingsInput = z.infer<typeof shopSettingsSchema>;

/** GET (and the answer of PUT) /api/admin/shop-settings. */
export type AdminShopSettings = ShopSettingsInput & { updated_at: string };
