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
export const decodePart = <A>(
  codec: t.Type<A, unknown, unknown>, value: unknown, where: string,
  o: { readonly exact?: boolean; readonly describe?: (codec: t.Any) => string } = {},
) => {
  const unstorable = unstorableTextPath(value);
  if (unstorable !== null) return { ok: false as const, errors: [unstorableTextError(unstorable, where)] };
  const decoded = codec.decode(value);
  if (decoded._tag === 'Left') return { ok: false as const, errors: decodeErrors(decoded.left, where, o.describe) };
  // `exact`: a field (or query parameter) the codec does not know is refused, named, not dropped.
  const unknown = o.exact === true ? unknownFields(codec, value) : [];
  if (unknown.length > 0) return { ok: false as const, errors: unknown.map((path) => ({ path, message: where === 'query' ? 'is not a parameter of this operation' : 'is not a field of this body' })) };
  return { ok: true as const, value: decoded.right };
};

/**
 * `describe`: what the refusing codec expects, in words (the HTTP adapter's, from the codec's JSON
 * Schema); without it, the codec's name.
 */
export const decodeErrors = (errors: t.Errors, where: string, describe?: (codec: t.Any) => string) => {
  const out: FieldError[] = [];
  for (const e of errors) {
    if (out.length >= 20) break;
    // A numeric key is an array's index (written `[i]`, as API.md's `operations[2].data.sex`) when
    // its parent is an array, else a union's branch (left out). The field's own codec (the entry of
    // its key, not the union branch that refused last) is the one described.
    let path = '';
    let field = e.context[0]?.type;
    e.context.forEach((c, i) => {
      if (c.key === '') return;
      if (/^\d+$/.test(c.key)) {
        const parent = (e.context[i - 1]?.type as { _tag?: string } | undefined)?._tag;
        // (A codec that writes the index into its own key, as core/proposals/bodies.ts's indexedArray does, is not repeated.)
        if ((parent === 'ArrayType' || parent === 'ReadonlyArrayType') && !path.endsWith(`[${c.key}]`)) {
          path += `[${c.key}]`;
          field = c.type;
        }
        return;
      }
      path += path === '' ? c.key : `.${c.key}`;
      field = c.type;
    });
    const at = path === '' ? where : path;
    // A union refuses once per branch: one error per field.
    if (describe !== undefined && out.some((x) => x.path === at)) continue;
    const refusing = describe !== undefined ? field : e.context[e.context.length - 1]?.type;
    const expected = refusing === undefined ? 'expected a valid value' : describe !== undefined ? describe(refusing as t.Any) : `expected ${refusing.name}`;
    out.push({ path: at, message: e.message ?? (e.value === undefined ? (describe !== undefined ? `is required: it ${expected}` : 'required') : expected) });
  }
  return out;
};

/** What the walker below reads of an io-ts codec: its runtime `_tag` and combinator fields. */
type Walked = {
  readonly _tag?: string;
  readonly type?: Walked;
  readonly types?: readonly Walked[];
  readonly props?: Readonly<Record<string, Walked>>;
  readonly decode: (u: unknown) => { readonly _tag: string };
};

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The fields an object codec knows (an interface, a partial, an intersection of them, through
 * refinements); null when the codec is open (a dictionary, free JSON, a custom type) or not an object.
 */
const knownFields = (codec: Walked): Record<string, Walked> | null => {
  switch (codec._tag) {
    case 'InterfaceType':
    case 'PartialType':
    case 'StrictType':
      return { ...codec.props };
    case 'RefinementType':
    case 'ReadonlyType':
    case 'ExactType':
      return codec.type === undefined ? null : knownFields(codec.type);
    case 'IntersectionType':
    case 'UnionType': {
      // An intersection knows what its parts know; a union inside an object, what any member knows.
      const out: Record<string, Walked> = {};
      for (const part of codec.types ?? []) {
        const known = knownFields(part);
        if (known === null) return null;
        Object.assign(out, known);
      }
      return out;
    }
    default:
      return null;
  }
};

/**
 * The paths of keys in `value` that `codec` does not know, at any depth (objects, arrays, and the
 * member of a union that the value decodes as); at most 20. A client's typo (`first_name`) is then a
 * 422 naming it, instead of a field silently dropped.
 */
export const unknownFields = (codec: t.Type<unknown, unknown, unknown> | Walked, value: unknown, where = ''): string[] => {
  const out: string[] = [];
  const at = (path: string, key: string): string => (path === '' ? key : `${path}.${key}`);
  const walk = (c: Walked, v: unknown, path: string): void => {
    if (out.length >= 20) return;
    switch (c._tag) {
      case 'RefinementType':
      case 'ReadonlyType':
      case 'ExactType':
        if (c.type !== undefined) walk(c.type, v, path);
        return;
      case 'ArrayType':
      case 'ReadonlyArrayType':
        if (Array.isArray(v) && c.type !== undefined) v.forEach((item, i) => walk(c.type!, item, `${path}[${i}]`));
        return;
      case 'UnionType': {
        // The members the value decodes as; the one that finds least unknown is the one meant.
        const members = (c.types ?? []).filter((m) => m.decode(v)._tag === 'Right');
        if (members.length === 0) return;
        const found = members.map((m) => unknownFields(m, v, path)).sort((a, b) => a.length - b.length)[0]!;
        out.push(...found.slice(0, 20 - out.length));
        return;
      }
      case 'InterfaceType':
      case 'PartialType':
      case 'StrictType':
      case 'IntersectionType': {
        if (!isRecord(v)) return;
        const known = knownFields(c);
        if (known === null) return;
        for (const [k, item] of Object.entries(v)) {
          if (!Object.hasOwn(known, k)) out.push(at(path, k));
          else walk(known[k]!, item, at(path, k));
          if (out.length >= 20) return;
        }
        return;
      }
      default:
        return;
    }
  };
  walk(codec as Walked, value, where);
  return out;
};
