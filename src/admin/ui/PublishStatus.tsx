import { useStore } from '@nanostores/react';
import type { PublishStatus as Status } from '../../lib/admin-schemas/publish.ts';
import { shopDay, shopLocalWords } from '../../lib/site/shop-time.ts';
import { $publish } from '../publish.ts';

/** 14:02 today, or 2026-11-23 14:02 on another day, on the shop's clock. */
function when(iso: string | null): string {
  if (!iso) return '';
  const at = shopLocalWords(iso);
  return at.startsWith(shopDay()) ? at.slice(11) : at;
}

function describe(status: Status): { text: string; tone: 'busy' | 'ok' | 'bad' | 'info' } {
  switch (status.state) {
    case 'queued':
    case 'running':
      return { text: 'Publishing…', tone: 'busy' };
    case 'succeeded':
      return { text: `Live since ${when(status.live_since)}`, tone: 'ok' };
    case 'failed':
      return { text: `Publishing failed: ${status.error ?? 'the build did not finish.'}`, tone: 'bad' };
    case 'requested':
      return {
        text: `Publish requested at ${when(status.finished_at)}; Netlify is building the storefront (usually a few minutes).`,
        tone: 'info',
      };
    case 'unavailable':
      return { text: 'Not published: nothing rebuilds the storefront where this shop runs.', tone: 'info' };
  }
}

/**
 * Whether the storefront shows the last save yet. A polite live region: a screen reader hears
 * "Publishing…" and then the outcome without leaving the form it is on.
 */
export function PublishStatus() {
  const status = useStore($publish);
  const shown = status ? describe(status) : null;
  return (
    <p className={`adm-publish${shown ? ` adm-publish--${shown.tone}` : ''}`} role="status" aria-label="Storefront">
      {shown?.text ?? ''}
    </p>
  );
}
