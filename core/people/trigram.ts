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
