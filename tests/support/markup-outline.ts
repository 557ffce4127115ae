/**
 * A page's markup written out for comparison (runs in the browser: pass it to page.evaluate): each
 * element with its attributes in order of name, adjacent text joined, and what a person sees of a
 * field (its value, checked, open) rather than how a script set it. Generated ids are numbered
 * in order of appearance, and the labels and descriptions that point at them follow, so two renders
 * compare equal when they name their fields differently but tie them together the same way.
 */
export function markupOutline(root: Element): string {
  const ids = new Map<string, string>();
  for (const element of [root, ...root.querySelectorAll('[id]')]) {
    if (element.id) ids.set(element.id, `id${ids.size + 1}`);
  }
  const REFERENCES = new Set(['id', 'for', 'aria-labelledby', 'aria-describedby', 'aria-controls']);
  const IGNORED = new Set(['data-island-stand-in', 'data-stand-in-changed', 'aria-busy']);
  const lines: string[] = [];
  const walk = (node: Node, depth: number) => {
    const pad = '  '.repeat(depth);
    if (node instanceof Element) {
      const attrs = [...node.attributes]
        .filter(
          (a) =>
            !IGNORED.has(a.name) && !(node instanceof HTMLInputElement && (a.name === 'value' || a.name === 'checked')),
        )
        .map((a) => {
          const value = REFERENCES.has(a.name)
            ? a.value
                .split(' ')
                .map((token) => ids.get(token) ?? token)
                .join(' ')
            : a.value;
          return `${a.name}="${value}"`;
        })
        .sort();
      if (node instanceof HTMLInputElement || node instanceof HTMLSelectElement) {
        attrs.push(`(value=${JSON.stringify(node.value)})`);
        if (node instanceof HTMLInputElement && node.type === 'radio') attrs.push(`(checked=${node.checked})`);
      }
      if (node instanceof HTMLDetailsElement) attrs.push(`(open=${node.open})`);
      lines.push(`${pad}<${node.tagName.toLowerCase()} ${attrs.join(' ')}>`);
      let text = '';
      const flush = () => {
        if (text) lines.push(`${pad}  ${JSON.stringify(text)}`);
        text = '';
      };
      for (const child of node.childNodes) {
        if (child.nodeType === Node.TEXT_NODE) text += child.nodeValue ?? '';
        else if (child.nodeType === Node.ELEMENT_NODE) {
          flush();
          walk(child, depth + 1);
        }
      }
      flush();
    }
  };
  walk(root, 0);
  return lines.join('\n');
}
