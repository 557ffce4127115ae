import { envFileArgument, loadEnvFile } from './env-file.mts';

/**
 * Imported first by scripts/start.mts, dev.mts, build.mts and db.mts, so the `--settings=PATH`
 * their npm scripts pass is loaded before any module reads a setting (some read them as they load).
 * Without the argument (the tests, the browser-test server) no file is read.
 */
const file = envFileArgument(process.argv.slice(2));
export const envFileReport = file ? loadEnvFile(file) : null;
