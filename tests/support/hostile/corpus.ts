/**
 * Hostile input, as data: strings for every text field, query value and path id, and whole
 * request bodies that attack the parser rather than a field. The endpoint specs
 * (public-endpoints.ts, admin-endpoints.ts; the field kinds in spec.ts) say where each goes and
 * what a correct answer is.
 */

/** SQL meta-characters. Valid text wherever free text is taken: stored as written, never run. */
export const SQL_TEXT = [
  "Robert'); DROP TABLE products; --",
  '" OR "1"="1',
  "1' OR '1'='1' /*",
  "'; SELECT pg_sleep(5); --",
  "\\'; COPY orders TO PROGRAM 'id'; --",
  '$$; DELETE FROM orders; $$ $1 ::text',
  '100% of_\\ like wildcards',
];

/** Markup and template syntax: valid text, stored verbatim, escaped wherever it is rendered. */
export const HTML_TEXT = [
  '<script>alert("xss")</script>',
  '"><img src=x onerror=alert(1)>',
  '<a href="javascript:alert(1)">click</a>',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: template syntax is the attack here.
  '{{shopName}} ${process.env.STRIPE_SECRET_KEY} <%= 7*7 %>',
];

/** Unicode edge cases that are still well-formed text: stored exactly as sent. */
export const UNICODE_TEXT = [
  'Zoë \u202Egnp.exe\u202C and عربي نص',
  '👩‍👩‍👧‍👦 🏳️‍🌈 🇺🇸 family',
  `Zalgo ${'Z\u0336\u0351\u0300'.repeat(30)}`,
  'zero\u200Bwidth\uFEFFbom',
  '𝕳𝖊𝖑𝖑𝖔 astral 𠜎',
];

/**
 * Text PostgreSQL cannot store as sent: NUL is refused by text columns, and a lone surrogate has
 * no UTF-8 form (the driver would quietly store U+FFFD instead). Must be refused with a 400.
 */
export const UNSTORABLE_TEXT = ['before\u0000after', 'lone high \uD800 surrogate', 'lone low \uDC00 surrogate'];

/** One letter under 10,000 combining marks: valid text, longer than most fields allow. */
export const COMBINING_FLOOD = `e${'\u0301'.repeat(10_000)}`;

/** Addresses against the shop's rule: some pass it (and are stored), some do not. */
export const EMAIL_TEXT = [
  "o'brien+test@example.com",
  '"><script>alert(1)</script>@evil.example',
  "x@y.example'; DROP TABLE newsletter_subscribers; --",
  'admin@example.com\r\nBcc: victim@example.com',
  'zoë@exämple.com',
  'a\u0000b@example.com',
  'a@b',
];

/** Every string attack, for free-text fields. */
export const TEXT_ATTACKS = [...SQL_TEXT, ...HTML_TEXT, ...UNICODE_TEXT, ...UNSTORABLE_TEXT, COMBINING_FLOOD];

/** A sample for fields that only take a fixed form (ids, slugs, codes, enums, dates, hex). */
export const TOKEN_ATTACKS = [
  SQL_TEXT[0]!,
  "00000000-0000-0000-0000-000000000000' OR '1'='1",
  HTML_TEXT[0]!,
  UNICODE_TEXT[0]!,
  UNICODE_TEXT[1]!,
  ...UNSTORABLE_TEXT.slice(0, 2),
  COMBINING_FLOOD,
];

/** Query values and path ids, as they arrive decoded (a path id may carry a decoded NUL). */
export const PARAM_ATTACKS = [
  SQL_TEXT[0]!,
  '1 OR 1=1; --',
  HTML_TEXT[0]!,
  UNICODE_TEXT[0]!,
  'x\u0000y',
  '\uFFFD broken \uFFFD', // what an invalid UTF-8 sequence (%ED%A0%80) decodes to
  '../../etc/passwd',
  COMBINING_FLOOD,
];

/**
 * Values for a free-form JSON field (a service's metadata): data whatever its strings say,
 * except what cannot be stored or is no data at all (a __proto__ key, absurd nesting).
 */
export const JSON_FIELD_ATTACKS: { label: string; json: string; accepted: boolean }[] = [
  {
    label: 'SQL and markup in keys and values',
    json: JSON.stringify({ [SQL_TEXT[0]!]: HTML_TEXT[0], list: [...UNICODE_TEXT] }),
    accepted: true,
  },
  {
    label: 'a constructor.prototype key',
    json: JSON.stringify({ constructor: { prototype: { polluted: 'yes' } } }),
    accepted: true,
  },
  { label: 'a __proto__ key', json: '{"__proto__":{"polluted":"yes"},"a":1}', accepted: false },
  { label: 'a NUL deep inside', json: '{"a":[{"b":"x\\u0000y"}]}', accepted: false },
  { label: 'a lone surrogate in a key', json: '{"k\\ud800":1}', accepted: false },
  { label: '5,000 nested arrays', json: deepArrays(5_000), accepted: false },
];

/** Markers of the markup attacks: none may appear unescaped in an HTML answer. */
export const RAW_MARKUP = ['<script>alert', '<img src=x onerror', '<a href="javascript:'];

