import { expect, test } from '../support/e2e-test.ts';
import { allRoutes } from '../support/public-routes.ts';

/**
 * The shop under its own Content-Security-Policy. The shared fixture fails any test in which
 * the browser blocks something; this spec visits every page (and the admin app) on purpose and
 * checks the headers that make the policy and the rest of the hardening real.
 */
function expectPolicy(headers: Record<string, string>, route: string, metaPolicy: string | null) {
  // Unknown paths answer the 404 page, whose policy travels in its <meta> element.
  const csp = headers['content-security-policy'] ?? `${metaPolicy}; frame-ancestors 'none'`;
  const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? '';
  expect(scriptSrc, `${route}: script-src`).toContain("'self'");
  expect(scriptSrc, `${route}: script-src`).not.toMatch(/'unsafe-inline'|'unsafe-eval'|\*/);
  expect(csp, route).toContain("frame-ancestors 'none'");
  expect(csp, route).toContain("object-src 'none'");
  expect(headers['strict-transport-security'], route).toMatch(/^max-age=\d{8,}/);
  expect(headers['x-content-type-options'], route).toBe('nosniff');
  expect(headers['referrer-policy'], route).toBe('strict-origin-when-cross-origin');
  expect(headers['x-frame-options'], route).toBe('DENY');
}

test('every page is served with the security headers and works under its policy', async ({ page, request }) => {
  for (const route of [...(await allRoutes(request)), '/admin', '/admin/orders']) {
    const response = await page.goto(route, { waitUntil: 'networkidle' });
    const meta = await page
      .locator('meta[http-equiv="content-security-policy"]')
      .getAttribute('content', { timeout: 1000 })
      .catch(() => null);
    expectPolicy(response!.headers(), route, meta);
    // Lazy images and islands that wait for idle or visibility load too.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForLoadState('networkidle');
  }
});

test('only the pages that use an outside host allow it', async ({ request }) => {
  const contact = (await request.get('/contact')).headers()['content-security-policy'];
  expect(contact).toContain('frame-src https://www.openstreetmap.org');
  for (const route of ['/', '/about', '/cart']) {
    const csp = (await request.get(route)).headers()['content-security-policy'];
    expect(csp, route).toContain("frame-src 'none'");
    expect(csp, route).not.toContain('openstreetmap');
    expect(csp, route).not.toContain('stripe.com');
  }
});

test('pages with a person’s own data are cut off from the window that opened them', async ({ page }) => {
  await page.goto('/');
  const openerKeeps = (path: string) =>
    page.evaluate(async (target) => {
      const opened = window.open(target);
      // A severed handle reports the window as closed once the page's answer arrives.
      for (let i = 0; i < 100 && opened && !opened.closed; i++) {
        try {
          if (opened.document.readyState === 'complete' && opened.location.pathname === target) break;
        } catch {
          // cross-origin for a moment while it navigates
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const keeps = Boolean(opened && !opened.closed);
      opened?.close();
      return keeps;
    }, path);
  expect(await openerKeeps('/admin')).toBe(false);
  expect(await openerKeeps('/success')).toBe(false);
  // The public pages show everyone the same catalogue (see PRIVATE_PAGE_GROUPS).
  expect(await openerKeeps('/about')).toBe(true);
});

test('the policy is enforced: a script injected into a page does not run', async ({ browser }) => {
  // A context of its own: the violation is the point here, not a failure of the page.
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/');
  const outcome = await page.evaluate(
    () =>
      new Promise<{ ran: boolean; directive: string }>((resolve) => {
        const w = window as unknown as { injected?: boolean };
        document.addEventListener('securitypolicyviolation', (event) =>
          resolve({ ran: w.injected === true, directive: event.effectiveDirective }),
        );
        const script = document.createElement('script');
        script.textContent = 'window.injected = true';
        document.body.append(script);
      }),
  );
  expect(outcome).toEqual({ ran: false, directive: 'script-src-elem' });
  await context.close();
});

test('API answers are never cached, and another site cannot call the API', async ({ request }) => {
  const own = await request.get('/api/collections');
  expect(own.status()).toBe(200);
  expect(own.headers()['cache-control']).toBe('no-store');
  expect(own.headers()['content-security-policy']).toContain("default-src 'none'");
  expect(own.headers()['x-content-type-options']).toBe('nosniff');

  const foreign = await request.post('/api/cart', {
    headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
    data: { items: [] },
  });
  expect(foreign.status()).toBe(403);
  expect(foreign.headers()['access-control-allow-origin']).toBeUndefined();
  expect((await request.get('/_headers')).status()).toBe(404);
});

test('a mistyped link under a section answers the 404 page, its scripts running under the section’s policy', async ({
  page,
}) => {
  // The fixture fails the test if the browser blocks any of the 404 page's scripts.
  const answer = await page.goto('/stores/no-such-store-yet');
  expect(answer?.status()).toBe(404);
  expect(answer?.headers()['content-security-policy']).toContain('script-src');
  await expect(page.getByRole('heading', { level: 1, name: "We couldn't find that page" })).toBeVisible();
});
