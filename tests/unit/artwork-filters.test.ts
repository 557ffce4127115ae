import { describe, expect, it, vi } from 'vitest';
import { jpeg, pdf, png, svg } from '../support/artwork-files.ts';
import { refusal } from '../support/artwork-refusal.ts';
import { activePdfs } from '../support/hostile/active-pdfs.ts';
import { blackPng, imagePolyglots, pngText, svgFilterBypasses } from '../support/hostile/artwork-bombs.ts';

/**
 * docs/decisions/0025-hardening.md item 3: the checks decide on parsed structure, so encodings do
 * not slip past them.
 */

// A file that passes the parse is decoded in a check process of its own (Node and pdf.js
// starting): about a second, several on a busy 2-core machine, past the unit tests' 5 s.
vi.setConfig({ testTimeout: 30_000 });

describe('the SVG check, on the parsed tree', () => {
  it.each(svgFilterBypasses())('refuses %s with 415', async (_name, bytes) => {
    expect(await refusal(bytes)).toMatchObject({ status: 415 });
  });

  it('still takes drawing markup: gradients, clip paths, local url()s, embedded PNG, editor metadata', async () => {
    const art = svg(
      `<defs><linearGradient id="g"><stop offset="0" stop-color="#c00"/></linearGradient><clipPath id="c"><circle cx="5" cy="5" r="5"/></clipPath></defs>
      <style>.a { fill: url(#g); stroke: #000 }</style>
      <g clip-path="url(#c)" inkscape:label="Layer 1" xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape"><rect class="a" width="10" height="10" style="fill:url( '#g' )"/></g>
      <image xlink:href="data:image/png;base64,iVBORw0KGgo=" width="1" height="1"/>
      <metadata><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></metadata>`,
    );
    expect(await refusal(art)).toBe('accepted');
  });
});

const smallJpeg = await jpeg(32, 32);

describe('the polyglot check, in an image’s own text', () => {
  it.each(imagePolyglots(smallJpeg))('refuses %s with 415', async (_name, bytes) => {
    expect(await refusal(bytes)).toMatchObject({ status: 415, message: expect.stringMatching(/web page or script/) });
  });

  it('takes images whose text is ordinary metadata', async () => {
    expect(await refusal(blackPng(16, 16, [pngText('Software', 'Adobe Photoshop 25.0 (Windows) <1>')]))).toBe(
      'accepted',
    );
    expect(await refusal(await png(32, 32))).toBe('accepted');
  });
});

describe('the PDF check, for active content', () => {
  it.each(activePdfs())('refuses %s with 415 and says what it found', async (_name, bytes) => {
    expect(await refusal(bytes)).toMatchObject({
      status: 415,
      message: expect.stringMatching(/runs JavaScript|starts a program|embedded files/),
    });
  });

  it('takes a plain PDF, and one that opens at its first page', async () => {
    expect(await refusal(pdf())).toBe('accepted');
    const opensAtPage = pdf().toString('latin1').replace('/Pages 2 0 R', '/Pages 2 0 R /OpenAction [3 0 R /Fit]');
    expect(await refusal(Buffer.from(opensAtPage, 'latin1'))).toBe('accepted');
  });
});
