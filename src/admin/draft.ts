import type { TabId } from './stores.ts';

/**
 * Unsaved dialog forms survive a sign-out: when a call answers 401, the open dialog's form is
 * written to sessionStorage under admin:draft:<tab> and put back into the dialog after login.
 */
export interface Draft {
  tab: TabId;
  form: Record<string, unknown>;
}

const PREFIX = 'admin:draft:';
let source: (() => Draft) | null = null;

/** The open dialog registers how to read its form; it unregisters when it closes. */
export function setDraftSource(read: (() => Draft) | null) {
  source = read;
}

export function keepDraft() {
  if (!source) return;
  const draft = source();
  try {
    sessionStorage.setItem(PREFIX + draft.tab, JSON.stringify(draft.form));
  } catch {
    // A form with large images may not fit; the rest of the sign-out still happens.
  }
}

/** The tab holding a kept draft, so login can return there. */
export function draftTab(): TabId | null {
  for (let i = 0; i < sessionStorage.length; i++) {
    const key = sessionStorage.key(i);
    if (key?.startsWith(PREFIX)) return key.slice(PREFIX.length) as TabId;
  }
  return null;
}

/** Reads and removes the draft of one tab. */
export function takeDraft(tab: TabId): Record<string, unknown> | null {
  const raw = sessionStorage.getItem(PREFIX + tab);
  if (raw === null) return null;
  sessionStorage.removeItem(PREFIX + tab);
  try {
    const form: unknown = JSON.parse(raw);
    return form && typeof form === 'object' ? (form as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
