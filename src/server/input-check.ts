import { Invalid } from './errors.ts';

/**
 * Checks every string of a parsed request (JSON body, form fields, query values) before any
 * schema or query sees it, so no endpoint can forget:
 *
 * - NUL (U+0000) cannot be stored: PostgreSQL's text and jsonb refuse it, and the insert fails
 *   with a 500. A lone UTF-16 surrogate (JSON's "\ud800") has no UTF-8 form: the driver would
 *   quietly store U+FFFD instead, i.e. not what was sent. Both are refused with a 400 that
 *   names the field. Every other character is text (markup and SQL included) and kept as is.
 * - `__proto__` keys are refused: a schema would drop such a key without a word (or, merged
 *   the wrong way, set a prototype).
 * - Nesting deeper than MAX_DEPTH is refused: no payload of the shop nests beyond a few levels,
 *   and a free-form JSON field (a service's metadata) would otherwise pass 10,000 levels on to
 *   jsonb, which gives up on the stack.
 */
export const MAX_DEPTH = 32;

export const UNSTORABLE_MESSAGE = 'Remove the character that cannot be stored (NUL or a broken surrogate).';

export interface InputProblem {
  /** Where, as a field path like the schemas name them ("items.0.name"); "_" for the whole body. */
  path: string;
  message: string;
}

/** True for text PostgreSQL stores exactly as given. */
export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && value.isWellFormed();
}

/** The first problem of a parsed input, or null. Iterative: a deep input cannot exhaust the stack. */
export function findInputProblem(input: unknown): InputProblem | null {
  const stack: { value: unknown; path: string[] }[] = [{ value: input, path: [] }];
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    const where = path.join('.') || '_';
    if (typeof value === 'string') {
      if (!isStorableText(value)) return { path: where, message: UNSTORABLE_MESSAGE };
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    if (path.length >= MAX_DEPTH) return { path: where, message: `Nest values at most ${MAX_DEPTH} levels deep.` };
    for (const key of Object.keys(value)) {
      if (key === '__proto__') return { path: where, message: 'The key __proto__ is not allowed.' };
      if (!isStorableText(key)) return { path: [...path, key.toWellFormed()].join('.'), message: UNSTORABLE_MESSAGE };
      stack.push({ value: (value as Record<string, unknown>)[key], path: [...path, key] });
    }
  }
  return null;
}

/** Throws 400 invalid_input for the first problem of a parsed input (see findInputProblem). */
export function refuseBadInput(input: unknown, message = 'Some fields are missing or invalid.'): void {
  const problem = findInputProblem(input);
  if (problem) {
    throw new Invalid('invalid_input', message, {
      fields: { [problem.path.replaceAll('\u0000', '\\0')]: problem.message },
    });
  }
}
