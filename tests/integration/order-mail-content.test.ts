import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeOrder } from '../../src/server/workflows/complete-order.ts';
import { jsonb } from '../../src/server/db/json.ts';
import { MIGRATIONS_DIR } from '../../src/server/db/migrate.ts';
import { shopOrigin } from '../../src/server/links/signed-links.ts';
import { queueOrderMail } from '../../src/server/mail/order-mail.ts';
import { remindMissingArtwork } from '../../src/server/orders/artwork-reminder.ts';
import { runSweep } from '../../src/server/sweep/run-sweep.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';

/**
 * Issue 28, what the customer reads in the e-mails: the shop's logo (an absolute URL with alt
 * text), its address and phone, the customer's name, no "$0.00" discount line, and, only while
 * artwork is missing, a line with the link to upload it on the order's page.
 */

const ADDRESS = '1200 N Big Spring St, Midland, TX 79701';
const PHONE = '+1-432-555-0142';
const ORDER_LINK = /\/orders\/[0-9a-f]{32}\.[0-9a-z]+\.[A-Za-z0-9_-]{22}/;

interface OrderSpec {
  email: string;
  name?: string;
  fulfillment?: 'shipping' | 'local';
  discountCents?: number;
  /** The front print's file: null while the artwork is still to come. */
  artworkId?: string | null;
}

