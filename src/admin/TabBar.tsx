import { useStore } from '@nanostores/react';
import { type KeyboardEvent, type MouseEvent, useRef, useState } from 'react';
import { Button, Disclosure, DisclosurePanel } from 'react-aria-components';
import { $me, mayOpen } from './staff/me.ts';
import { navigate, type TabId, TABS } from './stores.ts';
import { useNarrowScreen } from './use-narrow-screen.ts';

/**
 * The admin's sections: real links (open in a new tab works) that route inside the SPA. On a
 * wide screen a row of tabs; on a phone, where sixteen tabs took seven rows before any content,
 * one button naming the current screen that opens them as a list (closed by a choice or Escape).
 */
export function TabBar({ current }: { current: TabId }) {
  const me = useStore($me);
  // Only the sections the person's role may open (src/server/staff/roles.ts).
  const tabs = TABS.filter((tab) => mayOpen(me, tab.id));
  const narrow = useNarrowScreen();
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const close = () => {
    setOpen(false);
    trigger.current?.focus();
  };
  const go = (event: MouseEvent<HTMLAnchorElement>, tab: TabId) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    navigate(tab);
    if (narrow) close();
  };
  const links = (
    <ul>
      {tabs.map((tab) => (
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
  );
  if (!narrow) {
    return (
      <nav className="adm-tabs" aria-label="Admin sections">
        {links}
      </nav>
    );
  }
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      event.stopPropagation();
      close();
    }
  };
  const label = tabs.find((tab) => tab.id === current)?.label;
  return (
    <nav className="adm-tabs adm-tabs--menu" aria-label="Admin sections" onKeyDown={onKeyDown}>
      <Disclosure isExpanded={open} onExpandedChange={setOpen}>
        <Button slot="trigger" ref={trigger} className="adm-menu-button">
          <span aria-hidden="true" className="adm-menu-icon">
            ☰
          </span>
          <span className="adm-visually-hidden">Sections menu, now on </span>
          {label}
        </Button>
        <DisclosurePanel className="adm-menu-panel">{links}</DisclosurePanel>
      </Disclosure>
    </nav>
  );
}
