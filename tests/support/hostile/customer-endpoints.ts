import type { EndpointSpec } from './spec.ts';

/** My orders (src/pages/my-orders/index.astro, issue 48): asking for a sign-in code with a plain post. */
export const MY_ORDERS_PAGE_ENDPOINT: EndpointSpec = {
  bodies: [
    {
      label: 'POST /my-orders (send-code)',
      method: 'POST',
      path: () => '/my-orders',
      encoding: 'form',
      limit: 4 * 1024,
      valid: (f) => ({ action: 'send-code', email: `returning.${f.unique()}@example.com` }),
      fields: [{ name: 'email', kind: 'email' }],
      stores: ['one_time_codes', 'email_outbox', 'request_throttle'],
      html: true,
    },
  ],
  healthy: async (f) => ({
    method: 'POST',
    path: '/my-orders',
    body: { action: 'send-code', email: `ok.${f.unique()}@example.com` },
  }),
};
