import { isDeepStrictEqual } from 'node:util';
import type { Context } from '@netlify/functions';
import type { Kysely } from 'kysely';
import { EMAIL_PATTERN } from '../../../src/lib/identifiers.ts';
import type { Database } from '../../../src/server/db/types.ts';
import { callFunction } from '../call-function.ts';
import { changedTables, type Snapshot, snapshot } from '../db-snapshot.ts';
import {
  EMAIL_TEXT,
  formBodyAttacks,
  JSON_FIELD_ATTACKS,
  jsonBodyAttacks,
  PARAM_ATTACKS,
  type RawBody,
  TEXT_ATTACKS,
  TOKEN_ATTACKS,
} from './corpus.ts';
import { injectedMarkup } from './injected-markup.ts';
import type { BodyRoute, EndpointSpec, FieldSpec, Fixtures, ReadRoute } from './spec.ts';

export type Handler = (req: Request, context: Context) => Promise<Response>;
type Expectation = 'refused' | 'accepted' | 'any';

export interface RunContext {
  db: Kysely<Database>;
  fixtures: Fixtures;
  adminToken: string;
}

let ipCounter = 0;
/** A new client address per request: no request is refused for the throttle's sake. */
const freshIp = () => {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};

export interface Outgoing {
  method: string;
  path: string;
  params?: Record<string, string>;
  contentType?: string | null;
  body?: RawBody['body'] extends () => infer B ? B : never;
  contentLength?: number;
  headers?: Record<string, string>;
}

export function send(handler: Handler, out: Outgoing): Promise<Response> {
  const headers: Record<string, string> = { ...out.headers };
  if (out.contentType) headers['content-type'] = out.contentType;
  if (out.contentLength !== undefined) headers['content-length'] = String(out.contentLength);
  const init: RequestInit & { duplex?: 'half' } = { method: out.method, headers };
  // Bytes, so that "no content type" is really none (a string body would be sent as text/plain).
  if (out.body !== undefined)
    init.body = (typeof out.body === 'string' ? new TextEncoder().encode(out.body) : out.body) as BodyInit;
  if (out.body instanceof ReadableStream) init.duplex = 'half';
  return callFunction(handler, out.path, { ...init, params: out.params ?? {}, ip: freshIp() });
}

export const storable = (value: string) => !value.includes('\u0000') && value.isWellFormed();

/** What a correct endpoint does with `value` in a field of this kind (see spec.ts). */
export function expectationFor(field: FieldSpec, value: string): Expectation {
  switch (field.kind) {
    case 'text':
    case 'html':
      return storable(value) && value.trim() !== '' && value.length <= (field.max ?? Infinity) ? 'accepted' : 'refused';
    case 'email':
      return storable(value) && value.trim().length <= 254 && EMAIL_PATTERN.test(value.trim()) ? 'accepted' : 'refused';
    case 'ignored':
      return 'any';
    default:
      return 'refused';
  }
}

function valuesFor(field: FieldSpec): string[] {
  if (field.kind === 'text' || field.kind === 'html' || field.kind === 'secret') return TEXT_ATTACKS;
  if (field.kind === 'email') return [...EMAIL_TEXT, ...TOKEN_ATTACKS];
  return TOKEN_ATTACKS;
}

/** Free text gets a unique tail, so names that must be unique stay unique across attacks. */
const withTail = (field: FieldSpec, value: string, f: Fixtures) =>
  field.kind === 'text' || field.kind === 'html' ? `${value} #${f.unique()}` : value;

