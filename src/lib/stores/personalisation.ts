/**
 * A store piece's personalisation (docs/decisions/0030-team-stores.md): a name and/or a number
 * printed on it, priced per piece by the store's design, with its rules. One rule for the buyer's
 * form and the checkout.
 */
export interface NameRule {
  price_cents: number;
  max_length: number;
}
export interface NumberRule {
  price_cents: number;
  max_digits: number;
}

/** Letters (any script), spaces, hyphen, apostrophe (straight or curly) and full stop. */
const NAME_PATTERN = /^[\p{L}\p{M} '’.-]+$/u;
const NUMBER_PATTERN = /^[0-9]+$/;

/** The name as it will be printed: trimmed, inner runs of spaces made one. */
export const tidyName = (value: string) => value.trim().replace(/ {2,}/g, ' ');

/** What is wrong with a name for a piece; null: it can be printed. */
export function nameProblem(value: string, rule: NameRule): string | null {
  const name = tidyName(value);
  if (name === '') return 'Enter the name to print, or leave personalisation off.';
  if ([...name].length > rule.max_length) return `A name can be at most ${rule.max_length} characters.`;
  if (!NAME_PATTERN.test(name))
    return "A name can only have letters, spaces, hyphens (-), apostrophes (') and full stops (.).";
  return null;
}

/** What is wrong with a number for a piece; null: it can be printed. */
export function numberProblem(value: string, rule: NumberRule): string | null {
  const number = value.trim();
  if (number === '') return 'Enter the number to print, or leave personalisation off.';
  if (!NUMBER_PATTERN.test(number)) return 'A number can only have digits (0–9).';
  if (number.length > rule.max_digits) {
    return `A number can be at most ${rule.max_digits} digit${rule.max_digits === 1 ? '' : 's'}.`;
  }
  return null;
}

/** The rule in words, shown beside the field ("Up to 12 letters, spaces, - ' ."). */
export function nameRuleWords(rule: NameRule): string {
  return `Up to ${rule.max_length} characters: letters, spaces, - ' .`;
}
export function numberRuleWords(rule: NumberRule): string {
  return `Up to ${rule.max_digits} digit${rule.max_digits === 1 ? '' : 's'}.`;
}
