/*
 * The built-in test checkout's sessions for payment requests (docs/decisions/0029-deposits.md): the session is the
 * request itself ("testpay_" + its id), paid on its own page; a combined payment's session is
 * the combined payment ("testpays_" + its id).
 */
const PREFIX = 'testpay_';
const SESSION_ID = /^testpay_([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

export const testPaymentSessionId = (requestId: string) => `${PREFIX}${requestId}`;

/** The request id of a test payment session, or null for any other id. */
export function requestOfTestPayment(sessionId: string): string | null {
  return SESSION_ID.exec(sessionId)?.[1] ?? null;
}

/** Path of a test payment's page. */
export const testPaymentPath = (sessionId: string) => `/test-payment/${encodeURIComponent(sessionId)}`;

const COMBINED_PREFIX = 'testpays_';
const COMBINED_SESSION_ID = /^testpays_([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

export const combinedTestPaymentSessionId = (combinedPaymentId: string) => `${COMBINED_PREFIX}${combinedPaymentId}`;

/** The combined payment id of a combined test payment session, or null for any other id. */
export function combinedOfTestPayment(sessionId: string): string | null {
  return COMBINED_SESSION_ID.exec(sessionId)?.[1] ?? null;
}