const short = (value: string) => JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…(${value.length})` : value);

/**
 * Sends the corpus to one endpoint (see spec.ts for what each field kind expects) and answers
 * every problem found, one line each: an empty list is a pass.
 */
export async function attackEndpoint(spec: EndpointSpec, handler: Handler, run: RunContext): Promise<string[]> {
  const { fixtures, adminToken } = run;
  const problems: string[] = [];
  const auth = (route: { label: string }): Record<string, string> =>
    spec.admin
      ? { authorization: `Bearer ${route.label.includes('/logout') ? fixtures.throwawayToken() : adminToken}` }
      : {};

  for (const route of spec.bodies ?? []) {
    const raw =
      route.encoding === 'json'
        ? jsonBodyAttacks(route.valid(fixtures), route.limit)
        : formBodyAttacks(route.valid(fixtures) as Record<string, string>, route.limit);
    for (const attack of raw) {
      const vars = (await route.setup?.(fixtures)) ?? {};
      const before = await snapshot(run.db);
      const res = await send(handler, {
        method: route.method,
        path: route.path(fixtures, vars),
        params: route.params?.(fixtures, vars) ?? {},
        contentType: attack.contentType,
        body: attack.body(),
        ...(attack.contentLength === undefined ? {} : { contentLength: attack.contentLength }),
        headers: auth(route),
      });
      const expectation: Expectation = route.readsNoBody ? 'any' : 'refused';
      await judge(run.db, problems, `${route.label} with ${attack.label}`, expectation, res, before, route);
    }

    for (const field of route.fields.filter((f) => f.kind === 'json')) {
      for (const attack of JSON_FIELD_ATTACKS) {
        const valid = route.valid(fixtures);
        const sent = { ...valid, [field.name]: attack.accepted ? JSON.parse(attack.json) : null };
        const before = await snapshot(run.db);
        const res = await send(handler, {
          method: route.method,
          path: route.path(fixtures, {}),
          params: route.params?.(fixtures, {}) ?? {},
          contentType: 'application/json',
          // Spliced in as text: JSON.stringify would overflow the stack on the deep one.
          body: `${JSON.stringify(valid).slice(0, -1)}${Object.keys(valid).length ? ',' : ''}"${field.name}":${attack.json}}`,
          headers: auth(route),
        });
        const label = `${route.label} with ${field.name} = ${attack.label}`;
        const answer = await judge(
          run.db,
          problems,
          label,
          attack.accepted ? 'accepted' : 'refused',
          res,
          before,
          route,
        );
        if (attack.accepted && answer.ok && route.readBack) {
          const stored = (await route.readBack(fixtures, answer.json, sent))[field.name];
          // jsonb keeps its own key order: compared as values.
          if (!isDeepStrictEqual(stored, JSON.parse(attack.json))) {
            problems.push(`${label}: stored ${short(JSON.stringify(stored))} instead of the value as sent`);
          }
        }
      }
    }

    for (const field of route.fields.filter((f) => f.kind !== 'json')) {
      for (const attackValue of valuesFor(field)) {
        // A form cannot carry a lone surrogate: the browser's encoding turns it into U+FFFD.
        const value = withTail(field, route.encoding === 'form' ? attackValue.toWellFormed() : attackValue, fixtures);
        const vars = (await route.setup?.(fixtures)) ?? {};
        const sent = { ...route.valid(fixtures), [field.name]: value };
        const expectation = expectationFor(field, value);
        const before = await snapshot(run.db);
        const res = await send(handler, {
          method: route.method,
          path: route.path(fixtures, vars),
          params: route.params?.(fixtures, vars) ?? {},
          contentType: route.encoding === 'json' ? 'application/json' : 'application/x-www-form-urlencoded',
          body:
            route.encoding === 'json'
              ? JSON.stringify(sent)
              : new URLSearchParams(sent as Record<string, string>).toString(),
          headers: auth(route),
        });
        const label = `${route.label} with ${field.name}=${short(value)}`;
        const answer = await judge(run.db, problems, label, expectation, res, before, route);
        if (expectation === 'accepted' && answer.ok && route.readBack) {
          const stored = (await route.readBack(fixtures, answer.json, sent))[field.name];
          const expected = value.trim();
          if (field.kind === 'html') {
            if (typeof stored !== 'string' || /<script|onerror|javascript:/i.test(stored)) {
              problems.push(`${label}: stored unsanitised HTML ${short(String(stored))}`);
            }
          } else if (stored !== expected) {
            problems.push(`${label}: stored ${short(String(stored))} instead of the value as sent`);
          }
        }
      }
    }
  }

  for (const route of spec.reads ?? []) {
    const method = route.method ?? 'GET';
    for (const field of route.query ?? []) {
      // A URL cannot carry a lone surrogate either (it decodes to U+FFFD).
      for (const value of (field.kind === 'text' ? TEXT_ATTACKS : PARAM_ATTACKS).map((v) => v.toWellFormed())) {
        const before = await snapshot(run.db);
        const url = `${route.path(fixtures)}?${new URLSearchParams({ [field.name]: value })}`;
        const res = await send(handler, {
          method,
          path: url,
          params: route.params?.(fixtures) ?? {},
          headers: auth(route),
        });
        const expectation =
          field.kind === 'text' ? expectationFor(field, value) : field.kind === 'ignored' ? 'any' : 'refused';
        await judge(
          run.db,
          problems,
          `${route.label} with ?${field.name}=${short(value)}`,
          expectation,
          res,
          before,
          route,
        );
      }
    }
    for (const param of route.pathParams ?? []) {
      for (const value of PARAM_ATTACKS) {
        const before = await snapshot(run.db);
        const res = await send(handler, {
          method,
          path: route.path(fixtures).replace(/[^/]+$/, encodeURIComponent(value)),
          params: { ...route.params?.(fixtures), [param.name]: value },
          headers: auth(route),
        });
        await judge(
          run.db,
          problems,
          `${route.label} with :${param.name}=${short(value)}`,
          'refused',
          res,
          before,
          route,
        );
      }
    }
  }

  if (spec.healthy) {
    const normal = await spec.healthy(fixtures);
    const res = await send(handler, {
      method: normal.method ?? 'GET',
      path: normal.path,
      params: normal.params ?? {},
      ...(normal.body === undefined ? {} : { contentType: 'application/json', body: JSON.stringify(normal.body) }),
      ...(spec.admin ? { headers: { authorization: `Bearer ${adminToken}` } } : {}),
    });
    if (res.status >= 400) problems.push(`a normal request afterwards answered ${res.status}: ${await res.text()}`);
  }
  const polluted = Object.keys(Object.prototype).concat(
    'polluted' in {} || 'is_admin' in {} ? ['Object.prototype was polluted'] : [],
  );
  if (polluted.length) problems.push(`prototype pollution: ${polluted.join(', ')}`);
  return problems;
}

/** Checks one answer; answers its parsed JSON body when it was a success. */
async function judge(
  db: Kysely<Database>,
  problems: string[],
  label: string,
  expectation: Expectation,
  res: Response,
  before: Snapshot,
  route: Pick<BodyRoute, 'stores' | 'html' | 'redirects' | 'takesFiles'> | ReadRoute,
): Promise<{ ok: boolean; json: unknown }> {
  const text = await res.text();
  const ok = res.status < 300 || ('redirects' in route && route.redirects === true && res.status === 303);
  const where = `${label}: ${res.status} ${text.slice(0, 160).replace(/\s+/g, ' ')}`;
  if (res.status >= 500) problems.push(`${where} (a server error)`);
  else if (expectation === 'refused' && !(res.status >= 400)) problems.push(`${where} (expected a 4xx)`);
  else if (expectation === 'accepted' && !ok) problems.push(`${where} (valid input was refused)`);

  const type = res.headers.get('content-type') ?? '';
  if (res.status >= 400 && res.status < 500) {
    if (/^text\/html/.test(type)) {
      // A multipart post to a form that takes files is that form's page post, answered as a page.
      const pagePost = 'takesFiles' in route && route.takesFiles === true && label.includes('multipart');
      if (!route.html && !pagePost) problems.push(`${where} (an HTML error where JSON was expected)`);
    } else {
      const body = safeJson(text) as { error?: { code?: unknown; message?: unknown } } | undefined;
      if (
        !/^application\/json/.test(type) ||
        typeof body?.error?.code !== 'string' ||
        typeof body.error.message !== 'string'
      ) {
        problems.push(`${where} (not a JSON error { error: { code, message } })`);
      }
    }
  }
  if (/^text\/html/.test(type)) {
    for (const raw of injectedMarkup(text)) problems.push(`${label}: the HTML answer contains ${raw} unescaped`);
  }

  const allowed = ok && expectation !== 'refused' && 'stores' in route ? route.stores : [];
  const changed = changedTables(before, await snapshot(db)).filter((t) => !allowed.includes(t));
  if (changed.length) problems.push(`${label}: changed ${changed.join(', ')} (answered ${res.status})`);
  return { ok, json: safeJson(text) };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
