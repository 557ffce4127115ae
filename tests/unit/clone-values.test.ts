import { describe, expect, it } from 'vitest';
import { cloneFields, freeCopyOf } from '../../src/lib/catalog/clone-values.ts';

describe('freeCopyOf', () => {
  it('proposes -copy, then -copy-2, -copy-3 while those are taken', () => {
    expect(freeCopyOf('game-day-hoodie', ['game-day-hoodie'])).toBe('game-day-hoodie-copy');
    expect(freeCopyOf('game-day-hoodie', ['game-day-hoodie', 'game-day-hoodie-copy'])).toBe('game-day-hoodie-copy-2');
    expect(freeCopyOf('game-day-hoodie', ['game-day-hoodie', 'game-day-hoodie-copy', 'game-day-hoodie-copy-2'])).toBe(
      'game-day-hoodie-copy-3',
    );
  });

  it('counts on from the base when the original is itself a copy', () => {
    expect(freeCopyOf('tee-copy', ['tee', 'tee-copy'])).toBe('tee-copy-2');
    expect(freeCopyOf('tee-copy-2', ['tee', 'tee-copy', 'tee-copy-2'])).toBe('tee-copy-3');
  });

  it('suffixes a capitalised SKU in capitals and compares ignoring case', () => {
    expect(freeCopyOf('WTP-HD-01', ['WTP-HD-01'])).toBe('WTP-HD-01-COPY');
    expect(freeCopyOf('WTP-HD-01', ['WTP-HD-01', 'wtp-hd-01-copy'])).toBe('WTP-HD-01-COPY-2');
    expect(freeCopyOf('Tee-1', ['Tee-1'])).toBe('Tee-1-copy');
  });

  it('shortens the base so the proposal fits the column', () => {
    const long = 'a'.repeat(60);
    const copy = freeCopyOf(long, [long], 64);
    expect(copy).toBe(`${'a'.repeat(59)}-copy`);
    expect(copy.length).toBe(64);
    expect(freeCopyOf('ab-cd', ['ab-cd'], 8)).toBe('ab-copy');
  });
});

describe('cloneFields', () => {
  it('drops the id and the listed fields, gives unique fields free copies, keeps the rest (images too)', () => {
    const original = {
      id: 'p1',
      name: 'Hoodie',
      slug: 'hoodie',
      sku: 'HD-1',
      stripe_buy_button_id: 'buy_btn_1',
      image_main_url: '/uploads/a.png',
    };
    const existing = [original, { id: 'p2', slug: 'hoodie-copy', sku: null }];
    expect(cloneFields(original, existing, ['stripe_buy_button_id'], [{ key: 'slug' }, { key: 'sku' }])).toEqual({
      name: 'Hoodie',
      slug: 'hoodie-copy-2',
      sku: 'HD-1-COPY',
      image_main_url: '/uploads/a.png',
    });
  });

  it('leaves an empty unique field empty', () => {
    expect(cloneFields({ id: 'x', sku: '' }, [], [], [{ key: 'sku' }])).toEqual({ sku: '' });
  });
});
