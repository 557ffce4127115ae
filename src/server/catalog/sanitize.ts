import sanitizeHtml from 'sanitize-html';

/**
 * Rich HTML from the admin (service and collection descriptions from the rich editor, e-mail
 * templates) is cleaned on save with an allow-list: unknown tags go (their text stays, except
 * script/style whose content goes too), event handlers and other unlisted attributes go, and
 * links keep only http(s), mailto and tel. Templates also keep inline styles and table layout
 * attributes, which e-mail clients need, with style values that cannot load anything.
 */
const LINK_SCHEMES = ['http', 'https', 'mailto', 'tel'];

const TEXT_TAGS = [
  'p',
  'br',
  'hr',
  'div',
  'span',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'del',
  'ins',
  'sub',
  'sup',
  'small',
  'mark',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'blockquote',
  'pre',
  'code',
  'ul',
  'ol',
  'li',
  'a',
  'img',
  'table',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
  'caption',
  'figure',
  'figcaption',
];

const COMMON_ATTRIBUTES: Record<string, sanitizeHtml.AllowedAttribute[]> = {
  a: ['href', 'title', 'target', 'rel'],
  img: ['src', 'alt', 'title', 'width', 'height'],
  th: ['colspan', 'rowspan', 'scope'],
  td: ['colspan', 'rowspan'],
  ol: ['start'],
  '*': ['class'],
};

/** Safe CSS values: no url(), expression(), escapes or at-rules, so a style cannot load or run anything. */
const SAFE_VALUE = [/^(?!.*(?:url|expression|image-set|var)\s*\()(?!.*[\\@<>])[-#\w\s.,%'"/()!]+$/i];
const STYLE_PROPERTIES = [
  'color',
  'background',
  'background-color',
  'font',
  'font-family',
  'font-size',
  'font-weight',
  'font-style',
  'text-align',
  'text-decoration',
  'text-transform',
  'letter-spacing',
  'line-height',
  'white-space',
  'vertical-align',
  'width',
  'max-width',
  'min-width',
  'height',
  'display',
  'margin',
  'margin-top',
  'margin-right',
  'margin-bottom',
  'margin-left',
  'padding',
  'padding-top',
  'padding-right',
  'padding-bottom',
  'padding-left',
  'border',
  'border-top',
  'border-right',
  'border-bottom',
  'border-left',
  'border-color',
  'border-width',
  'border-style',
  'border-radius',
  'border-collapse',
  'border-spacing',
];

const relForNewTab = (tagName: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag => ({
  tagName,
  attribs: attribs['target'] === '_blank' ? { ...attribs, rel: 'noopener noreferrer' } : attribs,
});

const BASE: sanitizeHtml.IOptions = {
  allowedTags: TEXT_TAGS,
  allowedAttributes: COMMON_ATTRIBUTES,
  allowedSchemes: LINK_SCHEMES,
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: { a: relForNewTab },
};

const DESCRIPTION_OPTIONS: sanitizeHtml.IOptions = BASE;

const TEMPLATE_OPTIONS: sanitizeHtml.IOptions = {
  ...BASE,
  allowedTags: [...TEXT_TAGS, 'center', 'font'],
  allowedAttributes: {
    ...COMMON_ATTRIBUTES,
    table: ['width', 'border', 'cellpadding', 'cellspacing', 'align', 'bgcolor', 'role'],
    tr: ['align', 'valign', 'bgcolor'],
    th: ['colspan', 'rowspan', 'scope', 'align', 'valign', 'width', 'bgcolor'],
    td: ['colspan', 'rowspan', 'align', 'valign', 'width', 'bgcolor'],
    font: ['color', 'face', 'size'],
    '*': ['class', 'style', 'align'],
  },
  allowedStyles: { '*': Object.fromEntries(STYLE_PROPERTIES.map((p) => [p, SAFE_VALUE])) },
};

/** Cleans rich-editor HTML (service description_html, collection html_description). */
export function sanitizeDescription(html: string): string {
  return sanitizeHtml(html, DESCRIPTION_OPTIONS);
}

/** Cleans e-mail template HTML; {{binding}} placeholders in text and href survive. */
export function sanitizeTemplateHtml(html: string): string {
  return sanitizeHtml(html, TEMPLATE_OPTIONS);
}

/** null/undefined pass through, so a partial update that leaves a field out leaves it alone. */
export function cleanOptional<T extends string | null | undefined>(value: T, clean: (html: string) => string): T {
  return (typeof value === 'string' ? clean(value) : value) as T;
}
