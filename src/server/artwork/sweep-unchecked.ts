import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/types.ts';
import { inBatches } from '../timers/batches.ts';
import type { SweepJob } from '../timers/sweep-job.ts';
import { artworkStore, originalKey, thumbnailKey } from './store.ts';
import { deleteRowsNoneClaimed } from './sweep-artwork.ts';
import { UPLOAD_URL_LIFETIME_MS } from './supabase-store.ts';
import { UNCHECKED_UPLOAD_MINUTES } from './upload-budget.ts';

/** What a check of a lapsed upload answers (409), until its row goes. */
export const UPLOAD_LAPSED = `The upload was not checked within ${UNCHECKED_UPLOAD_MINUTES} minutes. Upload the file again.`;
/** The same, as rows lapsed when an upload had an hour say it: the sweep still forgets them. */
const UPLOAD_LAPSED_BEFORE = 'The upload was not checked within an hour. Upload the file again.';
const BATCH = 100;
const BATCHES = 10;

async function removeFiles(ids: string[], what: string): Promise<void> {
  const keys = ids.flatMap((id) => [originalKey(id), thumbnailKey(id)]);
  try {
    await artworkStore().remove(keys);
  } catch (error) {
    console.error(`[sweep] ${what}, files left: ${keys.join(', ')}`);
    throw error;
  }
}

/** Unchecked uploads past their time become rejected (they stop counting with that); answers their ids. */
async function lapse(db: Kysely<Database>): Promise<string[]> {
  const due = db
    .selectFrom('artwork')
    .select('id')
    .where('status', '=', 'awaiting_upload')
    .where(
      sql<Date>`coalesce(expires_at, created_at + make_interval(mins => ${UNCHECKED_UPLOAD_MINUTES}))`,
      '<',
      sql<Date>`now()`,
    )
    .limit(BATCH);
  const rows = await db
    .updateTable('artwork')
    .set({ status: 'rejected', rejection: UPLOAD_LAPSED })
    .where('id', 'in', due)
    .where('status', '=', 'awaiting_upload')
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Lapsed uploads whose upload URL is dead too: their rows go, and their files once more (a URL
 * that outlives the ticket, as Supabase's two-hour ones do, may have delivered a file since).
 */
async function forget(db: Kysely<Database>): Promise<string[]> {
  const due = db
    .selectFrom('artwork')
    .select('id')
    .where('status', '=', 'rejected')
    .where('rejection', 'in', [UPLOAD_LAPSED, UPLOAD_LAPSED_BEFORE])
    .where('expires_at', '<', sql<Date>`now() - make_interval(secs => ${UPLOAD_URL_LIFETIME_MS / 1000})`)
    .limit(BATCH);
  return deleteRowsNoneClaimed(db, due);
}

/**
 * Uploads never checked lapse after UNCHECKED_UPLOAD_MINUTES (docs/decisions/0025-hardening.md
 * item 4, docs/decisions/0041-outside-audit.md item 5): the row is marked rejected and the file,
 * its partial file and thumbnail are deleted; the row itself goes once the upload URL cannot
 * deliver any more. Partial files of uploads that stopped half way go after that time too. Checked uploads keep the 7-day rule (sweep-artwork.ts).
 */
export const expireUncheckedUploads: SweepJob = {
  name: 'expire-unchecked-uploads',
  async run(db) {
    const lapsed = await inBatches(BATCHES, BATCH, async () => {
      const ids = await lapse(db);
      if (ids.length > 0) await removeFiles(ids, 'unchecked uploads lapsed');
      return ids.length;
    });
    const forgotten = await inBatches(BATCHES, BATCH, async () => {
      const ids = await forget(db);
      if (ids.length > 0) await removeFiles(ids, 'lapsed upload rows deleted');
      return ids.length;
    });
    const partials = (await artworkStore().removeStalePartials?.(UNCHECKED_UPLOAD_MINUTES * 60 * 1000)) ?? 0;
    const notes = [
      lapsed > 0 ? `${lapsed} unchecked upload(s) lapsed` : '',
      forgotten > 0 ? `${forgotten} lapsed upload row(s) deleted` : '',
      partials > 0 ? `${partials} partial file(s) deleted` : '',
    ].filter(Boolean);
    return notes.length > 0 ? notes.join(', ') : null;
  },
};
