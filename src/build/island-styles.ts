/**
 * Astro's rule for its island elements, as Astro 7 writes it beside a page's first island: inside
 * the body, where a `<style>` is not allowed (the HTML checker's error; Astro offers no option to
 * put it in the head: withastro/astro#10308, #13832, the fix in #15456 closed unmerged). Kept
 * byte for byte: tests/unit/island-styles.test.ts compares it with Astro's own.
 */
export const ISLAND_STYLE = '<style>astro-island,astro-slot,astro-static-slot{display:contents}</style>';

/**
 * A built page with the island rule moved from its body to the end of its head, where it applies
 * before any island is parsed. A page without it is returned as it was.
 */
export function hoistIslandStyles(html: string): string {
  const at = html.indexOf(ISLAND_STYLE);
  const head = html.indexOf('</head>');
  if (at === -1 || head === -1 || at < head) return html;
  const rest = html.slice(0, at) + html.slice(at + ISLAND_STYLE.length).replaceAll(ISLAND_STYLE, '');
  return `${rest.slice(0, head)}${ISLAND_STYLE}${rest.slice(head)}`;
}
