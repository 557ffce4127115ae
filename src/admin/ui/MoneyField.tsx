import { NumberField } from './controls.tsx';

/**
 * Money as the owner types and reads it: dollars ("$24.50"), while the form, the API and the
 * database keep whole cents (2450). The one dollar field of the admin; every amount uses it.
 */

const DOLLARS: Intl.NumberFormatOptions = { style: 'currency', currency: 'USD' };

/** 24.5 → 2450; an empty field stays empty (null). */
export function dollarsToCents(dollars: number | null | undefined): number | null {
  return dollars === null || dollars === undefined || !Number.isFinite(dollars) ? null : Math.round(dollars * 100);
}

/** 2450 → 24.5 (the field shows it as $24.50). */
export function centsToDollars(cents: number | null | undefined): number | null {
  return cents === null || cents === undefined ? null : cents / 100;
}

export function MoneyField({
  label,
  cents,
  onChange,
  description,
  errorMessage,
}: {
  label: string;
  /** Whole cents, or null while the field is empty. */
  cents: number | null | undefined;
  onChange: (cents: number | null) => void;
  description?: string;
  errorMessage?: string | undefined;
}) {
  return (
    <NumberField
      label={label}
      value={centsToDollars(cents)}
      onChange={(dollars) => onChange(dollarsToCents(dollars))}
      formatOptions={DOLLARS}
      {...(description ? { description } : {})}
      errorMessage={errorMessage}
    />
  );
}
