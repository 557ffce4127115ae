/**
 * Values a cloned record cannot share with its original (slug, SKU): the first free one of
 * `tee-copy`, `tee-copy-2`, `tee-copy-3`, ... so the clone's first Save succeeds. Cloning a
 * copy counts on from the same base (`tee-copy` gives `tee-copy-2`, not `tee-copy-copy`). A value
 * written in capitals (a SKU such as `TEE-BLK`) gets `-COPY`. Taken values compare ignoring case.
 */
export function freeCopyOf(value: string, taken: Iterable<string>, maxLength = 120): string {
  const upper = /[A-Z]/.test(value) && !/[a-z]/.test(value);
  const word = upper ? 'COPY' : 'copy';
  const base = value.trim().replace(/-copy(-\d+)?$/i, '');
  const used = new Set([...taken].map((v) => v.toLowerCase()));
  for (let n = 1; ; n++) {
    const suffix = n === 1 ? `-${word}` : `-${word}-${n}`;
    // Cut the base, not the suffix, so a long value still fits its column; no doubled hyphen.
    const candidate = `${base.slice(0, Math.max(0, maxLength - suffix.length)).replace(/-+$/, '')}${suffix}`;
    if (!used.has(candidate.toLowerCase())) return candidate;
  }
}

/**
 * A record's form made into a new record's: no id, the `drops` left out, each `unique` field given
 * a free copy value among the `existing` records' values.
 */
export function cloneFields(
  form: Record<string, unknown>,
  existing: readonly object[],
  drops: readonly string[] = [],
  unique: readonly { key: string; maxLength?: number }[] = [],
): Record<string, unknown> {
  const { id: _id, ...rest } = form;
  for (const key of drops) delete rest[key];
  for (const { key, maxLength } of unique) {
    const value = rest[key];
    if (typeof value !== 'string' || value.trim() === '') continue;
    const taken = existing.map((r) => (r as Record<string, unknown>)[key]).filter((v) => typeof v === 'string');
    rest[key] = freeCopyOf(value, taken as string[], maxLength);
  }
  return rest;
}
