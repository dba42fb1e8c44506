import type * as t from 'io-ts';
import type { FieldError } from './errors.js';

// Decoding what a client (or a stored proposal) sends, into field errors: core's, so that every host
// (the HTTP routes, a proposal's apply, the archive reader) decodes and reports alike.

/** U+0000, or half of a surrogate pair standing alone (text that is not Unicode). */
const UNSTORABLE = /[\0\p{Cs}]/u;

/**
 * The path of the first text a database cannot store in a decoded request part (JSON body, query,
 * multipart fields), in a value or an object key, at any depth; null when there is none. PostgreSQL
 * refuses U+0000 in text and jsonb and a lone surrogate in jsonb, and no genealogical text needs
 * either, so the service refuses both once, here, for every route (declared fields, free JSON and
 * extra keys alike). Walks with its own stack: a deeply nested body cannot overflow the call stack.
 */
export const unstorableTextPath = (value: unknown): string | null => {
  // Each entry points at its parent: the path is built only on a hit, so depth costs no copies.
  type Entry = { readonly value: unknown; readonly key: string | null; readonly parent: Entry | null };
  const pathOf = (e: Entry | null, last: string | null = null): string => {
    const keys: string[] = last === null ? [] : [last];
    for (let at = e; at !== null; at = at.parent) if (at.key !== null) keys.push(at.key);
    return keys.reverse().join('.');
  };
  const stack: Entry[] = [{ value, key: null, parent: null }];
  while (stack.length > 0) {
    const e = stack.pop()!;
    const v = e.value;
    if (typeof v === 'string') {
      if (UNSTORABLE.test(v)) return pathOf(e);
    } else if (Array.isArray(v)) {
      v.forEach((item, i) => stack.push({ value: item, key: String(i), parent: e }));
    } else if (typeof v === 'object' && v !== null) {
      for (const [k, item] of Object.entries(v)) {
        if (UNSTORABLE.test(k)) return pathOf(e, k);
        stack.push({ value: item, key: k, parent: e });
      }
    }
  }
  return null;
};

/** The 422 field error for unstorable text at `path` (`where` when it is the whole part). */
export const unstorableTextError = (path: string, where: string): FieldError => ({ path: path === '' ? where : path, message: 'must be Unicode text without the character U+0000' });

/**
 * Decodes one part of a request (ARCHITECTURE.md rule 5): text no database can store anywhere in it
 * (U+0000, a lone surrogate), or a value its codec refuses (type, length, range), is a list of field
 * errors for a 422; otherwise the decoded value.
 */
export const decodePart = <A>(codec: t.Type<A, unknown, unknown>, value: unknown, where: string) => {
  const unstorable = unstorableTextPath(value);
  if (unstorable !== null) return { ok: false as const, errors: [unstorableTextError(unstorable, where)] };
  const decoded = codec.decode(value);
  return decoded._tag === 'Right' ? { ok: true as const, value: decoded.right } : { ok: false as const, errors: decodeErrors(decoded.left, where) };
};

export const decodeErrors = (errors: t.Errors, where: string) =>
  errors.slice(0, 20).map((e) => {
    // A numeric key is an array's index (written `[i]`, as API.md's `operations[2].data.sex`) when
    // its parent is an array, else a union's branch (left out).
    let path = '';
    e.context.forEach((c, i) => {
      if (c.key === '') return;
      if (/^\d+$/.test(c.key)) {
        const parent = (e.context[i - 1]?.type as { _tag?: string } | undefined)?._tag;
        // (A codec that writes the index into its own key, as core/proposals/bodies.ts's indexedArray does, is not repeated.)
        if ((parent === 'ArrayType' || parent === 'ReadonlyArrayType') && !path.endsWith(`[${c.key}]`)) path += `[${c.key}]`;
        return;
      }
      path += path === '' ? c.key : `.${c.key}`;
    });
    const expected = e.context[e.context.length - 1]?.type.name ?? 'a valid value';
    return { path: path === '' ? where : path, message: e.message ?? (e.value === undefined ? 'required' : `expected ${expected}`) };
  });
