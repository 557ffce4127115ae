import { EMAIL_MAX_LENGTH } from '../../lib/identifiers.ts';
import { QUOTE_LIMITS } from '../../lib/quotes/quote-request-schema.ts';

/** One field of the quote request form, in the order the form asks. */
export interface QuoteField {
  name: string;
  label: string;
  kind?: 'textarea' | 'email' | 'tel' | 'date' | 'number';
  max?: number;
  required?: boolean;
  autocomplete?: string;
  hint?: string;
}

export const QUOTE_FIELDS: readonly QuoteField[] = [
  {
    name: 'what',
    label: 'What do you need printed?',
    max: QUOTE_LIMITS.what,
    required: true,
    hint: 'e.g. Vinyl event banners, 3 × 6 ft',
  },
  { name: 'quantity', label: 'How many?', kind: 'number', required: true },
  { name: 'sizes', label: 'Sizes (optional)', max: QUOTE_LIMITS.sizes, hint: 'e.g. 6 S, 10 M, 8 L' },
  { name: 'colors', label: 'Colours (optional)', max: QUOTE_LIMITS.colors },
  {
    name: 'printLocations',
    label: 'Print locations (optional)',
    max: QUOTE_LIMITS.printLocations,
    hint: 'e.g. front and back',
  },
  { name: 'inHandsDate', label: 'Need it by (optional)', kind: 'date' },
  { name: 'budget', label: 'Budget (optional)', max: QUOTE_LIMITS.budget },
  { name: 'notes', label: 'Anything else we should know? (optional)', kind: 'textarea', max: QUOTE_LIMITS.notes },
  { name: 'fullName', label: 'Name', max: QUOTE_LIMITS.name, required: true, autocomplete: 'name' },
  { name: 'emailAddress', label: 'Email', kind: 'email', max: EMAIL_MAX_LENGTH, required: true, autocomplete: 'email' },
  { name: 'phone', label: 'Phone (optional)', kind: 'tel', max: QUOTE_LIMITS.phone, autocomplete: 'tel' },
];
