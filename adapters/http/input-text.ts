import type { FieldError } from '../../core/kernel/errors.js';

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
