import { describe, expect, it } from 'vitest';
import { siteOrigin } from '../../src/server/site-origin.ts';

describe('the shop’s public origin', () => {
  it('is SITE_URL when set, whatever the port', () => {
    expect(siteOrigin({ SITE_URL: 'https://shop.example/', PORT: '8080', URL: 'https://x.netlify.app' })).toBe(
      'https://shop.example',
    );
  });

  it('is Netlify’s URL on a Netlify build without SITE_URL', () => {
    expect(siteOrigin({ URL: 'https://print-shop.netlify.app', PORT: '8080' })).toBe('https://print-shop.netlify.app');
  });

  it('is the local server’s address without either: the port npm start serves on', () => {
    expect(siteOrigin({ PORT: '8080' })).toBe('http://localhost:8080');
    expect(siteOrigin({ SITE_URL: ' ', URL: '', PORT: '5000' })).toBe('http://localhost:5000');
    expect(siteOrigin({})).toBe('http://localhost:4321');
  });

  it('falls back to 4321 when the port is not a port (0 = any free port, known only later)', () => {
    expect(siteOrigin({ PORT: '0' })).toBe('http://localhost:4321');
    expect(siteOrigin({ PORT: 'eighty' })).toBe('http://localhost:4321');
    expect(siteOrigin({ PORT: '70000' })).toBe('http://localhost:4321');
  });
});
