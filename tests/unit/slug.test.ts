import { describe, expect, it } from 'vitest';
import { SLUG_PATTERN } from '../../src/lib/catalog/products.ts';
import { slugFollowsName, slugFromName } from '../../src/lib/catalog/slug.ts';

describe('slugFromName', () => {
  it('makes a slug the database takes from the names owners write', () => {
    expect(slugFromName('Game Day Pullover Hoodie')).toBe('game-day-pullover-hoodie');
    expect(slugFromName('Tees & Tanks')).toBe('tees-and-tanks');
    expect(slugFromName("Mom's Café Mug")).toBe('moms-cafe-mug');
    expect(slugFromName('Team Mom’s V-Neck')).toBe('team-moms-v-neck');
    expect(slugFromName('  Die-Cut Stickers (50 pack)!  ')).toBe('die-cut-stickers-50-pack');
    expect(slugFromName('Ugly Sweater Tee — Holiday 2025')).toBe('ugly-sweater-tee-holiday-2025');
    for (const name of ['Rodeo Weekend Tee', 'Señor Frío', '2x4 ft Banner', 'A  --  B']) {
      expect(slugFromName(name)).toMatch(SLUG_PATTERN);
    }
  });

  it('is empty for a name without letters or digits, and fits the column without a trailing hyphen', () => {
    expect(slugFromName('')).toBe('');
    expect(slugFromName('!!! ***')).toBe('');
    const long = slugFromName(`${'word '.repeat(40)}end`);
    expect(long.length).toBeLessThanOrEqual(120);
    expect(long).toMatch(SLUG_PATTERN);
  });
});

describe('slugFollowsName', () => {
  it('follows on a new record while the slug is empty or what the name gave', () => {
    expect(slugFollowsName({ name: '', slug: '' })).toBe(true);
    expect(slugFollowsName({ name: 'Rodeo Tee', slug: 'rodeo-tee' })).toBe(true);
  });

  it('stops once the owner wrote a slug of their own, and never moves a saved record’s slug', () => {
    expect(slugFollowsName({ name: 'Rodeo Tee', slug: 'rodeo' })).toBe(false);
    expect(slugFollowsName({ id: 'a', name: 'Rodeo Tee', slug: 'rodeo-tee' })).toBe(false);
    // A clone keeps its proposed free slug.
    expect(slugFollowsName({ name: 'Rodeo Tee', slug: 'rodeo-tee-copy' })).toBe(false);
  });
});
