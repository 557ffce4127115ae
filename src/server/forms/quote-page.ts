import { HONEYPOT_FIELD } from '../../lib/newsletter-schema.ts';
import { QUOTE_LIMITS } from '../../lib/quote-request-schema.ts';
import { ARTWORK_ACCEPT, MAX_ARTWORK_MB } from '../../lib/artwork-schema.ts';
import { EMAIL_MAX_LENGTH } from '../../lib/identifiers.ts';
import { escapeHtml as h } from '../mail/escape-html.ts';
import { fieldError, pageShell } from './page-shell.ts';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

interface Field {
  name: string;
  label: string;
  kind?: 'textarea' | 'email' | 'tel' | 'date' | 'number';
  max?: number;
  required?: boolean;
  autocomplete?: string;
  hint?: string;
}

const FIELDS: Field[] = [
  {
    name: 'what',
    label: 'What do you need printed?',
    max: QUOTE_LIMITS.what,
    required: true,
    hint: 'e.g. Vinyl event banners, 3 × 6 ft',
  },
  { name: 'quantity', label: 'How many?', kind: 'number', required: true },
  { name: 'sizes', label: 'Sizes (optional)', max: QUOTE_LIMITS.sizes, hint: 'e.g. 6 S, 10 M, 8 L' },
  { name: 'colors', label: 'Colours (optional)', max: QUOTE_LIMITS.colors },
  {
    name: 'printLocations',
    label: 'Print locations (optional)',
    max: QUOTE_LIMITS.printLocations,
    hint: 'e.g. front and back',
  },
  { name: 'inHandsDate', label: 'Need it by (optional)', kind: 'date' },
  { name: 'budget', label: 'Budget (optional)', max: QUOTE_LIMITS.budget },
  { name: 'notes', label: 'Anything else we should know? (optional)', kind: 'textarea', max: QUOTE_LIMITS.notes },
  { name: 'fullName', label: 'Name', max: QUOTE_LIMITS.name, required: true, autocomplete: 'name' },
  { name: 'emailAddress', label: 'Email', kind: 'email', max: EMAIL_MAX_LENGTH, required: true, autocomplete: 'email' },
  { name: 'phone', label: 'Phone (optional)', kind: 'tel', max: QUOTE_LIMITS.phone, autocomplete: 'tel' },
];

/**
 * The quote request form (issue #17): the /quote page renders it as it is, and a refused post
 * gets it back with what the person typed and a message at each field. A plain form post, so it
 * works without JavaScript; `product`/`service` carry the catalogue item it was opened from.
 */
export function quoteFormHtml(values: Record<string, unknown>, fields: Record<string, string>): string {
  const rows = FIELDS.map((f) => {
    const id = `quote-${f.name}`;
    const error = fieldError(id, fields[f.name]);
    const hint = f.hint ? `<p id="${id}-hint" class="hint">${h(f.hint)}</p>` : '';
    const describedBy = f.hint && !fields[f.name] ? ` aria-describedby="${id}-hint"` : '';
    const common = `id="${id}" name="${f.name}"${f.required ? ' required' : ''}${f.max ? ` maxlength="${f.max}"` : ''}${
      f.autocomplete ? ` autocomplete="${f.autocomplete}"` : ''
    }${error.attrs}${describedBy}`;
    const value = h(text(values[f.name]));
    const control =
      f.kind === 'textarea'
        ? `<textarea ${common} rows="5">${value}</textarea>`
        : f.kind === 'number'
          ? `<input ${common} type="number" inputmode="numeric" min="1" max="${QUOTE_LIMITS.quantity}" step="1" value="${value}">`
          : `<input ${common} type="${f.kind ?? 'text'}" value="${value}">`;
    return `<div class="field"><label for="${id}">${h(f.label)}</label>${hint}${control}${error.line}</div>`;
  }).join('\n');
  const hidden = ['product', 'service']
    .map((name) => `<input type="hidden" name="${name}" value="${h(text(values[name]))}" data-prefill="${name}">`)
    .join('');
  return `<form method="post" action="/api/quote-requests" class="quote-form" enctype="multipart/form-data" novalidate>
${hidden}
${rows}
${artworkField(values, fields)}
<div class="trap" aria-hidden="true"><label for="quote-website">Website</label><input id="quote-website" name="${HONEYPOT_FIELD}" tabindex="-1" autocomplete="off"></div>
<div class="actions"><button type="submit" class="button">Request a quote</button></div>
</form>`;
}

/**
 * The artwork file: posted with the form when there is no script; with script the page sends it
 * straight to storage and has it checked first (src/pages/quote.astro), and the form carries the
 * upload's id and this browser's owner token instead. A refused form keeps an upload it had.
 */
function artworkField(values: Record<string, unknown>, fields: Record<string, string>): string {
  const error = fieldError('quote-artwork', fields['artwork'] ?? fields['artworkId'] ?? fields['artworkOwner']);
  const id = text(values['artworkId']);
  const owner = text(values['artworkOwner']);
  const kept = id && owner && !error.line;
  return `<div class="field" data-artwork><label for="quote-artwork">Artwork (optional)</label>
<p id="quote-artwork-hint" class="hint">PNG, JPEG, PDF or SVG, up to ${MAX_ARTWORK_MB} MB. Send it later if it is not ready.</p>
<input id="quote-artwork" name="artwork" type="file" accept="${ARTWORK_ACCEPT}"${
    error.attrs || ' aria-describedby="quote-artwork-hint"'
  }>
<input type="hidden" name="artworkId" value="${kept ? h(id) : ''}"${kept ? '' : ' disabled'}>
<input type="hidden" name="artworkOwner" value="${kept ? h(owner) : ''}"${kept ? '' : ' disabled'}>
<p data-artwork-status role="status">${kept ? 'Your checked file is still attached.' : ''}</p>${error.line}</div>`;
}

/** The answer to a request that went through: its reference number, and what happens next. */
export function quoteSuccessPage(reply: Record<string, string>): string {
  const reference = reply['reference'];
  return pageShell(
    'Request a quote',
    `<section class="card" aria-labelledby="thanks-title">
<h1 id="thanks-title">Thank you!</h1>
<p class="notice ok" role="status">${
      reference ? `Your quote request ${h(reference)} is in.` : 'Your quote request is in.'
    }</p>
<p>We will price it and e-mail you the quote within one business day.${
      reference ? ` Quote <strong>${h(reference)}</strong> if you write to us about it.` : ''
    }</p>
<p class="actions"><a class="button" href="/">Back to home</a> <a class="button secondary" href="/quote">Request another quote</a></p>
</section>`,
  );
}

/** The form again after a refusal; `notice` says why when it is not about one field. */
export function quoteFormPage(values: Record<string, unknown>, fields: Record<string, string>, notice?: string) {
  return pageShell(
    'Request a quote',
    `<h1>Request a quote</h1>
<section class="card" aria-labelledby="form-title">
<h2 id="form-title">Tell us about the job</h2>
<p class="notice error" role="alert">${h(notice ?? 'Please correct the fields below and send your request again.')}</p>
${quoteFormHtml(values, fields)}
</section>`,
  );
}
