import { parseErrorBody } from '../api-error.ts';
import {
  type ArtworkCheckResult,
  MAX_ARTWORK_BYTES,
  MAX_ARTWORK_MB,
  OWNER_HEADER,
  type UploadTicket,
} from '../artwork/artwork-schema.ts';
import { rememberOwnerToken } from './artwork-owner.ts';

export { rememberOwnerToken, storedOwnerToken } from './artwork-owner.ts';

/**
 * The browser side of an artwork upload (docs/decisions/0015-print-ordering.md): ask for a signed URL, send the file
 * straight to storage with progress (XMLHttpRequest, the one browser API that reports upload
 * progress), then ask the shop to check it. Cancelable at every step with an AbortSignal.
 * No dependency beyond the schema, so the upload component stays small and loads on demand.
 */

export class ArtworkUploadError extends Error {
  override readonly name = 'ArtworkUploadError';
  /** HTTP status; 0 = no answer (network), -1 = canceled. */
  readonly status: number;
  readonly code: string;
  constructor(status: number, code: string, message: string) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

export const isCanceled = (error: unknown) => error instanceof ArtworkUploadError && error.status === -1;

export type UploadStage = 'preparing' | 'uploading' | 'checking';
export interface UploadProgress {
  stage: UploadStage;
  loaded: number;
  total: number;
  /** 0..1 of the bytes sent. */
  fraction: number;
}

export interface UploadArtworkOptions {
  file: Blob & { name: string };
  /** The browser's owner token, or null for a first upload (the answer's token is remembered). */
  ownerToken: string | null;
  printWidthInches?: number | null;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
  /** Test seams: the network edge. */
  fetch?: typeof fetch;
  createXhr?: () => XMLHttpRequest;
}

const canceled = () => new ArtworkUploadError(-1, 'canceled', 'The upload was canceled.');

async function apiError(res: Response): Promise<ArtworkUploadError> {
  const { code, message } = parseErrorBody(await res.text().catch(() => ''));
  return new ArtworkUploadError(
    res.status,
    code ?? 'http_error',
    message ?? 'The shop could not take the file. Please try again.',
  );
}

async function postJson<T>(doFetch: typeof fetch, url: string, body: unknown, signal?: AbortSignal): Promise<T> {
  let res: Response;
  try {
    res = await doFetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      ...(signal ? { signal } : {}),
    });
  } catch (error) {
    if (signal?.aborted) throw canceled();
    throw new ArtworkUploadError(
      0,
      'network',
      `We could not reach the shop. Check your connection. (${String(error)})`,
    );
  }
  if (!res.ok) throw await apiError(res);
  return (await res.json()) as T;
}

/** PUTs the file to the signed URL, reporting progress; rejects with ArtworkUploadError. */
export function putFile(
  xhr: XMLHttpRequest,
  ticket: UploadTicket['upload'],
  file: Blob,
  onProgress: (loaded: number, total: number) => void,
  signal?: AbortSignal,
): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(canceled());
    const abort = () => xhr.abort();
    signal?.addEventListener('abort', abort, { once: true });
    const done = (error?: ArtworkUploadError) => {
      signal?.removeEventListener('abort', abort);
      if (error) reject(error);
      else resolve();
    };
    xhr.open('PUT', ticket.url);
    for (const [name, value] of Object.entries(ticket.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => onProgress(event.loaded, event.lengthComputable ? event.total : file.size);
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) return done();
      // Storage may answer something else than our JSON error: then the generic message.
      const { message } = parseErrorBody(xhr.responseText);
      done(
        new ArtworkUploadError(xhr.status, 'upload_refused', message ?? 'The upload was refused. Please try again.'),
      );
    };
    xhr.onerror = () => done(new ArtworkUploadError(0, 'network', 'The upload stopped: the connection was lost.'));
    xhr.onabort = () => done(canceled());
    xhr.send(file);
  });
}

/** Upload then check one file; answers the check's findings (the shop's 413/415 message on refusal). */
export async function uploadArtwork(options: UploadArtworkOptions): Promise<ArtworkCheckResult> {
  const { file, signal } = options;
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const report = (stage: UploadStage, loaded: number) =>
    options.onProgress?.({ stage, loaded, total: file.size, fraction: file.size ? loaded / file.size : 0 });
  if (file.size > MAX_ARTWORK_BYTES) {
    throw new ArtworkUploadError(
      413,
      'artwork_too_large',
      `The file is larger than ${MAX_ARTWORK_MB} MB. Send a smaller file.`,
    );
  }
  if (file.size === 0) throw new ArtworkUploadError(400, 'empty', 'The file is empty.');
  report('preparing', 0);
  const ticket = await postJson<UploadTicket>(
    doFetch,
    '/api/artwork/uploads',
    { fileName: file.name.slice(0, 255) || 'artwork', size: file.size, ownerToken: options.ownerToken },
    signal,
  );
  rememberOwnerToken(ticket.ownerToken);
  const xhr = options.createXhr ? options.createXhr() : new XMLHttpRequest();
  await putFile(xhr, ticket.upload, file, (loaded) => report('uploading', loaded), signal);
  report('checking', file.size);
  return postJson<ArtworkCheckResult>(
    doFetch,
    `/api/artwork/${ticket.artworkId}/check`,
    { ownerToken: ticket.ownerToken, printWidthInches: options.printWidthInches ?? null },
    signal,
  );
}

/** The thumbnail as an object URL (revoke it when done): the owner token goes in a header, never a URL. */
export async function fetchArtworkThumbnail(
  thumbnailPath: string,
  ownerToken: string,
  options: { signal?: AbortSignal; fetch?: typeof fetch } = {},
): Promise<string> {
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const res = await doFetch(thumbnailPath, {
    headers: { [OWNER_HEADER]: ownerToken },
    ...(options.signal ? { signal: options.signal } : {}),
  });
  if (!res.ok) throw await apiError(res);
  return URL.createObjectURL(await res.blob());
}
