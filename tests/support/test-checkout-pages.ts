import TestCheckoutPage from '../../src/pages/test-checkout/[sessionId].astro';
import { renderPage } from './on-demand-page.ts';
import { type TestCheckoutPost, testCheckoutHttpRequest } from './test-checkout.ts';

/** The built-in test checkout page (GET, or Pay / Cancel posted), rendered as a browser gets it. */
export const testCheckoutPage = (sessionId: string, post: TestCheckoutPost = {}) =>
  renderPage(TestCheckoutPage, testCheckoutHttpRequest(sessionId, post), { sessionId });
