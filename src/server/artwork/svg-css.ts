/**
 * CSS and reference checks for SVG, made on what a renderer would read: character references
 * are already decoded by the parser; CSS escapes (`u\72l(`, `@\69mport`) and comments are
 * undone here, and whitespace and control characters are dropped before a scheme is looked at
 * (`java&#9;script:` is `javascript:` to a browser).
 */
const SAFE_DATA_IMAGE = /^data:image\/(png|jpeg|gif|webp);base64,/i;

/** The value with CSS comments removed and every escape replaced by the character it stands for. */
export function unescapeCss(css: string): string {
  return css
    .replace(/\/\*[\s\S]*?(\*\/|$)/g, '')
    .replace(/\\([0-9a-f]{1,6})[ \t\r\n\f]?|\\([\s\S])/gi, (_, hex: string | undefined, char: string | undefined) => {
      if (hex === undefined) return char === '\n' ? '' : (char ?? '');
      const code = Number.parseInt(hex, 16);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '\uFFFD';
    });
}

/** Whitespace and control characters removed, lower-cased: what a URL parser keeps of a scheme. */
const squeezed = (value: string) => value.replace(/[\s\p{Cc}\p{Cf}]/gu, '').toLowerCase();

/** An href/src that stays inside the file: a fragment, or a PNG/JPEG/GIF/WebP embedded as data. */
export function isLocalReference(value: string): boolean {
  const url = squeezed(value);
  return url.startsWith('#') || SAFE_DATA_IMAGE.test(url);
}

/** What is wrong with CSS text (a style attribute, a <style> element or a property value), if anything. */
export function cssProblem(css: string): string | null {
  // Plain values (path data, numbers, colours, names) cannot load or run anything.
  if (!/[(@:\\&]/.test(css)) return null;
  const plain = squeezed(unescapeCss(css));
  if (plain.includes('@import') || plain.includes('@namespace')) return 'loads a stylesheet from elsewhere';
  if (/javascript:|vbscript:|expression\(|-moz-binding|behavior:/.test(plain)) return 'holds script';
  for (const match of plain.matchAll(/(?:url|src|image|image-set|-webkit-image-set)\(([^)]*)\)?/g)) {
    const target = (match[1] ?? '').replace(/^['"]|['"]$/g, '');
    if (!target.startsWith('#')) return 'refers to another file or address';
  }
  return null;
}

/** The ids a value refers to with url(#id). */
export function urlReferences(value: string): string[] {
  const plain = unescapeCss(value);
  return [...plain.matchAll(/url\(\s*['"]?\s*#([^'")\s]+)/gi)].map((m) => m[1]!);
}
