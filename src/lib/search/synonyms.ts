/**
 * The trade's everyday other names for what the shop sells
 * (docs/decisions/0028-owner-and-receipts.md): a search for any word of a group also finds the
 * others, scored below the word as typed. Each group is one meaning; a phrase may have spaces or
 * hyphens ("lawn sign", "t-shirt"). Beanies are not caps and crewnecks are not hoodies, so they
 * stay in groups of their own. The owner adds groups in the `search_synonyms` table
 * (supabase/migrations/20261126040000_search_synonyms.sql); the build writes them into search-index.json with these.
 */
export const DEFAULT_SYNONYMS: readonly (readonly string[])[] = [
  ['tee', 't-shirt', 'tshirt', 'tee shirt', 'shirt'],
  ['hoodie', 'hoody', 'hooded sweatshirt', 'pullover hoodie'],
  ['sweatshirt', 'sweat shirt', 'crewneck', 'crew sweatshirt'],
  ['long sleeve', 'longsleeve', 'long sleeve tee', 'ls tee'],
  ['polo', 'polo shirt', 'golf shirt', 'sport shirt'],
  ['jersey', 'uniform', 'team shirt'],
  ['tank', 'tank top', 'sleeveless'],
  ['cap', 'hat', 'ball cap', 'baseball cap', 'snapback', 'trucker hat', 'trucker cap'],
  ['beanie', 'knit cap', 'knit hat', 'toque', 'stocking cap'],
  ['yard sign', 'lawn sign', 'coroplast sign', 'corrugated sign', 'political sign'],
  ['a-frame', 'sandwich board', 'sidewalk sign'],
  ['banner', 'vinyl banner', 'vinyl sign'],
  ['sticker', 'decal', 'label'],
  ['mug', 'cup', 'coffee mug', 'coffee cup'],
  ['koozie', 'coozie', 'can cooler', 'can cozy'],
  ['tumbler', 'travel mug', 'insulated cup'],
  ['tote', 'tote bag', 'bag', 'canvas bag'],
];

/** A phrase as one word, the way a person may type it joined: "Lawn-Sign" → "lawnsign". */
export function joinedForm(phrase: string): string {
  return phrase.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
}

/** Each phrase's joined form → the other phrases of every group it belongs to. */
export type SynonymTable = ReadonlyMap<string, readonly string[]>;

export function synonymTable(groups: readonly (readonly string[])[]): SynonymTable {
  const table = new Map<string, Set<string>>();
  for (const group of groups) {
    const phrases = [...new Set(group.map((p) => p.trim().toLowerCase()).filter(Boolean))];
    for (const phrase of phrases) {
      const key = joinedForm(phrase);
      if (!key) continue;
      const others = table.get(key) ?? new Set<string>();
      for (const other of phrases) if (joinedForm(other) !== key) others.add(other);
      table.set(key, others);
    }
  }
  return new Map([...table].map(([key, others]) => [key, [...others]]));
}
