/**
 * `npm run build` (Netlify's build command): `astro build` with the memory settings every build of
 * the shop uses (scripts/lib/astro-build.mts); arguments go to astro. Pages are pre-rendered from
 * DATABASE_URL. `--settings=.env` (the npm script's) loads that file first when it exists; a
 * Netlify build has none and takes its settings from the site's environment.
 */
// First: loads the .env file the npm script names before any other module reads a setting.
import { envFileReport } from './lib/read-env-file.mts';
import { describeEnvFile } from './lib/env-file.mts';
import { spawnAstroBuild } from './lib/astro-build.mts';

const settings = describeEnvFile(envFileReport);
if (settings) console.log(settings);
const child = spawnAstroBuild(
  {},
  process.argv.slice(2).filter((arg) => !arg.startsWith('--settings=')),
);
child.on('error', (error) => {
  console.error(error);
  process.exit(1);
});
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
