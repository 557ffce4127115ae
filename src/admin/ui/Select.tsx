import {
  Button as AriaButton,
  Select as AriaSelect,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  SelectValue,
  Text,
} from 'react-aria-components';

export interface Option {
  id: string;
  label: string;
}

/**
 * A single-choice select; `clearable` adds a Clear button that sets the value to null. An
 * `errorMessage` shows under it and is read with the button (react-aria links the two).
 */
export function Select({
  label,
  options,
  value,
  onChange,
  clearable,
  placeholder = 'Any',
  errorMessage,
}: {
  label: string;
  options: readonly Option[];
  value: string | null;
  onChange: (value: string | null) => void;
  clearable?: boolean;
  placeholder?: string;
  errorMessage?: string | undefined;
}) {
  return (
    <div className="adm-select-wrap">
      <AriaSelect
        className="adm-field"
        value={value}
        onChange={(key) => onChange(key === null ? null : String(key))}
        placeholder={placeholder}
        isInvalid={Boolean(errorMessage)}
      >
        <Label>{label}</Label>
        <AriaButton className="adm-select-button">
          <SelectValue />
          <span aria-hidden="true">▾</span>
        </AriaButton>
        {errorMessage ? (
          <Text slot="errorMessage" className="adm-field-error">
            {errorMessage}
          </Text>
        ) : null}
        <Popover className="adm-popover">
          <ListBox className="adm-listbox" items={options}>
            {(option) => (
              <ListBoxItem className="adm-listbox-item" id={option.id}>
                {option.label}
              </ListBoxItem>
            )}
          </ListBox>
        </Popover>
      </AriaSelect>
      {clearable && value !== null ? (
        <AriaButton
          className="adm-button adm-button--quiet"
          aria-label={`Clear ${label}`}
          onPress={() => onChange(null)}
        >
          Clear
        </AriaButton>
      ) : null}
    </div>
  );
}
