import type { NetlifyDev } from '@netlify/dev';
import { expect } from 'vitest';
import { EMULATOR_ORIGIN } from './netlify-emulator.ts';

/**
 * Sending the same request to Netlify's emulator (@netlify/dev) and to the local server
 * (scripts/server, what `npm start` serves) and comparing what a browser or a client would see.
 */

/** Headers whose difference a browser or a client would notice. */
const COMPARED_HEADERS = [
  'content-type',
  'cache-control',
  'content-security-policy',
  'x-content-type-options',
  'x-frame-options',
  'referrer-policy',
  'strict-transport-security',
  'cross-origin-resource-policy',
  'retry-after',
  'www-authenticate',
  'allow',
  'location',
] as const;

export interface Probe {
  label: string;
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: BodyInit;
}

export interface Answer {
  status: number;
  headers: Record<string, string | null>;
  body: string;
}

/** A JSON request (`body` serialised when given). */
export const json = (
  label: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Probe & { headers: Record<string, string> } => ({
  label,
  method,
  path,
  headers: { 'content-type': 'application/json', ...headers },
  ...(body === undefined ? {} : { body: JSON.stringify(body) }),
});

/**
 * What differs between two correct runs of one request: new ids, times, tokens and the origin;
 * `known` names values of this run (an order number, a session) by what they are.
 */
function normalize(text: string, origin: string, known: Record<string, string>): string {
  let out = text.replaceAll(origin, '<origin>');
  for (const [value, name] of Object.entries(known)) out = out.replaceAll(value, `<${name}>`);
  return out
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '<id>')
    .replace(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z/g, '<time>')
    .replace(/eyJ[\w-]+\.[\w-]+\.[\w-]+/g, '<token>')
    .replace(/\b[0-9a-f]{32}\.[0-9a-z]+\.[\w-]{22}\b/g, '<link>')
    .replace(/\b(cs|ts)_[A-Za-z0-9_]+/g, '<session>')
    .replace(/"expires_at":\d+/g, '"expires_at":<n>');
}

/** An answer as sent: status, the compared headers and the body, with the origin it came from. */
export interface RawAnswer {
  origin: string;
  status: number;
  headers: Record<string, string | null>;
  body: string;
}

async function readAnswer(res: Response, origin: string): Promise<RawAnswer> {
  const headers: Record<string, string | null> = {};
  for (const name of COMPARED_HEADERS) headers[name] = res.headers.get(name);
  return { origin, status: res.status, headers, body: await res.text() };
}

/** The answer with what differs between two correct runs named (normalize). */
export function normalized(raw: RawAnswer, known: Record<string, string> = {}): Answer {
  const headers: Record<string, string | null> = {};
  for (const [name, value] of Object.entries(raw.headers)) {
    headers[name] = value === null ? null : normalize(value, raw.origin, known);
  }
  return { status: raw.status, headers, body: normalize(raw.body, raw.origin, known) };
}

const requestInit = (probe: Probe, origin: string): RequestInit => ({
  method: probe.method,
  headers: { origin, ...probe.headers },
  ...(probe.body === undefined ? {} : { body: probe.body }),
});

/** The two runtimes, side by side. */
export function parityRuntimes(netlify: () => Pick<NetlifyDev, 'handleAndIntrospect'>, localUrl: () => string) {
  async function viaNetlify(probe: Probe): Promise<RawAnswer> {
    const req = new Request(`${EMULATOR_ORIGIN}${probe.path}`, requestInit(probe, EMULATOR_ORIGIN));
    const result = await netlify().handleAndIntrospect(req);
    expect(result?.type, `${probe.label}: Netlify answered it with a function`).toBe('function');
    return readAnswer(result!.response, EMULATOR_ORIGIN);
  }

  async function viaLocal(probe: Probe): Promise<RawAnswer> {
    const res = await fetch(`${localUrl()}${probe.path}`, { ...requestInit(probe, localUrl()), redirect: 'manual' });
    return readAnswer(res, localUrl());
  }

  /** Sends the probe to both runtimes, one after the other, and answers both for comparison. */
  async function both(probe: Probe): Promise<[Answer, Answer]> {
    const netlifyAnswer = normalized(await viaNetlify(probe));
    const localAnswer = normalized(await viaLocal(probe));
    return [netlifyAnswer, localAnswer];
  }

  async function expectSame(probe: Probe): Promise<Answer> {
    const [netlifyAnswer, localAnswer] = await both(probe);
    expect(localAnswer, `${probe.label}: the local server answers as Netlify does`).toEqual(netlifyAnswer);
    return netlifyAnswer;
  }

  return { viaNetlify, viaLocal, both, expectSame };
}
