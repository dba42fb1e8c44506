// Cleanup tool "broken names" (issue 10, item 6): the pure rule that flags a primary name whose fields
// hold a date, miss the surname, or pack several people into the given name, and suggests the fix.
// Plain string code over a small tokenizer, no regular expression over the whole field: names come
// from imports of any size, and every step below is linear in the field's length.

export const nameFlags = ['date_in_surname', 'date_in_given_name', 'no_surname', 'packed_given_names'] as const;
export type NameFlag = (typeof nameFlags)[number];
export type NameCheck = { readonly flags: readonly NameFlag[]; readonly givenName: string; readonly surname: string };

type Token = {
  readonly kind: 'word' | 'number' | 'punct';
  readonly text: string;
  /** Whitespace (or a removed token) stood before it: rendered as one space, so spaces collapse. */
  readonly spaceBefore: boolean;
  /** A number that is a date: a year-like run of 3-4 digits, or a short numeric date like 12.3.50. */
  readonly date: boolean;
};

const PUNCT = new Set(['(', ')', '[', ']', '{', '}', ',', ';', ':', '*', '†', '+', '&', '/', '?', '~', '-', '–', '—', '⚭']);
const NUMBER_SEPARATORS = new Set(['.', '/', '-']);
const BRACKETS = new Map([['(', ')'], ['[', ']'], ['{', '}']]);
const CLOSING = new Set(BRACKETS.values());

/**
 * Words and signs that go with a date and leave with it, when they stand right before it. Case does
 * not matter, except for the one-letter abbreviations b. d. c., which count only in lower case:
 * "b. 1850" is "born", but "John D. 1850" keeps the initial D. Not markers: "cal" (the nickname Cal)
 * and "chr." (the common abbreviation of Christian/Christoph).
 */
const MARKERS = new Set([
  'born', 'died', 'geb', 'geb.', 'gest', 'gest.', 'abt', 'abt.', 'about', 'ca', 'ca.', 'circa', 'um',
  'bet', 'bet.', 'between', 'bef', 'bef.', 'before', 'aft', 'aft.', 'after', 'est', 'est.', 'from',
  'vor', 'nach', 'zw.', 'zwischen', 'bap.', 'bapt.', 'bur.', 'begr.', 'get.',
  '*', '†', '+', '~', '⚭',
]);
const LOWER_CASE_MARKERS = new Set(['b.', 'd.', 'c.']);
/** Between two dates these belong to the range ("bet 1850 and 1860", "1850 - 1900"). */
const RANGE_JOINERS = new Set(['and', 'und', 'u.', 'to', 'bis', 'or', 'oder', '-', '–', '—', '/', '&']);
/** Month abbreviations that are no given name: part of a date before a year even without a day. */
const MONTH_ABBREVIATIONS = new Set(['jan', 'feb', 'mar', 'apr', 'jun', 'jul', 'aug', 'sep', 'sept', 'oct', 'nov', 'dec', 'jän', 'mär', 'mrz', 'okt', 'dez']);
/** Full month names (some are given names: May, June, April): part of a date only after a day number. */
const MONTHS = new Set([
  'january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november',
  'december', 'januar', 'jänner', 'februar', 'märz', 'mai', 'juni', 'juli', 'oktober', 'dezember',
  ...MONTH_ABBREVIATIONS,
]);
const DECADE_ENDINGS = new Set(['s', "'s", 'er']);
/** Words and signs that join several people in one given-name field. */
const PERSON_JOINERS = new Set(['and', 'und', 'u.', '&', '+']);

const isDigit = (c: string): boolean => c >= '0' && c <= '9';
const isSpace = (c: string): boolean => c !== '' && c.trim() === '';
const hasLetter = (t: Token): boolean => t.kind === 'word' && /\p{L}/u.test(t.text);
const lower = (t: Token | undefined): string => (t === undefined ? '' : t.text.toLowerCase());
const withoutDot = (s: string): string => (s.endsWith('.') ? s.slice(0, -1) : s);

const digitRuns = (text: string): number[] => {
  const runs: number[] = [];
  let run = 0;
  for (const c of text) {
    if (isDigit(c)) run += 1;
    else if (run > 0) {
      runs.push(run);
      run = 0;
    }
  }
  if (run > 0) runs.push(run);
  return runs;
};

/**
 * A year is a run of 3-4 digits (medieval years too, so "Smith 850" is a date); a bare 1-2 digit
 * number ("Henry 2") or a longer run is not. d.m.yy with 1-2 digit day and month counts as a date.
 */
