import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { headerRules } from '../../src/server/security/build-integration.ts';
import { scriptHash } from '../../src/server/security/page-policy.ts';

/**
 * A link under a section that does not exist yet (a store's page before its rebuild, a mistyped
 * slug) answers the 404 page with the section's header policy: that policy allows the 404
 * page's inline scripts too, while the sections keep their own and the root page gets none.
 */
const out = mkdtempSync(join(tmpdir(), 'shop-policy-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

const page = (path: string, script: string) => {
  mkdirSync(join(out, path, '..'), { recursive: true });
  writeFileSync(join(out, path), `<html><head></head><body><script>${script}</script></body></html>`);
};

it('lets every section run the 404 page’s inline scripts', async () => {
  page('404.html', 'notFound()');
  page('index.html', 'home()');
  page('stores/team/index.html', 'store()');
  page('about/index.html', 'about()');
  const rules = await headerRules(out, { analyticsOrigins: [], imageOrigins: [], uploadOrigins: [] });
  const scripts = (path: string) =>
    /script-src ([^;]*)/.exec(rules.find((r) => r.path === path)?.headers['Content-Security-Policy'] ?? '')?.[1];
  const hash = scriptHash;
  expect(scripts('/stores/*')).toContain(hash('notFound()'));
  expect(scripts('/stores/*')).toContain(hash('store()'));
  expect(scripts('/stores/*')).not.toContain(hash('about()'));
  expect(scripts('/about/*')).toContain(hash('notFound()'));
  expect(scripts('/')).not.toContain(hash('notFound()'));
});
