import { randomBytes } from 'node:crypto';
import type { Context } from '@netlify/functions';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadFunctions } from '../../scripts/server/functions-loader.mts';
import type { LoadedFunction } from '../../scripts/server/function-types.mts';
import { installAdminCredentials } from '../../src/server/auth/admin-credentials.ts';
import { issueAdminToken } from '../../src/server/staff/admin-tokens.ts';
import { hashPassword, parsePasswordHash } from '../../src/server/auth/password-hash.ts';
import { installDatabase } from '../../src/server/db/index.ts';
import { callFunction } from '../support/call-function.ts';
import { createTestDatabase, type TestDatabase } from '../support/databases.ts';
import { type SearchBuild, writeSearchBuild } from '../support/search-files.ts';

type Fn = (req: Request, context: Context) => Promise<Response>;

const SECRET = randomBytes(32);
const ID = '00000000-0000-4000-8000-000000000000';
const SITE = 'http://localhost:4321';

/** Every function and every method it takes, on a concrete path (`:id` filled in). */
async function everyEndpoint() {
  const routes = await loadFunctions('netlify/functions', () => {});
  const seen = new Set<string>();
  const endpoints: { fn: LoadedFunction; method: string; path: string; params: Record<string, string> }[] = [];
  for (const route of routes) {
    const params: Record<string, string> = {};
    const path = route.path.replace(/:(\w+)/g, (_, name: string) => {
      params[name] = name === 'id' ? ID : 'sample';
      return params[name];
    });
    for (const method of route.fn.methods ?? ['GET', 'POST']) {
      const key = `${method} ${path}`;
      if (seen.has(key)) continue;
      seen.add(key);
      endpoints.push({ fn: route.fn, method, path, params });
    }
  }
  return endpoints;
}

function send(endpoint: Awaited<ReturnType<typeof everyEndpoint>>[number], origin: string) {
  const write = endpoint.method !== 'GET' && endpoint.method !== 'HEAD';
  return callFunction(endpoint.fn.handler as unknown as Fn, endpoint.path, {
    method: endpoint.method,
    params: endpoint.params,
    headers: {
      origin,
      authorization: `Bearer ${issueAdminToken(SECRET).token}`,
      ...(write ? { 'content-type': 'application/json' } : {}),
    },
    ...(write ? { body: '{}' } : {}),
  });
}

function expectSecurityHeaders(res: Response, label: string) {
  expect(res.headers.get('cache-control'), label).toBe('no-store');
  expect(res.headers.get('x-content-type-options'), label).toBe('nosniff');
  expect(res.headers.get('strict-transport-security'), label).toMatch(/^max-age=\d{8,}/);
  expect(res.headers.get('referrer-policy'), label).toBeTruthy();
  expect(res.headers.get('x-frame-options'), label).toBe('DENY');
  const csp = res.headers.get('content-security-policy') ?? '';
  expect(csp, label).toContain("frame-ancestors 'none'");
  expect(csp, label).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  expect(res.headers.get('access-control-allow-origin'), label).toBeNull();
}

describe('security headers and CORS on every function', () => {
  let database: TestDatabase;
  let searchBuild: SearchBuild;
  const rowCounts = async () => {
    const tables = await sql<{ name: string }>`
      select tablename as name from pg_tables where schemaname = 'public' order by tablename`.execute(database.db);
    const counts: Record<string, number> = {};
    for (const { name } of tables.rows) {
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(name)}`.execute(database.db);
      counts[name] = rows[0]?.n ?? 0;
    }
    return counts;
  };

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    installDatabase(database);
    searchBuild = await writeSearchBuild(database.db);
    installAdminCredentials({
      passwordHash: parsePasswordHash(await hashPassword('unused', { N: 2 ** 14 })),
      tokenSecret: SECRET,
    });
  });
  afterAll(async () => {
    installAdminCredentials(undefined);
    searchBuild.dispose();
    await database.dispose();
  });

  it('another site’s page gets 403 from every endpoint, with nothing stored and no CORS grant', async () => {
    const before = await rowCounts();
    const endpoints = await everyEndpoint();
    expect(endpoints.length).toBeGreaterThan(40);
    for (const origin of ['https://evil.example', 'null', `${SITE}.evil.example`]) {
      for (const endpoint of endpoints) {
        const label = `${endpoint.method} ${endpoint.path} from ${origin}`;
        const res = await send(endpoint, origin);
        expect(res.status, label).toBe(403);
        const body = (await res.text()).toLowerCase();
        expect(body, label).toMatch(/cross_origin|cross_site|own pages/);
        expectSecurityHeaders(res, label);
      }
    }
    expect(await rowCounts()).toEqual(before);
  });

  it('the shop’s own pages reach every endpoint, and every answer carries the security headers', async () => {
    for (const endpoint of await everyEndpoint()) {
      const label = `${endpoint.method} ${endpoint.path}`;
      const res = await send(endpoint, SITE);
      expect(res.status, label).not.toBe(403);
      expect(res.status, label).toBeLessThan(500);
      expectSecurityHeaders(res, label);
    }
  });

  it('the scheduled mail sender answers with the same headers', async () => {
    const { default: sendMail } = await import('../../netlify/functions/send-mail.mts');
    const res = await sendMail();
    expect(res.status).toBe(204);
    expectSecurityHeaders(res, 'send-mail');
  });
});
