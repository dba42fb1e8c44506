import type { Id } from '../kernel/ids.js';
import type { KeptNode, KeptRecord } from '../gedcom/types.js';
import { MAX_KEPT_TAGS, type Kept } from '../gedcom/extensions.js';
import { MAX_KEPT_RECORD_CHARS } from '../gedcom/mapping-context.js';
import type { IdMap } from './remap.js';

// GEDCOM lines an import kept verbatim (core/gedcom/extensions.ts), as a backup carries them: a
// row's kept text, and the records an import kept whole. A backup is read like API input, so what it
// holds is checked for the shape export writes back (a tag or pointer that would break a line of
// the exported file is refused) and bounded as a GEDCOM import bounds what it keeps.

/** GEDCOM levels are 0 to 99: nothing an import keeps nests deeper (export writes it recursively). */
export const MAX_KEPT_DEPTH = 100;

/** A pointer to a row, as the import writes it: `@#I<id>@` a person, `@#S<id>@` a source, `@#F<id>@` a partnership, `@#M<id>@` a media record. */
const ROW_POINTER = /^@#[ISFM][0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}@$/;
/** Any other pointer, as the GEDCOM reader takes one (reader-tree.ts). */
const POINTER = /^@[^@#\s][^@\s]*@$/;
/** A tag: what the reader took as one (no blank, no control character). */
const TAG = /^[^\s@]\S*$/;
/** An extension tag as an import declares it: `_TAG`, or `_TAG uri` from a 7.0 HEAD.SCHMA. */
const DECLARED = /^_\S+(?: \S+)?$/;

export type KeptRead<A> = { readonly ok: true; readonly value: A } | { readonly ok: false; readonly reason: string };
const fault = (reason: string): { readonly ok: false; readonly reason: string } => ({ ok: false, reason });

/** Why `u` is not a kept structure (see extensions.ts), or null; iterative, so a hostile nesting costs no stack. */
const nodeFault = (u: unknown): string | null => {
  const stack: [unknown, number][] = [[u, 1]];
  while (stack.length > 0) {
    const [n, depth] = stack.pop()!;
    if (depth > MAX_KEPT_DEPTH) return `a kept structure nests deeper than ${MAX_KEPT_DEPTH} levels`;
    if (!Array.isArray(n) || n.length !== 4) return 'a kept structure is not [tag, value, pointer, children]';
    const [tag, value, pointer, children] = n as unknown[];
    if (typeof tag !== 'string' || !TAG.test(tag)) return 'a kept structure has no usable tag';
    if (pointer !== 0 && pointer !== 1) return 'a kept structure says neither pointer (1) nor text (0)';
    if (value !== null && typeof value !== 'string') return 'a kept structure has a value that is no text';
    if (pointer === 1 && (typeof value !== 'string' || !(ROW_POINTER.test(value) || POINTER.test(value)))) return 'a kept pointer is not @xref@ nor a pointer to a row';
    if (!Array.isArray(children)) return 'a kept structure has no list of substructures';
    for (const c of children) stack.push([c, depth + 1]);
  }
  return null;
};

/** Whether `via` names a place under a structure: '' or TAG#k segments joined by '.'. */
const isVia = (via: unknown): via is string => {
  if (typeof via !== 'string') return false;
  if (via === '') return true;
  // Note forms (extensions.ts): `=`, and `=<hex hash>` once bound to the notes.
  if (via.startsWith('=')) return /^=[0-9a-f]{0,16}$/.test(via);
  // Structure forms: `~<hex hash>`.
  if (via.startsWith('~')) return /^~[0-9a-f]{1,16}$/.test(via);
  // Family forms: `|<k>`, the k-th FAM record of a couple after its first.
  if (via.startsWith('|')) return /^\|[1-9]\d{0,2}$/.test(via);
  // Group forms: `^<k>`, an edge of its parent's k-th FAM without a partner after the first.
  if (via.startsWith('^')) return /^\^[1-9]\d{0,2}$/.test(via);
  // Shared forms: `&`, an edge beside the child's other parent's edge in their couple's FAM.
  if (via === '&') return true;
  // Place forms: `>`, a citation written under its event's PLAC.
  if (via === '>') return true;
  for (const seg of via.split('.')) {
    const hash = seg.lastIndexOf('#');
    if (hash <= 0 || !TAG.test(seg.slice(0, hash)) || !/^\d{1,9}$/.test(seg.slice(hash + 1))) return false;
  }
  return true;
};

/**
 * A row's kept text from a backup, checked and as the import writes it (compact JSON), or why it is
 * none. An empty list is no kept lines (null).
 */
export const readKeptText = (text: string): KeptRead<string | null> => {
  let list: unknown;
  try {
    list = JSON.parse(text);
  } catch {
    return fault('it is not JSON');
  }
  if (!Array.isArray(list)) return fault('it is not a list of kept structures');
  for (const k of list as unknown[]) {
    if (!Array.isArray(k) || k.length < 2 || k.length > 3 || (k.length === 3 && k[2] !== 7)) return fault('an entry is not [via, structure] nor [via, structure, 7]');
    if (!isVia(k[0])) return fault('an entry has no usable place (via)');
    const why = nodeFault(k[1]);
    if (why !== null) return fault(why);
  }
  return { ok: true, value: list.length === 0 ? null : JSON.stringify(list) };
};

/**
 * The records one import kept whole and the extension tags it declared, from a backup: each record
 * as JSON text ({ xref, node, seven? }). Bounded as the import bounds them: at most
 * MAX_KEPT_RECORD_CHARS characters of records (as JSON), at most MAX_KEPT_TAGS tags.
 */
export const readKeptRecords = (texts: readonly string[], tags: readonly string[]): KeptRead<{ readonly records: readonly KeptRecord[]; readonly tags: readonly string[] }> => {
  if (tags.length > MAX_KEPT_TAGS) return fault(`it declares ${tags.length} extension tags; one GEDCOM import declares at most ${MAX_KEPT_TAGS}`);
  for (const t of tags) if (t.length > 1000 || !DECLARED.test(t)) return fault('an extension tag is not `_TAG` nor `_TAG uri`');
  let chars = 0;
  const records: KeptRecord[] = [];
  for (const text of texts) {
    let r: unknown;
    try {
      r = JSON.parse(text);
    } catch {
      return fault('a kept record is not JSON');
    }
    if (r === null || typeof r !== 'object' || Array.isArray(r)) return fault('a kept record is not { xref, node }');
    const { xref, node, seven, ...rest } = r as { xref?: unknown; node?: unknown; seven?: unknown };
    if (Object.keys(rest).length > 0) return fault('a kept record has fields other than xref, node and seven');
    if (xref !== null && (typeof xref !== 'string' || !POINTER.test(xref))) return fault('a kept record has no usable cross-reference');
    if (seven !== undefined && seven !== true) return fault('a kept record says `seven` other than true');
    const why = nodeFault(node);
    if (why !== null) return fault(why);
    // Counted as the import counts them (mapping-context.ts): each record's structure as JSON.
    chars += JSON.stringify(node).length;
    if (chars > MAX_KEPT_RECORD_CHARS) return fault(`its kept records pass the ${MAX_KEPT_RECORD_CHARS / 1024 / 1024} MiB one GEDCOM import keeps`);
    records.push({ xref, node: node as KeptNode, ...(seven === true ? { seven } : {}) });
  }
  return { ok: true, value: { records, tags } };
};

/** The same record as a backup writes it (what readKeptRecords reads back). */
export const keptRecordText = (r: KeptRecord): string => JSON.stringify(r);

/**
 * Every pointer to a row inside kept structures through `map`: the restore's own id map, applied to
 * every id (not only those read so far: a person may point at one the backup lists later). An id
 * the backup does not hold maps to an id no restored record has, so it names nothing, as it did.
 */
const remapNode = (n: KeptNode, map: IdMap): KeptNode => {
  const [tag, value, pointer, children] = n;
  const v = pointer === 1 && value !== null && value.startsWith('@#') ? `${value.slice(0, 3)}${map(value.slice(3, -1) as Id)}@` : value;
  return [tag, v, pointer, children.length === 0 ? children : children.map((c) => remapNode(c, map))];
};

/** A row's kept text with its pointers to rows remapped (the text itself when it has none). */
export const remapKeptText = (text: string, map: IdMap): string =>
  (text.includes('"@#') ? JSON.stringify((JSON.parse(text) as Kept[]).map(([via, n, seven]) => (seven === 7 ? [via, remapNode(n, map), 7] : [via, remapNode(n, map)]))) : text);

/** Kept records with their pointers to rows remapped. */
export const remapKeptRecords = (records: readonly KeptRecord[], map: IdMap): KeptRecord[] => records.map((r) => ({ ...r, node: remapNode(r.node, map) }));
