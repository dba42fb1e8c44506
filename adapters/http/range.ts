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
  const m = /^bytes=\s*(\d*)\s*-\s*(\d*)\s*$/.exec(header);
  if (m === null) return { kind: 'whole' };
  const [, a, b] = m as unknown as [string, string, string];
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
