import MiniSearch, { type Query } from 'minisearch';
import { joinedForm, type SynonymTable } from './synonyms.ts';

/**
 * The words of a search as a MiniSearch query tree (docs/decisions/0028-owner-and-receipts.md).
 * Every word must match (AND across words), and a word matches by any of its readings (OR): as typed (prefix and typo
 * tolerance), with a pair of neighbouring letters swapped ("hoodei" → "hoodie", one typo to a
 * person, two edits to Levenshtein), joined with the word before or after it ("sweat shirt" →
 * "sweatshirt"; the index holds names' joined word pairs for the other way round), or by a
 * synonym. The readings other than the typed word score lower, so exact names stay first.
 */
const VARIANT_WEIGHT = 0.5;
/** The fields a word is read in; `joined` (a name's word pairs run together) only as a whole word. */
export const WORD_FIELDS = ['name', 'sku', 'type', 'collectionName', 'colors', 'sizes', 'text'] as const;
export const JOINED_FIELD = 'joined';
const fields = [...WORD_FIELDS];
/** A typed word is looked up among the joined pairs from this length ("yardsign"), as a beginning from 6. */
const MIN_JOINED_LENGTH = 5;
/** Beyond this many words the rest are searched as typed only: the tree stays small. */
const MAX_WORDS = 8;
const MIN_SWAP_LENGTH = 4;
const MAX_SWAP_LENGTH = 14;
const MIN_SWAP_PREFIX_LENGTH = 6;

/** The edits a word may be away from the catalogue's: one from four letters, two from nine. */
export const typoBudget = (term: string) => (term.length >= 9 ? 2 : term.length >= 4 ? 1 : 0);

const tokenize = MiniSearch.getDefault('tokenize') as (text: string) => string[];

export function queryWords(text: string): string[] {
  return tokenize(text.toLowerCase()).filter(Boolean);
}

/** The word with each pair of neighbouring letters swapped once (n − 1 of them), itself left out. */
export function transpositions(word: string): string[] {
  const letters = [...word];
  if (letters.length < MIN_SWAP_LENGTH || letters.length > MAX_SWAP_LENGTH) return [];
  const variants = new Set<string>();
  for (let i = 0; i < letters.length - 1; i++) {
    const swapped = [...letters];
    [swapped[i], swapped[i + 1]] = [letters[i + 1] ?? '', letters[i] ?? ''];
    variants.add(swapped.join(''));
  }
  variants.delete(word);
  return [...variants];
}

const weaker = () => VARIANT_WEIGHT;

/** A synonym as its words together (and joined, for a name written as one word); exact words only. */
function synonymQueries(key: string, synonyms: SynonymTable): Query[] {
  return (synonyms.get(key) ?? []).map((phrase) => {
    const words = queryWords(phrase);
    const joined = joinedForm(phrase);
    const queries: Query[] = [{ combineWith: 'AND', queries: [words.join(' ')] }];
    if (words.length > 1) queries.push(joined);
    return { combineWith: 'OR', queries };
  });
}

function wordReadings(words: string[], i: number, synonyms: SynonymTable): Query {
  const word = words[i] ?? '';
  const readings: Query[] = [{ combineWith: 'OR', queries: [word], fields }];
  if (word.length >= MIN_JOINED_LENGTH) {
    const prefix = word.length >= MIN_SWAP_PREFIX_LENGTH;
    readings.push({ combineWith: 'OR', queries: [word], fields: [JOINED_FIELD], prefix, fuzzy: false });
  }
  const swaps = transpositions(word);
  // A swapped short word read as a beginning finds too much ("sign" → "sing" → "single").
  const prefix = word.length >= MIN_SWAP_PREFIX_LENGTH;
  // The swap is the typo: read exactly, "hodo" must not reach "holo" through "hood" (and n − 1
  // fuzzy lookups of a long word cost more than the rest of the search).
  if (swaps.length > 0) {
    readings.push({ combineWith: 'OR', queries: swaps, fields, prefix, fuzzy: false, boostTerm: weaker });
  }
  const synonymsOf: Query[] = synonymQueries(word, synonyms);
  const joined: string[] = [];
  if (i > 0) joined.push(`${words[i - 1]}${word}`);
  if (i < words.length - 1) joined.push(`${word}${words[i + 1]}`);
  for (const pair of joined) {
    // Split words joined are long and rarely mistyped: read exactly or as a beginning, never fuzzily.
    readings.push({ combineWith: 'OR', queries: [pair], fuzzy: false });
    synonymsOf.push(...synonymQueries(pair, synonyms));
  }
  if (synonymsOf.length > 0) {
    readings.push({ combineWith: 'OR', queries: synonymsOf, prefix: false, fuzzy: false, boostTerm: weaker });
  }
  return { combineWith: 'OR', queries: readings };
}

/** The tree for the words; `combineWith` 'OR' asks for any word (the fallback when none has all). */
export function queryTree(text: string, synonyms: SynonymTable, combineWith: 'AND' | 'OR' = 'AND'): Query {
  const words = queryWords(text);
  const first = words.slice(0, MAX_WORDS);
  const read = first.map((_, i) => wordReadings(first, i, synonyms));
  const rest = words.slice(MAX_WORDS);
  return { combineWith, queries: rest.length > 0 ? [...read, rest.join(' ')] : read };
}
