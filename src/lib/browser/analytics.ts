/** Analytics events of docs/decisions/spec-rules.md#s7; names are the contract with the analytics project. */
export type AnalyticsEvent =
  | 'about'
  | 'buy_now_clicked'
  | 'add_to_cart'
  | 'checkout_initiated'
  | 'quick_add_to_cart'
  | 'contact-form-submitted';

export const ANALYTICS_DOM_EVENT = 'shop:analytics';

export interface AnalyticsDetail {
  event: AnalyticsEvent;
  properties?: Record<string, unknown>;
}

/**
 * Records an event. Code that fires events never loads the analytics library itself: the
 * event goes out as a DOM event, and the analytics script (present only when
 * PUBLIC_POSTHOG_KEY is set) forwards it. Without a key this does nothing observable.
 */
export function track(event: AnalyticsEvent, properties?: Record<string, unknown>) {
  if (typeof window === 'undefined') return;
  const detail: AnalyticsDetail = properties ? { event, properties } : { event };
  window.dispatchEvent(new CustomEvent<AnalyticsDetail>(ANALYTICS_DOM_EVENT, { detail }));
}
