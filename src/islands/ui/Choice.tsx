import type { ReactNode } from 'react';
import { Label, Radio, RadioGroup, type RadioGroupProps, type RadioProps } from 'react-aria-components';
import styles from './ui.module.css';

interface ChoiceGroupProps extends Omit<RadioGroupProps, 'children' | 'className' | 'value' | 'onChange'> {
  label: string;
  value: string | null;
  onChange: (value: string) => void;
  /** chips: a row of compact toggles (colours, sizes); list: stacked options (fulfilment). */
  look?: 'chips' | 'list';
  children: ReactNode;
}

/** A single choice among options (react-aria RadioGroup), with its visible label. */
export function ChoiceGroup({ label, look = 'chips', children, ...props }: ChoiceGroupProps) {
  return (
    <RadioGroup {...props} className={`${styles.group} ${styles[look]}`}>
      <Label className={styles.label}>{label}</Label>
      <div className={styles.options}>{children}</div>
    </RadioGroup>
  );
}

interface ChoiceProps extends Omit<RadioProps, 'className' | 'children'> {
  children: ReactNode;
}

export function Choice({ children, ...props }: ChoiceProps) {
  return (
    <Radio {...props} className={styles.choice!}>
      {children}
    </Radio>
  );
}

/** The colour dot inside a colour choice; the name beside it carries the meaning. */
export function Swatch({ hex }: { hex: string }) {
  return <span className={styles.swatch} style={{ backgroundColor: hex }} aria-hidden="true" />;
}
