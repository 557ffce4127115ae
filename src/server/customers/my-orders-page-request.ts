import { z } from 'zod';
import { checkCode, codeAddress, requestCode } from '../auth/one-time-codes.ts';
import { db } from '../db/index.ts';
import { DomainError, Invalid, MethodNotAllowed } from '../errors.ts';
import { parseForm, readSubmission } from '../form-body.ts';
import { asDomainError, crossOrigin, headersOf, statusOf } from '../http.ts';
import { isForeignOrigin } from '../security/api-headers.ts';
import { deviceWords } from '../staff/sessions.ts';
import { customerCodeDelivery, customerKnown as customerOfLink } from './customer-codes.ts';
import {
  clearedCustomerCookie,
  customerCookie,
  customerOfSession,
  customerTokenOf,
  endCustomerSession,
  openCustomerSession,
} from './customer-sessions.ts';
import { addressOfMyOrdersLink } from '../links/my-orders-link.ts';
import { type MyEntry, myOrders } from './my-orders.ts';

/**
 * What My orders (src/pages/my-orders/index.astro) shows: the sign-in by address and code, the
 * list of a signed-in customer, a redirect after signing in or out, or a problem. Plain HTML
 * forms; another site's post is refused.
 */
export interface MyOrdersProblem {
  message: string;
  fields?: Record<string, string> | undefined;
}

export type MyOrdersOutcome = { status: number; headers?: Record<string, string> } & (
  | { kind: 'ask-email'; problem: MyOrdersProblem | null }
  | { kind: 'ask-code'; email: string; problem: MyOrdersProblem | null }
  | { kind: 'list'; email: string; entries: MyEntry[] }
  | { kind: 'redirect'; location: string }
  | { kind: 'problem'; message: string }
);

export const MY_ORDERS_PATH = '/my-orders';

const submission = z.discriminatedUnion('action', [
  z.strictObject({ action: z.literal('send-code'), email: z.string().max(320) }),
  z.strictObject({ action: z.literal('sign-in'), email: z.string().max(320), code: z.string().max(20) }),
  z.strictObject({ action: z.literal('sign-out') }),
]);

const WRONG_CODE = 'That code is wrong, used or expired. Check the latest e-mail, or ask for a new code.';

/** GET shows the sign-in or the list; POST asks for a code, signs in with it, or signs out. */
export async function myOrdersPageRequest(req: Request, ip: string | undefined): Promise<MyOrdersOutcome> {
  const secure = new URL(req.url).protocol === 'https:';
  try {
    if (isForeignOrigin(req)) throw crossOrigin();
    const database = await db();
    const token = customerTokenOf(req.headers.get('cookie'));
    if (req.method === 'GET' || req.method === 'HEAD') {
      const email = await customerOfSession(database, token);
      if (!email) return { kind: 'ask-email', status: 200, problem: null };
      return { kind: 'list', status: 200, email, entries: await myOrders(database, email) };
    }
    if (req.method !== 'POST') throw new MethodNotAllowed(req.method, ['GET', 'POST']);
    const { data } = await readSubmission(req, 4 * 1024);
    const asked = typeof data['email'] === 'string' ? data['email'].trim() : '';
    try {
      const form = parseForm(submission, data);
      if (form.action === 'sign-out') {
        await endCustomerSession(database, token);
        return redirect({ 'set-cookie': clearedCustomerCookie(secure) });
      }
      if (form.action === 'send-code') {
        await requestCode(database, 'customer', form.email, ip, customerCodeDelivery);
        return { kind: 'ask-code', status: 200, email: codeAddress(form.email), problem: null };
      }
      if (!(await checkCode(database, 'customer', form.email, form.code, ip))) {
        throw new Invalid('wrong_code', WRONG_CODE, { fields: { code: WRONG_CODE } });
      }
      const session = await openCustomerSession(
        database,
        codeAddress(form.email),
        deviceWords(req.headers.get('user-agent')),
      );
      return redirect({ 'set-cookie': customerCookie(session, secure) });
    } catch (error) {
      if (!(error instanceof DomainError) || error instanceof MethodNotAllowed) throw error;
      const problem = { message: error.message, fields: error.fields };
      const base = { status: statusOf(error), headers: headersOf(error), problem };
      const codeStep = data['action'] === 'sign-in' && !error.fields?.['email'];
      return codeStep ? { kind: 'ask-code', email: asked, ...base } : { kind: 'ask-email', ...base };
    }
  } catch (error) {
    const problem = asDomainError(error, 'my-orders-page');
    return { kind: 'problem', message: problem.message, status: statusOf(problem), headers: headersOf(problem) };
  }
}

const redirect = (headers: Record<string, string>): MyOrdersOutcome => ({
  kind: 'redirect',
  status: 303,
  location: MY_ORDERS_PATH,
  headers: { ...headers, 'cache-control': 'no-store' },
});

/**
 * A My orders link from an e-mail: signs its address in on this device and goes to My orders;
 * every link that does not open (forged, expired, no such customer) is the same 404.
 */
export async function myOrdersLinkRequest(
  req: Request,
  token: string,
): Promise<
  { kind: 'redirect'; status: number; location: string; headers: Record<string, string> } | { kind: 'not-found' }
> {
  const database = await db();
  const email = await addressOfMyOrdersLink(database, token);
  if (!email || !(await customerOfLink(database, email))) return { kind: 'not-found' };
  const session = await openCustomerSession(database, email, deviceWords(req.headers.get('user-agent')));
  const secure = new URL(req.url).protocol === 'https:';
  return {
    kind: 'redirect',
    status: 303,
    location: MY_ORDERS_PATH,
    headers: { 'set-cookie': customerCookie(session, secure), 'cache-control': 'no-store' },
  };
}
