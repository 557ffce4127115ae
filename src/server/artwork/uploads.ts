import { TooLarge } from '../errors.ts';
import { randomBytes, randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import {
  type CreateUploadInput,
  MAX_ARTWORK_BYTES,
  MAX_ARTWORK_MB,
  type UploadTicket,
} from '../../lib/artwork/artwork-schema.ts';
import type { Database } from '../db/types.ts';
import { atomically } from '../db/transaction.ts';
import { ownerHash } from './owner.ts';
import { artworkStore, originalKey } from './store.ts';
import {
  checkUploadBudget,
  receivedBytes,
  UNCHECKED_UPLOAD_MINUTES,
  type UploadBudget,
  uploadBudget,
  uploadClientOf,
} from './upload-budget.ts';

/** A new anonymous owner token for a browser that has none yet (256 random bits). */
export const newOwnerToken = () => randomBytes(32).toString('base64url');

/**
 * Who starts an upload: the peer address its budget counts by, and the budgets (config by
 * default). The endpoint always names one (an unknown address is one client too); a caller that
 * names none is the shop's own code (a script, a test), bounded by the shop-wide budget only.
 */
export interface UploadClient {
  ip?: string | undefined;
  budget?: UploadBudget;
}

/**
 * Step one of an upload: a row awaiting the file (the ticket) and a signed URL the browser sends
 * it to. A declared size over 50 MB is refused here already (the check measures the real file
 * again). The bytes storage already received for open tickets, plus this file, must fit the
 * client's and everyone's budget of unchecked uploads (429 / 507), and a client holds a few open
 * tickets at most (429); the ticket lapses if its file is not checked within
 * UNCHECKED_UPLOAD_MINUTES (docs/decisions/0041-outside-audit.md item 5).
 */
export async function createArtworkUpload(
  db: Kysely<Database>,
  input: CreateUploadInput,
  client?: UploadClient,
): Promise<UploadTicket> {
  if (input.size > MAX_ARTWORK_BYTES) {
    throw new TooLarge('artwork_too_large', `The file is larger than ${MAX_ARTWORK_MB} MB. Send a smaller file.`, {
      fields: { size: `At most ${MAX_ARTWORK_MB} MB` },
    });
  }
  const ownerToken = input.ownerToken ?? newOwnerToken();
  const id = randomUUID();
  const store = artworkStore();
  // What the URL may carry: the declared size where storage holds an upload to it, else 50 MB.
  const allowed = store.boundsUploadSize ? input.size : MAX_ARTWORK_BYTES;
  const uploadClient = client ? uploadClientOf(client.ip) : null;
  const received = await receivedBytes(db, store, uploadClient);
  await atomically(db, async (trx) => {
    await checkUploadBudget(trx, {
      client: uploadClient,
      bytes: input.size,
      received,
      budget: client?.budget ?? uploadBudget(),
    });
    await trx
      .insertInto('artwork')
      .values({
        id,
        owner_hash: ownerHash(ownerToken),
        // Kept as sent (it is only shown to the admin, escaped, and named in the download's header).
        original_name: input.fileName,
        storage_key: originalKey(id),
        upload_bytes: allowed,
        upload_client: uploadClient,
        expires_at: sql<Date>`now() + make_interval(mins => ${UNCHECKED_UPLOAD_MINUTES})`,
      })
      .execute();
  });
  // Handed out only once the ticket is stored: a refused upload never gets a URL.
  const upload = await store.createUploadUrl(originalKey(id), input.size);
  return {
    artworkId: id,
    ownerToken,
    upload: { url: upload.url, method: 'PUT', headers: upload.headers, expiresAt: upload.expiresAt.toISOString() },
  };
}
