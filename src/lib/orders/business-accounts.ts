/**
 * Business accounts (docs/decisions/0029-deposits.md): which account an address buys under, and how the owner reads
 * the terms. Pure, so checkout (later) and the admin share one rule.
 */

export const BUSINESS_TERMS = ['due_on_receipt', 'net_15', 'net_30'] as const;
export type BusinessTerms = (typeof BUSINESS_TERMS)[number];

/** What the owner reads for each terms value, in the order the admin offers them. */
export const BUSINESS_TERMS_LABELS: Readonly<Record<BusinessTerms, string>> = {
  due_on_receipt: 'Due on receipt',
  net_15: 'Net 15',
  net_30: 'Net 30',
};

/** A domain as accounts store it: lower-case labels of letters, digits and inner hyphens, a letter TLD. */
export const DOMAIN_PATTERN = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
export const DOMAIN_MAX_LENGTH = 253;

/** What matching needs of an account. */
export interface AccountMatch {
  email: string | null;
  domain: string | null;
  active: boolean;
}

/** The address's domain, lower-case ("Pat@Ector.K12.TX.us" → "ector.k12.tx.us"), or null. */
export function domainOf(email: string): string | null {
  const at = email.trim().lastIndexOf('@');
  return at < 0
    ? null
    : email
        .trim()
        .slice(at + 1)
        .toLowerCase() || null;
}

/**
 * The active account an address buys under, or null. An account for the exact address wins
 * over one for its domain. Only the address's own domain matches: a sub-domain does not match
 * its parent (`pat@mail.ector.k12.tx.us` is not `ector.k12.tx.us`), since a district's mail
 * domain and a sub-domain can belong to different buyers; the owner adds the sub-domain too.
 */
export function accountFor<A extends AccountMatch>(email: string, accounts: readonly A[]): A | null {
  const address = email.trim().toLowerCase();
  const domain = domainOf(address);
  const active = accounts.filter((a) => a.active);
  return (
    active.find((a) => a.email !== null && a.email === address) ??
    (domain === null ? undefined : active.find((a) => a.domain !== null && a.domain === domain)) ??
    null
  );
}

/** What the admin's list says about tax. */
export function taxExemptionWords(account: { tax_exempt: boolean; has_certificate: boolean }): string {
  if (!account.tax_exempt) return 'Not exempt';
  return account.has_certificate ? 'Exempt, certificate on file' : 'Exempt, certificate missing';
}
