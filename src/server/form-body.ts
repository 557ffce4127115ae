import { Invalid, TooLarge, UnsupportedMedia } from './errors.ts';
import { refuseBadInput } from './input-check.ts';
import type { z } from 'zod';
import { readBodyBytes, readBodyText } from './request.ts';

/**
 * How a form arrived: `json` from a script, `form` from a plain HTML form post (no JavaScript),
 * `multipart` from a plain form post that carries a file.
 */
export type SubmissionKind = 'json' | 'form' | 'multipart';

/** A file a multipart form carried (bytes read, bounded by the form's limit). */
export interface SubmittedFile {
  field: string;
  name: string;
  bytes: Buffer;
}

export interface Submission {
  kind: SubmissionKind;
  /** The fields as sent (a JSON object, or the form's name → value pairs). */
  data: Record<string, unknown>;
  /** Files of a multipart form (empty file inputs are left out). */
  files: SubmittedFile[];
}

/** Which answer a request wants, from its Content-Type; null for a type the forms do not take. */
export function submissionKind(req: Request): SubmissionKind | null {
  const type = req.headers.get('content-type') ?? '';
  if (/^application\/json\b/i.test(type)) return 'json';
  if (/^application\/x-www-form-urlencoded\b/i.test(type)) return 'form';
  if (/^multipart\/form-data\b/i.test(type)) return 'multipart';
  return null;
}

/** What a form may carry as files: their field names and the most the whole body may weigh with them. */
export interface FileRule {
  fields: readonly string[];
  maxBytes: number;
  /** The message for a body past maxBytes (a file too large, said for people). */
  tooLarge: string;
}

/**
 * Reads a form submission sent as JSON or as application/x-www-form-urlencoded: 415 for
 * another type, 413 past `maxBytes` (counted while streaming, so a lying Content-Length gets
 * nothing more through), 400 for JSON that does not parse or is not an object, and for text
 * that cannot be stored (see input-check.ts).
 */
export async function readSubmission(req: Request, maxBytes: number, files?: FileRule): Promise<Submission> {
  const kind = submissionKind(req);
  if (kind === 'multipart' && files) return readMultipart(req, maxBytes, files);
  if (!kind || kind === 'multipart') {
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
    return { kind, data, files: [] };
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
  return { kind, data: data as Record<string, unknown>, files: [] };
}

/**
 * A multipart form with files (a plain form post with a file input): the body is bounded by
 * `files.maxBytes` while streaming, its text fields by `maxBytes` together, and only the named
 * file fields are taken (a file in another field, or text where a file belongs, is refused).
 */
async function readMultipart(req: Request, maxBytes: number, rule: FileRule): Promise<Submission> {
  const body = await readBodyBytes(
    req,
    rule.maxBytes,
    () =>
      new TooLarge('payload_too_large', rule.tooLarge, {
        fields: Object.fromEntries(rule.fields.map((field) => [field, rule.tooLarge])),
      }),
  );
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(body), {
      headers: { 'content-type': req.headers.get('content-type') ?? '' },
    }).formData();
  } catch {
    throw new Invalid('invalid_form', 'The form could not be read. Please send it again.');
  }
  const data: Record<string, string> = Object.create(null);
  const files: SubmittedFile[] = [];
  let textBytes = 0;
  for (const [name, value] of form) {
    if (typeof value === 'string') {
      // An empty file input may arrive as an empty text part: nothing was chosen.
      if (rule.fields.includes(name)) {
        if (value === '') continue;
        throw new Invalid('invalid_form', `Send "${name}" as a file.`);
      }
      textBytes += Buffer.byteLength(value);
      if (!Object.hasOwn(data, name)) data[name] = value;
      continue;
    }
    if (!rule.fields.includes(name)) throw new Invalid('invalid_form', `The form has no file field "${name}".`);
    // An empty file input posts a part with no bytes: nothing was chosen.
    if (value.size === 0) continue;
    files.push({
      field: name,
      name: value.name.slice(0, 255) || 'artwork',
      bytes: Buffer.from(await value.arrayBuffer()),
    });
  }
  if (textBytes > maxBytes) throw tooLarge(maxBytes);
  refuseBadInput(data);
  refuseBadInput(files.map((f) => f.name));
  return { kind: 'multipart', data, files };
}

function tooLarge(maxBytes: number) {
  return new TooLarge('payload_too_large', `The form is larger than ${maxBytes} bytes.`);
}

/**
 * A posted form checked against its schema (zod): the parsed values, or 400 naming each refused
 * field, its first message as the refusal's (a page shows it to the person).
 */
export function parseForm<S extends z.ZodType>(schema: S, data: Record<string, unknown>): z.infer<S> {
  const parsed = schema.safeParse(data);
  if (parsed.success) return parsed.data;
  const fields = Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.') || '_', i.message]));
  throw new Invalid('invalid_input', Object.values(fields)[0] ?? 'Some fields are missing or invalid.', { fields });
}
