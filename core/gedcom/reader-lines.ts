import { GedcomTooLargeError } from './types.js';

/** Receives one physical line: `text.slice(start, end)` without its line end, and its 1-based number. */
export type LineSink = (text: string, start: number, end: number, line: number) => void;

export type LineSplitter = {
  /** Splits decoded text, in any chunking, into lines; a partial last line waits for the next push. */
  readonly push: (text: string) => void;
  /** Emits the last line when the input does not end with a line end. */
  readonly end: () => void;
  /** The number of lines emitted so far (= the number of the last one). */
  readonly lines: () => number;
  /** The offset in the whole decoded text of `text[0]` as the sink currently sees it. */
  readonly base: () => number;
};

const LF = 10;
const CR = 13;

/**
 * Line ends are LF, CR, CR LF and LF CR, mixed freely: a CR and an LF in either order next to each
 * other are one line end, even when a chunk boundary falls between them. A line longer than
 * `maxLine` characters throws GedcomTooLargeError as soon as that many are in, so a file without
 * line ends is never held whole.
 */
export const createLineSplitter = (sink: LineSink, maxLine: number = Infinity): LineSplitter => {
  let carry = '';
  let skip = 0; // the partner of the last line end, to swallow if it starts the next text
  let line = 0;
  let consumed = 0; // decoded characters before `carry`
  let base = 0;

  const tooLong = (): never => {
    throw new GedcomTooLargeError(line + 1, `line ${line + 1} is longer than ${maxLine} characters`);
  };

  const push = (text: string): void => {
    if (text.length === 0) return;
    if (skip === 0 && text.indexOf('\n') === -1 && text.indexOf('\r') === -1) {
      if (carry.length + text.length > maxLine) tooLong();
      carry += text;
      return;
    }
    const buf = carry + text;
    base = consumed;
    let i = 0;
    if (skip !== 0) {
      if (buf.charCodeAt(0) === skip) i = 1;
      skip = 0;
    }
    let nl = buf.indexOf('\n', Math.max(i, carry.length));
    let cr = buf.indexOf('\r', Math.max(i, carry.length));
    const n = buf.length;
    for (;;) {
      if (nl !== -1 && nl < i) nl = buf.indexOf('\n', i);
      if (cr !== -1 && cr < i) cr = buf.indexOf('\r', i);
      let end: number;
      let partner: number;
      if (nl === -1) {
        if (cr === -1) break;
        end = cr;
        partner = LF;
      } else if (cr === -1 || nl < cr) {
        end = nl;
        partner = CR;
      } else {
        end = cr;
        partner = LF;
      }
      if (end - i > maxLine) tooLong();
      line++;
      sink(buf, i, end, line);
      i = end + 1;
      if (i === n) skip = partner;
      else if (buf.charCodeAt(i) === partner) i++;
    }
    if (n - i > maxLine) tooLong();
    carry = i === 0 ? buf : buf.slice(i);
    consumed += i;
  };

  const end = (): void => {
    if (carry.length > 0) {
      base = consumed;
      line++;
      sink(carry, 0, carry.length, line);
      consumed += carry.length;
      carry = '';
    }
  };

  return { push, end, lines: () => line, base: () => base };
};

/** A line as repaired by repairLine, and what was wrong with it. */
export type LineRepair = { readonly text: string; readonly nul: boolean; readonly surrogates: boolean };

/**
 * The line `text.slice(start, end)` made fit for PostgreSQL text, or null when it is already:
 * U+0000 removed (text cannot hold it), and each unpaired UTF-16 surrogate (from a UTF-16 file)
 * replaced by U+FFFD, as a UTF-8 decoder does (it has no UTF-8 form, and jsonb refuses its escape).
 */
export const repairLine = (text: string, start: number, end: number): LineRepair | null => {
  let out: string[] | null = null;
  let from = start;
  let nul = false;
  let surrogates = false;
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c !== 0 && (c < 0xd800 || c > 0xdfff)) continue;
    if (c <= 0xdbff && c !== 0 && i + 1 < end) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        i++;
        continue;
      }
    }
    out ??= [];
    out.push(text.slice(from, i));
    if (c === 0) nul = true;
    else {
      surrogates = true;
      out.push('\uFFFD');
    }
    from = i + 1;
  }
  if (out === null) return null;
  out.push(text.slice(from, end));
  return { text: out.join(''), nul, surrogates };
};

/** A parsed line: blank, malformed (with the reason), or level, xref, tag and raw value. */
export type ParsedLine =
  | { readonly kind: 'blank' }
  | { readonly kind: 'bad'; readonly message: string }
  | { readonly kind: 'line'; readonly level: number; readonly xref: string | null; readonly tag: string; readonly value: string | null };

const BLANK: ParsedLine = { kind: 'blank' };
const bad = (message: string): ParsedLine => ({ kind: 'bad', message });

const isDelim = (c: number): boolean => c === 32 || c === 9;
const isTagChar = (c: number): boolean =>
  (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 95;

/**
 * `level [@xref@] TAG [value]`. Leading whitespace (some vendors indent by level), a BOM and a DOS
 * end-of-file mark (^Z) before the level are skipped silently; several spaces or tabs between level,
 * xref and tag are accepted. The value is everything after the one delimiter that follows the tag,
 * verbatim (its leading spaces matter for CONC); an empty value is null.
 */
export const parseLine = (text: string, start: number, end: number): ParsedLine => {
  let i = start;
  for (; i < end; i++) {
    const c = text.charCodeAt(i);
    if (!(isDelim(c) || c === 0xfeff || c === 0x1a)) break;
  }
  if (i === end) return BLANK;
  const levelStart = i;
  let level = 0;
  for (; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c < 48 || c > 57) break;
    level = level * 10 + (c - 48);
  }
  if (i === levelStart || i - levelStart > 2) return bad('not a GEDCOM line (no level number)');
  if (i < end && !isDelim(text.charCodeAt(i))) return bad('not a GEDCOM line (no space after the level)');
  while (i < end && isDelim(text.charCodeAt(i))) i++;
  if (i === end) return bad('missing tag');
  let xref: string | null = null;
  if (text.charCodeAt(i) === 64) {
    const xrefStart = i;
    while (i < end && !isDelim(text.charCodeAt(i))) i++;
    xref = text.slice(xrefStart, i);
    if (xref.length < 3 || !xref.endsWith('@') || xref.indexOf('@', 1) !== xref.length - 1) {
      return bad(`malformed cross-reference ${xref}`);
    }
    while (i < end && isDelim(text.charCodeAt(i))) i++;
    if (i === end) return bad('missing tag');
  }
  const tagStart = i;
  while (i < end && isTagChar(text.charCodeAt(i))) i++;
  if (i === tagStart || (i < end && !isDelim(text.charCodeAt(i)))) {
    let j = i;
    while (j < end && !isDelim(text.charCodeAt(j))) j++;
    return bad(`invalid tag "${text.slice(tagStart, j)}"`);
  }
  const tag = text.slice(tagStart, i);
  const value = i + 1 < end ? text.slice(i + 1, end) : null;
  return { kind: 'line', level, xref, tag, value };
};
