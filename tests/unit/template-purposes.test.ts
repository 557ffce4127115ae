import { describe, expect, it } from 'vitest';
import { templatePurpose } from '../../src/lib/site/template-purposes.ts';
import { SYSTEM_TEMPLATE_NAMES } from '../../src/lib/site/system-templates.ts';

/**
 * The templates list (issue 44, item 11) says what each e-mail is for in words, never a subject
 * full of {{placeholders}}.
 */
describe('a template’s purpose in the templates list', () => {
  it('says when each of the shop’s own e-mails goes, in words', () => {
    for (const name of SYSTEM_TEMPLATE_NAMES) {
      const purpose = templatePurpose({ name, subject: 'Your order {{orderNumber}} is confirmed' });
      expect(purpose, name).toMatch(/^To /);
      expect(purpose, name).not.toMatch(/[{}]/);
    }
    expect(templatePurpose({ name: 'quote-request-notification', subject: 'New quote {{id}}' })).toBe(
      'To you when a customer asks for a quote',
    );
  });

  it('reads the placeholders of the owner’s own template as words', () => {
    expect(templatePurpose({ name: 'note', subject: 'A note for {{customerName}} about {{ order_number }}' })).toBe(
      'A note for [customer name] about [order number]',
    );
  });
});
