import { setSimilarity, trigrams } from '../people/trigram.js';

// How the finder compares names: folded text (accents off, lower case, ß as ss), a phonetic key
// that forgives the spellings genealogists meet (Schmidt/Schmitt, Meyer/Maier, Catharina/Katharina,
// Elisabeth/Elizabeth), and word sets for given names (Anna Maria / Maria Anna).

const LIGATURES: Readonly<Record<string, string>> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', đ: 'd', ł: 'l', ı: 'i' };

/** Lower case, accents removed, ligatures spelled out; anything but letters and digits becomes a space. */
export const foldText = (s: string): string =>
  s
    .toLowerCase()
    .replace(/[ßæœøđłı]/g, (c) => LIGATURES[c] ?? c)
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** The folded words of a text, each at most 40 characters, at most 6 of them (a bound on work per name). */
export const wordsOf = (s: string): string[] => foldText(s).split(' ').filter((w) => w !== '').slice(0, 6).map((w) => w.slice(0, 40));

const CODES: Readonly<Record<string, string>> = {
  b: '1', f: '1', p: '1', v: '1', c: '2', g: '2', j: '2', k: '2', q: '2', s: '2', x: '2', z: '2', d: '3', t: '3', l: '4', m: '5', n: '5', r: '6',
};
// First letters that sound alike share a class, so the key does not hang on the first letter's spelling.
const FIRST: Readonly<Record<string, string>> = { c: 'k', q: 'k', z: 's', j: 'i', y: 'i', w: 'v', e: 'a', o: 'a', u: 'a' };

/**
 * A Soundex-like key of one folded word: the first letter's sound class, then up to four consonant
 * codes (h and w transparent, vowels separating). Words without Latin letters key as themselves.
 */
export const phonetic = (word: string): string => {
  let w = word.replace(/[^a-z]/g, '');
  if (w === '') return word.slice(0, 8);
  if (w.startsWith('ph')) w = `f${w.slice(2)}`;
  else if (w.startsWith('kn') || w.startsWith('wr')) w = w.slice(1);
  const first = w[0]!;
  let out = FIRST[first] ?? first;
  let last = CODES[first] ?? '';
  for (const ch of w.slice(1)) {
    const code = CODES[ch] ?? '';
    if (code !== '' && code !== last) out += code;
    if (ch !== 'h' && ch !== 'w') last = code;
    if (out.length === 5) break;
  }
  return out;
};

/** A name as the finder holds it: folded given words, folded surname (words joined by a space), keys. */
export type FoldedName = {
  readonly given: readonly string[];
  readonly surname: string;
  /** Phonetic key of the surname (its words joined), '' when there is none. */
  readonly surnameKey: string;
  readonly givenKeys: readonly string[];
  /** `given surname`, folded, and its trigrams (made once: a finder run compares a name many times). */
  readonly text: string;
  /** The given words joined by a space. */
  readonly givenText: string;
  /** Trigram sets, made when first compared (most names never need one). */
  readonly grams: { first?: ReadonlySet<string>; surname?: ReadonlySet<string> };
  /** The name as written, for reasons. */
  readonly shown: string;
  readonly marital: boolean;
};

/**
 * What programs and people write where a name is not known (and privacy-stripped exports write for a
 * living person's): such a given name or surname is treated as none, so "Unknown" never matches
 * "Unknown" and unknown parents never make two persons look alike.
 */
const PLACEHOLDERS: ReadonlySet<string> = new Set([
  'unknown', 'unk', 'unbekannt', 'n n', 'nn', 'nomen nescio', 'inconnu', 'inconnue', 'desconocido', 'desconocida', 'onbekend', 'okand',
  'ukjent', 'ukendt', 'tuntematon', 'ismeretlen', 'sconosciuto', 'sconosciuta', 'nieznany', 'nieznana', 'neznamy', 'x', 'xx', 'xxx',
  'living', 'private', 'lebend',
]);
const meaningful = (words: string[]): string[] => (PLACEHOLDERS.has(words.join(' ')) ? [] : words);

/** The folded parts of given names and surnames already met (one finder run's): each part is held once, however many names share it. */
export type NameParts = {
  readonly given: Map<string, { readonly given: readonly string[]; readonly givenKeys: readonly string[]; readonly givenText: string }>;
  readonly surname: Map<string, { readonly surname: string; readonly surnameKey: string }>;
};

export const nameParts = (): NameParts => ({ given: new Map(), surname: new Map() });

