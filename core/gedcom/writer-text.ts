// Line-level GEDCOM output: escaping of `@`, CONT for newlines, and (5.5.1 only) CONC for long lines.
// This is the hot path of the export (about twenty lines per person), so it scans with plain loops:
// a value without `@`, control characters or excess length is written with one scan and one
// concatenation; only the others go through the slow path.

/** GEDCOM 5.5.1: a line, terminator included, is at most 255 characters (counted in UTF-16 code units, which is never fewer than characters). */
export const MAX_551_LINE = 255;

/** True for 7.0 output (no CONC, no length limit, only a leading `@` doubled). */
export type Seven = boolean;

const PREFIXES = Array.from({ length: 16 }, (_, i) => `${i} `);
const prefix = (level: number): string => PREFIXES[level] ?? `${level} `;

/** A line whose value needs no escaping: a pointer, an enumeration, a number. `value` '' writes no value. */
export const line = (level: number, tag: string, value = ''): string =>
  (value === '' ? `${prefix(level)}${tag}\n` : `${prefix(level)}${tag} ${value}\n`);

const isSpace = (c: number): boolean => c === 32 || c === 9;
const isHigh = (c: number): boolean => c >= 0xd800 && c <= 0xdbff;
const isLow = (c: number): boolean => c >= 0xdc00 && c <= 0xdfff;

/** Whether a CONC may split `s` before index k: never next to a space (readers trim), never inside a surrogate pair. */
const goodCut = (s: string, k: number): boolean => {
  const a = s.charCodeAt(k - 1);
  const b = s.charCodeAt(k);
  return !isSpace(a) && !isSpace(b) && !(isHigh(a) && isLow(b));
};

const escape551 = (s: string): string => (s.includes('@') ? s.replaceAll('@', '@@') : s);

/**
 * One logical (newline-free) line as `level tag value` plus, in 5.5.1, CONC lines at `concLevel` so
 * no line exceeds MAX_551_LINE. The split is measured on the escaped text but made on the raw one, so
 * an `@@` is never torn apart; it is made between two non-space characters (the 5.5.1 rule, as readers
 * trim); only a run of spaces longer than a whole line is cut inside (nothing else keeps it).
 * `escaped`: the value is already escaped (a 5.5.1 DATE with calendar escapes): split only, never
 * between two `@`.
 */
const logicalLine = (level: number, tag: string, raw: string, seven: Seven, concLevel: number, escaped = false): string => {
  if (seven) return line(level, tag, escaped || raw.charCodeAt(0) !== 64 ? raw : `@${raw}`);
  let width = raw.length;
  if (!escaped) for (let i = 0; i < raw.length; i++) if (raw.charCodeAt(i) === 64) width++;
  let budget = MAX_551_LINE - 1 - prefix(level).length - tag.length - 1;
  if (width <= budget) return line(level, tag, escaped ? raw : escape551(raw));
  const esc = (s: string): string => (escaped ? s : escape551(s));
  const ok = (k: number): boolean => goodCut(raw, k) && !(escaped && raw.charCodeAt(k - 1) === 64 && raw.charCodeAt(k) === 64);
  let out = '';
  let currentLevel = level;
  let currentTag = tag;
  let i = 0;
  for (;;) {
    // The furthest end whose escaped width fits the budget.
    let end = i;
    let w = 0;
    while (end < raw.length) {
      const cw = !escaped && raw.charCodeAt(end) === 64 ? 2 : 1;
      if (w + cw > budget) break;
      w += cw;
      end++;
    }
    if (end >= raw.length) return out + line(currentLevel, currentTag, esc(raw.slice(i)));
    let cut = end;
    while (cut > i + 1 && !ok(cut)) cut--;
    if (!ok(cut)) cut = isHigh(raw.charCodeAt(end - 1)) && isLow(raw.charCodeAt(end)) ? end - 1 : end;
    out += line(currentLevel, currentTag, esc(raw.slice(i, cut)));
    i = cut;
    currentLevel = concLevel;
    currentTag = 'CONC';
    budget = MAX_551_LINE - 1 - prefix(concLevel).length - 5;
  }
};

