import { describe, expect, it } from 'vitest';
import {
  type AccountMatch,
  accountFor,
  DOMAIN_PATTERN,
  domainOf,
  taxExemptionWords,
} from '../../src/lib/orders/business-accounts.ts';

const account = (id: string, match: Partial<AccountMatch>): AccountMatch & { id: string } => ({
  id,
  email: null,
  domain: null,
  active: true,
  ...match,
});

const district = account('district', { domain: 'ector.k12.tx.us' });
const coach = account('coach', { email: 'coach@ector.k12.tx.us' });

describe('accountFor', () => {
  it('matches every address at an account domain, ignoring case and spaces', () => {
    expect(accountFor(' Pat@Ector.K12.TX.us ', [district])?.id).toBe('district');
  });

  it('prefers an account for the exact address over its domain, whatever the order', () => {
    expect(accountFor('coach@ector.k12.tx.us', [district, coach])?.id).toBe('coach');
    expect(accountFor('COACH@ector.k12.tx.us', [coach, district])?.id).toBe('coach');
    expect(accountFor('nurse@ector.k12.tx.us', [coach, district])?.id).toBe('district');
  });

  it('does not match a sub-domain to its parent, nor a parent to its sub-domain', () => {
    expect(accountFor('pat@mail.ector.k12.tx.us', [district])).toBeNull();
    expect(accountFor('pat@k12.tx.us', [district])).toBeNull();
  });

  it('does not match a domain that only ends with the account domain', () => {
    expect(accountFor('pat@notector.k12.tx.us', [district])).toBeNull();
  });

  it('ignores inactive accounts, falling back to the domain', () => {
    const gone = { ...coach, active: false };
    expect(accountFor('coach@ector.k12.tx.us', [gone, district])?.id).toBe('district');
    expect(accountFor('coach@ector.k12.tx.us', [gone])).toBeNull();
  });

  it('answers null for an address without a domain or without accounts', () => {
    expect(accountFor('no-at-sign', [district])).toBeNull();
    expect(accountFor('pat@ector.k12.tx.us', [])).toBeNull();
  });
});

describe('domain shape', () => {
  it('accepts school and company domains and refuses shapes that are not domains', () => {
    for (const ok of ['ector.k12.tx.us', 'acme.com', 'xn--bcher-kva.de', 'a-b.co'])
      expect(DOMAIN_PATTERN.test(ok)).toBe(true);
    for (const bad of [
      '@acme.com',
      'acme',
      '-acme.com',
      'acme-.com',
      'ac..me.com',
      'acme.c0m',
      'Acme.com',
      'acme.com.',
    ])
      expect(DOMAIN_PATTERN.test(bad)).toBe(false);
  });

  it('reads the domain of an address', () => {
    expect(domainOf('Pat@Ector.K12.TX.us')).toBe('ector.k12.tx.us');
    expect(domainOf('pat@')).toBeNull();
  });
});

describe('taxExemptionWords', () => {
  it('says in words whether the certificate is on file', () => {
    expect(taxExemptionWords({ tax_exempt: true, has_certificate: true })).toBe('Exempt, certificate on file');
    expect(taxExemptionWords({ tax_exempt: true, has_certificate: false })).toBe('Exempt, certificate missing');
    expect(taxExemptionWords({ tax_exempt: false, has_certificate: false })).toBe('Not exempt');
  });
});
