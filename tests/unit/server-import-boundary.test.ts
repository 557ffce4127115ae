import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const biome = resolve('node_modules/@biomejs/biome/bin/biome');
// A scratch project with the repository's own biome.json, so the real rule set is what runs.
const scratch = mkdtempSync(join(tmpdir(), 'lint-boundary-'));
copyFileSync('biome.json', join(scratch, 'biome.json'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Lints `source` as if it lived at `path` in this project; answers what Biome printed. */
function lint(path: string, source: string): string {
  const file = join(scratch, path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, source);
  try {
    return execFileSync(process.execPath, [biome, 'lint', '--vcs-enabled=false', path], {
      cwd: scratch,
      encoding: 'utf8',
      stdio: 'pipe',
    });
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string };
    return `${e.stdout ?? ''}${e.stderr ?? ''}`;
  }
}

describe('the lint rule that keeps server code out of the browser', () => {
  const source = "import { db } from '../server/db/index.ts';\nexport const handle = db;\n";

  it.each([
    'src/islands/Cart.tsx',
    'src/stores/cart.ts',
    'src/lib/pricing/cart-totals.ts',
    'src/admin/App.tsx',
    'src/components/Card.ts',
    'src/scripts/cart-badge.ts',
    'src/deferred-loading/after-load.ts',
  ])('refuses a src/server import in %s', (path) => {
    expect(lint(path, source)).toContain('must not import src/server');
  });

  it('allows it in pages and functions, which run on the server or at build time', () => {
    expect(lint('src/pages/home.ts', source)).not.toContain('noRestrictedImports');
    expect(lint('netlify/functions/orders.mts', source.replace('../server', '../../src/server'))).not.toContain(
      'noRestrictedImports',
    );
  });
});
