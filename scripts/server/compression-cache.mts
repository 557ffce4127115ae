// In-memory cache of compressed static bodies, bounded in bytes, keyed by file + mtime + encoding.
import { compressBuffer } from './compression.mts';
import type { Encoding } from './compression.mts';

export type FileVersion = { path: string; mtimeMs: number; size: number };

export class CompressedBodyCache {
  readonly #maxBytes: number;
  readonly #entries = new Map<string, { body: Promise<Buffer>; bytes: number }>();
  /** path+encoding → the key of the version cached for it, so an edited file evicts its old body. */
  readonly #current = new Map<string, string>();
  #bytes = 0;

  constructor(maxBytes = 64 * 1024 * 1024) {
    this.#maxBytes = maxBytes;
  }

  /** Returns the compressed body, compressing at most once per file version and encoding. */
  get(file: FileVersion, encoding: Encoding, read: () => Promise<Buffer>): Promise<Buffer> {
    const slot = `${file.path}\0${encoding}`;
    const key = `${slot}\0${file.mtimeMs}\0${file.size}`;
    const hit = this.#entries.get(key);
    if (hit) {
      // Re-insert to mark as recently used; Map iteration order is the eviction order.
      this.#entries.delete(key);
      this.#entries.set(key, hit);
      return hit.body;
    }
    const previous = this.#current.get(slot);
    if (previous) this.#evict(previous);
    const entry = { body: read().then((raw) => compressBuffer(raw, encoding)), bytes: 0 };
    this.#entries.set(key, entry);
    this.#current.set(slot, key);
    entry.body.then(
      (body) => {
        if (this.#entries.get(key) !== entry) return;
        entry.bytes = body.length;
        this.#bytes += body.length;
        this.#trim();
      },
      () => this.#evict(key), // a failed read is retried next time
    );
    return entry.body;
  }

  #evict(key: string): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    this.#bytes -= entry.bytes;
  }

  #trim(): void {
    for (const key of this.#entries.keys()) {
      if (this.#bytes <= this.#maxBytes) return;
      this.#evict(key);
    }
  }
}
