import { type ChildProcess, spawn } from 'node:child_process';

/**
 * How every build of the shop runs `astro build` (`npm run build` on Netlify, `npm start` and its
 * rebuilds, `npm run bench:build`), tuned for memory. Measured on the 10,000-product benchmark,
 * the defaults peak at 1.37-1.6 GB; these settings bring it to about 0.9 GB at the same speed:
 * - `--heap-growing-percent=50`: pre-rendering 10,000 pages makes short-lived garbage that V8
 *   would let the heap grow up to 4x its live size (~170 MB) before collecting; 1.5x is enough.
 * - `MIMALLOC_PURGE_DELAY=0`: Vite's bundler (Rolldown) allocates with mimalloc, which by
 *   default keeps freed pages resident for a while; they are returned at once instead.
 * `--optimize-for-size` saved a little more (0.7 GB) but made the build about a third slower.
 */
export const BUILD_NODE_FLAGS = ['--heap-growing-percent=50'];
export const BUILD_ENV = { MIMALLOC_PURGE_DELAY: '0', ASTRO_TELEMETRY_DISABLED: '1' };

/**
 * Starts `astro build` with the build's flags and `args` (astro's own, such as --silent); `env`
 * adds to (and overrides) this process's environment.
 */
export function spawnAstroBuild(env: Record<string, string>, args: readonly string[] = []): ChildProcess {
  return spawn(process.execPath, [...BUILD_NODE_FLAGS, 'node_modules/astro/bin/astro.mjs', 'build', ...args], {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, ...BUILD_ENV, ...env },
  });
}

/**
 * Runs `astro build` in a child process that reads the database over `databaseUrl`, into
 * `outDir` when given (else SHOP_OUT_DIR or dist/), for the local server.
 */
export function astroBuild(databaseUrl: string, log: (line: string) => void, outDir?: string): Promise<void> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawnAstroBuild(
      {
        DATABASE_URL: databaseUrl,
        // Served by npm start itself: no Netlify adapter, no shared .netlify/ folder (astro.config.mjs).
        SHOP_LOCAL_BUILD: '1',
        ...(outDir ? { SHOP_OUT_DIR: outDir } : {}),
      },
      ['--silent'],
    );
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0) {
        log(`build: done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
        resolve();
      } else reject(new Error(`astro build failed (${signal ?? `exit ${code}`})`));
    });
  });
}
