import { describe, expect, it } from 'vitest';
import type { OrderChargePricing, OrderItemPricing } from '../../src/lib/pricing/line-record.ts';
import {
  areaWords,
  lineInputWords,
  linePricingText,
  linePricingWords,
  priceListWords,
} from '../../src/lib/pricing/line-words.ts';

const tee: OrderItemPricing = {
  inputs: {
    locations: [
      { code: 'front', name: 'Front', method: 'screen_print', colors: 2 },
      { code: 'back', name: 'Back', method: 'screen_print', colors: 1 },
    ],
    area: null,
    rush: null,
    darkGarment: false,
  },
  lists: [
    { role: 'garment', id: 'g', name: 'Apparel upcharges', version: 2 },
    { role: 'location:front', id: 's', name: 'Contract chart', version: 3 },
    { role: 'location:back', id: 's', name: 'Contract chart', version: 3 },
  ],
  parts: [],
  unit_cents: 755,
  breakdown: 'Garment $4.00 · Front, 2 colours $2.80 · Back, 1 colour $0.75',
};

const banner = (widthIn: number, heightIn: number): OrderItemPricing['inputs'] => ({
  locations: [],
  area: {
    widthIn,
    heightIn,
    material: 'vinyl13',
    finishing: ['grommets'],
    materialLabel: '13 oz vinyl',
    finishingLabels: ['Grommets'],
  },
  rush: null,
  darkGarment: false,
});

describe('what a list-priced order line was priced with, in words', () => {
  it('names each location with its colours', () => {
    expect(lineInputWords(tee.inputs)).toBe('Front, 2 colours · Back, 1 colour');
  });

  it('states an area in feet when both sides are whole feet, else in inches, with material and finishing', () => {
    expect(lineInputWords(banner(48, 96))).toBe('4 × 8 ft, 13 oz vinyl, grommets');
    expect(lineInputWords(banner(30, 72))).toBe('30 × 72 in, 13 oz vinyl, grommets');
  });

  it('falls back to the codes a record kept when it has no words for them', () => {
    expect(areaWords({ widthIn: 24, heightIn: 36, material: 'coroplast', finishing: [] })).toBe('2 × 3 ft, coroplast');
    expect(
      areaWords({
        widthIn: 18,
        heightIn: 24,
        material: 'alu',
        finishing: ['uv', 'ds'],
        materialLabel: 'Aluminum',
        finishingLabels: ['UV coat', 'Double-sided'],
      }),
    ).toBe('18 × 24 in, aluminum, UV coat, double-sided');
  });

  it('names stitches, print sizes and the rush', () => {
    const words = lineInputWords({
      locations: [
        { code: 'chest', name: 'Left chest', method: 'embroidery', stitches: 7500 },
        { code: 'back', name: 'Back', method: 'dtg', printSize: 'full', printSizeLabel: 'Full back, up to 12 × 14 in' },
        { code: 'sleeve', name: 'Sleeve', method: 'flat' },
      ],
      area: null,
      rush: 'rush3',
      rushLabel: '3 business days',
      darkGarment: true,
    });
    expect(words).toBe(
      'Left chest, 7,500 stitches · Back, Full back, up to 12 × 14 in · Sleeve · Rush, 3 business days',
    );
  });

  it('gives a priced line its inputs and breakdown, and nothing for a flat line or a charge', () => {
    expect(linePricingWords(tee)).toEqual({ inputs: 'Front, 2 colours · Back, 1 colour', breakdown: tee.breakdown });
    expect(linePricingWords(null)).toBeNull();
    const screens: OrderChargePricing = {
      kind: 'screens',
      list: { id: 's', name: 'Contract chart', version: 3 },
      unit_cents: 1500,
      quantity: 3,
    };
    expect(linePricingWords(screens)).toBeNull();
    expect(linePricingText(linePricingWords(tee))).toBe(
      'Front, 2 colours · Back, 1 colour — Garment $4.00 · Front, 2 colours $2.80 · Back, 1 colour $0.75',
    );
    expect(linePricingText(null)).toBe('');
    expect(priceListWords(tee)).toEqual(['Apparel upcharges, version 2', 'Contract chart, version 3']);
    expect(priceListWords(screens)).toEqual(['Contract chart, version 3']);
    expect(priceListWords(null)).toEqual([]);
  });
});
