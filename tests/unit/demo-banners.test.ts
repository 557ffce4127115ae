import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { collectionSvg, serviceSvg } from '../../scripts/demo-images/banners.mts';
import { parseSeed } from '../../scripts/demo-images/seed.mts';

/**
 * docs/decisions/0028-owner-and-receipts.md: a collection's or service's picture sits behind the
 * page's real heading, so it draws no title, label, blurb or wordmark of its own; only the picture itself.
 */
const seed = parseSeed(readFileSync('supabase/seed.sql', 'utf8'));

describe('demo collection and service pictures', () => {
  it('draw no text at all, for every seeded collection and service', () => {
    expect(seed.collections.length).toBeGreaterThan(3);
    expect(seed.services.length).toBeGreaterThan(3);
    for (const c of seed.collections) {
      const svg = collectionSvg(
        c,
        seed.products.filter((p) => p.collection === c.slug),
        seed.colors,
      );
      expect(svg, c.slug).not.toMatch(/<text\b/);
      expect(svg, c.slug).not.toContain(c.name.replace(/&/g, '&amp;'));
    }
    for (const s of seed.services) {
      const svg = serviceSvg(s, seed.colors);
      expect(svg, s.slug).not.toMatch(/<text\b/);
      expect(svg, s.slug).not.toContain(s.name.replace(/&/g, '&amp;'));
    }
  });
});
