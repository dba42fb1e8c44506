/** What a `Range` header asks of an object of `size` bytes (RFC 9110 section 14). */
export type RangeRequest =
  | { readonly kind: 'whole' }
  | { readonly kind: 'part'; readonly start: number; readonly end: number }
  | { readonly kind: 'unsatisfiable' };

/**
 * One byte range (`bytes=a-b`, `bytes=a-`, `bytes=-n`) is served as 206. A header we do not serve
 * (another unit, several ranges, a malformed value) is ignored and the whole object is sent, as the
 * RFC allows. A range that starts past the end, or any range of an empty object, is unsatisfiable (416).
 */
export const parseRange = (header: string | undefined, size: number): RangeRequest => {
  if (header === undefined || header === '') return { kind: 'whole' };
  // `bytes=` a `-` b, each side digits or nothing, blanks around them allowed. Split at the first `-`
  // and test each side alone: the one-pattern form `\s*(\d*)\s*-` let two `\s*` trade the blanks of a
  // long run (quadratic). trim drops the characters `\s` matches.
  if (!header.startsWith('bytes=')) return { kind: 'whole' };
  const dash = header.indexOf('-', 6);
  if (dash < 0) return { kind: 'whole' };
  const a = header.slice(6, dash).trim();
  const b = header.slice(dash + 1).trim();
  if (!/^\d*$/.test(a) || !/^\d*$/.test(b)) return { kind: 'whole' };
  if (a === '' && b === '') return { kind: 'whole' };
  if (a === '') {
    const suffix = Number(b);
    if (suffix === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'part', start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(a);
  const end = b === '' ? size - 1 : Math.min(Number(b), size - 1);
  if (b !== '' && Number(b) < start) return { kind: 'whole' };
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'part', start, end };
};