const isDateNumber = (text: string): boolean => {
  const runs = digitRuns(text);
  if (runs.some((n) => n === 3 || n === 4)) return true;
  return runs.length === 3 && (runs[0] ?? 0) <= 2 && (runs[1] ?? 0) <= 2 && runs[2] === 2;
};

/** Digits, joined by single . / - to more digits (12.3.1850, 1850-1900), and a trailing ordinal dot. */
const numberEnd = (text: string, start: number): number => {
  let end = start;
  while (isDigit(text.charAt(end))) end += 1;
  while (NUMBER_SEPARATORS.has(text.charAt(end)) && isDigit(text.charAt(end + 1))) {
    end += 1;
    while (isDigit(text.charAt(end))) end += 1;
  }
  return text.charAt(end) === '.' ? end + 1 : end;
};

/** A word ends at whitespace, a digit, a sign, or right after a dot ("u.Grete" is "u." and "Grete"). */
const wordEnd = (text: string, start: number): number => {
  let end = start;
  for (;;) {
    const c = text.charAt(end);
    if (c === '' || isSpace(c) || isDigit(c) || PUNCT.has(c)) return end;
    end += 1;
    if (c === '.') return end;
  }
};

const tokenize = (text: string): Token[] => {
  const tokens: Token[] = [];
  let space = false;
  let i = 0;
  while (i < text.length) {
    const c = text.charAt(i);
    if (isSpace(c)) {
      space = true;
      i += 1;
      continue;
    }
    const kind = isDigit(c) ? 'number' : PUNCT.has(c) ? 'punct' : 'word';
    const end = kind === 'number' ? numberEnd(text, i) : kind === 'punct' ? i + 1 : wordEnd(text, i);
    const part = text.slice(i, end);
    tokens.push({ kind, text: part, spaceBefore: space, date: kind === 'number' && isDateNumber(part) });
    space = false;
    i = end;
  }
  return tokens;
};

const isDayNumber = (t: Token): boolean => t.kind === 'number' && !t.date && digitRuns(t.text).length === 1;
const isTitleCase = (s: string): boolean =>
  s.length > 1 && !s.endsWith('.') && s.charAt(0) !== s.charAt(0).toLowerCase() && s.slice(1) === s.slice(1).toLowerCase();
/** A title-case marker word opening the field is the name itself: surname "Born 1882" keeps "Born", "Abt 1850" "Abt". */
const isMarker = (t: Token, first: boolean): boolean =>
  LOWER_CASE_MARKERS.has(t.text) || (MARKERS.has(lower(t)) && !(first && isTitleCase(t.text)));
const isMonth = (t: Token, before: Token | undefined): boolean => {
  const name = withoutDot(lower(t));
  return t.kind === 'word' && (MONTH_ABBREVIATIONS.has(name) || (MONTHS.has(name) && before !== undefined && isDayNumber(before)));
};

/**
 * Removes every date with what goes with it to its left: markers (b., abt, *), a range joiner after
 * an earlier date, a month and a day; to its right only a glued decade ending ("1850s", "1850er").
 * Each token is looked at a bounded number of times: a walk stops at a token already removed.
 */
const withoutDates = (tokens: readonly Token[]): Token[] => {
  const removed = tokens.map((t) => t.date);
  tokens.forEach((t, i) => {
    if (!t.date) return;
    const next = tokens[i + 1];
    if (next !== undefined && !next.spaceBefore && DECADE_ENDINGS.has(lower(next))) removed[i + 1] = true;
    let right = t;
    for (let j = i - 1; j >= 0 && removed[j] === false; j -= 1) {
      const token = tokens[j] as Token;
      const before = tokens[j - 1];
      const goes =
        isMarker(token, j === 0) ||
        (RANGE_JOINERS.has(lower(token)) && before?.date === true) ||
        isMonth(token, before) ||
        (isDayNumber(token) && (isMonth(right, token) || token.text.endsWith('.')));
      if (!goes) break;
      removed[j] = true;
      right = token;
    }
  });
  return keep(tokens, (_, i) => !removed[i]);
};

/** Keeps the tokens `wanted` says; a dropped token leaves a space behind (collapsed when rendered). */
const keep = (tokens: readonly Token[], wanted: (t: Token, i: number) => boolean): Token[] => {
  const kept: Token[] = [];
  let gap = false;
  tokens.forEach((t, i) => {
    if (!wanted(t, i)) gap = true;
    else {
      kept.push(gap && !t.spaceBefore ? { ...t, spaceBefore: true } : t);
      gap = false;
    }
  });
  return kept;
};

