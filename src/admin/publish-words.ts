import type { PublishStatus } from '../lib/admin-schemas/publish.ts';

/** A kind of change as the owner says it: one save, several saves. */
const KINDS: Record<string, [string, string]> = {
  product: ['a product', 'products'],
  collection: ['a collection', 'collections'],
  'collection dates': ['a collection’s dates', 'collection dates'],
  service: ['a service', 'services'],
  color: ['a colour', 'colours'],
  size: ['a size', 'sizes'],
  store: ['a store', 'stores'],
  shop_settings: ['the shop settings', 'the shop settings'],
};

/** "a product, colours (2 saves)": what a publish holds, in the order first saved. */
export function changesWords(kinds: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const kind of kinds) counts.set(kind, (counts.get(kind) ?? 0) + 1);
  return [...counts]
    .map(([kind, count]) => {
      const [one, many] = KINDS[kind] ?? [kind.replace(/_/g, ' '), kind.replace(/_/g, ' ')];
      return count === 1 ? one : `${many} (${count} saves)`;
    })
    .join(', ');
}

/** 40 s, 1 min 35 s. */
export function seconds(total: number): string {
  const s = Math.max(0, Math.round(total));
  return s < 120 ? `${s} s` : `${Math.floor(s / 60)} min ${s % 60} s`;
}

/**
 * Where a publish stands, in words, at `now` (issue 44, item 9): what it is doing, for how long
 * against how long it usually takes, what it holds and what waits for the next one. `progress`
 * is the part that changes every second (kept out of the live region's announcements).
 */
export function publishingWords(status: PublishStatus, now: number): { text: string; progress: string } {
  const building = status.building ?? [];
  const waiting = status.waiting ?? [];
  const usual = status.usual_seconds ?? null;
  const parts: string[] = [];
  let progress = '';
  if (status.state === 'running') {
    parts.push('Publishing: building the pages.');
    const started = status.started_at ? Date.parse(status.started_at) : now;
    const elapsed = (now - started) / 1000;
    progress = `${seconds(elapsed)} so far`;
    if (usual !== null) {
      progress +=
        elapsed > usual * 1.25 ? `, longer than the usual ${seconds(usual)}` : `, usually about ${seconds(usual)}`;
    }
    progress += '.';
  } else {
    parts.push('Publishing soon: waiting a moment for more changes.');
    if (usual !== null) progress = `Building the pages usually takes about ${seconds(usual)}.`;
  }
  if (building.length > 0) parts.push(`In this publish: ${changesWords(building)}.`);
  if (waiting.length > 0) {
    const next = status.state === 'running' ? 'Waiting for the next publish' : 'Waiting to publish';
    parts.push(`${next}: ${changesWords(waiting)}.`);
  }
  return { text: parts.join(' '), progress };
}
