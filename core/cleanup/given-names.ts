import { GIVEN_NAMES } from './data/given-names.generated.js';

// The bundled given-name dictionary (English and German, see data/GIVEN-NAMES.md) behind the "sex from
// first name" cleanup tool. Pure: the data is a generated module, parsed once on first lookup so a
// process that never runs the tool never pays for the ~8,000-entry Map.

export type DictionarySex = 'male' | 'female' | 'ambiguous';

const SEX_CODES: Readonly<Record<string, DictionarySex>> = { m: 'male', f: 'female', a: 'ambiguous' };

/** The comparison key of a name: accents, case and surrounding blanks do not count (Jürgen = Jurgen = JÜRGEN). */
export const nameKey = (s: string): string =>
  // Lower-casing before dropping marks: "İ" lower-cases to "i" plus a combining dot, "ẞ" to "ß".
  s.normalize('NFD').toLowerCase().replace(/\p{M}/gu, '').replace(/ß/g, 'ss').trim();

let table: ReadonlyMap<string, DictionarySex> | undefined;

const dictionary = (): ReadonlyMap<string, DictionarySex> => {
  if (table === undefined) {
    const map = new Map<string, DictionarySex>();
    for (const line of GIVEN_NAMES.split('\n')) {
      const [key, code] = line.split('\t');
      const sex = code === undefined ? undefined : SEX_CODES[code];
      if (key !== undefined && key !== '' && sex !== undefined) map.set(key, sex);
    }
    table = map;
  }
  return table;
};

// Letters, digits and marks are kept; anything else at either end of a token (quotes, brackets,
// commas, an abbreviating period, "?") is decoration around the name, not part of it.
const isNameChar = (ch: string): boolean => /[\p{L}\p{N}\p{M}]/u.test(ch);

const stripDecoration = (token: string): string => {
  const chars = Array.from(token);
  let start = 0;
  let end = chars.length;
  while (start < end && !isNameChar(chars[start] ?? '')) start += 1;
  while (end > start && !isNameChar(chars[end - 1] ?? '')) end -= 1;
  return chars.slice(start, end).join('');
};

/**
 * The first given name of a given-name field ("Anna Maria" -> "Anna", "\"Hans\" Peter" -> "Hans"):
 * the first whitespace-separated token that still has a letter or digit once its surrounding
 * punctuation is stripped; null when the field has none.
 */
export const firstGivenName = (given: string): string | null => {
  for (const token of given.split(/\s+/u)) {
    const name = stripDecoration(token);
    if (name !== '') return name;
  }
  return null;
};

/**
 * The dictionary's sex for a first given name, compared case- and accent-insensitively; a
 * hyphenated name missing from the dictionary ("Hans-Peter") falls back to its first part. Null when
 * the name is unknown.
 */
export const dictionarySex = (firstName: string): DictionarySex | null => {
  const key = nameKey(firstName);
  if (key === '') return null;
  const names = dictionary();
  const whole = names.get(key);
  if (whole !== undefined) return whole;
  const hyphen = key.indexOf('-');
  if (hyphen <= 0) return null;
  return names.get(key.slice(0, hyphen).trim()) ?? null;
};
