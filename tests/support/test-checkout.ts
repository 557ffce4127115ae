import { testCheckoutRequest } from '../../src/server/workflows/test-checkout-request.ts';

/** What a test sends to the built-in test checkout: Pay or Cancel with the form's fields, or nothing (GET). */
export interface TestCheckoutPost {
  intent?: 'pay' | 'cancel';
  fields?: Record<string, string>;
  headers?: Record<string, string>;
}

/** The request a browser sends to the test checkout page (src/pages/test-checkout/[sessionId].astro). */
export function testCheckoutHttpRequest(sessionId: string, post: TestCheckoutPost = {}): Request {
  const url = new URL(`/test-checkout/${encodeURIComponent(sessionId)}`, 'http://localhost:4321');
  if (!post.intent) return new Request(url, { headers: post.headers ?? {} });
  return new Request(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...post.headers },
    body: new URLSearchParams({ intent: post.intent, ...post.fields }).toString(),
  });
}

/**
 * The test checkout's answer where no page is rendered (the integration project has no Astro
 * compiler): its status, and where a Pay or Cancel sends the customer. Tests of what the page
 * shows render it through tests/support/test-checkout-pages.ts.
 */
export async function answerTestCheckout(sessionId: string, post: TestCheckoutPost = {}): Promise<Response> {
  const outcome = await testCheckoutRequest(testCheckoutHttpRequest(sessionId, post), sessionId);
  return new Response(null, {
    status: outcome.status,
    headers: outcome.kind === 'redirect' ? { location: outcome.location } : {},
  });
}
