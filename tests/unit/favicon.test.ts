import { describe, expect, it } from 'vitest';
import { FAVICON_HREF } from '../../src/lib/site/favicon.ts';

describe('the shop icon in every page head', () => {
  it('is the shop mark as an SVG data: address, no request of its own', () => {
    const prefix = 'data:image/svg+xml,';
    expect(FAVICON_HREF.startsWith(prefix)).toBe(true);
    const svg = decodeURIComponent(FAVICON_HREF.slice(prefix.length));
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*>/);
    expect(svg).toContain('<title>West Texas Prints</title>');
    expect(svg.endsWith('</svg>')).toBe(true);
    // Quotes and angle brackets are escaped: the address cannot end the href attribute early.
    expect(FAVICON_HREF).not.toMatch(/["<> ]/);
  });
});
