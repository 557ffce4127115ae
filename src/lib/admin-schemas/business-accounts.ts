import { z } from '../zod.ts';
import { BUSINESS_TERMS, type BusinessTerms, DOMAIN_MAX_LENGTH, DOMAIN_PATTERN } from '../orders/business-accounts.ts';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from '../identifiers.ts';
import { idSchema, nameSchema, nullableTextSchema, toNumber } from './fields.ts';

/** A-Z folded only, like mailboxKey: the database checks the same (no locale-dependent lower()). */
const foldAscii = (value: string) => value.trim().replace(/[A-Z]/g, (letter) => letter.toLowerCase());

const emailSchema = z
  .string('Type the e-mail address.')
  .transform(foldAscii)
  .pipe(
    z
      .string()
      .max(EMAIL_MAX_LENGTH, 'That address is too long.')
      .regex(EMAIL_PATTERN, 'Type one e-mail address, e.g. coach@school.org.'),
  );

/** "@Ector.K12.TX.us" is taken as "ector.k12.tx.us": the @ is what people type before a domain. */
const domainSchema = z
  .string('Type the domain.')
  .transform((value) => foldAscii(value).replace(/^@/, ''))
  .pipe(
    z
      .string()
      .max(DOMAIN_MAX_LENGTH, 'That domain is too long.')
      .regex(DOMAIN_PATTERN, 'Type a domain like ector.k12.tx.us (the part after the @).'),
  );

const MAX_LIMIT_CENTS = 100_000_000;

/** Whole cents from $0 to $1,000,000; the admin types dollars (MoneyField) and sends cents. */
const creditLimitSchema = z.preprocess(
  toNumber,
  z
    .number('Type the credit limit in dollars.')
    .int('Use whole cents: at most two decimals.')
    .min(0, 'The credit limit is $0.00 or more.')
    .max(MAX_LIMIT_CENTS, 'The credit limit is at most $1,000,000.00.'),
);

const accountFields = {
  name: nameSchema(120),
  email: emailSchema.nullable(),
  domain: domainSchema.nullable(),
  terms: z.enum(BUSINESS_TERMS, 'Choose Due on receipt, Net 15 or Net 30.'),
  credit_limit_cents: creditLimitSchema,
  tax_exempt: z.boolean('Say whether the account is tax exempt.'),
  orders_shared: z.boolean('Say whether the account’s people see all its orders.'),
  notes: nullableTextSchema(2000),
  active: z.boolean('Say whether the account is active.'),
};

const BOTH = 'Match one address or one domain, not both.';
const NEITHER = 'Type the e-mail address or the domain this account matches.';

/** A new account matches exactly one address or one domain. */
export const businessAccountCreateSchema = z
  .strictObject(accountFields)
  .partial({
    email: true,
    domain: true,
    terms: true,
    credit_limit_cents: true,
    tax_exempt: true,
    orders_shared: true,
    notes: true,
    active: true,
  })
  .superRefine((value, ctx) => {
    const hasEmail = value.email != null;
    const hasDomain = value.domain != null;
    if (hasEmail && hasDomain) ctx.addIssue({ code: 'custom', path: ['domain'], message: BOTH });
    if (!hasEmail && !hasDomain) ctx.addIssue({ code: 'custom', path: ['email'], message: NEITHER });
  });

/** An edit sends the fields it changes; a new address or domain replaces the other match. */
export const businessAccountUpdateSchema = z
  .strictObject(accountFields)
  .partial()
  .extend({ id: idSchema.optional() })
  .superRefine((value, ctx) => {
    if (value.email != null && value.domain != null) ctx.addIssue({ code: 'custom', path: ['domain'], message: BOTH });
    if (value.email === null && value.domain === null)
      ctx.addIssue({ code: 'custom', path: ['email'], message: NEITHER });
  });

export type BusinessAccountCreate = z.infer<typeof businessAccountCreateSchema>;
export type BusinessAccountUpdate = z.infer<typeof businessAccountUpdateSchema>;

/** A row of GET /api/admin/business-accounts. Money in cents; the admin shows dollars. */
export interface AdminBusinessAccount {
  id: string;
  name: string;
  email: string | null;
  domain: string | null;
  terms: BusinessTerms;
  credit_limit_cents: number;
  tax_exempt: boolean;
  /** Whether everyone the account matches sees all its orders in My orders (issue 48). */
  orders_shared: boolean;
  /** The uploaded exemption certificate (an artwork id), or null while none is on file. */
  exemption_certificate_artwork_id: string | null;
  notes: string | null;
  active: boolean;
  created_at: string;
  updated_at: string;
}

/** POST /api/admin/business-accounts/:id/certificate: a file uploaded and checked through /api/artwork. */
export const businessCertificateSchema = z.strictObject({
  artwork_id: z.uuid('Not a valid upload id.'),
  owner_token: z.string().regex(/^[A-Za-z0-9_-]{32,128}$/, 'Not a valid owner token.'),
});
export type BusinessCertificateInput = z.infer<typeof businessCertificateSchema>;