export const foldName = (givenName: string, surname: string, marital = false, parts: NameParts = nameParts()): FoldedName => {
  let g = parts.given.get(givenName);
  if (g === undefined) {
    const given = meaningful(wordsOf(givenName));
    parts.given.set(givenName, (g = { given, givenKeys: given.map(phonetic), givenText: given.join(' ') }));
  }
  let s = parts.surname.get(surname);
  if (s === undefined) {
    const sur = meaningful(wordsOf(surname)).join(' ');
    parts.surname.set(surname, (s = { surname: sur, surnameKey: sur === '' ? '' : phonetic(sur.replace(/ /g, '')) }));
  }
  return {
    given: g.given,
    surname: s.surname,
    surnameKey: s.surnameKey,
    givenKeys: g.givenKeys,
    text: `${g.givenText} ${s.surname}`.trim(),
    givenText: g.givenText,
    grams: {},
    shown: `${givenName.trim()} ${surname.trim()}`.trim(),
    marital,
  };
};

const firstGrams = (n: FoldedName): ReadonlySet<string> => (n.grams.first ??= trigrams(n.given[0] ?? ''));
const surnameGrams = (n: FoldedName): ReadonlySet<string> => (n.grams.surname ??= trigrams(n.surname));

const isNumber = (w: string): boolean => /^\p{N}+$/u.test(w);

export type GivenRelation = 'same' | 'swapped' | 'first' | 'similar' | 'overlap' | 'empty' | 'different';
export type SurnameRelation = 'same' | 'similar' | 'empty' | 'different';

const sameSet = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && a.every((w) => b.includes(w));
const initialOf = (a: string, b: string): boolean => (a.length === 1 && b.startsWith(a)) || (b.length === 1 && a.startsWith(b));

export const givenRelation = (a: FoldedName, b: FoldedName): GivenRelation => {
  if (a.given.length === 0 || b.given.length === 0) return 'empty';
  if (a.givenText === b.givenText) return 'same';
  // Numbered placeholders (Son_1 / Son_2, Child_5 / Child_6) and numbered twins are different persons.
  const na = a.given.filter(isNumber).join(' ');
  const nb = b.given.filter(isNumber).join(' ');
  if (na !== '' && nb !== '' && na !== nb) return 'different';
  if (sameSet(a.given, b.given)) return 'swapped';
  const fa = a.given[0]!;
  const fb = b.given[0]!;
  if (fa === fb) {
    // Brothers called by their second name (Johann Ambrosius / Johann Christoph Bach, twins): when both
    // have a second given name and those differ in sound and spelling (not a typo: Georg / Geor), the first one
    // shared says nothing.
    const [sa, sb] = [a.given[1], b.given[1]];
    if (
      sa !== undefined && sb !== undefined && sa !== sb && a.givenKeys[1] !== b.givenKeys[1] && !initialOf(sa, sb)
      && !a.given.includes(sb) && !b.given.includes(sa) && setSimilarity(trigrams(sa), trigrams(sb)) < 0.5
    ) return 'different';
    return 'first';
  }
  if (a.givenKeys[0] === b.givenKeys[0] || initialOf(fa, fb) || setSimilarity(firstGrams(a), firstGrams(b)) >= 0.5) return 'similar';
  // Another given name shared counts only when it is one side's first (Mary Ann / Ann), never a middle
  // name or a patronymic that brothers and sisters share (Maria Nicholovna / Anastasia Nicholovna).
  if ((fa.length > 1 && b.given.includes(fa)) || (fb.length > 1 && a.given.includes(fb))) return 'overlap';
  return 'different';
};

export const surnameRelation = (a: FoldedName, b: FoldedName): SurnameRelation => {
  // Both without a surname (royalty, patronymic records): the surnames agree; one without: unknown.
  if (a.surname === '' && b.surname === '') return 'same';
  if (a.surname === '' || b.surname === '') return 'empty';
  if (a.surname.replace(/ /g, '') === b.surname.replace(/ /g, '')) return 'same';
  if (a.surnameKey === b.surnameKey || setSimilarity(surnameGrams(a), surnameGrams(b)) >= 0.5) return 'similar';
  return 'different';
};

/** Points of a name pair (0: the names say these are different people); see score.ts for the scale. */
export const namePoints = (g: GivenRelation, s: SurnameRelation): number => {
  const givenSame = g === 'same' || g === 'swapped';
  const givenClose = g === 'first' || g === 'similar';
  if (s === 'same') return givenSame ? 4 : givenClose ? 3 : g === 'overlap' ? 2 : g === 'empty' ? 1 : 0;
  if (s === 'similar') return givenSame ? 3 : givenClose ? 2.5 : g === 'overlap' ? 1.5 : 0;
  if (s === 'empty') return givenSame ? 2 : 0;
  return givenSame || g === 'first' ? 1 : 0;
};
