// @tiptap/react re-exports @tiptap/core (a dependency of it, not of the shop).
import { generateHTML, generateJSON } from '@tiptap/react';
import { EDITOR_EXTENSIONS } from './editor-extensions.ts';

/**
 * The HTML the rich editor makes of `html`: parsed into its document and written back out, as
 * it does when it opens a value and on every keystroke. Browser only (parsing uses the DOM).
 */
export function editorRoundTrip(html: string): string {
  return generateHTML(generateJSON(html, EDITOR_EXTENSIONS), EDITOR_EXTENSIONS);
}
