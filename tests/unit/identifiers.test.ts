import { describe, expect, it } from 'vitest';
import { EMAIL_MAX_LENGTH, isEmail, isUuid } from '../../src/lib/identifiers.ts';

describe('the shop’s one e-mail rule', () => {
  it.each(['maria@example.com', 'a.b+tag@mail.example.co', 'ñandú@ejemplo.es'])('accepts %s', (address) => {
    expect(isEmail(address)).toBe(true);
  });

  // 'a@bc' and 'name@localhost' were accepted by the payment completion's own looser pattern.
  it.each(['a@bc', 'name@localhost', 'a@b..c', 'a@.c', 'a@c.', 'a b@c.d', 'a@c.d\r\nBcc: x@y.z', '@c.d', 'a@'])(
    'refuses %j',
    (address) => {
      expect(isEmail(address)).toBe(false);
    },
  );

  it('refuses an address longer than a mail server takes', () => {
    const local = 'a'.repeat(EMAIL_MAX_LENGTH - '@example.com'.length + 1);
    expect(isEmail(`${local}@example.com`)).toBe(false);
    expect(isEmail(`${local.slice(1)}@example.com`)).toBe(true);
  });
});

describe('the shop’s one record-id rule', () => {
  it('accepts database and seed ids of any version, in either case', () => {
    expect(isUuid('3f2b8c1e-9d4a-4c6b-8e2f-1a2b3c4d5e6f')).toBe(true);
    expect(isUuid('00000000-0000-0000-0000-000000000001')).toBe(true);
    expect(isUuid('3F2B8C1E-9D4A-4C6B-8E2F-1A2B3C4D5E6F')).toBe(true);
  });

  it.each(['', 'not-an-id', '3f2b8c1e9d4a4c6b8e2f1a2b3c4d5e6f', "3f2b8c1e-9d4a-4c6b-8e2f-1a2b3c4d5e6f' or 1=1"])(
    'refuses %j',
    (value) => {
      expect(isUuid(value)).toBe(false);
    },
  );
});
