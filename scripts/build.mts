/**
 * `npm run build` (Netlify's build command): `astro build` with the memory settings every build of
 * the shop uses (scripts/lib/astro-build.mts); arguments go to astro. Pages are pre-rendered from
 * DATABASE_URL.
 */
import { spawnAstroBuild } from './lib/astro-build.mts';

const child = spawnAstroBuild({}, process.argv.slice(2));
child.on('error', (error) => {
  console.error(error);
  process.exit(1);
});
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
