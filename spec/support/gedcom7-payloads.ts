// Payload grammars of GEDCOM 7.0 (the specification's ABNF, section "Data types"), checked with string
// code over space-separated tokens: dates, ages, times, coordinates, language tags, media types,
// personal names. Each checker returns null for a valid value or a short reason. Extension tags used
// inside a value (calendars, months, epochs) are reported through `ext` so the caller can check that
// HEAD.SCHMA declares them.

export type ExtUse = (tag: string) => void;

const isDigits = (s: string | undefined): s is string => {
  if (s === undefined || s === '') return false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
};

/** `_` followed by upper-case letters, digits and underscores. */
export const isExtTag = (s: string | undefined): s is string => s !== undefined && /^_[A-Z0-9_]+$/.test(s);
/** An upper-case letter followed by upper-case letters, digits and underscores. */
export const isStdTag = (s: string | undefined): s is string => s !== undefined && /^[A-Z][A-Z0-9_]*$/.test(s);

const GREGORIAN_MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const MONTHS: Readonly<Record<string, readonly string[]>> = {
  GREGORIAN: GREGORIAN_MONTHS,
  JULIAN: GREGORIAN_MONTHS,
  FRENCH_R: ['VEND', 'BRUM', 'FRIM', 'NIVO', 'PLUV', 'VENT', 'GERM', 'FLOR', 'PRAI', 'MESS', 'THER', 'FRUC', 'COMP'],
  HEBREW: ['TSH', 'CSH', 'KSL', 'TVT', 'SHV', 'ADR', 'ADS', 'NSN', 'IYR', 'SVN', 'TMZ', 'AAV', 'ELL'],
};
const KEYWORDS = new Set(['AND', 'TO']);

