import type { ReactNode, Ref } from 'react';
import {
  Button as AriaButton,
  type ButtonProps as AriaButtonProps,
  Checkbox as AriaCheckbox,
  Input,
  Label,
  NumberField as AriaNumberField,
  Switch as AriaSwitch,
  TextArea,
  TextField as AriaTextField,
  Text,
} from 'react-aria-components';

/** The admin's styled react-aria primitives; screens use these, never the raw components. */

export function Button({
  variant = 'secondary',
  className,
  ...props
}: AriaButtonProps & { variant?: 'primary' | 'secondary' | 'danger' | 'quiet'; ref?: Ref<HTMLButtonElement> }) {
  return <AriaButton {...props} className={`adm-button adm-button--${variant} ${className ?? ''}`} />;
}

interface FieldProps {
  label: string;
  description?: string;
  errorMessage?: string | undefined;
  isReadOnly?: boolean;
  autoFocus?: boolean;
}

export function TextField({
  label,
  value,
  onChange,
  multiline,
  rows = 4,
  type = 'text',
  description,
  errorMessage,
  isReadOnly,
  autoFocus,
  name,
  placeholder,
  className,
}: FieldProps & {
  value: string | null | undefined;
  onChange?: (value: string) => void;
  multiline?: boolean;
  rows?: number;
  type?: 'text' | 'password' | 'email' | 'date' | 'datetime-local' | 'search';
  name?: string;
  placeholder?: string;
  className?: string;
}) {
  return (
    <AriaTextField
      className={`adm-field ${className ?? ''}`}
      value={value ?? ''}
      {...(onChange ? { onChange } : {})}
      type={type}
      isReadOnly={isReadOnly ?? false}
      autoFocus={autoFocus ?? false}
      isInvalid={Boolean(errorMessage)}
      {...(name ? { name } : {})}
    >
      <Label>{label}</Label>
      {multiline ? (
        <TextArea rows={rows} {...(placeholder ? { placeholder } : {})} />
      ) : (
        <Input {...(placeholder ? { placeholder } : {})} />
      )}
      {description ? <Text slot="description">{description}</Text> : null}
      {errorMessage ? (
        <Text slot="errorMessage" className="adm-field-error">
          {errorMessage}
        </Text>
      ) : null}
    </AriaTextField>
  );
}

export function NumberField({
  label,
  value,
  onChange,
  errorMessage,
  description,
  step,
  formatOptions = { useGrouping: false, maximumFractionDigits: 2 },
}: FieldProps & {
  value: number | null | undefined;
  onChange: (value: number | null) => void;
  step?: number;
  /** How the number reads in the field, e.g. as dollars (see MoneyField) or a percentage. */
  formatOptions?: Intl.NumberFormatOptions;
}) {
  return (
    <AriaNumberField
      className="adm-field"
      value={value ?? Number.NaN}
      onChange={(v) => onChange(Number.isNaN(v) ? null : v)}
      isInvalid={Boolean(errorMessage)}
      formatOptions={formatOptions}
      {...(step ? { step } : {})}
    >
      <Label>{label}</Label>
      <Input />
      {description ? <Text slot="description">{description}</Text> : null}
      {errorMessage ? (
        <Text slot="errorMessage" className="adm-field-error">
          {errorMessage}
        </Text>
      ) : null}
    </AriaNumberField>
  );
}

export function Switch({
  children,
  isSelected,
  onChange,
}: {
  children: ReactNode;
  isSelected: boolean;
  onChange: (value: boolean) => void;
}) {
  return (
    <AriaSwitch className="adm-switch" isSelected={isSelected} onChange={onChange}>
      <span className="adm-switch-track" aria-hidden="true" />
      {children}
    </AriaSwitch>
  );
}

export function Checkbox({
  children,
  isSelected,
  onChange,
}: {
  children: ReactNode;
  isSelected: boolean;
  onChange: (value: boolean) => void;
}) {
  return (
    <AriaCheckbox className="adm-checkbox" isSelected={isSelected} onChange={onChange}>
      <span className="adm-checkbox-box" aria-hidden="true" />
      {children}
    </AriaCheckbox>
  );
}

export { type Option, Select } from './Select.tsx';
