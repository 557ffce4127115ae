import { pgError } from '../db/pg-error.ts';
import { Conflict, Invalid } from '../errors.ts';

export interface ConstraintMessage {
  /** True: the record clashes with another (409); false: the value itself is refused (400). */
  conflict: boolean;
  code: string;
  message: string;
  field?: string;
}

/**
 * Turns a constraint the database enforced (the last line of defence: schemas catch most input
 * first) into the answer an admin can act on. Unknown constraint failures still become 409/400
 * rather than 500, with a generic message.
 */
export function translateDbError(error: unknown, messages: Record<string, ConstraintMessage>): never {
  const info = pgError(error);
  if (!info) throw error;
  const known = info.constraint ? messages[info.constraint] : undefined;
  if (known) {
    const details = known.field ? { fields: { [known.field]: known.message } } : {};
    throw known.conflict
      ? new Conflict(known.code, known.message, details)
      : new Invalid(known.code, known.message, details);
  }
  switch (info.code) {
    case '23505':
      throw new Conflict('conflict', 'Another record already uses that value.');
    case '23503':
      throw new Conflict('still_referenced', 'This record is still used elsewhere, so it cannot be changed this way.');
    case '23514':
    case '23502':
    case '22001':
    case '22003':
    case '22007':
    case '22008':
    case '22P02':
      throw new Invalid('invalid_input', 'Some fields are missing or invalid.');
    default:
      throw error;
  }
}
