import type { Calendar, GenealogicalDate } from './date.js';

// GEDCOM DATE values (5.5, 5.5.1, 5.5.5 and 7.0 grammars, read leniently) <-> structured dates.
//
// Reading, in short:
// - Keywords, months and calendar names are case-insensitive, runs of spaces count as one, and a
//   trailing dot on a keyword is ignored (`Abt.`). ABOUT/CIRCA/CA/C, BEFORE, AFTER, BETWEEN and
//   English month names (`March`, `Sept`) are read too.
// - `TO x` alone (a period that ended at x) becomes `before x`: the model has no open-start period,
//   and `before` keeps the bound the privacy rules need. Export then writes `BEF x`.
// - Calendars: `@#DJULIAN@`, `@#DHEBREW@`, `@#DFRENCH R@`, `@#DGREGORIAN@` (5.5.x) and `JULIAN`,
//   `HEBREW`, `FRENCH_R`, `GREGORIAN` (7.0) are read in any file. A date keeps one calendar, so a
//   range or period whose two ends name different calendars (an end without one is Gregorian) is
//   kept as text, as are other calendars (`@#DROMAN@`, `_UNKNOWN`).
// - A dual year (`1750/51`, also `1750/1751`) is only read on the start of a Gregorian date, as the
//   5.5.1 grammar has it; a dual year on the end of a range or period is kept as text (the model has
//   no end dual year).
// - B.C./BC/BCE dates, year 0 or above 9999, days that do not exist (31 FEB 1900; Julian leap years
//   follow the Julian rule; Hebrew and French Republican days run 1..30) are kept as text.
// - `INT <date> (<phrase>)` gives the date with `text` = the phrase; `INT <date>` without a phrase
//   gives the plain date. `INT` before a qualified date (`INT ABT 1900 (x)`), which formatGedcomDate
//   writes for 5.5.1, is read back the same way.
// Every structured date parseGedcomDate returns passes checkDate (core/people/date.ts).

type Part = { readonly calendar: Calendar | undefined; readonly year: number; readonly month?: number; readonly day?: number; readonly dual: boolean };

const GREGORIAN_MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'] as const;
const HEBREW_MONTHS = ['TSH', 'CSH', 'KSL', 'TVT', 'SHV', 'ADR', 'ADS', 'NSN', 'IYR', 'SVN', 'TMZ', 'AAV', 'ELL'] as const;
const FRENCH_MONTHS = ['VEND', 'BRUM', 'FRIM', 'NIVO', 'PLUV', 'VENT', 'GERM', 'FLOR', 'PRAI', 'MESS', 'THER', 'FRUC', 'COMP'] as const;
const LONG_MONTHS = ['JANUARY', 'FEBRUARY', 'MARCH', 'APRIL', 'MAY', 'JUNE', 'JULY', 'AUGUST', 'SEPTEMBER', 'OCTOBER', 'NOVEMBER', 'DECEMBER'];

const monthNames = (calendar: Calendar | undefined): readonly string[] =>
  calendar === 'hebrew' ? HEBREW_MONTHS : calendar === 'french_r' ? FRENCH_MONTHS : GREGORIAN_MONTHS;

const monthNumber = (calendar: Calendar | undefined, token: string): number | undefined => {
  const names = monthNames(calendar);
  const i = names.indexOf(token);
  if (i >= 0) return i + 1;
  if (calendar === 'hebrew' || calendar === 'french_r') return undefined;
  const long = LONG_MONTHS.indexOf(token);
  if (long >= 0) return long + 1;
  return token === 'SEPT' ? 9 : undefined;
};

