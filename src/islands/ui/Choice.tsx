import { createContext, type ReactNode, useContext, useId } from 'react';
import styles from './ui.module.css';

interface Group {
  name: string;
  value: string | null;
  onChange: (value: string) => void;
}
const GroupContext = createContext<Group>({ name: '', value: null, onChange: () => {} });

interface ChoiceGroupProps extends Group {
  label: string;
  /** chips: a row of compact toggles (colours, sizes); list: stacked options (fulfilment). */
  look?: 'chips' | 'list';
  children: ReactNode;
}

/**
 * A single choice among options: native radio buttons sharing `name`, so arrow keys, focus and
 * checking work as the browser's own, even before the island has hydrated.
 */
export function ChoiceGroup({ label, look = 'chips', children, ...group }: ChoiceGroupProps) {
  const labelId = useId();
  return (
    <div role="radiogroup" aria-labelledby={labelId} className={`${styles.group} ${styles[look]}`}>
      <span id={labelId} className={styles.label}>
        {label}
      </span>
      <div className={styles.options}>
        <GroupContext value={group}>{children}</GroupContext>
      </div>
    </div>
  );
}

interface ChoiceProps {
  value: string;
  isDisabled?: boolean;
  children: ReactNode;
}

export function Choice({ value, isDisabled = false, children }: ChoiceProps) {
  const group = useContext(GroupContext);
  return (
    <label className={styles.choice}>
      <input
        type="radio"
        className="visually-hidden"
        name={group.name}
        value={value}
        checked={group.value === value}
        disabled={isDisabled}
        onChange={() => group.onChange(value)}
      />
      {children}
    </label>
  );
}

/** The colour dot inside a colour choice; the name beside it carries the meaning. */
export function Swatch({ hex }: { hex: string }) {
  return <span className={styles.swatch} style={{ backgroundColor: hex }} aria-hidden="true" />;
}
