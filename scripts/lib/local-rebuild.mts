import { existsSync, renameSync, rmSync } from 'node:fs';
import type { RebuildHandler } from '../../src/server/admin/rebuild.ts';
import { astroBuild } from './astro-build.mts';

/**
 * The embedded default's answer to "public pages changed": build the site again into a side
 * folder and swap it in only when the build succeeded, so visitors never see a half-written
 * or failed build. The server reads files per request, so the swap takes effect at once.
 */
export function localRebuild(databaseUrl: string, distDir: string, log: (line: string) => void): RebuildHandler {
  return async (reasons) => {
    const next = `${distDir}-next`;
    const old = `${distDir}-old`;
    log(`rebuild: ${reasons.map((r) => `${r.action} ${r.entity}`).join(', ')}`);
    rmSync(next, { recursive: true, force: true });
    try {
      await astroBuild(databaseUrl, log, next);
    } catch (error) {
      log(`rebuild failed; still serving the previous build (${(error as Error).message})`);
      rmSync(next, { recursive: true, force: true });
      // Thrown on, so the admin's publish status shows the build's error.
      throw new Error(`The build failed; the previous pages stay up. ${(error as Error).message}`);
    }
    rmSync(old, { recursive: true, force: true });
    if (existsSync(distDir)) renameSync(distDir, old);
    renameSync(next, distDir);
    rmSync(old, { recursive: true, force: true });
    log('rebuild: the new pages are live');
  };
}
