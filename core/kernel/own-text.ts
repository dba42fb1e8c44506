/**
 * Below this length V8 copies a slice of a string; from it on, a slice is a view of the string it was
 * cut from (a "sliced string", V8's SlicedString::kMinLength), which keeps that string alive.
 */
const SLICE_MIN_LENGTH = 13;

/**
 * `text` as a string that keeps no other string alive. The GEDCOM reader cuts each line's xref, tag
 * and value out of the 64 KiB piece of the file it decoded (reader-lines.ts); in V8 such a value of
 * 13 characters or more is a view of that piece, and a value joined from such parts (`a + b`, a
 * template) holds its parts until it is flattened. Whatever an import keeps past its record (xrefs,
 * place names, a couple's notes, shared notes) would keep the piece it came from: a 1,000,000-person
 * import kept about 85 MB of its file's text alive so, through the couples' notes alone (heap
 * snapshots; spec/core/gedcom-import-retention.spec.ts holds the import to it). The copy costs its
 * characters once; a short string is returned as is.
 */
export const ownText = (text: string): string => (text.length < SLICE_MIN_LENGTH ? text : (' ' + text).slice(1));