const daysIn = (calendar: string, month: number, year: number): number => {
  if (calendar !== 'GREGORIAN' && calendar !== 'JULIAN') return 30;
  if (month !== 1) return [31, 0, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month]!;
  const leap = calendar === 'JULIAN' ? year % 4 === 0 : (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return leap ? 29 : 28;
};

type Step = { readonly next: number } | { readonly error: string };

/** `date = [calendar D] [[day D] month D] year [D epoch]` from token i. */
const dateAt = (t: readonly string[], i: number, ext: ExtUse): Step => {
  const first = t[i];
  if (first === undefined) return { error: 'a date is missing' };
  if (MONTHS[first] !== undefined || isExtTag(first)) {
    // A leading extension tag is a calendar or a month: a calendar when the rest still reads as a date.
    const asCalendar = withCalendar(t, i + 1, first, () => undefined);
    if ('next' in asCalendar) {
      if (isExtTag(first)) ext(first);
      return withCalendar(t, i + 1, first, ext);
    }
    if (MONTHS[first] !== undefined) return asCalendar;
  }
  return withCalendar(t, i, 'GREGORIAN', ext);
};

const withCalendar = (t: readonly string[], i: number, calendar: string, ext: ExtUse): Step => {
  const months = MONTHS[calendar];
  const isMonth = (s: string | undefined): boolean => s !== undefined && !KEYWORDS.has(s) && (isExtTag(s) || (months === undefined ? isStdTag(s) : months.includes(s)));
  let day: string | null = null;
  let month: string | null = null;
  if (isDigits(t[i]) && isMonth(t[i + 1]) && isDigits(t[i + 2])) [day, month, i] = [t[i]!, t[i + 1]!, i + 2];
  else if (isMonth(t[i]) && isDigits(t[i + 1])) [month, i] = [t[i]!, i + 1];
  const year = t[i];
  if (!isDigits(year)) return { error: `"${t.slice(i).join(' ') || '(nothing)'}" is not a ${calendar} day, month and year` };
  if (month !== null && isExtTag(month)) ext(month);
  if (day !== null && months !== undefined && month !== null && !isExtTag(month)) {
    const d = Number(day);
    if (d < 1 || d > daysIn(calendar, months.indexOf(month), Number(year))) return { error: `day ${day} is not in ${month} ${year}` };
  }
  i++;
  const epoch = t[i];
  if (epoch === 'BCE' && (calendar === 'GREGORIAN' || calendar === 'JULIAN')) return { next: i + 1 };
  if (epoch !== undefined && isExtTag(epoch) && !KEYWORDS.has(epoch)) {
    ext(epoch);
    return { next: i + 1 };
  }
  return { next: i };
};

const sequence = (t: readonly string[], parts: readonly (string | 'date')[], ext: ExtUse): string | null => {
  let i = 0;
  for (const p of parts) {
    if (p !== 'date') {
      if (t[i] !== p) return `expected ${p}`;
      i++;
      continue;
    }
    const step = dateAt(t, i, ext);
    if ('error' in step) return step.error;
    i = step.next;
  }
  return i === t.length ? null : `unexpected "${t.slice(i).join(' ')}"`;
};

const tokens = (v: string): string[] | null => {
  const t = v.split(' ');
  return t.includes('') ? null : t;
};

/** `DatePeriod = [ "TO" D date ] / "FROM" D date [ D "TO" D date ]` (empty allowed). */
export const checkDatePeriod = (v: string, ext: ExtUse): string | null => {
  if (v === '') return null;
  const t = tokens(v);
  if (t === null) return 'doubled or stray spaces';
  if (t[0] === 'TO') return sequence(t, ['TO', 'date'], ext);
  if (t[0] !== 'FROM') return 'a period starts with FROM or TO';
  return t.includes('TO') ? sequence(t, ['FROM', 'date', 'TO', 'date'], ext) : sequence(t, ['FROM', 'date'], ext);
};

/** `DateValue = [ date / DatePeriod / dateRange / dateApprox ]`. */
export const checkDateValue = (v: string, ext: ExtUse): string | null => {
  if (v === '') return null;
  const t = tokens(v);
  if (t === null) return 'doubled or stray spaces';
  switch (t[0]) {
    case 'FROM':
    case 'TO':
      return checkDatePeriod(v, ext);
    case 'BET':
      return sequence(t, ['BET', 'date', 'AND', 'date'], ext);
    case 'BEF':
    case 'AFT':
    case 'ABT':
    case 'CAL':
    case 'EST':
      return sequence(t, [t[0], 'date'], ext);
    default:
      return sequence(t, ['date'], ext);
  }
};

/** `DateExact = day D month D year`, Gregorian. */
export const checkDateExact = (v: string): string | null => {
  const t = tokens(v);
  if (t === null || t.length !== 3 || !isDigits(t[0]) || !GREGORIAN_MONTHS.includes(t[1]!) || !isDigits(t[2])) return 'not "day MON year"';
  return sequence(t, ['date'], () => undefined);
};

/** `Age = [[ agebound D ] ageduration ]`, the duration's parts in the order y, m, w, d, each at most once. */
export const checkAge = (v: string): string | null => {
  if (v === '') return null;
  const t = tokens(v);
  if (t === null) return 'doubled or stray spaces';
  let i = t[0] === '<' || t[0] === '>' ? 1 : 0;
  if (i === t.length) return 'a bound without a duration';
  let unit = 0;
  for (; i < t.length; i++) {
    const u = 'ymwd'.indexOf(t[i]!.slice(-1));
    if (u < unit || !isDigits(t[i]!.slice(0, -1))) return `"${t[i]}" is not a duration part in order (y m w d)`;
    unit = u + 1;
  }
  return null;
};

/** `Time = hour ":" minute [":" second ["." fraction]] ["Z"]`. */
export const checkTime = (v: string): string | null => {
  const body = v.endsWith('Z') ? v.slice(0, -1) : v;
  const [h, m, s, ...more] = body.split(':');
  const [sec, frac, ...more2] = (s ?? '00').split('.');
  const ok = more.length === 0 && more2.length === 0 && isDigits(h) && h.length <= 2 && Number(h) < 24
    && isDigits(m) && m.length === 2 && Number(m) < 60 && isDigits(sec) && sec.length === 2 && Number(sec) < 60 && (frac === undefined || isDigits(frac));
  return ok ? null : 'not hh:mm[:ss[.fff]][Z]';
};

/** `Latitude = ("N" / "S") 1*3digit ["." 1*digit]` up to 90; Longitude the same with E/W up to 180. */
export const checkCoordinate = (v: string, signs: string, max: number): string | null => {
  const [whole, frac, ...more] = v.slice(1).split('.');
  const ok = v.length > 1 && signs.includes(v[0]!) && more.length === 0 && isDigits(whole) && whole.length <= 3
    && (frac === undefined || isDigits(frac)) && Number(v.slice(1)) <= max;
  return ok ? null : `not ${signs[0]}/${signs[1]} and a number up to ${max}`;
};

/** A BCP 47 tag, loosely: a 2-3 letter language (or "und") and subtags of 1-8 letters or digits. */
export const checkLanguage = (v: string): string | null =>
  (/^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{1,8})*$/.test(v) ? null : 'not a BCP 47 language tag');

/** `type "/" subtype` with RFC 2045 token characters, parameters not checked. */
export const checkMediaType = (v: string): string | null =>
  (/^[A-Za-z0-9!#$&^_.+-]+\/[A-Za-z0-9!#$&^_.+-]+(?:;.*)?$/.test(v) ? null : 'not a media type (type/subtype)');

/** A URI: a scheme, then no white space. */
export const checkUri = (v: string): string | null => (/^[A-Za-z][A-Za-z0-9+.-]*:\S+$/.test(v) ? null : 'not an absolute URI');

/** A URI reference (FILE): no white space, no backslash (a Windows path is not a URI). */
export const checkFilePath = (v: string): string | null => (v !== '' && /^[^\s\\]+$/.test(v) ? null : 'not a URI reference (white space or backslash)');

/** `PersonalName = nameStr / [nameStr] "/" [nameStr] "/" [nameStr]`: no slash, or exactly two. */
export const checkName = (v: string): string | null => {
  const slashes = v.split('/').length - 1;
  return slashes === 0 || slashes === 2 ? null : `${slashes} slashes (0 or 2 allowed)`;
};
