import { describe, expect, it } from 'vitest';
import type { ArtworkCheckResult, ArtworkFindings, UploadTicket } from '../../src/lib/artwork/artwork-schema.ts';
import {
  ArtworkUploadError,
  fetchArtworkThumbnail,
  isCanceled,
  type UploadProgress,
  uploadArtwork,
} from '../../src/lib/browser/artwork-upload.ts';
import { describeArtwork, effectiveDpi } from '../../src/lib/artwork/artwork-words.ts';

const TICKET: UploadTicket = {
  artworkId: '11111111-2222-4333-8444-555555555555',
  ownerToken: 'owner-token-owner-token-owner-token-0001',
  upload: { url: '/_storage/artwork/x?signature=s', method: 'PUT', headers: { 'x-upsert': 'false' }, expiresAt: '' },
};

/** A stand-in XMLHttpRequest: records what was sent and lets the test drive progress and the answer. */
class FakeXhr {
  opened: [string, string] | null = null;
  headers: Record<string, string> = {};
  sent: unknown = null;
  status = 0;
  responseText = '';
  aborted = false;
  upload: { onprogress: ((e: { loaded: number; total: number; lengthComputable: boolean }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.opened = [method, url];
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.sent = body;
    queueMicrotask(() => this.script(this));
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  private readonly script: (xhr: FakeXhr) => void;
  constructor(script: (xhr: FakeXhr) => void) {
    this.script = script;
  }
}

const finish =
  (status = 200, text = '') =>
  (xhr: FakeXhr) => {
    xhr.upload.onprogress?.({ loaded: 5, total: 10, lengthComputable: true });
    xhr.upload.onprogress?.({ loaded: 10, total: 10, lengthComputable: true });
    xhr.status = status;
    xhr.responseText = text;
    xhr.onload?.();
  };

function fakeFetch(answers: Record<string, () => Response>) {
  const calls: { url: string; body: unknown; headers: Record<string, string> }[] = [];
  const doFetch = (async (url: string, init: RequestInit = {}) => {
    calls.push({
      url,
      body: init.body ? JSON.parse(String(init.body)) : null,
      headers: (init.headers ?? {}) as Record<string, string>,
    });
    if (init.signal?.aborted) throw new DOMException('aborted', 'AbortError');
    const answer = Object.entries(answers).find(([path]) => url.startsWith(path));
    return answer ? answer[1]() : new Response('{}', { status: 404 });
  }) as unknown as typeof fetch;
  return { calls, doFetch };
}

const file = (size = 10, name = 'logo.png') => new File([new Uint8Array(size)], name, { type: 'image/png' });
const checked = { artworkId: TICKET.artworkId, warnings: [] } as unknown as ArtworkCheckResult;

describe('uploadArtwork', () => {
  it('asks for a signed URL, PUTs the file there with progress, then asks for the check', async () => {
    const { calls, doFetch } = fakeFetch({
      '/api/artwork/uploads': () => Response.json(TICKET, { status: 201 }),
      [`/api/artwork/${TICKET.artworkId}/check`]: () => Response.json(checked),
    });
    let xhr: FakeXhr | undefined;
    const progress: UploadProgress[] = [];
    const result = await uploadArtwork({
      file: file(),
      ownerToken: null,
      printWidthInches: 12,
      fetch: doFetch,
      createXhr: () => {
        xhr = new FakeXhr(finish());
        return xhr as unknown as XMLHttpRequest;
      },
      onProgress: (p) => progress.push(p),
    });
    expect(result).toEqual(checked);
    expect(calls[0]).toMatchObject({
      url: '/api/artwork/uploads',
      body: { fileName: 'logo.png', size: 10, ownerToken: null },
    });
    expect(xhr?.opened).toEqual(['PUT', TICKET.upload.url]);
    expect(xhr?.headers).toEqual({ 'x-upsert': 'false' });
    expect(xhr?.sent).toBeInstanceOf(Blob);
    expect(calls[1]).toMatchObject({ body: { ownerToken: TICKET.ownerToken, printWidthInches: 12 } });
    expect(progress.map((p) => [p.stage, p.fraction])).toEqual([
      ['preparing', 0],
      ['uploading', 0.5],
      ['uploading', 1],
      ['checking', 1],
    ]);
  });

  it('refuses a file over 50 MB without asking the shop', async () => {
    const { calls, doFetch } = fakeFetch({});
    const big = { name: 'big.pdf', size: 50 * 1024 * 1024 + 1 } as unknown as File;
    await expect(uploadArtwork({ file: big, ownerToken: null, fetch: doFetch })).rejects.toMatchObject({ status: 413 });
    expect(calls).toEqual([]);
  });

  it('answers the shop’s own message when the check refuses the file', async () => {
    const { doFetch } = fakeFetch({
      '/api/artwork/uploads': () => Response.json(TICKET, { status: 201 }),
      '/api/artwork/': () =>
        Response.json({ error: { code: 'unsupported_artwork', message: 'This is a ZIP archive.' } }, { status: 415 }),
    });
    const failure = await uploadArtwork({
      file: file(),
      ownerToken: null,
      fetch: doFetch,
      createXhr: () => new FakeXhr(finish()) as unknown as XMLHttpRequest,
    }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ArtworkUploadError);
    expect(failure).toMatchObject({ status: 415, code: 'unsupported_artwork', message: 'This is a ZIP archive.' });
  });

  it('reports a refused PUT (an expired link) with storage’s message', async () => {
    const { doFetch } = fakeFetch({ '/api/artwork/uploads': () => Response.json(TICKET, { status: 201 }) });
    const refusal = JSON.stringify({ error: { code: 'forbidden', message: 'This link has expired.' } });
    await expect(
      uploadArtwork({
        file: file(),
        ownerToken: null,
        fetch: doFetch,
        createXhr: () => new FakeXhr(finish(403, refusal)) as unknown as XMLHttpRequest,
      }),
    ).rejects.toMatchObject({ status: 403, message: 'This link has expired.' });
  });

  it('cancels a running upload: the request is aborted and the promise says canceled', async () => {
    const { calls, doFetch } = fakeFetch({ '/api/artwork/uploads': () => Response.json(TICKET, { status: 201 }) });
    const abort = new AbortController();
    let xhr: FakeXhr | undefined;
    const running = uploadArtwork({
      file: file(),
      ownerToken: null,
      fetch: doFetch,
      signal: abort.signal,
      createXhr: () => {
        // Sends, reports some progress, then waits for the person.
        xhr = new FakeXhr((x) => x.upload.onprogress?.({ loaded: 3, total: 10, lengthComputable: true }));
        return xhr as unknown as XMLHttpRequest;
      },
      onProgress: (p) => {
        if (p.loaded === 3) abort.abort();
      },
    });
    const failure = await running.catch((e: unknown) => e);
    expect(isCanceled(failure)).toBe(true);
    expect(xhr?.aborted).toBe(true);
    expect(calls.map((c) => c.url)).toEqual(['/api/artwork/uploads']);
  });
});

describe('fetchArtworkThumbnail', () => {
  it('sends the owner token in a header, never in the URL', async () => {
    const { calls, doFetch } = fakeFetch({ '/api/artwork/': () => new Response(new Uint8Array([1, 2, 3])) });
    const url = await fetchArtworkThumbnail('/api/artwork/x/thumbnail', 'token-abc', { fetch: doFetch });
    expect(url).toMatch(/^blob:/);
    URL.revokeObjectURL(url);
    expect(calls[0]).toMatchObject({ url: '/api/artwork/x/thumbnail', headers: { 'x-artwork-owner': 'token-abc' } });
  });
});

describe('describeArtwork', () => {
  const raster: ArtworkFindings = {
    kind: 'raster',
    widthPx: 1800,
    heightPx: 1200,
    hasTransparency: false,
    pages: null,
    widthIn: null,
    heightIn: null,
    samePageSizes: null,
  };

  it('says the effective DPI at the print width and whether it may print soft', () => {
    expect(effectiveDpi(1800, 12)).toBe(150);
    expect(describeArtwork(raster, 12).warnings).toEqual(['150 dpi at 12 in wide: may print soft.']);
    expect(describeArtwork(raster, 9).notes).toContain('200 dpi at 9 in wide: prints sharp.');
    expect(describeArtwork(raster, 20).warnings[0]).toMatch(/^90 dpi at 20 in wide: will print blurry/);
    expect(describeArtwork(raster, null).effectiveDpi).toBeNull();
  });

  it('describes a PDF by pages and page size, and warns when the pages differ', () => {
    const words = describeArtwork(
      {
        ...raster,
        kind: 'pdf',
        widthPx: null,
        heightPx: null,
        hasTransparency: null,
        pages: 2,
        widthIn: 8.5,
        heightIn: 11,
        samePageSizes: false,
      },
      12,
    );
    expect(words.notes).toEqual(['PDF, 2 pages.', 'Page size 8.5 in × 11 in.']);
    expect(words.warnings).toContain('The pages are not all the same size.');
    expect(words.effectiveDpi).toBeNull();
  });
});
