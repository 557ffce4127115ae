import { spawn } from 'node:child_process';

/**
 * Runs `astro build` in a child process that reads the database over `databaseUrl`, into
 * `outDir` when given (else SHOP_OUT_DIR or dist/).
 */
export function astroBuild(databaseUrl: string, log: (line: string) => void, outDir?: string): Promise<void> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build', '--silent'], {
      stdio: ['ignore', 'inherit', 'inherit'],
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        ASTRO_TELEMETRY_DISABLED: '1',
        // Served by npm start itself: no Netlify adapter, no shared .netlify/ folder (astro.config.mjs).
        SHOP_LOCAL_BUILD: '1',
        ...(outDir ? { SHOP_OUT_DIR: outDir } : {}),
      },
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0) {
        log(`build: done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
        resolve();
      } else reject(new Error(`astro build failed (${signal ?? `exit ${code}`})`));
    });
  });
}
