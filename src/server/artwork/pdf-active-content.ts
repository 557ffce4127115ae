import { inflateSync } from 'node:zlib';

/**
 * Active content in a PDF: actions that run script, start programs, send or pull data, or
 * files carried inside it. A print file needs none of these, and the shop offers PDFs as
 * downloads (to the owner, and proofs to customers), so a PDF holding one is refused rather
 * than flagged. Names are read as a PDF reader reads them (`/J#61vaScript` is /JavaScript),
 * in the file's objects and in its compressed object streams; pdf.js's own view of the
 * document's scripts and attachments is checked in the sandbox as well.
 */
const ACTIVE_NAMES = new Map([
  ['JavaScript', 'runs JavaScript'],
  ['JS', 'runs JavaScript'],
  ['Launch', 'starts a program'],
  ['SubmitForm', 'sends form data'],
  ['ImportData', 'imports data'],
  ['RichMedia', 'holds rich media'],
  ['EmbeddedFile', 'carries embedded files'],
  ['EmbeddedFiles', 'carries embedded files'],
  ['GoToE', 'opens embedded files'],
  ['XFA', 'holds an XFA form'],
]);
const OBJECT_STREAM_LIMIT = 8 * 1024 * 1024;

const decodeName = (name: string) =>
  name.replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

function namesIn(text: string): string | null {
  for (const match of text.matchAll(/\/([^\s/<>[\]()%{}]+)/g)) {
    const what = ACTIVE_NAMES.get(decodeName(match[1]!));
    if (what) return what;
  }
  return null;
}

/** What active content the PDF has, in words ("runs JavaScript"), or null. */
export function pdfActiveContent(bytes: Buffer): string | null {
  const text = bytes.toString('latin1');
  // Stream bodies are data (images, fonts, page content), not objects: a name matched there is
  // chance. Object streams are the exception: they hold objects, so they are inflated and read.
  const streams = /(?<!end)stream\r?\n/g;
  let outside = '';
  let from = 0;
  let inflatedBudget = OBJECT_STREAM_LIMIT;
  for (let match = streams.exec(text); match; match = streams.exec(text)) {
    const start = match.index + match[0].length;
    const end = text.indexOf('endstream', start);
    if (end < 0) break;
    const dictionary = text.slice(Math.max(from, match.index - 2048), match.index);
    outside += text.slice(from, match.index);
    if (/\/Type\s*\/ObjStm/.test(dictionary) && inflatedBudget > 0) {
      try {
        const objects = inflateSync(bytes.subarray(start, end), { maxOutputLength: inflatedBudget });
        inflatedBudget -= objects.length;
        outside += `\n${objects.toString('latin1')}\n`;
      } catch {
        // Not inflatable or past the budget: pdf.js's own checks in the sandbox still apply.
      }
    }
    from = end;
    streams.lastIndex = end;
  }
  outside += text.slice(from);
  return namesIn(outside);
}
