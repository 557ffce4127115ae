import { Parser } from 'htmlparser2';
import type { ArtworkFindings } from '../../lib/artwork-schema.ts';
import { artworkTooLarge, notArtwork } from './refusals.ts';

/** Elements that run script or pull in other documents: an SVG holding one is refused. */
const ACTIVE_ELEMENTS = new Set([
  'script',
  'foreignobject',
  'iframe',
  'embed',
  'object',
  'handler',
  'listener',
  'audio',
  'video',
]);
const LIMITS = { elements: 200_000, depth: 200, uses: 10_000 };
/** A reference that stays inside the file: a fragment, or a raster image embedded as data. */
const LOCAL_REFERENCE = /^\s*(#|data:image\/(png|jpeg|gif|webp);base64,)/i;
const EXTERNAL_URL = /url\(\s*['"]?\s*(?!#)/i;
const INCHES: Record<string, number> = {
  in: 1,
  cm: 1 / 2.54,
  mm: 1 / 25.4,
  pt: 1 / 72,
  pc: 1 / 6,
  px: 1 / 96,
  '': 1 / 96,
};

function lengthInInches(value: string | undefined): number | null {
  const match = /^\s*([0-9]*\.?[0-9]+)\s*(in|cm|mm|pt|pc|px)?\s*$/.exec(value ?? '');
  if (!match) return null;
  const inches = Number(match[1]) * INCHES[match[2] ?? '']!;
  return inches > 0 ? Number(inches.toFixed(3)) : null;
}

/**
 * Checks an SVG before anything renders it: well-formed enough to parse, no DOCTYPE or
 * entities (they can read files or expand without bound), no script, event handlers,
 * foreignObject or references outside the file (href, url(), @import, stylesheets). The SVG is
 * then kept download-only: never served inline from the shop's origin.
 */
export function inspectSvg(bytes: Buffer): ArtworkFindings {
  const text = bytes.toString('utf8');
  let problem: string | null = null;
  const refuse = (message: string) => {
    problem ??= message;
  };
  let elements = 0;
  let uses = 0;
  let depth = 0;
  let inStyle = false;
  let root: Record<string, string> | null = null;
  const parser = new Parser(
    {
      onprocessinginstruction(name) {
        const lower = name.toLowerCase();
        if (lower.startsWith('!doctype') || lower.startsWith('!entity')) {
          refuse('SVG files with a DOCTYPE or entities are not accepted. Export it again.');
        } else if (lower.startsWith('?xml-stylesheet')) {
          refuse('The SVG loads a stylesheet from elsewhere. Export it with styles inside the file.');
        }
      },
      onopentag(rawName, attributes) {
        const name = rawName.toLowerCase().replace(/^.*:/, '');
        elements++;
        depth++;
        if (name === 'use') uses++;
        if (elements === 1) root = attributes;
        if (ACTIVE_ELEMENTS.has(name))
          refuse(`The SVG holds <${rawName}> (script or embedded content), which we do not accept.`);
        if (name === 'style') inStyle = true;
        for (const [attribute, value] of Object.entries(attributes)) {
          const local = attribute.toLowerCase().replace(/^.*:/, '');
          if (local.startsWith('on')) refuse(`The SVG has an event handler (${attribute}), which we do not accept.`);
          else if ((local === 'href' || local === 'src') && !LOCAL_REFERENCE.test(value)) {
            refuse('The SVG refers to another file or address. Embed everything in the file and try again.');
          } else if (EXTERNAL_URL.test(value) || /javascript:/i.test(value)) {
            refuse('The SVG refers to another file or address. Embed everything in the file and try again.');
          }
        }
      },
      ontext(data) {
        if (inStyle && (/@import/i.test(data) || EXTERNAL_URL.test(data))) {
          refuse('The SVG’s styles load something from elsewhere. Embed everything in the file and try again.');
        }
      },
      onclosetag(rawName) {
        depth--;
        if (rawName.toLowerCase().replace(/^.*:/, '') === 'style') inStyle = false;
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  // Parsed in slices so the counts can stop a bomb before the whole file is walked.
  for (let at = 0; at < text.length && !problem; at += 64 * 1024) {
    parser.write(text.slice(at, at + 64 * 1024));
    if (elements > LIMITS.elements || depth > LIMITS.depth || uses > LIMITS.uses) {
      throw artworkTooLarge('The SVG is too complex for us to check (too many or too deeply nested shapes).');
    }
  }
  parser.end();
  if (problem) throw notArtwork(problem);
  const svg = root as Record<string, string> | null;
  if (!svg) throw notArtwork('The SVG has no drawing in it.');
  return {
    kind: 'vector',
    widthPx: null,
    heightPx: null,
    hasTransparency: null,
    pages: null,
    widthIn: lengthInInches(svg['width']),
    heightIn: lengthInInches(svg['height']),
    samePageSizes: null,
  };
}
