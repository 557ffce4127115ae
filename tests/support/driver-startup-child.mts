/**
 * A long-running process whose new database connection fails while postgres.js runs its
 * unawaited startup query (the test's role may not read pg_type, so that query fails every time).
 * argv: <postgres url> <guard|no-guard> [other-rejection]. Prints 'still running' and exits 0
 * if the process outlives the failure.
 */
import postgres from 'postgres';
import { surviveDriverStartupRejections } from '../../src/server/db/driver-quirks.ts';

const [url, mode, extra] = process.argv.slice(2);
if (mode === 'guard') surviveDriverStartupRejections((line) => console.log(line));
if (extra === 'other-rejection') void Promise.reject(new Error('some other bug'));

const sql = postgres(url!, { max: 1, onnotice: () => {} });
try {
  await sql`select 1 as one`;
  console.log('query answered');
} catch (error) {
  console.log(`query failed: ${(error as Error).message}`);
}
await new Promise((resolve) => setTimeout(resolve, 300));
await sql.end({ timeout: 1 });
console.log('still running');
