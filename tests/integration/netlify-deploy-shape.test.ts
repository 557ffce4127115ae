import { execFile } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { NetlifyDev } from '@netlify/dev';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../support/databases.ts';
import { emulatorProject, startEmulator } from '../support/netlify-emulator.ts';

const run = promisify(execFile);

/**
 * Proves the deploy shape with Netlify's own local emulator: the Astro build (pre-rendered
 * pages plus the adapter's catch-all SSR function) together with our netlify/functions, and
 * /api/* reaching our functions rather than the adapter's catch-all.
 */
describe('the Netlify deploy shape', () => {
  let project: string;
  let database: TestDatabase;
  let netlify: NetlifyDev;
  const savedUrl = process.env['DATABASE_URL'];

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    // A scratch copy of the project, so the build leaves the working tree's dist/ alone.
    // Netlify's bundler follows real paths, so sources are copied rather than linked.
    project = emulatorProject('shop-deploy-', {
      folders: ['src', 'public', 'netlify'],
      files: ['astro.config.mjs', 'package.json', 'tsconfig.json', 'netlify.toml'],
    });
    await run(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build', '--silent'], {
      cwd: project,
      env: { ...process.env, DATABASE_URL: database.url, ASTRO_TELEMETRY_DISABLED: '1' },
    });
    process.env['DATABASE_URL'] = database.url;
    netlify = await startEmulator(project);
  }, 180_000);

  afterAll(async () => {
    await netlify?.stop();
    if (savedUrl === undefined) delete process.env['DATABASE_URL'];
    else process.env['DATABASE_URL'] = savedUrl;
    await database?.dispose();
    if (project) rmSync(project, { recursive: true, force: true });
  });

  it('builds pre-rendered pages and the adapter function', () => {
    expect(existsSync(join(project, 'dist/index.html'))).toBe(true);
    expect(existsSync(join(project, '.netlify/v1/functions/ssr'))).toBe(true);
  });

  it('routes /api/collections to our function, answering from the database', async () => {
    const result = await netlify.handleAndIntrospect(new Request('http://localhost:8888/api/collections'));
    expect(result?.type).toBe('function');
    expect(result?.response.status).toBe(200);
    const body = (await result!.response.json()) as { slug: string }[];
    expect(body.map((c) => c.slug)).toContain('city-champ-golf');
  });

  it('routes /api/collections/{slug} to our function, including its 404', async () => {
    const found = await netlify.handleAndIntrospect(
      new Request('http://localhost:8888/api/collections/city-champ-golf'),
    );
    expect(found?.type).toBe('function');
    expect(((await found!.response.json()) as { name: string }).name).toBe('City Champ Golf');

    const missing = await netlify.handleAndIntrospect(new Request('http://localhost:8888/api/collections/nope'));
    expect(missing?.type).toBe('function');
    expect(missing?.response.status).toBe(404);
    expect(((await missing!.response.json()) as { error: { code: string } }).error.code).toBe('not_found');
  });

  it('routes /api/search to our function, which answers from the build’s index', async () => {
    const saved = process.env['SHOP_OUT_DIR'];
    // The emulator runs functions in this process; on Netlify they read the files they ship
    // (included_files), relative to the deploy's base folder like this.
    process.env['SHOP_OUT_DIR'] = join(project, 'dist');
    try {
      const api = await netlify.handleAndIntrospect(new Request('http://localhost:8888/api/search?q=mug'));
      expect(api?.type).toBe('function');
      expect(((await api!.response.json()) as { total: number }).total).toBeGreaterThan(0);
    } finally {
      if (saved === undefined) delete process.env['SHOP_OUT_DIR'];
      else process.env['SHOP_OUT_DIR'] = saved;
    }
  });

  it('ships the build’s search index with the adapter’s function, which renders /search', () => {
    // The search page (src/pages/search.astro) answers from this file, never the database.
    expect(existsSync(join(project, '.netlify/v1/functions/ssr/dist/search-index.json'))).toBe(true);
  });

  it('serves the home page as a static file', async () => {
    const result = await netlify.handleAndIntrospect(new Request('http://localhost:8888/'));
    expect(result?.type).toBe('static');
    expect(await result!.response.text()).toContain('Your Brand Starts Here');
  });

  it('sends the build’s _headers on static pages the way Netlify reads them', async () => {
    for (const [path, frames] of [
      ['/', "frame-src 'none'"],
      ['/contact', 'frame-src https://www.openstreetmap.org'],
      ['/collections/city-champ-golf', "frame-src 'none'"],
    ] as const) {
      const result = await netlify.handleAndIntrospect(new Request(`http://localhost:8888${path}`));
      const headers = result!.response.headers;
      expect(headers.get('strict-transport-security'), path).toMatch(/^max-age=/);
      expect(headers.get('x-content-type-options'), path).toBe('nosniff');
      const csp = headers.get('content-security-policy') ?? '';
      expect(csp, path).toContain(frames);
      expect(csp, path).toContain("frame-ancestors 'none'");
      // One policy per page: a second rule's CSP merged in would show as a comma-joined list.
      expect(csp.match(/default-src/g), path).toHaveLength(1);
    }
  });
});
