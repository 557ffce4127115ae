import { XMLParser } from 'fast-xml-parser';
import { credentialsRefused, malformedAnswer, styleNotFound, supplierDown } from './supplier-errors.ts';
import { askSupplier, type SupplierCaller } from './supplier-http.ts';

/**
 * SOAP 1.1 as the PromoStandards services speak it (Product Data 2.0.0, Inventory 2.0.0, Pricing
 * and Configuration 1.0.0, Purchase Order 1.0.0): a request element in the service's namespace
 * with `wsVersion`, `id` and `password` first; the answer's body read with fast-xml-parser,
 * namespace prefixes dropped. A SOAP Fault or a ServiceMessage of severity Error is turned into
 * the supplier errors the shop knows.
 */
export interface PromoService {
  /** The service's endpoint path at the supplier. */
  path: string;
  /** The SOAPAction header value (the operation name). */
  action: string;
  /** The request element's namespace (the service's WSDL namespace). */
  namespace: string;
  /** The SharedObjects namespace (PO 1.0.0 has none: its children take the request namespace). */
  shared: string;
  wsVersion: string;
}

/** Elements that may repeat in any PromoStandards answer: always read as arrays. */
const REPEATING = new Set([
  'ProductPart',
  'Color',
  'PartInventory',
  'InventoryLocation',
  'Part',
  'PartPrice',
  'ServiceMessage',
  'description',
]);

const parser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: true,
  parseTagValue: false,
  trimValues: true,
  processEntities: true,
  isArray: (name) => REPEATING.has(name),
});

export function escapeXml(value: string | number): string {
  return String(value)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** `<shar:name>value</shar:name>` for each field, in order (PromoStandards schemas are sequences). */
export function fields(entries: [string, string | number][]): string {
  return entries.map(([name, value]) => `<shar:${name}>${escapeXml(value)}</shar:${name}>`).join('');
}

export interface PromoCredentials {
  id: string;
  password: string;
}

type Xml = Record<string, unknown>;

/** Posts one request and answers the element named `answer` of the SOAP body. */
export async function callPromoService(
  caller: SupplierCaller,
  base: string,
  service: PromoService,
  request: { element: string; credentials: PromoCredentials; body: string; answer: string; what: string },
): Promise<Xml> {
  const envelope =
    `<?xml version="1.0" encoding="UTF-8"?>` +
    `<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns:ns="${service.namespace}" xmlns:shar="${service.shared}">` +
    `<soapenv:Header/><soapenv:Body><ns:${request.element}>` +
    fields([
      ['wsVersion', service.wsVersion],
      ['id', request.credentials.id],
      ['password', request.credentials.password],
    ]) +
    request.body +
    `</ns:${request.element}></soapenv:Body></soapenv:Envelope>`;
  const answer = await askSupplier(
    caller,
    `${base}${service.path}`,
    {
      method: 'POST',
      headers: { 'content-type': 'text/xml; charset=utf-8', soapaction: service.action },
      body: envelope,
    },
    { keep5xx: true },
  );
  if (answer.status >= 500) {
    // A SOAP Fault comes with a 500, and so does a proxy's error page: the supplier is down for now.
    if (/<(\w+:)?faultstring>[^<]*(authenticat|password|credential)/i.test(answer.text)) {
      throw credentialsRefused(caller.label, caller.settings);
    }
    throw supplierDown(caller.label);
  }
  if (answer.status !== 200) throw supplierDown(caller.label);
  const body = soapBody(caller.label, answer.text, request.what);
  if (body.Fault) throw supplierDown(caller.label);
  const result = body[request.answer];
  if (!result || typeof result !== 'object') throw malformedAnswer(caller.label, `no ${request.what}`);
  return result as Xml;
}

function soapBody(label: string, text: string, what: string): Xml {
  let doc: Xml;
  try {
    doc = parser.parse(text) as Xml;
  } catch {
    throw malformedAnswer(label, `${what} are not XML`);
  }
  const body = (doc.Envelope as Xml | undefined)?.Body;
  if (!body || typeof body !== 'object') throw malformedAnswer(label, `${what} are not a SOAP answer`);
  return body as Xml;
}

/** The ServiceMessages of severity Error in an answer, as { code, description }. */
export function serviceErrors(result: Xml): { code: number; description: string }[] {
  const holder =
    (result.ServiceMessageArray as Xml | undefined) ??
    (result.errorMessage ? { ServiceMessage: [result.errorMessage] } : undefined);
  const messages = ((holder?.ServiceMessage as Xml[] | undefined) ?? []).filter(
    (m) => String(m.severity ?? 'Error').toLowerCase() === 'error',
  );
  return messages.map((m) => ({ code: Number(m.code), description: String(m.description ?? '') }));
}

/**
 * Throws for a read's ServiceMessages of severity Error: 100-105 are the PromoStandards codes of
 * refused credentials, 130 and 160 "not found / no results"; anything else means the service failed.
 */
export function throwReadErrors(caller: SupplierCaller, result: Xml, style: string): void {
  const errors = serviceErrors(result);
  if (errors.length === 0) return;
  if (errors.some((e) => e.code >= 100 && e.code <= 105)) throw credentialsRefused(caller.label, caller.settings);
  if (errors.some((e) => e.code === 130 || e.code === 160)) throw styleNotFound(caller.label, style);
  throw supplierDown(caller.label);
}

/** Reads `a.b.c` of parsed XML; undefined when any step is missing. */
export function at(node: unknown, ...path: string[]): unknown {
  let here = node;
  for (const step of path) {
    if (!here || typeof here !== 'object') return undefined;
    here = (here as Xml)[step];
  }
  return here;
}

export function list(node: unknown, ...path: string[]): Xml[] {
  const found = at(node, ...path);
  return Array.isArray(found) ? (found as Xml[]) : found && typeof found === 'object' ? [found as Xml] : [];
}
