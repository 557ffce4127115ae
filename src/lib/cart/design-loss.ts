import { Parser } from 'htmlparser2';

/**
 * What a rich-text (Design) view would drop from an HTML template. The caller passes the
 * template and the HTML its editor makes of it (parsed into the editor's document and written
 * back out: the round trip the Design view does on load and on every keystroke); anything the
 * first has and the second does not is lost. What the editor adds (a paragraph around bare
 * text, rel on links) loses nothing and is not counted.
 */
export interface DesignLoss {
  tables: boolean;
  styles: boolean;
  /** Other elements that go, e.g. ['div', 'center']. */
  tags: string[];
  /** Other attributes that go, e.g. ['align', 'width']. */
  attributes: string[];
  /** Some text (a placeholder, a word) would go or move. */
  text: boolean;
}

/** Elements the editor writes under another name: not a loss. */
const SAME_AS: Record<string, string> = { b: 'strong', i: 'em', strike: 's', del: 's' };
const TABLE_PARTS = new Set(['table', 'caption', 'colgroup', 'col', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td']);

interface Features {
  tags: Map<string, number>;
  /** "td align=right", "p style=color:#bf5700" */
  attributes: Map<string, number>;
  text: string;
}

const normaliseStyle = (style: string) =>
  style
    .split(';')
    .map((rule) =>
      rule
        .trim()
        .replace(/\s*:\s*/, ':')
        .replace(/\s+/g, ' '),
    )
    .filter(Boolean)
    .join(';');

function featuresOf(html: string): Features {
  const found: Features = { tags: new Map(), attributes: new Map(), text: '' };
  const add = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);
  const parser = new Parser({
    onopentag(name, attributes) {
      const tag = SAME_AS[name] ?? name;
      add(found.tags, tag);
      for (const [attribute, value] of Object.entries(attributes)) {
        add(found.attributes, `${tag} ${attribute}=${attribute === 'style' ? normaliseStyle(value) : value}`);
      }
    },
    ontext(text) {
      found.text += text;
    },
  });
  parser.write(html);
  parser.end();
  return found;
}

/** Keys the first map has more of than the second. */
const missingFrom = (before: Map<string, number>, after: Map<string, number>) =>
  [...before].filter(([key, count]) => count > (after.get(key) ?? 0)).map(([key]) => key);

/** What `editorHtml` (the editor's round trip of `html`) lost of `html`; null when nothing. */
export function designLoss(html: string, editorHtml: string): DesignLoss | null {
  const before = featuresOf(html);
  const after = featuresOf(editorHtml);
  const tags = missingFrom(before.tags, after.tags);
  const attributes = missingFrom(before.attributes, after.attributes).map((key) => key.split(' ')[1]!.split('=')[0]!);
  const words = (text: string) => text.replace(/\s+/g, '');
  const loss: DesignLoss = {
    tables: tags.some((tag) => TABLE_PARTS.has(tag)),
    styles: attributes.includes('style'),
    tags: tags.filter((tag) => !TABLE_PARTS.has(tag)),
    attributes: [...new Set(attributes.filter((name) => name !== 'style'))],
    text: words(before.text) !== words(after.text),
  };
  const lost = loss.tables || loss.styles || loss.tags.length > 0 || loss.attributes.length > 0 || loss.text;
  return lost ? loss : null;
}

const list = (parts: string[]) =>
  parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;

/** The owner's message: what the Design view would lose, and where to edit instead. */
export function describeDesignLoss(loss: DesignLoss): string {
  const parts = [
    ...(loss.tables ? ['tables'] : []),
    ...(loss.styles ? ['styling (inline styles)'] : []),
    ...(loss.tags.length > 0 ? [`${list(loss.tags.map((tag) => `<${tag}>`))} elements`] : []),
    ...(loss.attributes.length > 0 ? [`layout attributes (${loss.attributes.join(', ')})`] : []),
    ...(loss.text ? ['some of its text'] : []),
  ];
  return `The Design view would lose this template's ${list(parts)}, so it is off for this template: edit it in the HTML tab.`;
}
