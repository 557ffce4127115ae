import { rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import postgres from 'postgres';
import { clientAddress, sendWebResponse, toWebRequest } from '../../scripts/server/node-http.mts';
import { localStorageStandIn } from '../../src/server/artwork/store.ts';
import { hashPassword } from '../../src/server/auth/password-hash.ts';
import { openDatabase } from '../../src/server/db/connect.ts';
import { migrate } from '../../src/server/db/migrate.ts';
import { netlifyBuiltProject, startDeployEmulator } from './netlify-build.ts';
import { startPostgres } from './postgres-server.ts';

export interface NetlifyDevShop {
  url: string;
  /** The shop's database, for reading what it queued (e-mails). */
  sql: postgres.Sql;
  stop(): Promise<void>;
}

async function readBody(req: import('node:http').IncomingMessage): Promise<Buffer | undefined> {
  if (req.method === 'GET' || req.method === 'HEAD') return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * The seeded shop built as a deploy is and served by Netlify's emulator (@netlify/dev) on
 * `port`, over a throwaway PostgreSQL, with the admin `password`. The emulator runs the site's
 * functions and the adapter's page function in this process's worker threads, so the
 * environment is set here, as a deploy's would be. Artwork goes to the embedded store's
 * stand-in for Supabase Storage (the one `npm start` serves under /_storage/): storage is not
 * the shop's runtime, and a deploy uploads to Supabase.
 */
export async function startNetlifyDevShop(port: number, password: string): Promise<NetlifyDevShop> {
  const server = await startPostgres();
  const admin = postgres(server.url(), { max: 1, onnotice: () => {} });
  await admin.unsafe('create database shop');
  await admin.end();
  const databaseUrl = server.url('shop');
  const db = await openDatabase({ url: databaseUrl, maxConnections: 1 });
  await migrate(db, { seed: true });
  await db.close();

  const url = `http://localhost:${port}`;
  process.env['DATABASE_URL'] = databaseUrl;
  process.env['ADMIN_PASSWORD_HASH'] = await hashPassword(password, { N: 2 ** 14 });
  process.env['ADMIN_TOKEN_SECRET'] = 'netlify-dev-journey-secret-long-enough-0123456789';
  process.env['SITE_URL'] = url;
  const project = await netlifyBuiltProject('shop-netlify-dev-', databaseUrl);
  process.env['DATA_DIR'] = join(project, '.data');
  const netlify = await startDeployEmulator(project);
  const storage = localStorageStandIn();

  const http: Server = createServer(async (req, res) => {
    try {
      const address = new URL(req.url ?? '/', url);
      const aborted = new AbortController();
      const request = toWebRequest(req, address, aborted.signal, await readBody(req));
      if (storage && address.pathname.startsWith(storage.prefix)) {
        await sendWebResponse(req, res, await storage.serve(request));
        return;
      }
      request.headers.set('x-forwarded-for', clientAddress(req));
      const answered = await netlify.handleAndIntrospect(request);
      await sendWebResponse(req, res, answered?.response ?? new Response('Not found', { status: 404 }));
    } catch (error) {
      res.writeHead(500).end(String(error));
    }
  });
  await new Promise<void>((listening) => http.listen(port, '127.0.0.1', listening));
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  return {
    url,
    sql,
    async stop() {
      await new Promise((closed) => http.close(closed));
      await sql.end();
      await netlify.stop();
      server.stop();
      rmSync(project, { recursive: true, force: true });
    },
  };
}
