import { ANALYTICS_DOM_EVENT, type AnalyticsDetail } from '../lib/browser/analytics.ts';

/**
 * Loaded only on builds with PUBLIC_POSTHOG_KEY. posthog-js is fetched after the page is
 * idle so it never competes with the page itself; events fired before then are queued.
 */
const key = import.meta.env.PUBLIC_POSTHOG_KEY as string | undefined;
const host = (import.meta.env.PUBLIC_POSTHOG_HOST as string | undefined) || 'https://us.i.posthog.com';

if (key) {
  const queue: AnalyticsDetail[] = [];
  let send: ((detail: AnalyticsDetail) => void) | undefined;
  window.addEventListener(ANALYTICS_DOM_EVENT, (event) => {
    const detail = (event as CustomEvent<AnalyticsDetail>).detail;
    if (send) send(detail);
    else queue.push(detail);
  });
  // docs/decisions/spec-rules.md#s2 About: a page-view event named 'about' (method Google).
  const pageview = document.querySelector<HTMLElement>('[data-analytics-pageview]')?.dataset['analyticsPageview'];
  if (pageview === 'about') queue.push({ event: 'about', properties: { method: 'Google' } });

  const load = async () => {
    const { default: posthog } = await import('posthog-js');
    posthog.init(key, { api_host: host, person_profiles: 'always' });
    send = (d) => posthog.capture(d.event, d.properties);
    for (const d of queue.splice(0)) send(d);
  };
  if ('requestIdleCallback' in window) requestIdleCallback(() => void load(), { timeout: 4000 });
  else setTimeout(() => void load(), 2000);
}
