import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import orderProofs from '../../netlify/functions/admin-order-proofs.mts';
import orderStage from '../../netlify/functions/admin-order-stage.mts';
import OrderPage from '../../src/pages/orders/[token].astro';
import OrderFilePage from '../../src/pages/orders/[token]/files/[id]/[what].astro';
import { checkArtwork } from '../../src/server/artwork/check.ts';
import { type LocalArtworkStore, localArtworkStore } from '../../src/server/artwork/local-store.ts';
import { installArtworkStore, originalKey } from '../../src/server/artwork/store.ts';
import { createArtworkUpload, newOwnerToken } from '../../src/server/artwork/uploads.ts';
import { jsonb } from '../../src/server/db/json.ts';
import { installDatabase } from '../../src/server/db/index.ts';
import { signLink } from '../../src/server/links/signed-links.ts';
import { sendQueuedMail } from '../../src/server/mail/sender.ts';
import { mailTransport } from '../../src/server/mail/transport.ts';
import { adminProductSaves, type ErrorBody } from '../support/admin-product-saves.ts';
import { png } from '../support/artwork-files.ts';
import { callFunction } from '../support/call-function.ts';
import { requestPage } from '../support/on-demand-page.ts';
import { changedTables, snapshot } from '../support/db-snapshot.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';
import { type ReceivedMail, startSmtpInbox } from '../support/smtp-inbox.ts';

/**
 * Proofs and the customer's order page (docs/decisions/0016-order-workflow.md): the owner sends a
 * proof, the customer opens the e-mailed link, asks for changes, approves; the owner ships with tracking. Every step's
 * e-mail goes through the outbox to a real SMTP server; links open one order only.
 */
const inbox = await startSmtpInbox();
process.env['SMTP_URL'] = inbox.url;
const { authorization } = adminProductSaves();

let dir: string;
let store: LocalArtworkStore;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'shop-proofs-'));
  store = localArtworkStore(dir);
  installArtworkStore(store);
});
afterAll(async () => {
  installArtworkStore(undefined);
  rmSync(dir, { recursive: true, force: true });
  await inbox.stop();
});

