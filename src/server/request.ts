import { type DomainError, Invalid, TooLarge, UnsupportedMedia } from './errors.ts';
import type { z } from 'zod';
import { refuseBadInput } from './input-check.ts';

const DEFAULT_MAX_BYTES = 64 * 1024;

/**
 * Reads and validates a JSON body: 415 for another media type, 413 past `maxBytes` (counted
 * while streaming, so a lying Content-Length cannot get more through), 400 for malformed JSON,
 * for text that cannot be stored or nesting past any payload's (see input-check.ts), or for a
 * payload the schema refuses, with one message per field.
 */
export async function readJson<S extends z.ZodType>(
  req: Request,
  schema: S,
  maxBytes = DEFAULT_MAX_BYTES,
): Promise<z.infer<S>> {
  const type = req.headers.get('content-type') ?? '';
  if (!/^application\/json\b/i.test(type)) {
    throw new UnsupportedMedia('unsupported_media_type', 'Send the request body as application/json.');
  }
  const text = await readBodyText(req, maxBytes);
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new Invalid('invalid_json', 'The request body is not valid JSON.');
  }
  refuseBadInput(data);
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      const key = issue.path.join('.') || '_';
      fields[key] ??= issue.message;
    }
    throw new Invalid('invalid_input', 'Some fields are missing or invalid.', { fields });
  }
  return parsed.data;
}

function tooLarge(maxBytes: number) {
  return new TooLarge('payload_too_large', `The request body is larger than ${maxBytes} bytes.`);
}

/**
 * The body as text, 413 past `maxBytes`: refused on a larger Content-Length before reading,
 * and counted while streaming, so a lying Content-Length or a chunked body cannot get more
 * through. Invalid UTF-8 becomes U+FFFD.
 */
export async function readBodyText(
  req: Request,
  maxBytes: number,
  refusal: () => DomainError = () => tooLarge(maxBytes),
): Promise<string> {
  return new TextDecoder('utf-8', { fatal: false }).decode(await readBodyBytes(req, maxBytes, refusal));
}

/** The body as bytes, with the same bound as readBodyText. */
export async function readBodyBytes(
  req: Request,
  maxBytes: number,
  refusal: () => DomainError = () => tooLarge(maxBytes),
): Promise<Buffer> {
  const declared = Number(req.headers.get('content-length') ?? 0);
  if (declared > maxBytes) throw refusal();
  if (!req.body) return Buffer.alloc(0);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw refusal();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}
