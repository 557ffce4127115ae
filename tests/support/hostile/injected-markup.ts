import { Parser } from 'htmlparser2';

/**
 * The corpus's markup (RAW_MARKUP) that a browser would run in an HTML answer: a script element
 * calling alert, an image with onerror, a javascript: link. Parsed as a browser parses, so the
 * same text inside a quoted attribute value (a field's value="…", which HTML never reads as
 * markup) is no finding, and a text node that left it unescaped is.
 */
export function injectedMarkup(html: string): string[] {
  const found = new Set<string>();
  let inScript = false;
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        if (name === 'script') inScript = true;
        if (name === 'img' && 'onerror' in attribs) found.add('<img src=x onerror');
        if (name === 'a' && /^\s*javascript:/i.test(attribs['href'] ?? '')) found.add('<a href="javascript:');
      },
      ontext(text) {
        if (inScript && text.trimStart().startsWith('alert')) found.add('<script>alert');
      },
      onclosetag(name) {
        if (name === 'script') inScript = false;
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return [...found];
}
