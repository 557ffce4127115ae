import { useStore } from '@nanostores/react';
import { $notices, dismissNotice } from '../stores.ts';

/** The notification region: a polite live region so screen readers hear 'Saved' and friends. */
export function Notices() {
  const notices = useStore($notices);
  return (
    <section className="adm-notices" aria-label="Notifications" aria-live="polite" role="status">
      {notices.map((notice) => (
        <div key={notice.id} className={`adm-notice adm-notice--${notice.tone}`}>
          <span>{notice.text}</span>
          <button
            type="button"
            className="adm-notice-close"
            aria-label="Dismiss"
            onClick={() => dismissNotice(notice.id)}
          >
            ×
          </button>
        </div>
      ))}
    </section>
  );
}
