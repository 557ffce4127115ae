import type { ErrorLine } from '../lib/api-error.ts';

/**
 * What services, request readers and function bodies throw when a caller can act on it. They say
 * what went wrong in the shop's terms (not found, a conflict with its reason code, invalid input
 * with its fields, unavailable, ...); `handle()` in ./http.ts is the one place that turns each
 * kind into an HTTP status, headers and the JSON error body (DESIGN.md rule 4).
 */
export interface ErrorDetails {
  /** Input field → message, for the form or payload field the problem is about. */
  fields?: Record<string, string>;
  /** The cart lines a conflict is about (see ErrorLine). */
  lines?: ErrorLine[];
}

export abstract class DomainError extends Error {
  abstract readonly kind: DomainErrorKind;
  /** A stable, machine-readable reason, e.g. `out_of_stock`, `invalid_discount`. */
  readonly code: string;
  readonly fields: Record<string, string> | undefined;
  readonly lines: ErrorLine[] | undefined;
  constructor(code: string, message: string, details: ErrorDetails = {}) {
    super(message);
    this.code = code;
    this.fields = details.fields;
    this.lines = details.lines;
  }

  /** The same error naming other fields: a function renames its payload's fields at its boundary. */
  withFields(fields: Record<string, string>): this {
    // Object.assign copies own enumerable properties only: an Error's message and stack are not.
    return Object.assign(Object.create(Object.getPrototypeOf(this) as object) as this, this, {
      message: this.message,
      stack: this.stack,
      fields,
    });
  }
}

export type DomainErrorKind =
  | 'invalid'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'method_not_allowed'
  | 'conflict'
  | 'too_large'
  | 'unsupported_media'
  | 'throttled'
  | 'storage_full'
  | 'unavailable'
  | 'failed';

/** The input is malformed or breaks a rule (fields name what). */
export class Invalid extends DomainError {
  readonly kind = 'invalid';
}

/** No valid credentials; `challenge`, when set, says how to authenticate (a WWW-Authenticate value). */
export class Unauthorized extends DomainError {
  readonly kind = 'unauthorized';
  readonly challenge: string | undefined;
  constructor(code: string, message: string, challenge?: string) {
    super(code, message);
    this.challenge = challenge;
  }
}

/** The caller may not do this (another site's page, another mailbox's code). */
export class Forbidden extends DomainError {
  readonly kind = 'forbidden';
}

/** No such record, or one the caller may not know about: the same answer either way. */
export class NotFound extends DomainError {
  readonly kind = 'not_found';
}

export class MethodNotAllowed extends DomainError {
  readonly kind = 'method_not_allowed';
  readonly allow: string[];
  constructor(method: string, allow: string[]) {
    super('method_not_allowed', `${method} is not allowed here; use ${allow.join(', ')}.`);
    this.allow = allow;
  }
}

/** The request is sound but the shop's state refuses it (stock, a used code, a state machine). */
export class Conflict extends DomainError {
  readonly kind = 'conflict';
}

export class TooLarge extends DomainError {
  readonly kind = 'too_large';
}

export class UnsupportedMedia extends DomainError {
  readonly kind = 'unsupported_media';
}

/** An error that says when to try again (the answer's Retry-After). */
export abstract class RetryLater extends DomainError {
  readonly retryAfterSeconds: number;
  constructor(code: string, message: string, retryAfterSeconds: number, details: ErrorDetails = {}) {
    super(code, message, details);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** Too many attempts; try again after `retryAfterSeconds`. */
export class Throttled extends RetryLater {
  readonly kind = 'throttled';
}

/** The shop has no room for more of something (unchecked uploads) until some lapses; try again after `retryAfterSeconds`. */
export class StorageFull extends RetryLater {
  readonly kind = 'storage_full';
}

/** A provider (database, payments) cannot be reached now; try again after `retryAfterSeconds`. */
export class Unavailable extends RetryLater {
  readonly kind = 'unavailable';
}

/** The shop failed to do its part (an event it could not apply, a bug); the caller may retry. */
export class Failed extends DomainError {
  readonly kind = 'failed';
}
