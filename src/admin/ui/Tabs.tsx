import type { ReactNode } from 'react';
import { Tab, TabList, TabPanel, Tabs as AriaTabs } from 'react-aria-components';

/** Tabs inside a dialog (user Details/Orders, template Design/HTML). */
export function Tabs({
  label,
  tabs,
  selected,
  onSelect,
  disabled,
}: {
  label: string;
  tabs: { id: string; title: string; content: ReactNode }[];
  selected?: string;
  onSelect?: (id: string) => void;
  /** Tabs that cannot be chosen now (say why next to the tabs). */
  disabled?: string[];
}) {
  return (
    <AriaTabs
      {...(selected ? { selectedKey: selected } : {})}
      {...(onSelect ? { onSelectionChange: (key) => onSelect(String(key)) } : {})}
      {...(disabled ? { disabledKeys: disabled } : {})}
    >
      <TabList aria-label={label} className="adm-tablist">
        {tabs.map((tab) => (
          <Tab key={tab.id} id={tab.id} className="adm-tab">
            {tab.title}
          </Tab>
        ))}
      </TabList>
      {tabs.map((tab) => (
        <TabPanel key={tab.id} id={tab.id}>
          {tab.content}
        </TabPanel>
      ))}
    </AriaTabs>
  );
}
