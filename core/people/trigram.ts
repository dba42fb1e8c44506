// pg_trgm's similarity, reproduced so the memory adapter ranks exactly as PostgreSQL does: each word
// (a run of letters or digits) is lower-cased and padded with two spaces before and one after; the
// score is |shared trigrams| / |all trigrams| over the two sets.

const WORD = /[\p{L}\p{N}]+/gu;

export const trigrams = (text: string): ReadonlySet<string> => {
  const set = new Set<string>();
  for (const word of text.toLowerCase().match(WORD) ?? []) {
    const padded = `  ${word} `;
    const chars = [...padded];
    for (let i = 0; i + 3 <= chars.length; i += 1) set.add(chars.slice(i, i + 3).join(''));
  }
  return set;
};

export const similarity = (a: string, b: string): number => setSimilarity(trigrams(a), trigrams(b));

/** `similarity` of two trigram sets already made (a caller comparing one text many times makes its set once). */
export const setSimilarity = (ta: ReadonlySet<string>, tb: ReadonlySet<string>): number => {
  if (ta.size === 0 || tb.size === 0) return 0;
  let shared = 0;
  for (const t of ta) if (tb.has(t)) shared += 1;
  return shared / (ta.size + tb.size - shared);
};

/** The text a name is searched by, in both adapters. */
export const searchableName = (givenName: string, surname: string): string => `${givenName} ${surname}`.trim().toLowerCase();

/**
 * An apostrophe (' or ’) between two characters that are not spaces, punctuation or symbols: part of
 * the word, not a break (Unicode's word boundaries, UAX #29, do not break there either), and dropped
 * from it, since pg_trgm would break there: `O'Brien` is the word `obrien`, not `o` and `brien`. As
 * two words every O'Brien, O'Connor and O'Neill held `o`, and a search for one of them scored every
 * person holding `o` (migration 20270123090000).
 */
const INNER_APOSTROPHE = /(?<=[^\s\p{P}\p{S}])['\u2019](?=[^\s\p{P}\p{S}])/gu;

/**
 * The words a name is searched by: its given name and surname (their first 500 characters), lower
 * case, composed (NFC: a decomposed `é`, e and a combining accent, is the one letter `é`, as a
 * composed one is), inner apostrophes dropped, split at spaces, punctuation and symbols; the same
 * words PostgreSQL's triggers post (`[[:space:][:punct:]]+`, migrations 20261226090000,
 * 20270123090000 and 20270201090000) on a database whose LC_CTYPE knows Unicode (the embedded
 * cluster's C.UTF-8: bootstrap/embedded-postgres.ts). glibc's classes differ from Unicode's for what
 * names rarely hold: it splits at a combining mark that has no composed form, private-use and
 * unassigned code points, and keeps enclosed letters (`Ⓐ`) in a word.
 */
export const searchWords = (text: string): string[] =>
  [...text.toLowerCase()].slice(0, 500).join('').normalize('NFC').replace(INNER_APOSTROPHE, '').split(/[\s\p{P}\p{S}]+/u).filter((w) => w !== '');

/**
 * A search uses the first this many distinct words of its query (in the order they come): a name has
 * a few, and each word more is matched against the whole dictionary and scores every person holding
 * a match, so an anonymous query of hundreds of short words must not cost hundreds of lookups.
 */
export const MAX_QUERY_WORDS = 8;

/** The distinct words of a search query that count, sorted: the first MAX_QUERY_WORDS of them. */
export const queryWords = (query: string): string[] => [...new Set(searchWords(query))].slice(0, MAX_QUERY_WORDS).sort();

/** pg_trgm's similarity as PostgreSQL answers it: a `real` (single precision). */
export const wordSimilarity = (a: string, b: string): number => Math.fround(similarity(a, b));

/**
 * A name search's ranking of one person, from the words of their live names (the rule both stores
 * follow; adapters/postgres/name-search.ts says why it is this one). With one query word: the
 * similarity of the person's best matching word, and that word (ties between persons of equal score
 * go by that word, in code point order, then by person id). With several: the mean over the query's
 * words of the best similarity among the person's words (0 where none matches); ties by person id.
 * A word matches at `threshold` or above. Null when no word matches.
 */
export const rankSearchWords = (queryWords: readonly string[], words: ReadonlySet<string>, threshold: number): { readonly score: number; readonly word: string } | null => {
  const floor = Math.fround(threshold);
  if (queryWords.length === 1) {
    let best: { score: number; word: string } | null = null;
    for (const w of words) {
      const s = wordSimilarity(w, queryWords[0]!);
      if (s >= floor && (best === null || s > best.score || (s === best.score && w < best.word))) best = { score: s, word: w };
    }
    return best;
  }
  let sum = 0;
  let matched = false;
  for (const q of queryWords) {
    let b = -1;
    for (const w of words) {
      const s = wordSimilarity(w, q);
      if (s >= floor && s > b) b = s;
    }
    if (b >= 0) {
      matched = true;
      sum += b;
    }
  }
  return matched ? { score: sum / queryWords.length, word: '' } : null;
};
