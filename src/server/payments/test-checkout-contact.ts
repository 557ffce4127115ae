import { CONTACT_LIMITS, type ContactField } from '../../lib/payment-contact.ts';
import { US_STATES } from '../../lib/us-states.ts';

const html = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export type ContactValues = Partial<Record<ContactField, string>>;
export type ContactErrors = Partial<Record<ContactField, string>>;

interface FieldSpec {
  name: ContactField;
  label: string;
  autocomplete: string;
  type?: 'tel' | 'text';
  max: number;
  required: boolean;
  hint?: string;
}

const field = (spec: FieldSpec, values: ContactValues, errors: ContactErrors) => {
  const id = `contact-${spec.name.replace(/_/g, '-')}`;
  const error = errors[spec.name];
  const described = [spec.hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return `<div class="field">
    <label for="${id}">${html(spec.label)}${spec.required ? '' : ' (optional)'}</label>
    ${spec.hint ? `<p id="${id}-hint" class="hint">${html(spec.hint)}</p>` : ''}
    <input id="${id}" name="${spec.name}" type="${spec.type ?? 'text'}" autocomplete="${spec.autocomplete}" maxlength="${spec.max}" value="${html(values[spec.name] ?? '')}"${spec.required ? ' required aria-required="true"' : ''}${
      error ? ' aria-invalid="true"' : ''
    }${described ? ` aria-describedby="${described}"` : ''}>
    ${error ? `<p id="${id}-error" class="error">${html(error)}</p>` : ''}
  </div>`;
};

function stateField(values: ContactValues, errors: ContactErrors): string {
  const error = errors.state;
  const chosen = (values.state ?? '').toUpperCase();
  const options = Object.entries(US_STATES)
    .map(([code, name]) => `<option value="${code}"${code === chosen ? ' selected' : ''}>${html(name)}</option>`)
    .join('');
  return `<div class="field">
    <label for="contact-state">State</label>
    <select id="contact-state" name="state" autocomplete="shipping address-level1" required aria-required="true"${
      error ? ' aria-invalid="true" aria-describedby="contact-state-error"' : ''
    }><option value=""${chosen ? '' : ' selected'}>Choose a state</option>${options}</select>
    ${error ? `<p id="contact-state-error" class="error">${html(error)}</p>` : ''}
  </div>`;
}

/**
 * The contact part of the Pay form, as Stripe Checkout asks it: for a shipped order the ship-to
 * name and US address, for a pickup order the name; a phone for both. Each field carries its
 * label, is marked required, and names its own error when the last Pay was refused.
 */
export function contactFieldset(shipped: boolean, values: ContactValues, errors: ContactErrors): string {
  const phone = field(
    {
      name: 'phone',
      label: 'Phone',
      type: 'tel',
      autocomplete: 'tel',
      max: 30,
      required: true,
      hint: shipped ? 'For the carrier and for questions about your order.' : 'We call when your order is ready.',
    },
    values,
    errors,
  );
  if (!shipped) {
    return `<fieldset><legend>Local pickup: your contact</legend>
  ${field({ name: 'name', label: 'Full name', autocomplete: 'name', max: CONTACT_LIMITS.name, required: true }, values, errors)}
  ${phone}
</fieldset>`;
  }
  const ship = (name: ContactField, label: string, part: string, max: number, required = true) =>
    field({ name, label, autocomplete: `shipping ${part}`, max, required }, values, errors);
  return `<fieldset><legend>Shipping address</legend>
  ${ship('name', 'Full name', 'name', CONTACT_LIMITS.name)}
  ${ship('address_line1', 'Address line 1', 'address-line1', CONTACT_LIMITS.line)}
  ${ship('address_line2', 'Address line 2', 'address-line2', CONTACT_LIMITS.line, false)}
  ${ship('city', 'City', 'address-level2', CONTACT_LIMITS.city)}
  ${stateField(values, errors)}
  ${ship('postal_code', 'ZIP code', 'postal-code', 10)}
  <p class="hint">Country: United States (this shop ships within the US).</p>
  ${phone}
</fieldset>`;
}
