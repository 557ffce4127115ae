import { describe, expect, it } from 'vitest';
import { clientKey as loginKey } from '../../src/server/auth/login-throttle.ts';
import { throttleAddress } from '../../src/server/throttle/client-address.ts';
import { clientKey } from '../../src/server/throttle/throttle.ts';
import { ONE_SUBSCRIBER_SPELLINGS, OTHER_CLIENTS } from '../support/hostile/client-limits.ts';

describe('the client a throttle counts', () => {
  it.each([
    ['203.0.113.9', '203.0.113.9'],
    ['::ffff:203.0.113.9', '203.0.113.9'],
    ['::FFFF:cb00:7109', '203.0.113.9'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:0DB8:0001:0002:ffff:ffff:ffff:ffff', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8::/64'],
    ['2001:db8:0:0:1::', '2001:db8::/64'],
    ['2001:0:0:1::9', '2001:0:0:1::/64'],
    ['::1', '::/64'],
    ['fe80::1%eth0', 'fe80::/64'],
    ['64:ff9b::198.51.100.7', '64:ff9b::/64'],
  ])('keys %s as %s', (ip, key) => {
    expect(throttleAddress(ip)).toBe(key);
  });

  it('counts a missing or malformed address as one client of its own', () => {
    expect(throttleAddress(undefined)).toBe('unknown');
    expect(throttleAddress('')).toBe('unknown');
    expect(throttleAddress('not-an-ip')).toBe('not-an-ip');
  });

  it('gives every address of one IPv6 /64 the same throttle key, and another /64 its own', () => {
    const a = clientKey('2001:db8:aa:bb::1', 'checkout');
    expect(clientKey('2001:db8:aa:bb:ffff:1234:5678:9abc', 'checkout')).toBe(a);
    expect(clientKey('2001:db8:aa:bc::1', 'checkout')).not.toBe(a);
    expect(clientKey('::ffff:198.51.100.4', 'checkout')).toBe(clientKey('198.51.100.4', 'checkout'));
    expect(clientKey('198.51.100.5', 'checkout')).not.toBe(clientKey('198.51.100.4', 'checkout'));
  });

  it('counts every spelling of one /64 as one client, and none of its neighbours with it', () => {
    const keys = new Set(ONE_SUBSCRIBER_SPELLINGS.map((ip) => clientKey(ip, 'artwork-upload')));
    expect(keys.size).toBe(1);
    for (const other of OTHER_CLIENTS) expect(keys.has(clientKey(other, 'artwork-upload')), other).toBe(false);
  });

  it('counts admin sign-in failures per /64 too', () => {
    const secret = Buffer.alloc(32, 7);
    expect(loginKey('2001:db8:aa:bb::1', secret)).toBe(loginKey('2001:db8:aa:bb::2', secret));
    expect(loginKey('2001:db8:aa:bc::1', secret)).not.toBe(loginKey('2001:db8:aa:bb::1', secret));
  });
});
