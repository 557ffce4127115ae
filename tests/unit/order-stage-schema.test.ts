import { describe, expect, it } from 'vitest';
import { orderStageMoveSchema } from '../../src/lib/admin-schemas/order-stage.ts';

const ship = (tracking_url: string) =>
  orderStageMoveSchema.safeParse({ to: 'shipped', carrier: 'Other', tracking_number: 'TRK 42', tracking_url });

describe('the tracking link of a shipment', () => {
  it('is stored as the https URL it is, whatever the case of its scheme and host', () => {
    for (const given of ['HTTPS://Track.Example.COM/p?id=Ab1', 'Https://track.example.com/p?id=Ab1']) {
      const parsed = ship(given);
      expect(parsed.success, given).toBe(true);
      expect(parsed.data?.tracking_url).toBe('https://track.example.com/p?id=Ab1');
    }
  });

  it('is refused with a field message when it is not an https address', () => {
    for (const given of [
      'http://track.example.com/p',
      'HTTP://track.example.com/p',
      'javascript:alert(1)',
      'ftp://x.example/p',
      'track.example.com',
    ]) {
      const parsed = ship(given);
      expect(parsed.success, given).toBe(false);
      expect(parsed.error?.issues.map((i) => [i.path.join('.'), i.message])).toContainEqual([
        'tracking_url',
        'The tracking link must be an https:// address.',
      ]);
    }
  });
});
