/*
 * The built-in test checkout's sessions for payment requests (docs/decisions/0029-deposits.md): the session is the
 * request itself ("testpay_" + its id), paid on its own page; a combined payment's session is
 * the combined payment ("testpays_" + its id).
 */
const PREFIX = 'testpay_';

export const testPaymentSessionId = (requestId: string) => `${PREFIX}${requestId}`;

/** Path of a test payment's page. */
export const testPaymentPath = (sessionId: string) => `/test-payment/${encodeURIComponent(sessionId)}`;

const COMBINED_PREFIX = 'testpays_';

export const combinedTestPaymentSessionId = (combinedPaymentId: string) => `${COMBINED_PREFIX}${combinedPaymentId}`;
