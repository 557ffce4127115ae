import { expect, test } from '../support/e2e-test.ts';
import { allRoutes } from '../support/public-routes.ts';

/**
 * Words run together when two pieces of text meet with no space between them ("All rights
 * reserved.Privacy Policy"): a reader sees them glued, and so do copy and paste, reader modes and
 * search snippets. The page's `innerText` is read, not `textContent`: it is the text as laid out,
 * with the breaks that separate blocks (two paragraphs are not joined words), so a join found
 * there is one a person sees; `textContent` would also report every heading meeting the
 * paragraph after it, which nobody reads as one sentence.
 */
const JOIN = /[a-z][.?!][A-Z]/g;

async function joinsOn(page: import('../support/e2e-test.ts').Page) {
  const text = await page.evaluate(() => document.body.innerText);
  return [...text.matchAll(JOIN)].map((m) => text.slice(Math.max(0, m.index - 30), m.index + 30).replace(/\s+/g, ' '));
}

test('no public page runs a sentence into the next words', async ({ page, request }) => {
  const joins: string[] = [];
  for (const route of await allRoutes(request)) {
    await page.goto(route);
    for (const join of await joinsOn(page)) joins.push(`${route}: …${join}…`);
  }
  expect(joins).toEqual([]);
});
