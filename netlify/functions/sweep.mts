import type { Config } from '@netlify/functions';
import { db } from '../../src/server/db/index.ts';
import { withSecurityHeaders } from '../../src/server/security/api-headers.ts';
import { describeSweep, runSweep } from '../../src/server/sweep/run-sweep.ts';

/**
 * Scheduled: the shop's timers (src/server/sweep), every five minutes on Netlify: every job of
 * SWEEP_JOBS, from releasing the stock of checkouts that lapsed to closing stores past their
 * close. `npm start` runs the same service on an interval.
 */
export default async () => {
  const report = await runSweep(await db());
  const line = describeSweep(report);
  if (line) console.log(line);
  return withSecurityHeaders(new Response(null, { status: 204 }));
};

export const config: Config = { schedule: '*/5 * * * *' };