/** C0 controls other than tab are not allowed in a line value (newlines are handled before). */
const dropControls = (s: string): string => {
  let out = '';
  let from = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 32 && c !== 9) {
      out += s.slice(from, i);
      from = i + 1;
    }
  }
  return from === 0 ? s : out + s.slice(from);
};

/** Whether `value` can be written as is after a `prefixLength`-character `level tag ` prefix. */
export const plain = (value: string, prefixLength: number, seven: Seven): boolean => {
  if (seven) {
    if (value.charCodeAt(0) === 64) return false;
    for (let i = 0; i < value.length; i++) {
      const c = value.charCodeAt(i);
      if (c < 32 && c !== 9) return false;
    }
    return true;
  }
  if (prefixLength + value.length >= MAX_551_LINE) return false;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if ((c < 32 && c !== 9) || c === 64) return false;
  }
  return true;
};

/**
 * A text value (notes, titles, details): newlines (LF, CR LF, CR) become CONT lines; long lines CONC
 * in 5.5.1. An empty value writes nothing (the substructure is omitted).
 */
export const text = (level: number, tag: string, value: string, seven: Seven): string => {
  if (value === '') return '';
  if (plain(value, prefix(level).length + tag.length + 1, seven)) return `${prefix(level)}${tag} ${value}\n`;
  let out = '';
  let from = 0;
  let lineLevel = level;
  let lineTag = tag;
  for (let i = 0; i <= value.length; i++) {
    const c = i === value.length ? 10 : value.charCodeAt(i);
    if (c !== 10 && c !== 13) continue;
    out += logicalLine(lineLevel, lineTag, dropControls(value.slice(from, i)), seven, level + 1);
    if (c === 13 && value.charCodeAt(i + 1) === 10) i++;
    from = i + 1;
    lineLevel = level + 1;
    lineTag = 'CONT';
  }
  return out;
};

/**
 * A value that has to stay on one line (GIVN, SURN, PLAC): newlines become spaces. 5.5.1 still splits
 * an overlong one with CONC rather than cut it.
 */
export const single = (level: number, tag: string, value: string, seven: Seven): string => {
  if (value === '') return '';
  if (plain(value, prefix(level).length + tag.length + 1, seven)) return `${prefix(level)}${tag} ${value}\n`;
  return logicalLine(level, tag, dropControls(value.replace(/\r\n?|\n/g, ' ')), seven, level + 1);
};

const WHITESPACE = /\s/; // one character at a time: the set `\s` and String#trim share

/**
 * A name part as the NAME value can hold it: a slash would end or start the surname there, so each
 * run of slashes, with the whitespace around it, becomes one space; then the part is trimmed. One
 * pass gives what the former global replacement of `\s*\/+\s*` gave, without that pattern's retry
 * from every blank of a long run with no slash after it (quadratic: a stored surname of 40,000
 * spaces slowed every later export of the tree).
 */
const unslashed = (part: string): string => {
  if (!part.includes('/')) return part;
  const isBlank = (i: number): boolean => i < part.length && WHITESPACE.test(part[i]!);
  let out = '';
  let i = 0;
  while (i < part.length) {
    let j = i;
    while (isBlank(j)) j++;
    if (part.charCodeAt(j) === 47) {
      while (part.charCodeAt(j) === 47) j++;
      while (isBlank(j)) j++;
      out += ' ';
    } else {
      if (j === i) j++; // neither a blank nor a slash
      out += part.slice(i, j);
    }
    i = j;
  }
  return out.trim();
};

/**
 * `1 NAME Given /Surname/` (`/Surname/` without a given name, `Given //` without a surname), and
 * `Given /Surname/ Suffix` with a suffix. The parts are checked, not the joined value, which saves a
 * scan of a freshly concatenated string. A slash in a part is written as a space here (the writer's
 * GIVN, SURN and the other pieces keep the parts exactly, and import takes those over the NAME value).
 */