describe.each(DATABASE_KINDS)('proofs and the customer order page on %s', (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    installDatabase(database);
  });
  afterAll(() => database.dispose());
  let read = 0;
  beforeEach(() => {
    inbox.received.length = 0;
    read = 0;
  });

  /** A paid, shipped order of 12 printed shirts whose front artwork is on file. */
  async function printedOrder(email = 'proof.customer@example.com'): Promise<string> {
    const order = await database.db
      .insertInto('orders')
      .values({
        email,
        status: 'paid',
        fulfillment: 'shipping',
        paid_at: new Date(),
        total_cents: 24_000,
        subtotal_cents: 24_000,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const art = await upload('logo.png');
    await database.db
      .updateTable('artwork')
      .set({ order_id: order.id, attached_at: new Date() })
      .where('id', '=', art.artworkId)
      .execute();
    await database.db
      .insertInto('order_items')
      .values({
        order_id: order.id,
        name: 'Tourney Tee',
        quantity: 12,
        unit_price_cents: 2000,
        variant_metadata: jsonb({
          color: 'Black',
          size: 'M',
          locations: [{ code: 'front', name: 'Front', artwork_id: art.artworkId }],
        }),
      })
      .execute();
    return order.id;
  }

  /** A file uploaded and checked through the artwork flow (the admin's proof upload uses it too). */
  async function upload(fileName: string) {
    const ownerToken = newOwnerToken();
    const { artworkId } = await createArtworkUpload(database.db, { fileName, size: 100, ownerToken });
    await store.write(originalKey(artworkId), await png(400, 300), 'image/png');
    await checkArtwork(database.db, { id: artworkId, ownerToken, printWidthInches: null });
    return { artworkId, ownerToken };
  }

  const sendProof = async (
    id: string,
    note: string | null = null,
    file?: { artworkId: string; ownerToken: string },
  ) => {
    const proof = file ?? (await upload('proof.png'));
    return callFunction(orderProofs, `/api/orders/${id}/proofs`, {
      method: 'POST',
      params: { id },
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify({ artwork_id: proof.artworkId, owner_token: proof.ownerToken, note }),
    });
  };
  const move = (id: string, body: unknown) =>
    callFunction(orderStage, `/api/orders/${id}/stage`, {
      method: 'POST',
      params: { id },
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const openPage = (token: string, query = '') =>
    requestPage(OrderPage, `/orders/${token}${query}`, { params: { token } });
  const answer = (token: string, fields: Record<string, string>) =>
    requestPage(OrderPage, `/orders/${token}`, {
      method: 'POST',
      params: { token },
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost:4321' },
      body: new URLSearchParams(fields).toString(),
    });
  const file = (token: string, id: string, what: string) =>
    requestPage(OrderFilePage, `/orders/${token}/files/${id}/${what}`, { params: { token, id, what } });

  /** Sends what the outbox still holds to the SMTP inbox; answers what arrived since the last call. */
  async function delivered(): Promise<ReceivedMail[]> {
    await sendQueuedMail(database.db, mailTransport());
    const fresh = inbox.received.slice(read);
    read = inbox.received.length;
    return fresh;
  }
  const linkIn = (mail: ReceivedMail) => {
    const match = /http:\/\/localhost:\d+\/orders\/([0-9a-f]{32}\.[0-9a-z]+\.[A-Za-z0-9_-]{22})/.exec(mail.text);
    if (!match?.[1]) throw new Error(`no order link in: ${mail.text}`);
    return match[1];
  };
  const stageOf = async (id: string) =>
    (await database.db.selectFrom('orders').select('stage').where('id', '=', id).executeTakeFirstOrThrow()).stage;

  it('sends a proof, takes the customer from the e-mail to changes and approval, and ships with tracking', async () => {
    const id = await printedOrder();
    const sent = await sendProof(id, 'Logo centred, 10 in wide');
    expect(sent.status).toBe(201);
    expect(await stageOf(id)).toBe('proof_sent');

    const [proofMail, ...others] = await delivered();
    expect(others).toEqual([]);
    expect(proofMail?.envelopeTo).toEqual(['proof.customer@example.com']);
    expect(proofMail?.headers['subject']).toMatch(/^Your proof for order [0-9A-F]{8} is ready$/);
    expect(proofMail?.text).toContain('Logo centred, 10 in wide');
    const token = linkIn(proofMail!);

    const page = await openPage(token);
    expect(page.status).toBe(200);
    // Never framed or cached, forms to this shop only, no script but the shop's own.
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("form-action 'self'");
    expect(csp.split('; ').find((d) => d.startsWith('script-src'))).not.toContain('unsafe');
    expect(page.headers.get('cache-control')).toBe('no-store');
    const html = await page.text();
    expect(html).toContain('Where it is: Proof sent');
    expect(html).toContain('Approve this proof');
    expect(html).toContain('Front: ');
    const proofFile = /\/files\/([0-9a-f-]{36})\/thumbnail" alt="Proof: proof.png"/.exec(html)?.[1];
    expect(proofFile).toBeDefined();
    const thumbnail = await file(token, proofFile!, 'thumbnail');
    expect(thumbnail.status).toBe(200);
    expect(thumbnail.headers.get('content-type')).toBe('image/webp');
    const download = await file(token, proofFile!, 'download');
    expect(download.status).toBe(302);

    const empty = await answer(token, { answer: 'changes', comment: '   ' });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain('Tell us what to change.');
    expect(await stageOf(id)).toBe('proof_sent');

    const changes = await answer(token, { answer: 'changes', comment: 'Make the logo bigger, please' });
    expect(changes.status).toBe(303);
    expect(changes.headers.get('location')).toBe(`/orders/${token}?done=changes`);
    expect(await stageOf(id)).toBe('changes_requested');
    const [changesMail] = await delivered();
    expect(changesMail?.headers['subject']).toMatch(/^We got your changes to order/);
    expect(changesMail?.text).toContain('Make the logo bigger, please');
    expect(await (await openPage(token, '?done=changes')).text()).toContain('we have your changes');

    expect((await sendProof(id, 'Logo at 12 in')).status).toBe(201);
    const [secondProof] = await delivered();
    const second = linkIn(secondProof!);
    const approved = await answer(second, { answer: 'approve' });
    expect(approved.status).toBe(303);
    expect(await stageOf(id)).toBe('approved');
    expect((await delivered()).map((m) => m.headers['subject'])).toEqual([
      expect.stringMatching(/^Proof approved: order/),
    ]);
    // Approving twice (a double click, a second tab) changes nothing and sends nothing.
    await answer(second, { answer: 'approve' });
    expect(await answer(token, { answer: 'approve' }).then((r) => r.status)).toBe(303);
    const approvals = await database.db
      .selectFrom('order_events')
      .select('id')
      .where('order_id', '=', id)
      .where('to_stage', '=', 'approved')
      .execute();
    expect(approvals).toHaveLength(1);

    expect((await move(id, { to: 'in_production' })).status).toBe(200);
    expect(
      (await move(id, { to: 'shipped', carrier: 'USPS', tracking_number: '9400 1000 0000 0000 0000 00' })).status,
    ).toBe(200);
    const mails = await delivered();
    expect(mails.map((m) => m.headers['subject'])).toEqual([
      expect.stringMatching(/ is on the press$/),
      expect.stringMatching(/ has shipped$/),
    ]);
    const shipped = mails.find((m) => m.headers['subject']?.endsWith(' has shipped'))!;
    expect(shipped.text).toContain('https://tools.usps.com/go/TrackConfirmAction?tLabels=9400%201000');
    const final = await (await openPage(token)).text();
    expect(final).toContain('Where it is: Shipped');
    expect(final).toContain('Track your package');
    expect(final).toContain('You approved the proof');
    // The shop's header, logo and favicon; a reloaded thank-you address no longer thanks once the
    // job has moved on from the answer it thanked for.
    expect(final).toContain('<img src="/images/logo.svg" alt="West Texas Prints home"');
    expect(final).toContain('<link rel="icon" href="data:image/svg+xml,');
    const later = await (await openPage(second, '?done=approved')).text();
    expect(later).toContain('Where it is: Shipped');
    expect(later).not.toContain('the proof is approved');
    expect(await (await openPage(token, '?done=changes')).text()).not.toContain('we have your changes');
    expect(final).toContain('Make the logo bigger, please');
    // A proof can no longer be answered once the job is in production.
    const late = await answer(token, { answer: 'changes', comment: 'One more thing' });
    expect(late.status).toBe(409);
    expect(await stageOf(id)).toBe('shipped');
  });

  it('takes new artwork with a change request: the customer’s own checked upload joins the order', async () => {
    const id = await printedOrder('new.art@example.com');
    expect((await sendProof(id)).status).toBe(201);
    const token = signLink('order', id);
    const theirs = await upload('someone-else.png');
    const mine = await upload('bigger-logo.png');
    const before = await snapshot(database.db);
    // Another browser's upload, or new artwork with an approval, is refused and changes nothing.
    const stolen = await answer(token, {
      answer: 'changes',
      comment: 'Use this',
      artwork_id: theirs.artworkId,
      owner_token: mine.ownerToken,
    });
    expect(stolen.status).toBe(400);
    expect(await stolen.text()).toContain('That upload cannot be used. Upload the file again.');
    const approving = await answer(token, {
      answer: 'approve',
      artwork_id: mine.artworkId,
      owner_token: mine.ownerToken,
    });
    expect(approving.status).toBe(400);
    expect(changedTables(before, await snapshot(database.db))).toEqual([]);

    const sent = await answer(token, {
      answer: 'changes',
      comment: 'Use the bigger logo',
      artwork_id: mine.artworkId,
      owner_token: mine.ownerToken,
    });
    expect(sent.status).toBe(303);
    const claimed = await database.db
      .selectFrom('artwork')
      .select(['order_id'])
      .where('id', '=', mine.artworkId)
      .executeTakeFirstOrThrow();
    expect(claimed.order_id).toBe(id);
    const event = await database.db
      .selectFrom('order_events')
      .select('comment')
      .where('order_id', '=', id)
      .where('to_stage', '=', 'changes_requested')
      .executeTakeFirstOrThrow();
    expect(event.comment).toBe('Use the bigger logo\nNew artwork: bigger-logo.png');
    // The page shows it with the order's files (its thumbnail is reachable through the link).
    expect((await file(token, mine.artworkId, 'thumbnail')).status).toBe(200);
  });

  it('tells a local customer their order is ready for pickup, and sends nothing when it is completed', async () => {
    const id = await printedOrder('pickup.customer@example.com');
    await database.db.updateTable('orders').set({ fulfillment: 'local' }).where('id', '=', id).execute();
    expect((await sendProof(id)).status).toBe(201);
    expect(await answer(signLink('order', id), { answer: 'approve' }).then((r) => r.status)).toBe(303);
    expect((await move(id, { to: 'in_production' })).status).toBe(200);
    await delivered();
    expect((await move(id, { to: 'ready_for_pickup' })).status).toBe(200);
    const [ready, ...rest] = await delivered();
    expect(rest).toEqual([]);
    expect(ready?.envelopeTo).toEqual(['pickup.customer@example.com']);
    expect(ready?.headers['subject']).toMatch(/^Order [0-9A-F]{8} is ready for pickup$/);
    expect((await move(id, { to: 'completed' })).status).toBe(200);
    expect(await delivered()).toEqual([]);
    expect(await (await openPage(signLink('order', id))).text()).toContain('Where it is: Completed');
  });

  it('opens one order per link: forged, expired, other-order and malformed links are the same 404', async () => {
    const mine = await printedOrder('mine@example.com');
    const theirs = await printedOrder('theirs@example.com');
    const theirFile = (
      await database.db.selectFrom('artwork').select('id').where('order_id', '=', theirs).executeTakeFirstOrThrow()
    ).id;
    const token = signLink('order', mine);
    expect((await openPage(token)).status).toBe(200);
    const notFoundBody = await (await openPage('nonsense')).text();

    const [hex, expiry, signature] = token.split('.') as [string, string, string];
    const theirHex = theirs.replaceAll('-', '');
    const expired = signLink('order', mine, { now: new Date(Date.now() - 3 * 86_400_000), lifetimeDays: 1 });
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    for (const bad of [
      `${theirHex}.${expiry}.${signature}`,
      `${hex}.${(Number.parseInt(expiry, 36) + 86_400).toString(36)}.${signature}`,
      `${hex}.${expiry}.${flipped}`,
      expired,
      `${token}x`,
      '',
    ]) {
      const response = await openPage(bad);
      expect(response.status, bad).toBe(404);
      expect(await response.text()).toBe(notFoundBody);
      expect((await answer(bad, { answer: 'approve' })).status).toBe(404);
    }
    // My link does not reach their files, even with the right file id.
    expect((await file(token, theirFile, 'thumbnail')).status).toBe(404);
    expect((await file(token, theirFile, 'download')).status).toBe(404);
    // A wrong file link gets the signed-link pages' own "not found", in the site's layout.
    const missing = await file(token, crypto.randomUUID(), 'thumbnail');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const missingPage = await missing.text();
    expect(missingPage).toContain('This link does not open an order.');
    expect(missingPage).toContain('aria-label="Main"');
    expect((await file('not-a-link', theirFile, 'download')).status).toBe(404);
  });

  it('refuses a customer answer that is not theirs to give, and bad proofs, changing nothing', async () => {
    const id = await printedOrder();
    const token = signLink('order', id);
    const before = await snapshot(database.db);
    // No proof yet: nothing to answer.
    expect((await answer(token, { answer: 'approve' })).status).toBe(409);
    expect((await answer(token, { answer: 'ship' })).status).toBe(400);
    // A proof file must be the uploader's, checked and unused.
    const stranger = await upload('proof.png');
    const wrongOwner = await sendProof(id, null, { artworkId: stranger.artworkId, ownerToken: newOwnerToken() });
    expect(wrongOwner.status).toBe(404);
    const unchecked = await createArtworkUpload(database.db, {
      fileName: 'p.png',
      size: 10,
      ownerToken: stranger.ownerToken,
    });
    const early = await sendProof(id, null, { artworkId: unchecked.artworkId, ownerToken: stranger.ownerToken });
    expect(early.status).toBe(409);
    expect(((await early.json()) as ErrorBody).error.code).toBe('proof_not_checked');
    const after = await snapshot(database.db);
    expect(changedTables(before, after).filter((t) => t !== 'artwork')).toEqual([]);
    // Still where a paid order starts.
    expect(await stageOf(id)).toBe('paid');

    expect((await sendProof(id, null, stranger)).status).toBe(201);
    const reused = await sendProof(id, null, stranger);
    expect(reused.status).toBe(409);
    expect(((await reused.json()) as ErrorBody).error.code).toBe('proof_used');
    const noAdmin = await callFunction(orderProofs, `/api/orders/${id}/proofs`, {
      method: 'POST',
      params: { id },
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ artwork_id: stranger.artworkId, owner_token: stranger.ownerToken }),
    });
    expect(noAdmin.status).toBe(401);
  });
});