describe.each(DATABASE_KINDS)('the e-mails a customer reads on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database.dispose());

  /** A pending order of 12 printed tees (and a sticker), then paid as the payment page reports it. */
  async function paidOrder(spec: OrderSpec): Promise<string> {
    const discount = spec.discountCents ?? 0;
    const local = spec.fulfillment === 'local';
    const order = await database.db
      .insertInto('orders')
      .values({
        email: spec.email,
        status: 'pending',
        fulfillment: spec.fulfillment ?? 'shipping',
        shipping_speed: local ? null : 'standard',
        subtotal_cents: 23600,
        discount_cents: discount,
        discount_code: discount > 0 ? 'SAVE10' : null,
        shipping_cents: local ? 0 : 500,
        tax_cents: 1000,
        total_cents: 23600 - discount + (local ? 0 : 500) + 1000,
        payment_provider: 'embedded',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await database.db
      .insertInto('order_items')
      .values([
        {
          order_id: order.id,
          name: 'Tourney Tee',
          quantity: 12,
          unit_price_cents: 1900,
          position: 0,
          variant_metadata: jsonb({
            color: 'Navy',
            size: 'M',
            locations: [{ code: 'front', name: 'Front', artwork_id: spec.artworkId ?? null }],
          }),
        },
        {
          order_id: order.id,
          name: 'Lone Star Sticker',
          quantity: 1,
          unit_price_cents: 800,
          position: 1,
          variant_metadata: jsonb({}),
        },
      ])
      .execute();
    const paid = await completeOrder(database.db, order.id, {
      email: spec.email,
      name: spec.name ?? null,
    });
    expect(paid.outcome).toBe('paid');
    return order.id;
  }

  const mailTo = async (email: string, template: string) =>
    database.db
      .selectFrom('email_outbox')
      .select(['subject', 'text_body', 'html_body'])
      .where('to_address', '=', email)
      .where('template_name', '=', template)
      .executeTakeFirstOrThrow();

  function expectShopFrame(mail: { text_body: string; html_body: string | null }) {
    const logo = `${shopOrigin()}/images/logo-email.png`;
    expect(logo).toMatch(/^https?:\/\//);
    expect(mail.html_body).toContain(`<img src="${logo}" alt="West Texas Prints"`);
    expect(mail.html_body).toContain(ADDRESS);
    expect(mail.html_body).toContain(`<a href="tel:${PHONE}"`);
    expect(mail.text_body).toContain(ADDRESS);
    expect(mail.text_body).toContain(PHONE);
  }

  it('confirms a discounted order with missing artwork: logo, address, phone, name, discount and the upload link', async () => {
    const email = `maria-${kind}@example.com`;
    await paidOrder({ email, name: 'Maria Delgado', discountCents: 2360 });
    const mail = await mailTo(email, 'order-confirmation');
    expectShopFrame(mail);
    expect(mail.text_body).toMatch(/^Hi Maria Delgado,/);
    expect(mail.html_body).toContain('Hi Maria Delgado,');
    expect(mail.text_body).toContain('Discount: -$23.60 (SAVE10)');
    expect(mail.html_body).toContain('<tr><td>Discount</td><td align="right">-$23.60 (SAVE10)</td></tr>');
    // The missing artwork, with the signed link to the order page where it is uploaded.
    const ask = mail.text_body.split('\n').find((line) => line.startsWith('We still need your artwork'));
    expect(ask).toMatch(/^We still need your artwork for: Front of Tourney Tee\. Upload it on your order page: http/);
    expect(ask).toMatch(ORDER_LINK);
    const link = /<a href="([^"]+)"[^>]*>Upload your artwork on your order page<\/a>/.exec(mail.html_body ?? '');
    expect(link?.[1]).toMatch(ORDER_LINK);
    // Lines as bought, the tee first.
    expect(mail.text_body.indexOf('12 x Tourney Tee (Navy, M)')).toBeLessThan(
      mail.text_body.indexOf('1 x Lone Star Sticker'),
    );
  });

  it('has no discount line without a discount, no artwork line once the artwork is in, and greets an unknown name kindly', async () => {
    const email = `plain-${kind}@example.com`;
    await paidOrder({ email, artworkId: crypto.randomUUID() });
    const mail = await mailTo(email, 'order-confirmation');
    expectShopFrame(mail);
    expect(mail.text_body).toMatch(/^Hi there,/);
    expect(mail.text_body).not.toMatch(/discount/i);
    expect(mail.html_body).not.toMatch(/discount/i);
    expect(mail.text_body).not.toContain('$0.00');
    expect(mail.html_body).not.toContain('$0.00');
    expect(mail.text_body).not.toContain('We still need your artwork');
    expect(mail.html_body).not.toContain('Upload your artwork');
    expect(mail.text_body).toContain('Subtotal: $236.00\nShipping: $5.00\nEstimated tax: $10.00');
    // An empty value leaves no run of blank lines behind.
    expect(mail.text_body).not.toMatch(/\n[ \t]*\n[ \t]*\n/);
  });

  it('names a local handoff as such', async () => {
    const email = `local-${kind}@example.com`;
    await paidOrder({ email, name: 'Tomás Ortega', fulfillment: 'local', artworkId: crypto.randomUUID() });
    const mail = await mailTo(email, 'order-confirmation');
    expect(mail.text_body).toContain('Local handoff: Free');
    expect(mail.html_body).toContain('<tr><td>Local handoff</td><td align="right">Free</td></tr>');
    expect(mail.text_body).toMatch(/^Hi Tomás Ortega,/);
  });

  it("frames the order's later e-mails too, with the customer's name", async () => {
    const email = `later-${kind}@example.com`;
    const orderId = await paidOrder({ email, name: 'Jake Whitfield', artworkId: crypto.randomUUID() });
    await queueOrderMail(database.db, orderId, 'order-in-production');
    const mail = await mailTo(email, 'order-in-production');
    expectShopFrame(mail);
    expect(mail.html_body).toContain('Hi Jake Whitfield,');
    expect(mail.text_body).not.toContain('We still need your artwork');
  });

  it('the artwork reminder carries the upload link while the artwork is missing', async () => {
    const email = `remind-${kind}@example.com`;
    const orderId = await paidOrder({ email, name: 'Becca Nguyen' });
    await database.db
      .updateTable('orders')
      .set({ paid_at: new Date(Date.now() - 3 * 86_400_000) })
      .where('id', '=', orderId)
      .execute();
    await runSweep(database.db, [remindMissingArtwork]);
    const mail = await mailTo(email, 'artwork-reminder');
    expectShopFrame(mail);
    expect(mail.text_body).toMatch(/^Hi Becca Nguyen,/);
    expect(mail.text_body).toMatch(
      /We still need your artwork for: Front of Tourney Tee\. Upload it on your order page: http/,
    );
    expect(
      /<a href="([^"]+)"[^>]*>Upload your artwork on your order page<\/a>/.exec(mail.html_body ?? '')?.[1],
    ).toMatch(ORDER_LINK);
  });

  it("the migration brings the old default templates up to date and leaves the owner's own words alone", async () => {
    // The header and footer (docs/decisions/0028-owner-and-receipts.md), then the deposit lines
    // (docs/decisions/0029-deposits.md), in the order they run.
    const migrations = [
      '20261126092000_mail_shop_header_footer.sql',
      '20261128000001_deposit_confirmation_lines.sql',
      '20261129101500_order_ready_by.sql',
      '20261130130200_my_orders_link_in_mail.sql',
    ].map((file) => readFileSync(join(MIGRATIONS_DIR, file), 'utf8'));
    const templates = () =>
      database.db
        .selectFrom('email_templates')
        .select(['name', 'subject', 'txt', 'html', 'bindings'])
        .where('name', 'in', ['order-confirmation', 'order-shipped', 'proof-ready'])
        .orderBy('name')
        .execute();
    const current = await templates();
    const confirmation = current.find((t) => t.name === 'order-confirmation')!;
    // The confirmation as the shop shipped it before (a database seeded then).
    const oldTxt = confirmation.txt
      .replace('All your orders with us: {{myOrdersUrl}}\n\n', '')
      .replace('\n\n{{shopFooterText}}', '')
      .replace('{{artworkText}}\n\n', '')
      .replace('{{discountLine}}{{shippingLabel}}: {{shipping}}', 'Discount: {{discount}}\nShipping: {{shipping}}')
      .replace(' or call us at {{shopPhone}}.', '.')
      .replace('{{depositLine}}', '')
      .replace('{{readyByLine}}', '');
    const oldHtml = confirmation.html
      .replace('<p><a href="{{myOrdersUrl}}">All your orders with us</a></p>', '')
      .replace('{{shopHeaderHtml}}', '')
      .replace('{{shopFooterHtml}}', '')
      .replace('{{artworkHtml}}', '')
      .replace(
        '{{discountRowHtml}}<tr><td>{{shippingLabel}}</td>',
        '<tr><td>Discount</td><td align="right">{{discount}}</td></tr><tr><td>Shipping</td>',
      )
      .replace(' or call us at <a href="tel:{{shopPhone}}">{{shopPhone}}</a>.', '.')
      .replace('{{depositRowHtml}}', '')
      .replace('{{readyByHtml}}', '');
    await database.db
      .updateTable('email_templates')
      .set({
        txt: oldTxt,
        html: oldHtml,
        bindings: ['customerName', 'orderNumber', 'itemsText', 'itemsHtml', 'subtotal', 'discount', 'shipping'],
      })
      .where('name', '=', 'order-confirmation')
      .execute();
    // The owner rewrote the shipped e-mail in their own layout.
    const ownShipped = '<p>Howdy {{customerName}}! Order {{orderNumber}} is on the truck.</p>';
    await database.db
      .updateTable('email_templates')
      .set({ html: ownShipped })
      .where('name', '=', 'order-shipped')
      .execute();

    for (const migration of migrations) await database.execScript(migration);
    const after = await templates();
    const confirmed = after.find((t) => t.name === 'order-confirmation')!;
    expect({ txt: confirmed.txt, html: confirmed.html }).toEqual({ txt: confirmation.txt, html: confirmation.html });
    expect(confirmed.bindings).toEqual(expect.arrayContaining(confirmation.bindings));
    expect(new Set(confirmed.bindings).size).toBe(confirmed.bindings.length);
    expect(after.find((t) => t.name === 'order-shipped')!.html).toBe(ownShipped);
    // Already framed: running it again adds no second header or footer.
    const proof = after.find((t) => t.name === 'proof-ready')!;
    expect(proof).toEqual(current.find((t) => t.name === 'proof-ready'));
    expect(proof.html.match(/\{\{shopHeaderHtml\}\}/g)).toHaveLength(1);
    expect(proof.txt.match(/\{\{shopFooterText\}\}/g)).toHaveLength(1);
  });
});