export const nameLine = (given: string, surnamePart: string, seven: Seven, suffixPart = ''): string => {
  const givenName = unslashed(given);
  const surname = unslashed(surnamePart);
  const value = givenName === '' ? `/${surname}/` : `${givenName} /${surname}/`;
  if (suffixPart !== '') return single(1, 'NAME', `${value} ${unslashed(suffixPart)}`, seven);
  if (plain(givenName, 7 + 3 + surname.length, seven) && plain(surname, 7 + 3 + givenName.length, seven)) {
    return `1 NAME ${value}\n`;
  }
  return single(1, 'NAME', value, seven);
};

/** A value already escaped for its version (a 5.5.1 DATE keeps its `@#DJULIAN@`): only split with CONC when too long. */
export const escapedValue = (level: number, tag: string, value: string, seven: Seven): string => {
  if (value === '') return line(level, tag);
  if (seven || prefix(level).length + tag.length + 1 + value.length < MAX_551_LINE) return `${prefix(level)}${tag} ${value}\n`;
  return logicalLine(level, tag, value, false, level + 1, true);
};

// The same lines put into a sink: an array of parts that the caller joins once. The export writes
// about twenty lines per person, and a line concatenated from its parts (and each record from its
// lines) is a tree of string pieces that every later step has to walk or copy; parts pushed to an
// array are joined in one pass. Each `put*` writes exactly what its string-returning namesake answers.

/** Parts of lines, in order: `out.join('')` is the text. */
export type Out = string[];

/** What `put` writes, as one string. */
export const joined = <A extends unknown[]>(put: (out: Out, ...args: A) => void, ...args: A): string => {
  const out: Out = [];
  put(out, ...args);
  return out.join('');
};

/** `level tag ` for each level and tag the writer uses, made once. */
const HEADS = new Map<string, string[]>();
const head = (level: number, tag: string): string => {
  let byLevel = HEADS.get(tag);
  if (byLevel === undefined) HEADS.set(tag, (byLevel = []));
  return byLevel[level] ?? (byLevel[level] = `${prefix(level)}${tag} `);
};
/** `level tag\n`, likewise. */
const BARE = new Map<string, string[]>();
const bare = (level: number, tag: string): string => {
  let byLevel = BARE.get(tag);
  if (byLevel === undefined) BARE.set(tag, (byLevel = []));
  return byLevel[level] ?? (byLevel[level] = `${prefix(level)}${tag}\n`);
};

/** line() into `out`. */
export const putLine = (out: Out, level: number, tag: string, value = ''): void => {
  if (value === '') out.push(bare(level, tag));
  else out.push(head(level, tag), value, '\n');
};

/** text() into `out`. */
export const putText = (out: Out, level: number, tag: string, value: string, seven: Seven): void => {
  if (value === '') return;
  if (plain(value, prefix(level).length + tag.length + 1, seven)) out.push(head(level, tag), value, '\n');
  else out.push(text(level, tag, value, seven));
};

/** single() into `out`. */
export const putSingle = (out: Out, level: number, tag: string, value: string, seven: Seven): void => {
  if (value === '') return;
  if (plain(value, prefix(level).length + tag.length + 1, seven)) out.push(head(level, tag), value, '\n');
  else out.push(single(level, tag, value, seven));
};

/** escapedValue() into `out`. */
export const putEscaped = (out: Out, level: number, tag: string, value: string, seven: Seven): void => {
  if (value === '') out.push(bare(level, tag));
  else if (seven || prefix(level).length + tag.length + 1 + value.length < MAX_551_LINE) out.push(head(level, tag), value, '\n');
  else out.push(escapedValue(level, tag, value, seven));
};

/** nameLine() into `out`. */
export const putName = (out: Out, given: string, surnamePart: string, seven: Seven, suffixPart = ''): void => {
  if (suffixPart !== '' || given.includes('/') || surnamePart.includes('/')) {
    out.push(nameLine(given, surnamePart, seven, suffixPart));
    return;
  }
  if (plain(given, 7 + 3 + surnamePart.length, seven) && plain(surnamePart, 7 + 3 + given.length, seven)) {
    if (given === '') out.push('1 NAME /', surnamePart, '/\n');
    else out.push('1 NAME ', given, ' /', surnamePart, '/\n');
  } else out.push(nameLine(given, surnamePart, seven));
};
