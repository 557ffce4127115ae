import { describe, expect, it } from 'vitest';
import { parseRateFile } from '../../src/lib/tax/rate-file.ts';
import { parsePercent, percentWords } from '../../src/lib/tax/rate-words.ts';
import { taxFor, type TaxInput } from '../../src/lib/tax/tax-for.ts';
import { DEFAULT_TAX_RULES, type TaxRules } from '../../src/lib/tax/tax-rules.ts';

const RULES: TaxRules = {
  originRateMilli: 8000,
  originShippingTaxable: false,
  rounding: 'order',
  rates: [
    { state: 'TX', zipPrefix: null, rateMilli: 6250, shippingTaxable: true, place: null },
    { state: 'TX', zipPrefix: '794', rateMilli: 8250, shippingTaxable: true, place: 'Lubbock' },
    { state: 'TX', zipPrefix: '7940', rateMilli: 8000, shippingTaxable: true, place: null },
    { state: 'OK', zipPrefix: null, rateMilli: 4500, shippingTaxable: false, place: null },
  ],
};

const order = (over: Partial<TaxInput> = {}): TaxInput => ({
  place: null,
  lineCents: [10_000],
  discountCents: 0,
  shippingCents: 500,
  exempt: false,
  ...over,
});

describe('taxFor', () => {
  it('taxes a Lubbock ZIP at its prefix rule with shipping, and names the place', () => {
    const tax = taxFor(RULES, order({ place: { state: 'tx', zip: '79415' } }));
    expect(tax).toEqual({ rateMilli: 8250, label: 'Tax 8.25 % — Lubbock, TX', cents: 866, shippingTaxed: true });
  });

  it('lets the longest ZIP prefix win', () => {
    const tax = taxFor(RULES, order({ place: { state: 'TX', zip: '79401' } }));
    expect(tax.rateMilli).toBe(8000);
    expect(tax.label).toBe('Tax 8 % — 7940, TX');
  });

  it('falls back to the state rate for a ZIP under no prefix of its state', () => {
    const tax = taxFor(RULES, order({ place: { state: 'TX', zip: '75001' } }));
    expect(tax).toMatchObject({ rateMilli: 6250, label: 'Tax 6.25 % — TX', cents: 656 });
  });

  it('leaves shipping untaxed where the state does not tax it', () => {
    const tax = taxFor(RULES, order({ place: { state: 'OK', zip: '73101' } }));
    expect(tax).toMatchObject({ rateMilli: 4500, cents: 450, shippingTaxed: false });
  });

  it('charges the shop’s origin rate, and says so, for an address outside every rule', () => {
    const tax = taxFor(RULES, order({ place: { state: 'NM', zip: '87101' } }));
    expect(tax).toEqual({ rateMilli: 8000, label: "Tax 8 % — the shop's rate", cents: 800, shippingTaxed: false });
    expect(taxFor(RULES, order({ place: null })).label).toBe("Tax 8 % — the shop's rate");
  });

  it('charges no tax to an exempt account, wherever it ships', () => {
    const tax = taxFor(RULES, order({ place: { state: 'TX', zip: '79415' }, exempt: true }));
    expect(tax).toEqual({ rateMilli: 0, label: 'Tax exempt', cents: 0, shippingTaxed: false });
  });

  it('taxes the goods after the discount', () => {
    expect(taxFor(DEFAULT_TAX_RULES, order({ lineCents: [10_000], discountCents: 2_000 })).cents).toBe(640);
  });

  it('rounds once per order or per line, as the rules say', () => {
    // Three lines of $0.05 at 8.25 %: 0.4125¢ each. Per line each rounds to 0; per order 1.2375 → 1.
    // Three lines of $0.07: 0.5775¢ each rounds to 1 per line (3), 1.7325 → 2 per order.
    const lines = { place: { state: 'TX', zip: '79415' }, lineCents: [7, 7, 7], shippingCents: 0 };
    expect(taxFor(RULES, order(lines)).cents).toBe(2);
    expect(taxFor({ ...RULES, rounding: 'line' }, order(lines)).cents).toBe(3);
  });

  it('spreads a discount over the lines so per-line tax is on what each line costs', () => {
    const input = order({ lineCents: [1_000, 3_000], discountCents: 1_001, shippingCents: 0 });
    // Shares 250 and 751 (largest remainder): 750 and 2249 taxed at 8 % → 60 + 180.
    expect(taxFor({ ...DEFAULT_TAX_RULES, rounding: 'line' }, input).cents).toBe(240);
  });
});

describe('rates in words', () => {
  it('reads and writes percentages, never thousandths', () => {
    expect(percentWords(8250)).toBe('8.25 %');
    expect(percentWords(8375)).toBe('8.375 %');
    expect(parsePercent(' 8.375 % ')).toBe(8375);
    expect(parsePercent('8.2')).toBe(8200);
    for (const bad of ['825bp', '-1', '20.001', '8.2525', 'abc', '']) expect(parsePercent(bad)).toBeNull();
  });
});

describe('parseRateFile', () => {
  it('reads a rate file with a header, places and yes/no shipping', () => {
    const file =
      'state,zip prefix,rate,shipping taxable,place\nTX,,6.25,yes,\ntx,794,8.25%,yes,Lubbock\n\nOK,,4.5,no\n';
    expect(parseRateFile(file)).toEqual({
      ok: true,
      rates: [
        { state: 'TX', zipPrefix: null, rateMilli: 6250, shippingTaxable: true, place: null },
        { state: 'TX', zipPrefix: '794', rateMilli: 8250, shippingTaxable: true, place: 'Lubbock' },
        { state: 'OK', zipPrefix: null, rateMilli: 4500, shippingTaxable: false, place: null },
      ],
    });
  });

  it('names every bad row by its line and keeps none of the file', () => {
    const file = [
      'state,zip,rate,shipping',
      'Texas,,6.25,yes',
      'TX,79A,8.25,yes',
      'TX,,825,yes',
      'TX,,6.25,maybe',
      'TX,,6.25,yes',
      'TX,,6.5,yes',
      'TX,794,8.25,no',
    ].join('\n');
    const result = parseRateFile(file);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.map((e) => e.row)).toEqual([2, 3, 4, 5, 7, 8]);
    expect(result.errors[2]?.message).toContain('“825” is not a rate');
    expect(result.errors[4]?.message).toContain('already on line 6');
    expect(result.errors[5]?.message).toContain('one answer per state');
  });

  it('refuses an empty file', () => {
    expect(parseRateFile('state,zip,rate,shipping\n')).toEqual({
      ok: false,
      errors: [{ row: 1, message: 'The file has no rates.' }],
    });
  });
});
