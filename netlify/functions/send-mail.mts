import type { Config } from '@netlify/functions';
import { db } from '../../src/server/db/index.ts';
import { sendQueuedMail } from '../../src/server/mail/sender.ts';
import { mailTransport } from '../../src/server/mail/transport.ts';
import { withSecurityHeaders } from '../../src/server/security/api-headers.ts';

/**
 * Scheduled: sends what the outbox holds that is due (mail a request could not send right
 * away, retries after a failure, order confirmations). Netlify runs it every five minutes.
 */
export default async () => {
  const report = await sendQueuedMail(await db(), mailTransport(), { limit: 50 });
  if (report.sent + report.retrying + report.failed > 0) {
    console.log(`[mail] scheduled run: ${report.sent} sent, ${report.retrying} to retry, ${report.failed} failed`);
  }
  return withSecurityHeaders(new Response(null, { status: 204 }));
};

export const config: Config = { schedule: '*/5 * * * *' };