/** A JSON text nested `depth` levels deep, e.g. [[[[…]]]]. */
export function deepArrays(depth: number): string {
  return `${'['.repeat(depth)}${']'.repeat(depth)}`;
}
export function deepObjects(depth: number): string {
  return `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

export interface RawBody {
  /** What the case is, for the test's name and failure messages. */
  label: string;
  contentType: string | null;
  /** A string, bytes, or a stream (sent chunked, without Content-Length). */
  body: () => string | Uint8Array | ReadableStream<Uint8Array>;
  /** A Content-Length header to send whatever the body's real size (a lying one). */
  contentLength?: number;
}

const bytes = (text: string) => new TextEncoder().encode(text);

/** A stream of `total` bytes of JSON-ish filler, sent in 16 KB chunks. */
function chunked(total: number): ReadableStream<Uint8Array> {
  let sent = 0;
  const chunk = bytes(`${'{"pad":"'}${'x'.repeat(16 * 1024 - 10)}"},`);
  return new ReadableStream({
    pull(controller) {
      if (sent >= total) return controller.close();
      controller.enqueue(chunk);
      sent += chunk.byteLength;
    },
  });
}

/**
 * Bodies that attack the reading of a JSON request. `valid` is a body the endpoint accepts,
 * `limit` the size it reads at most.
 */
export function jsonBodyAttacks(valid: Record<string, unknown>, limit: number): RawBody[] {
  const json = 'application/json';
  const padded = (size: number) => JSON.stringify({ ...valid, pad: 'x'.repeat(size) });
  return [
    { label: 'a body over the limit', contentType: json, body: () => padded(limit + 1024) },
    {
      label: 'a body over the limit with a lying Content-Length',
      contentType: json,
      body: () => padded(limit * 2),
      contentLength: 20,
    },
    { label: 'a chunked body over the limit', contentType: json, body: () => chunked(limit * 2) },
    { label: 'text/plain', contentType: 'text/plain', body: () => JSON.stringify(valid) },
    { label: 'no content type', contentType: null, body: () => JSON.stringify(valid) },
    { label: 'application/xml', contentType: 'application/xml', body: () => '<?xml version="1.0"?><a>&xxe;</a>' },
    {
      label: 'multipart with a broken boundary',
      contentType: 'multipart/form-data; boundary=zzz',
      body: () => '--zzz\r\nContent-Disposition: form-data; name="x"\r\n\r\n1\r\n--yyy--',
    },
    { label: 'JSON cut short', contentType: json, body: () => JSON.stringify(valid).slice(0, -3) },
    { label: 'JSON with single quotes', contentType: json, body: () => "{'a': 1}" },
    { label: 'JSON with trailing garbage', contentType: json, body: () => `${JSON.stringify(valid)} x` },
    { label: 'an empty body', contentType: json, body: () => '' },
    {
      label: 'invalid UTF-8 bytes',
      contentType: json,
      body: () => new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
    },
    { label: 'null', contentType: json, body: () => 'null' },
    { label: 'an array', contentType: json, body: () => '[]' },
    { label: 'a string', contentType: json, body: () => '"hello"' },
    { label: '10,000 nested arrays', contentType: json, body: () => deepArrays(10_000) },
    { label: '10,000 nested objects', contentType: json, body: () => deepObjects(10_000) },
    {
      label: 'a __proto__ key',
      contentType: json,
      body: () => `{"__proto__":{"polluted":"yes","is_admin":true},${JSON.stringify(valid).slice(1)}`,
    },
    {
      label: 'a constructor.prototype key',
      contentType: json,
      body: () => JSON.stringify({ ...valid, constructor: { prototype: { polluted: 'yes' } } }),
    },
  ];
}

/** Bodies that attack the reading of a form post (application/x-www-form-urlencoded). */
export function formBodyAttacks(valid: Record<string, string>, limit: number): RawBody[] {
  const form = 'application/x-www-form-urlencoded';
  const encoded = new URLSearchParams(valid).toString();
  return [
    { label: 'a form over the limit', contentType: form, body: () => `${encoded}&pad=${'x'.repeat(limit + 1024)}` },
    { label: 'a chunked form over the limit', contentType: form, body: () => chunked(limit * 2) },
    { label: 'text/plain', contentType: 'text/plain', body: () => encoded },
    { label: 'no content type', contentType: null, body: () => encoded },
    {
      label: 'multipart with a broken boundary',
      contentType: 'multipart/form-data; boundary=zzz',
      body: () => '--zzz\r\nContent-Disposition: form-data; name="email"\r\n\r\n1\r\n--yyy--',
    },
    { label: 'broken percent-encoding', contentType: form, body: () => `${encoded}&x=%E0%A4%A&y=%` },
    { label: 'a NUL in a field name', contentType: form, body: () => `${encoded}&a%00b=1` },
    {
      label: 'prototype keys in a form',
      contentType: form,
      body: () => `__proto__[polluted]=yes&constructor[prototype][polluted]=yes&${encoded}`,
    },
  ];
}
