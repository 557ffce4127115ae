import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import contact from '../../netlify/functions/contact.mts';
import { installDatabase } from '../../src/server/db/index.ts';
import { MIGRATIONS_DIR } from '../../src/server/db/migrate.ts';
import { callFunction } from '../support/call-function.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';

delete process.env['SMTP_URL'];

// What a spammer would type: the "message" is the mail they want delivered to the victim's address.
const SPAM = 'Claim your prize at https://prize.example/win now';
let ipCounter = 0;

const OLD_TEMPLATE = {
  txt: 'Hi {{fullName}},\n\nThanks.\n\nHere is a copy of what you sent:\n\n{{message}}\n\nTalk soon,\nThe {{shopName}} team',
  html: '<p>Hi {{fullName}},</p><p>Here is a copy of what you sent:</p><blockquote style="white-space:pre-line;border-left:4px solid #BF5700;margin:0;padding-left:12px;color:#444">{{message}}</blockquote><p>Talk soon</p>',
  bindings: ['fullName', 'subject', 'message', 'shopName'],
};

describe.each(DATABASE_KINDS)('the contact acknowledgement on %s', (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    installDatabase(database);
  });
  afterAll(() => database.dispose());

  const send = async (victim: string) => {
    const res = await callFunction(contact, '/api/contact', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ fullName: 'Mallory', emailAddress: victim, subject: 'Other', message: SPAM }),
      ip: `198.51.100.${++ipCounter}`,
    });
    expect(res.status).toBe(200);
    const mails = await database.db
      .selectFrom('email_outbox')
      .select(['template_name', 'text_body', 'html_body'])
      .where((eb) => eb.or([eb('to_address', '=', victim), eb('reply_to', '=', victim)]))
      .execute();
    return {
      ack: mails.find((m) => m.template_name === 'contact-acknowledgement')!,
      notification: mails.find((m) => m.template_name === 'contact-notification')!,
    };
  };

  it('does not quote the visitor’s message to the typed address; the shop still gets it', async () => {
    const { ack, notification } = await send('victim1@example.com');
    expect(ack.text_body).toContain('Mallory');
    expect(ack.text_body).not.toContain('prize');
    expect(ack.html_body).not.toContain('prize');
    expect(ack.text_body).not.toContain('copy of what you sent');
    expect(notification.text_body).toContain(SPAM);
  });

  it('does not quote it even from a template an admin edited to ask for {{message}}', async () => {
    await database.db
      .updateTable('email_templates')
      .set({ txt: 'Echo: {{message}}', html: '<p>Echo: {{ message }}</p>' })
      .where('name', '=', 'contact-acknowledgement')
      .execute();
    const { ack } = await send('victim2@example.com');
    expect(ack.text_body).toBe('Echo: ');
    expect(ack.html_body).not.toContain('prize');
  });

  it('the migration removes the quoted copy from an acknowledgement template already stored', async () => {
    await database.db
      .updateTable('email_templates')
      .set(OLD_TEMPLATE)
      .where('name', '=', 'contact-acknowledgement')
      .execute();
    const file = readFileSync(`${MIGRATIONS_DIR}/20261124000500_contact_ack_without_message.sql`, 'utf8');
    await sql.raw(file).execute(database.db);
    const stored = await database.db
      .selectFrom('email_templates')
      .select(['txt', 'html', 'bindings'])
      .where('name', '=', 'contact-acknowledgement')
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({
      txt: 'Hi {{fullName}},\n\nThanks.\n\nTalk soon,\nThe {{shopName}} team',
      html: '<p>Hi {{fullName}},</p><p>Talk soon</p>',
      bindings: ['fullName', 'subject', 'shopName'],
    });
  });
});
