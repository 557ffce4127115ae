import sanitizeHtml from 'sanitize-html';
import { escapeHtml } from '../security/escape-html.ts';

/** An admin-editable template (email_templates), as the renderer needs it. */
export interface MailTemplate {
  name: string;
  subject: string;
  txt: string;
  html: string;
  bindings: readonly string[];
}

/** Binding values. Names ending in `Html` are HTML the server built itself (escaping what it inserted). */
export type Bindings = Record<string, string | number | null | undefined>;

export interface RenderedMail {
  subject: string;
  text: string;
  /** null when the template has no HTML body. */
  html: string | null;
  /** Placeholders that had no value and were left empty (logged by the caller). */
  missing: string[];
}

const PLACEHOLDER = /\{\{\s*([A-Za-z][A-Za-z0-9_]*)\s*\}\}/g;
const SUBJECT_MAX = 200;

/** A binding whose value is pre-built HTML, inserted unescaped into the HTML body only. */
export const isHtmlBinding = (name: string) => name.endsWith('Html');

/**
 * Renders a template: `{{name}}` placeholders are replaced in the subject, the text and the HTML
 * body. In HTML every value is escaped, except `…Html` bindings; the result is then sanitised
 * as a whole, so neither a template an admin pasted nor a value can bring script, event
 * handlers, forms or javascript: links into a mail. The subject is one line (it is a header).
 * A placeholder without a value renders as nothing; in the text body an `…Html` value is
 * reduced to its text.
 */
export function renderTemplate(template: MailTemplate, values: Bindings): RenderedMail {
  const missing = new Set<string>();
  const bindingValue = (name: string): string | undefined => {
    const value = Object.hasOwn(values, name) ? values[name] : undefined;
    if (value === undefined || value === null) {
      missing.add(name);
      return undefined;
    }
    return String(value);
  };

  const subject = oneLine(template.subject.replace(PLACEHOLDER, (_, name: string) => bindingValue(name) ?? ''));
  // A value left empty (no discount, no artwork missing) leaves no run of blank lines behind.
  const text = template.txt
    .replace(PLACEHOLDER, (_, name: string) => {
      const value = bindingValue(name) ?? '';
      return isHtmlBinding(name) ? htmlToText(value) : value;
    })
    .replace(/\n[ \t]*\n(?:[ \t]*\n)+/g, '\n\n');
  const html = template.html.trim()
    ? sanitizeMailHtml(
        template.html.replace(PLACEHOLDER, (_, name: string) => {
          const value = bindingValue(name) ?? '';
          return isHtmlBinding(name) ? value : escapeHtml(value);
        }),
      )
    : null;
  return { subject, text, html, missing: [...missing] };
}

/** Collapses every kind of line break and control character: a header is one line. */
export function oneLine(text: string): string {
  const flat = text
    .replace(/[\p{Cc}\u2028\u2029]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return flat.length > SUBJECT_MAX ? `${flat.slice(0, SUBJECT_MAX - 1)}…` : flat;
}

function htmlToText(html: string): string {
  return sanitizeHtml(html.replace(/<\/(tr|p|div|li|h\d)>/gi, '$&\n').replace(/<\/t[dh]>/gi, '$& '), {
    allowedTags: [],
    allowedAttributes: {},
  })
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'");
}

// A CSS value without url(), expression(), imports, escapes or script schemes.
const SAFE_CSS = /^(?!.*(?:url\s*\(|expression\s*\(|javascript:|vbscript:|@import|\\|behavior|-moz-binding))[^<>]*$/i;
const STYLE_PROPERTIES = [
  'background',
  'background-color',
  'border',
  'border-bottom',
  'border-collapse',
  'border-color',
  'border-left',
  'border-radius',
  'border-right',
  'border-spacing',
  'border-style',
  'border-top',
  'border-width',
  'color',
  'display',
  'font',
  'font-family',
  'font-size',
  'font-style',
  'font-weight',
  'height',
  'letter-spacing',
  'line-height',
  'margin',
  'margin-bottom',
  'margin-left',
  'margin-right',
  'margin-top',
  'max-width',
  'min-width',
  'padding',
  'padding-bottom',
  'padding-left',
  'padding-right',
  'padding-top',
  'text-align',
  'text-decoration',
  'text-transform',
  'vertical-align',
  'white-space',
  'width',
];

const MAIL_HTML: sanitizeHtml.IOptions = {
  allowedTags: [
    ...sanitizeHtml.defaults.allowedTags.filter((tag) => tag !== 'style'),
    'img',
    'center',
    'font',
    'h1',
    'h2',
  ],
  allowedAttributes: {
    '*': ['style', 'align', 'valign', 'width', 'height', 'bgcolor', 'dir', 'lang', 'title'],
    a: ['href', 'name', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height', 'border'],
    table: ['border', 'cellpadding', 'cellspacing', 'role'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan', 'scope'],
    font: ['color', 'face', 'size'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  allowedStyles: { '*': Object.fromEntries(STYLE_PROPERTIES.map((p) => [p, [SAFE_CSS]])) },
  disallowedTagsMode: 'discard',
};

/** The HTML body with only what a mail client should render: layout, text, links, images. */
export function sanitizeMailHtml(html: string): string {
  return sanitizeHtml(html, MAIL_HTML);
}
