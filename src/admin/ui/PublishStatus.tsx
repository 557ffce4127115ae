import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { PublishStatus as Status } from '../../lib/admin-schemas/publish.ts';
import { shopDay, shopLocalWords } from '../../lib/site/shop-time.ts';
import { $publish } from '../publish.ts';
import { publishingWords } from '../publish-words.ts';

/** 14:02 today, or 2026-11-23 14:02 on another day, on the shop's clock. */
function when(iso: string | null): string {
  if (!iso) return '';
  const at = shopLocalWords(iso);
  return at.startsWith(shopDay()) ? at.slice(11) : at;
}

type Shown = { text: string; progress?: string; tone: 'busy' | 'ok' | 'bad' | 'info' };

function describe(status: Status, now: number): Shown {
  switch (status.state) {
    case 'queued':
    case 'running':
      return { ...publishingWords(status, now), tone: 'busy' };
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

const busy = (status: Status | null) => status?.state === 'queued' || status?.state === 'running';

/** The clock, every second while a publish is under way. */
function useNow(ticking: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!ticking) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [ticking]);
  return now;
}

/**
 * Whether the storefront shows the last save yet. A polite live region: a screen reader hears
 * what the publish is doing and then the outcome without leaving the form it is on; the seconds
 * that count up beside it are not announced each time they change.
 */
export function PublishStatus() {
  const status = useStore($publish);
  const now = useNow(busy(status));
  const shown = status ? describe(status, now) : null;
  return (
    <p className={`adm-publish${shown ? ` adm-publish--${shown.tone}` : ''}`} role="status" aria-label="Storefront">
      {shown?.text ?? ''}
      {shown?.progress ? <span aria-live="off"> {shown.progress}</span> : null}
    </p>
  );
}