const isLeap = (calendar: Calendar | undefined, year: number): boolean =>
  calendar === 'julian' ? year % 4 === 0 : (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/** Days in a month of that calendar; Hebrew and French Republican months are taken as 30 days at most. */
export const daysInMonth = (calendar: Calendar | undefined, year: number, month: number): number => {
  if (calendar === 'hebrew' || calendar === 'french_r') return 30;
  if (month === 2) return isLeap(calendar, year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
};

/** Months in a year of that calendar: 13 for Hebrew and French Republican. */
export const monthsIn = (calendar: Calendar | undefined): number => monthNames(calendar).length;

const CALENDAR_KEYWORDS: Readonly<Record<string, Calendar | 'gregorian'>> = {
  GREGORIAN: 'gregorian', JULIAN: 'julian', HEBREW: 'hebrew', FRENCH_R: 'french_r',
};

/** `@#DFRENCH R@` holds a space: turn every escape into one keyword token before splitting. */
const replaceEscapes = (value: string): string =>
  value.replace(/@#D([^@]*)@/gi, (_m, name: string) => {
    const key = name.trim().toUpperCase().replace(/\s+/g, '_');
    return key in CALENDAR_KEYWORDS ? ` ${key} ` : ' @UNKNOWN_CALENDAR@ ';
  });

const readPart = (tokens: readonly string[]): Part | null => {
  let calendar: Calendar | undefined;
  let rest = tokens;
  const first = tokens[0];
  if (first !== undefined && first in CALENDAR_KEYWORDS) {
    const c = CALENDAR_KEYWORDS[first];
    calendar = c === 'gregorian' ? undefined : c;
    rest = tokens.slice(1);
  }
  if (rest.length < 1 || rest.length > 3) return null;
  const m = /^(\d{1,4})(?:\/(\d{1,4}))?$/.exec(rest[rest.length - 1] ?? '');
  if (m === null) return null;
  const year = Number(m[1]);
  if (year < 1 || year > 9999) return null;
  let dual = false;
  if (m[2] !== undefined) {
    const next = year + 1;
    const ok = m[2].length === 2 ? Number(m[2]) === next % 100 : m[2].length === 4 && Number(m[2]) === next;
    if (!ok || calendar !== undefined || next > 9999) return null;
    dual = true;
  }
  if (rest.length === 1) return { calendar, year, dual };
  const month = monthNumber(calendar, rest[rest.length - 2] ?? '');
  if (month === undefined) return null;
  if (rest.length === 2) return { calendar, year, month, dual };
  const d = /^\d{1,2}$/.exec(rest[0] ?? '');
  if (d === null) return null;
  const day = Number(d[0]);
  if (day < 1 || day > daysInMonth(calendar, year, month)) return null;
  return { calendar, year, month, day, dual };
};

const start = (p: Part): Partial<GenealogicalDate> => ({
  ...(p.calendar === undefined ? {} : { calendar: p.calendar }),
  ...(p.dual ? { dualYear: true } : {}),
  year: p.year,
  ...(p.month === undefined ? {} : { month: p.month }),
  ...(p.day === undefined ? {} : { day: p.day }),
});

const end = (p: Part): Partial<GenealogicalDate> => ({
  endYear: p.year,
  ...(p.month === undefined ? {} : { endMonth: p.month }),
  ...(p.day === undefined ? {} : { endDay: p.day }),
});

const SINGLE: Readonly<Record<string, GenealogicalDate['qualifier']>> = {
  ABT: 'about', ABOUT: 'about', CIRCA: 'about', CA: 'about', C: 'about', EST: 'estimated', CAL: 'calculated',
  BEF: 'before', BEFORE: 'before', AFT: 'after', AFTER: 'after', TO: 'before',
};

const pair = (qualifier: 'between' | 'from_to', a: readonly string[], b: readonly string[] | null): GenealogicalDate | null => {
  const s = readPart(a);
  if (s === null) return null;
  if (b === null) return { qualifier, ...start(s) };
  const e = readPart(b);
  if (e === null || e.dual || e.calendar !== s.calendar) return null;
  return { qualifier, ...start(s), ...end(e) };
};

/** A date without phrase: a qualifier and one or two parts, or null when it does not follow the grammar. */
const readDate = (value: string): GenealogicalDate | null => {
  const tokens = replaceEscapes(value).trim().toUpperCase().split(/\s+/);
  const keyword = (tokens[0] ?? '').replace(/\.$/, '');
  const rest = tokens.slice(1);
  const single = SINGLE[keyword];
  if (single !== undefined) {
    const p = readPart(rest);
    return p === null ? null : { qualifier: single, ...start(p) };
  }
  if (keyword === 'BET' || keyword === 'BETWEEN') {
    const and = rest.indexOf('AND');
    return and < 0 ? null : pair('between', rest.slice(0, and), rest.slice(and + 1));
  }
  if (keyword === 'FROM') {
    const to = rest.indexOf('TO');
    return to < 0 ? pair('from_to', rest, null) : pair('from_to', rest.slice(0, to), rest.slice(to + 1));
  }
  const p = readPart(tokens);
  return p === null ? null : { qualifier: 'exact', ...start(p) };
};

/**
 * `INT <date> (<phrase>)` or `INT <date>` split into its date and phrase ('' without one); null when
 * `v` has another form (also `INT <date> (<phrase>` without the closing parenthesis). String code
 * rather than one pattern: `^INT\.?\s+([^(]*?)\s*(?:\((.*)\))?$` retried every blank of a long run
 * against the next `\s*` (quadratic). trimStart/trimEnd drop the characters `\s` matches.
 */
const splitInt = (v: string): { readonly date: string; readonly phrase: string } | null => {
  const keyword = /^INT\.?\s/i.exec(v);
  if (keyword === null) return null;
  const rest = v.slice(keyword[0].length).trimStart();
  const open = rest.indexOf('(');
  if (open < 0) return { date: rest.trimEnd(), phrase: '' };
  if (!rest.endsWith(')')) return null;
  return { date: rest.slice(0, open).trimEnd(), phrase: rest.slice(open + 1, -1) };
};

/**
 * A GEDCOM date value (5.5.x or 7.0) as a structured date; null for an empty value (also `()`).
 * Never throws: what it cannot read becomes `{ qualifier: 'text', text }` where text is the trimmed
 * value, or for a `(phrase)` the phrase without its parentheses. See the notes at the top of this file.
 */
export const parseGedcomDate = (value: string): GenealogicalDate | null => {
  const v = value.trim();
  if (v === '') return null;
  const phrase = /^\((.*)\)$/s.exec(v);
  if (phrase !== null) {
    const text = (phrase[1] ?? '').trim();
    return text === '' ? null : { qualifier: 'text', text };
  }
  const int = splitInt(v);
  if (int !== null) {
    const d = readDate(int.date);
    const text = int.phrase.trim();
    if (d !== null) return text === '' ? d : { ...d, text };
  }
  return readDate(v) ?? { qualifier: 'text', text: v };
};

const ESCAPES: Readonly<Record<Calendar, string>> = { julian: '@#DJULIAN@', hebrew: '@#DHEBREW@', french_r: '@#DFRENCH R@' };
const KEYWORDS: Readonly<Record<Calendar, string>> = { julian: 'JULIAN', hebrew: 'HEBREW', french_r: 'FRENCH_R' };

const formatPart = (
  version: '5.5.1' | '7.0', calendar: Calendar | undefined, dual: boolean, year?: number, month?: number, day?: number,
): string => {
  const monthName = month === undefined ? undefined : monthNames(calendar)[month - 1];
  const yearText = year === undefined ? undefined
    : dual && version === '5.5.1' ? `${year}/${String((year + 1) % 100).padStart(2, '0')}` : String(year);
  const body = [day, monthName, yearText].filter((x) => x !== undefined).join(' ');
  if (calendar === undefined || body === '') return body;
  return `${version === '7.0' ? KEYWORDS[calendar] : ESCAPES[calendar]} ${body}`;
};

/**
 * The date as a GEDCOM DATE value for that version.
 *
 * 5.5.1: calendars as `@#DJULIAN@`-style escapes on each part, dual years as `1750/51`, a `text` date
 * as `(phrase)`, and a phrase on another qualifier as `INT <date> (phrase)`. For `exact` that is the
 * 5.5.1 INT form; for other qualifiers (which only a 7.0 DATE + PHRASE gives) it is outside the strict
 * 5.5.1 grammar, but parseGedcomDate reads it back.
 *
 * 7.0: calendars as `JULIAN`/`HEBREW`/`FRENCH_R` keywords, no dual year (just the first year), and
 * never a phrase: for a `text` date it returns '' (the writer emits `DATE` with an empty payload and
 * a `PHRASE` substructure holding `text`); for any other date with `text` it returns the date alone
 * and the writer adds `PHRASE <text>` under DATE.
 *
 * Never throws; an incomplete date (no year) is written as far as it goes.
 */
export const formatGedcomDate = (date: GenealogicalDate, version: '5.5.1' | '7.0'): string => {
  const s = formatPart(version, date.calendar, date.dualYear === true, date.year, date.month, date.day);
  const e = formatPart(version, date.calendar, false, date.endYear, date.endMonth, date.endDay);
  let out: string;
  switch (date.qualifier) {
    case 'text':
      return version === '7.0' ? '' : `(${date.text ?? ''})`;
    case 'exact': out = s; break;
    case 'about': out = `ABT ${s}`; break;
    case 'estimated': out = `EST ${s}`; break;
    case 'calculated': out = `CAL ${s}`; break;
    case 'before': out = `BEF ${s}`; break;
    case 'after': out = `AFT ${s}`; break;
    case 'between': out = `BET ${s} AND ${e}`; break;
    case 'from_to': out = e === '' ? `FROM ${s}` : `FROM ${s} TO ${e}`; break;
  }
  const phrase = date.text?.trim() ?? '';
  return version === '5.5.1' && phrase !== '' ? `INT ${out} (${phrase})` : out;
};
