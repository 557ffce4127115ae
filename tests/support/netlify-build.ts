import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { NetlifyDev } from '@netlify/dev';
import { shouldBase64Encode } from '@netlify/dev-utils';
import { BUILD_ENV, BUILD_NODE_FLAGS } from '../../scripts/lib/astro-build.mts';
import { emulatorProject, startEmulator } from './netlify-emulator.ts';

/** Where Netlify's adapter writes the function that renders the on-demand pages (the Frameworks API). */
const ADAPTER_FUNCTION = '.netlify/v1/functions/ssr';
/** A second project beside the copy, holding only the adapter's function and the copy's dist/. */
const GENERATED = 'generated-functions';

/** Runs `astro build` in `project` as every build of the shop does, reading `databaseUrl`. */
export function buildIn(project: string, databaseUrl: string, env: Record<string, string> = {}): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(
      process.execPath,
      [...BUILD_NODE_FLAGS, 'node_modules/astro/bin/astro.mjs', 'build', '--silent'],
      {
        cwd: project,
        stdio: ['ignore', 'inherit', 'inherit'],
        env: { ...process.env, ...BUILD_ENV, DATABASE_URL: databaseUrl, ...env },
      },
    );
    child.on('error', fail);
    child.on('exit', (code, signal) =>
      code === 0 ? done() : fail(new Error(`astro build in ${project} failed (${signal ?? `exit ${code}`})`)),
    );
  });
}

/**
 * A copy of the shop built as a Netlify deploy is (Netlify's adapter: dist/ and the adapter's
 * function for the on-demand pages). With `localOutDir`, the same copy also holds the build `npm
 * start` serves (the local adapter's), for comparing the two.
 *
 * The emulator used as a library serves the functions of one folder, netlify/functions, all as
 * the site's own; a deploy also ships the generated ones (.netlify/v1/functions) and routes a path
 * to a site function before a generated one (zip-it-and-ship-it's Priority: UserFunction 10,
 * GeneratedFunction 0), so the adapter's catch-all (`/*`) never shadows /api/.... The adapter's
 * function therefore goes into a second project (its node_modules link, which the adapter's file
 * tracer wrote relative to the copy's linked node_modules, pointed at the real one), which
 * `startDeployEmulator` asks only when the first found nothing.
 */
export async function netlifyBuiltProject(
  prefix: string,
  databaseUrl: string,
  { localOutDir }: { localOutDir?: string } = {},
): Promise<string> {
  const project = emulatorProject(prefix, {
    folders: ['src', 'netlify', 'public'],
    files: ['package.json', 'tsconfig.json', 'netlify.toml', 'astro.config.mjs'],
  });
  await buildIn(project, databaseUrl);
  const generated = join(project, GENERATED);
  const placed = join(generated, 'netlify/functions/ssr');
  mkdirSync(join(generated, 'netlify/functions'), { recursive: true });
  cpSync(join(project, ADAPTER_FUNCTION), placed, { recursive: true, verbatimSymlinks: true });
  rmSync(join(placed, 'node_modules'), { force: true, recursive: true });
  symlinkSync(resolve('node_modules'), join(placed, 'node_modules'));
  symlinkSync(resolve('node_modules'), join(generated, 'node_modules'));
  symlinkSync(join(project, 'dist'), join(generated, 'dist'));
  writeFileSync(
    join(generated, 'netlify.toml'),
    '[build]\n  publish = "dist"\n\n[functions]\n  directory = "netlify/functions"\n',
  );
  if (localOutDir) await buildIn(project, databaseUrl, { SHOP_LOCAL_BUILD: '1', SHOP_OUT_DIR: localOutDir });
  return project;
}

export interface DeployEmulator {
  handleAndIntrospect: NetlifyDev['handleAndIntrospect'];
  stop(): Promise<void>;
}

/**
 * The request as Netlify hands it to a function: a body that is not text (a multipart form, a
 * file) travels base64-encoded. @netlify/functions-dev 2.0.8 (lambdaEventFromWebRequest) marks
 * such a body base64 but passes its bytes read as UTF-8 text, so the function decodes garbage;
 * encoding it here gives the function the bytes it was sent, as on Netlify.
 */
async function asNetlifySendsIt(request: Request): Promise<Request> {
  if (!request.body || !shouldBase64Encode(request.headers.get('content-type') ?? '')) return request;
  const bytes = Buffer.from(await request.arrayBuffer());
  return new Request(request.url, { method: request.method, headers: request.headers, body: bytes.toString('base64') });
}

/**
 * Netlify's emulator over a project from `netlifyBuiltProject`, routing as a deploy does: the
 * site's functions, redirects and files first, then the adapter's function.
 */
export async function startDeployEmulator(project: string): Promise<DeployEmulator> {
  const site = await startEmulator(project);
  const generated = await startEmulator(join(project, GENERATED));
  return {
    async handleAndIntrospect(sent, options) {
      const request = await asNetlifySendsIt(sent);
      return (
        (await site.handleAndIntrospect(request.clone(), options)) ??
        (await generated.handleAndIntrospect(request, options))
      );
    },
    async stop() {
      await Promise.all([site.stop(), generated.stop()]);
    },
  };
}
