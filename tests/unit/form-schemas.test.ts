import { describe, expect, it } from 'vitest';
import { CONTACT_MESSAGES, contactSchema, INQUIRY_TYPES } from '../../src/lib/forms/contact-schema.ts';
import { EMAIL_PATTERN } from '../../src/lib/identifiers.ts';
import { fieldErrors, newsletterSchema } from '../../src/lib/forms/newsletter-schema.ts';

/** The spec's pattern as written: its dot is not escaped, so it matches any character. */
const SLOPPY = /^[^\s@]+@[^\s@]+.[^\s@]+$/;

const VALID = { fullName: 'Maria Delgado', emailAddress: 'maria@example.com', subject: 'Order Help', message: 'Hi!' };

describe('the e-mail rule (docs/decisions/spec-rules.md#s5)', () => {
  it.each(['maria@example.com', 'first.last+tag@sub.example.co.uk', "o'brien@example.ie", 'x@y.zz', 'josé@exämple.de'])(
    'accepts %s',
    (email) => {
      expect(EMAIL_PATTERN.test(email)).toBe(true);
    },
  );

  it.each(['a@bcd', 'name@domain,com', 'name@domainXcom', 'name@localhost', 'user@example-com'])(
    'refuses %s, which the sloppy pattern let through',
    (email) => {
      expect(SLOPPY.test(email)).toBe(true);
      expect(EMAIL_PATTERN.test(email)).toBe(false);
    },
  );

  it.each([
    '',
    'a@bc',
    'plainaddress',
    '@example.com',
    'name@',
    'a@b@c.de',
    'a b@c.de',
    'a@b..c',
    'a@.c',
    'a@c.',
    'a@b.c\r\nBcc: x@y.z',
    'a\u0000@b.c',
  ])('refuses %j', (email) => {
    expect(EMAIL_PATTERN.test(email)).toBe(false);
  });
});

describe('the newsletter rule set', () => {
  it('says "Enter a valid email" for anything but an address, empty included', () => {
    for (const email of ['', '   ', 'a@bc', 'nope']) {
      expect(fieldErrors(newsletterSchema, { email })).toEqual({ email: 'Enter a valid email' });
    }
    expect(fieldErrors(newsletterSchema, {})).toEqual({ email: 'Enter a valid email' });
  });

  it('trims the address and refuses fields it does not know', () => {
    expect(newsletterSchema.parse({ email: '  sam@example.com ' })).toEqual({ email: 'sam@example.com' });
    expect(fieldErrors(newsletterSchema, { email: 'sam@example.com', admin: true })).toEqual({
      _: 'Unexpected field: admin',
    });
    expect(fieldErrors(newsletterSchema, { email: `${'a'.repeat(250)}@b.co` })).toEqual({
      email: 'Enter a valid email',
    });
  });
});

describe('the contact rule set', () => {
  it('accepts a complete message and trims it', () => {
    expect(contactSchema.parse({ ...VALID, fullName: ' Maria ', message: '\n Hi! \n' })).toEqual({
      ...VALID,
      fullName: 'Maria',
      message: 'Hi!',
    });
  });

  it('offers the four inquiry types, General Inquiry first', () => {
    expect(INQUIRY_TYPES).toEqual(['General Inquiry', 'Order Help', 'Event Partnerships', 'Other']);
    for (const subject of INQUIRY_TYPES) expect(fieldErrors(contactSchema, { ...VALID, subject })).toEqual({});
  });

  it('gives the spec’s required messages', () => {
    expect(fieldErrors(contactSchema, {})).toEqual({
      fullName: 'Name is required',
      emailAddress: 'Email is required',
      subject: 'Please select an option',
      message: 'Message is required',
    });
    expect(fieldErrors(contactSchema, { fullName: ' ', emailAddress: ' ', subject: '', message: '\n' })).toEqual({
      fullName: 'Name is required',
      emailAddress: 'Email is required',
      subject: 'Please select an option',
      message: 'Message is required',
    });
  });

  it('gives the format message for an address without a real dot', () => {
    for (const emailAddress of ['a@bcd', 'name@domain,com', 'name@domainXcom']) {
      expect(fieldErrors(contactSchema, { ...VALID, emailAddress })).toEqual({
        emailAddress: 'Please enter a valid email',
      });
    }
  });

  it('keeps line breaks out of everything that becomes a mail header', () => {
    expect(fieldErrors(contactSchema, { ...VALID, fullName: 'Eve\r\nBcc: all@example.com' })).toEqual({
      fullName: CONTACT_MESSAGES.nameOneLine,
    });
    expect(fieldErrors(contactSchema, { ...VALID, fullName: 'Eve\u2028Bcc' })).toEqual({
      fullName: CONTACT_MESSAGES.nameOneLine,
    });
    expect(fieldErrors(contactSchema, { ...VALID, emailAddress: 'eve@example.com\nBcc: all@example.com' })).toEqual({
      emailAddress: 'Please enter a valid email',
    });
    expect(fieldErrors(contactSchema, { ...VALID, subject: 'Other\r\nBcc: all@example.com' })).toEqual({
      subject: 'Please select an option',
    });
    // The message body may have as many lines as it likes.
    expect(fieldErrors(contactSchema, { ...VALID, message: 'line 1\r\nline 2' })).toEqual({});
  });

  it('caps the lengths', () => {
    expect(fieldErrors(contactSchema, { ...VALID, fullName: 'n'.repeat(201) })).toEqual({
      fullName: CONTACT_MESSAGES.nameTooLong,
    });
    expect(fieldErrors(contactSchema, { ...VALID, message: 'm'.repeat(5001) })).toEqual({
      message: CONTACT_MESSAGES.messageTooLong,
    });
    expect(fieldErrors(contactSchema, { ...VALID, message: 'm'.repeat(5000) })).toEqual({});
  });

  it('refuses values of the wrong type and unknown fields', () => {
    expect(fieldErrors(contactSchema, { ...VALID, fullName: 42, message: ['x'] })).toEqual({
      fullName: 'Name is required',
      message: 'Message is required',
    });
    expect(fieldErrors(contactSchema, { ...VALID, website: 'x' })).toEqual({ _: 'Unexpected field: website' });
    expect(fieldErrors(contactSchema, 'text')).toEqual({ _: 'Send the form fields as an object' });
  });
});