const isDangling = (t: Token): boolean =>
  (t.kind === 'punct' && !BRACKETS.has(t.text) && !CLOSING.has(t.text)) ||
  PERSON_JOINERS.has(lower(t)) ||
  (t.kind === 'word' && t.text === '.');

/**
 * After a removal: drops brackets left empty, signs and joiners dangling at either end or just inside
 * a bracket ("Smith (b. 1850, Boston)" -> "Smith (Boston)"), and a bracket left open at the end.
 */
const tidy = (tokens: readonly Token[]): Token[] => {
  const out: { token: Token; index: number }[] = [];
  const dropped = new Set<number>();
  const top = (): Token | undefined => out.at(-1)?.token;
  tokens.forEach((token, index) => {
    if (CLOSING.has(token.text)) {
      for (let t = top(); t !== undefined && isDangling(t); t = top()) dropped.add(out.pop()?.index ?? -1);
      const open = out.at(-1);
      if (open !== undefined && BRACKETS.get(open.token.text) === token.text) {
        dropped.add(open.index);
        dropped.add(index);
        out.pop();
      } else out.push({ token, index });
    } else if (isDangling(token) && BRACKETS.has(top()?.text ?? '')) dropped.add(index);
    else out.push({ token, index });
  });
  const left = keep(tokens, (_, i) => !dropped.has(i));
  let start = 0;
  let end = left.length;
  while (start < end && (isDangling(left[start] as Token) || CLOSING.has((left[start] as Token).text))) start += 1;
  while (end > start && (isDangling(left[end - 1] as Token) || BRACKETS.has((left[end - 1] as Token).text))) end -= 1;
  return left.slice(start, end);
};

/** One space where there was any, none just inside a bracket ("( Boston )" reads "(Boston)"). */
const render = (tokens: readonly Token[]): string =>
  tokens
    .map((t, i) => {
      const before = tokens[i - 1];
      const spaced = before !== undefined && t.spaceBefore && !BRACKETS.has(before.text) && !CLOSING.has(t.text);
      return (spaced ? ' ' : '') + t.text;
    })
    .join('');

/**
 * Where the first person of a packed given name ends: at the first joiner with a name on each side
 * ("Andreas" or "Sandra" hold no joiner token), or at a comma before it ("John, Mary & Anne" lists
 * three people); -1 when the field names one person. A comma alone packs nothing: no joiner, no flag.
 */
const firstPersonEnd = (tokens: readonly Token[]): number => {
  let lastName = -1;
  tokens.forEach((t, i) => {
    if (hasLetter(t) && !PERSON_JOINERS.has(lower(t))) lastName = i;
  });
  let nameBefore = false;
  let comma = -1;
  for (let i = 0; i < lastName; i += 1) {
    const t = tokens[i] as Token;
    if (PERSON_JOINERS.has(lower(t))) {
      if (nameBefore) return comma >= 0 ? comma : i;
    } else if (hasLetter(t)) nameBefore = true;
    else if (nameBefore && comma < 0 && (t.text === ',' || t.text === ';')) comma = i;
  }
  return -1;
};

/** The field's tokens, rid of dates (and tidied) when it holds any. */
const cleaned = (field: string): { tokens: Token[]; dated: boolean } => {
  const tokens = tokenize(field);
  return tokens.some((t) => t.date) ? { tokens: tidy(withoutDates(tokens)), dated: true } : { tokens, dated: false };
};

/**
 * The flags of a primary name and the suggested fixed given name and surname; null when nothing is
 * wrong. A field no fix touches is only trimmed; a fixed field is rebuilt with single spaces.
 * `no_surname` holds when the surname is empty once trimmed and rid of dates ("1850" alone too); the
 * given name is never split to find one ("Anna Maria" must not lose "Maria" to the surname), so the
 * suggested surname stays empty for a human to fill in. Packed given names keep the first person.
 */
export const checkName = (givenName: string, surname: string): NameCheck | null => {
  const given = cleaned(givenName);
  const family = cleaned(surname);
  const joiner = firstPersonEnd(given.tokens);
  const fixedGiven =
    joiner >= 0 ? render(tidy(given.tokens.slice(0, joiner))) : given.dated ? render(given.tokens) : givenName.trim();
  const fixedSurname = family.dated ? render(family.tokens) : surname.trim();
  const found: Record<NameFlag, boolean> = {
    date_in_surname: family.dated,
    date_in_given_name: given.dated,
    no_surname: fixedSurname === '',
    packed_given_names: joiner >= 0,
  };
  const flags = nameFlags.filter((flag) => found[flag]);
  return flags.length === 0 ? null : { flags, givenName: fixedGiven, surname: fixedSurname };
};
