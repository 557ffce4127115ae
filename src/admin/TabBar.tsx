import { useStore } from '@nanostores/react';
import type { MouseEvent } from 'react';
import { $me, mayOpen } from './staff/me.ts';
import { navigate, type TabId, TABS } from './stores.ts';

/** The admin tab bar: real links (open in a new tab works) that route inside the SPA. */
export function TabBar({ current }: { current: TabId }) {
  const me = useStore($me);
  const go = (event: MouseEvent<HTMLAnchorElement>, tab: TabId) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    navigate(tab);
  };
  return (
    <nav className="adm-tabs" aria-label="Admin sections">
      <ul>
        {TABS.filter((tab) => mayOpen(me, tab.id)).map((tab) => (
          <li key={tab.id}>
            <a
              href={`/admin/${tab.id}`}
              aria-current={tab.id === current ? 'page' : undefined}
              onClick={(event) => go(event, tab.id)}
            >
              {tab.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
