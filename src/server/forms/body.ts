import { Invalid, TooLarge, UnsupportedMedia } from '../errors.ts';
import { refuseBadInput } from '../input-check.ts';
import { readBodyText } from '../request.ts';

/** How a form arrived: `json` from the page's script, `form` from a plain HTML form post (no JavaScript). */
export type SubmissionKind = 'json' | 'form';

export interface Submission {
  kind: SubmissionKind;
  /** The fields as sent (a JSON object, or the form's name → value pairs). */
  data: Record<string, unknown>;
}

/** Which answer a request wants, from its Content-Type; null for a type the forms do not take. */
export function submissionKind(req: Request): SubmissionKind | null {
  const type = req.headers.get('content-type') ?? '';
  if (/^application\/json\b/i.test(type)) return 'json';
  if (/^application\/x-www-form-urlencoded\b/i.test(type)) return 'form';
  return null;
}

/**
 * Reads a form submission sent as JSON or as application/x-www-form-urlencoded: 415 for
 * another type, 413 past `maxBytes` (counted while streaming, so a lying Content-Length gets
 * nothing more through), 400 for JSON that does not parse or is not an object, and for text
 * that cannot be stored (see input-check.ts).
 */
export async function readSubmission(req: Request, maxBytes: number): Promise<Submission> {
  const kind = submissionKind(req);
  if (!kind) {
    throw new UnsupportedMedia(
      'unsupported_media_type',
      'Send the form as application/json or application/x-www-form-urlencoded.',
    );
  }
  const text = await readBodyText(req, maxBytes, () => tooLarge(maxBytes));
  if (kind === 'form') {
    // Without a prototype, a field named __proto__ is kept as a field (and refused below)
    // instead of being swallowed by the prototype setter.
    const data: Record<string, string> = Object.create(null);
    // A repeated name keeps its first value, as the form has one field of each name.
    for (const [name, value] of new URLSearchParams(text)) if (!Object.hasOwn(data, name)) data[name] = value;
    refuseBadInput(data);
    return { kind, data };
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new Invalid('invalid_json', 'The request body is not valid JSON.');
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw new Invalid('invalid_input', 'Send the form fields as a JSON object.');
  }
  refuseBadInput(data);
  return { kind, data: data as Record<string, unknown> };
}

function tooLarge(maxBytes: number) {
  return new TooLarge('payload_too_large', `The form is larger than ${maxBytes} bytes.`);
}
