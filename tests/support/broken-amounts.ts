import type { Page } from '@playwright/test';

/**
 * Dollar amounts split over two line boxes inside `root`
 * (docs/decisions/0028-owner-and-receipts.md): the text of each amount, as a range, must have one
 * line; `squeezed` also narrows each amount's parent to one character (the narrowest a column
 * gets). Answers each broken amount with where it stands.
 */
export async function brokenAmounts(page: Page, squeezed = false, root = 'body'): Promise<string[]> {
  return page.evaluate(
    ([squeezed, root]) => {
      const broken: string[] = [];
      const walker = document.createTreeWalker(document.querySelector(root) ?? document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (const match of (node.textContent ?? '').matchAll(/\$\d[\d,]*(\.\d+)?/g)) {
          const parent = node.parentElement!;
          const width = parent.style.width;
          if (squeezed) parent.style.width = '1ch';
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
          parent.style.width = width;
          if (lines.size > 1) broken.push(`${match[0]} in ${parent.outerHTML.slice(0, 80)}`);
        }
      }
      return broken;
    },
    [squeezed, root] as const,
  );
}
