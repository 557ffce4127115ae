import { atom } from 'nanostores';
import type { PublishStatus, PublishStatusAnswer } from '../lib/admin-schemas/publish.ts';
import { api } from './api.ts';

/** Where the storefront stands after the last save that changes it (null: not known yet). */
export const $publish = atom<PublishStatus | null>(null);

const POLL_MS = 1500;
// Netlify builds take minutes: while one is requested, ask less often.
const NETLIFY_POLL_MS = 5000;
// A local rebuild takes 10-60 s; stop asking after this long and leave the last answer shown.
const GIVE_UP_MS = 10 * 60_000;
let timer: ReturnType<typeof setTimeout> | undefined;
/** Netlify reports its deploys here (the server said so): a 'requested' build will say when it is live. */
let deployNotifications = false;

const publishing = (status: PublishStatus | null) =>
  status?.state === 'queued' || status?.state === 'running' || (status?.state === 'requested' && deployNotifications);

async function fetchStatus(): Promise<PublishStatus | null> {
  const { publish, deploy_notifications } = await api.get<PublishStatusAnswer>('admin/publish-status');
  deployNotifications = deploy_notifications === true;
  $publish.set(publish);
  return publish;
}

/** Shows the last known state once (on opening the admin); quiet when it cannot be read. */
export function loadPublishStatus(): void {
  void fetchStatus()
    .then((status) => {
      if (publishing(status)) watchPublishing();
    })
    .catch(() => undefined);
}

/**
 * After a save that changes the public pages: "Publishing…" at once, then asks the server every
 * 1.5 s until the rebuild ended (live, failed, or handed to Netlify; with deploy notifications,
 * until Netlify's deploy is live or failed, every 5 s while it is requested).
 */
export function watchPublishing(): void {
  clearTimeout(timer);
  const current = $publish.get();
  if (!publishing(current)) {
    $publish.set({
      state: 'queued',
      requested_at: new Date().toISOString(),
      started_at: null,
      finished_at: null,
      live_since: current?.live_since ?? null,
      error: null,
    });
  }
  const until = Date.now() + GIVE_UP_MS;
  const poll = async () => {
    const status = await fetchStatus().catch(() => $publish.get());
    if (publishing(status) && Date.now() < until) timer = setTimeout(() => void poll(), pollEvery(status));
  };
  timer = setTimeout(() => void poll(), POLL_MS);
}

const pollEvery = (status: PublishStatus | null) => (status?.state === 'requested' ? NETLIFY_POLL_MS : POLL_MS);

/** Stops polling (logout). */
export function stopPublishWatch(): void {
  clearTimeout(timer);
  $publish.set(null);
}
