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
 * other are one line end, even when a chunk boundary falls between them.
 */
export const createLineSplitter = (sink: LineSink): LineSplitter => {
  let carry = '';
  let skip = 0; // the partner of the last line end, to swallow if it starts the next text
  let line = 0;
  let consumed = 0; // decoded characters before `carry`
  let base = 0;

  const push = (text: string): void => {
    if (text.length === 0) return;
    if (skip === 0 && text.indexOf('\n') === -1 && text.indexOf('\r') === -1) {
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
      line++;
      sink(buf, i, end, line);
      i = end + 1;
      if (i === n) skip = partner;
      else if (buf.charCodeAt(i) === partner) i++;
    }
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
