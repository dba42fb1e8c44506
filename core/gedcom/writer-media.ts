import type { Id } from '../kernel/ids.js';
import type { Media, MediaTargetKind } from '../media/model.js';
import { joined, line, putLine, text, type Out } from './writer-text.js';
import { KEPT_OUT, putExtra, putKeptNode, structureFormOf, type KeptNode, type KeptOut } from './extensions.js';

// OBJE for a GEDZIP export (GEDCOM 7 only, `?version=7.0&media=true`): one OBJE record per live media
// item of the tree, its FILE the item's path inside the zip, and `OBJE @O<n>@` links under the INDI,
// event or SOUR it is attached to (an unattached item is a record nothing links). A plain export
// writes no OBJE for an item with bytes (its FILE would name a file the receiver does not have), but
// does for a record without bytes (issue 28): its FILE is the path the imported file gave, in both
// versions, as in a GEDZIP.

/** A media item as the .gdz holds it: its record's xref and the path of its bytes in the zip. */
export type GedzipItem = { readonly media: Media; readonly xref: string; readonly path: string };

/**
 * The links a writer adds under the records media are attached to (WriterOptions.media): an OBJE
 * record's xref, or an inline OBJE as the file wrote it (5.5.1, a record without bytes).
 */
export type MediaLinks = (kind: MediaTargetKind, id: Id) => readonly (string | KeptNode)[] | undefined;

/** What a media record's inline structure form is bound to: the fields an inline OBJE gave it. */
export const inlineMediaFields = (m: Pick<Media, 'filePath' | 'form' | 'title'>): string => JSON.stringify([m.filePath, m.form, m.title]);

export type GedzipMedia = {
  readonly items: readonly GedzipItem[];
  readonly links: MediaLinks;
  /** The xref of a media item's OBJE record, by the item's id (what a kept pointer at it is written as). */
  readonly xrefOf: (id: string) => string | undefined;
  /** Whether some item is written inline, not as a record (links has it, items not). */
  readonly inlined: boolean;
};

const NONE: readonly string[] = [];

/**
 * A file name every zip tool and URI reader takes as it is: letters, digits, `.`, `_` and `-` kept,
 * other runs as `_`, at most 100 characters, never `.` or `..`; `file` when nothing is left.
 */
const safeName = (name: string): string => {
  let out = '';
  let gap = false;
  for (const ch of name) {
    const ok = (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') || ch === '.' || ch === '_' || ch === '-';
    if (ok) {
      out += ch;
      gap = false;
    } else if (!gap) {
      out += '_';
      gap = true;
    }
  }
  out = out.slice(-100);
  return out === '' || /^\.+$/.test(out) ? 'file' : out;
};

/**
 * The items in the order given (by id), numbered `@O1@`, `@O2@`..., each under `media/<id>/<file
 * name>` so two items of one name never clash and the receiver still sees the name it was uploaded as.
 * Items without bytes that say the same (path, title, form, kept lines) are one OBJE record linked
 * from each of their records: the import made one item a record of one OBJE record linked from
 * several (mapping-media.ts), and writes them back as that one record.
 */
export const gedzipMedia = (media: readonly Media[], inline = false): GedzipMedia => {
  const byTarget = new Map<string, (string | KeptNode)[]>();
  const byId = new Map<Id, string>();
  const same = new Map<string, string>();
  const items: GedzipItem[] = [];
  let inlined = false;
  const link = (m: Media, x: string | KeptNode): void => {
    if (m.target === null) return;
    const at = `${m.target.kind}:${m.target.id}`;
    const list = byTarget.get(at);
    if (list === undefined) byTarget.set(at, [x]);
    else list.push(x);
  };
  for (const m of media) {
    // A record without bytes from an inline OBJE, still with the fields it came with: inline again (5.5.1).
    const form = inline && m.storageKey === null && m.target !== null ? structureFormOf(m.gedcomExtra, inlineMediaFields(m), false) : null;
    if (form !== null) {
      link(m, form);
      inlined = true;
      continue;
    }
    const key = m.storageKey === null ? JSON.stringify([m.filePath, m.title, m.form, m.gedcomExtra ?? null]) : null;
    let xref = key === null ? undefined : same.get(key);
    if (xref === undefined) {
      xref = `@O${items.length + 1}@`;
      if (key !== null) same.set(key, xref);
      items.push({ media: m, xref, path: m.storageKey === null ? m.filePath : `media/${m.id}/${safeName(m.fileName)}` });
    }
    byId.set(m.id, xref);
    link(m, xref);
  }
  return { items, links: (kind, id) => byTarget.get(`${kind}:${id}`) ?? NONE, xrefOf: (id) => byId.get(id), inlined };
};

/** `OBJE @O1@` lines (or inline OBJEs, 5.5.1) at `level` for the media attached to that record; none without any. */
export const putMediaLinks = (out: Out, level: number, links: MediaLinks | undefined, kind: MediaTargetKind, id: Id, kept: KeptOut = KEPT_OUT): void => {
  if (links === undefined) return;
  const xrefs = links(kind, id);
  if (xrefs !== undefined) for (const x of xrefs) typeof x === 'string' ? putLine(out, level, 'OBJE', x) : putKeptNode(out, level, x, false, kept);
};

export const mediaLinkLines = (level: number, links: MediaLinks | undefined, kind: MediaTargetKind, id: Id, kept?: KeptOut): string => joined(putMediaLinks, level, links, kind, id, kept);

/** 5.5.1 FORM values (and common others) as 7.0 media types. */
const MEDIA_TYPES: Readonly<Record<string, string>> = {
  bmp: 'image/bmp', gif: 'image/gif', jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', tif: 'image/tiff', tiff: 'image/tiff',
  pdf: 'application/pdf', wav: 'audio/wav', mp3: 'audio/mpeg', mp4: 'video/mp4', txt: 'text/plain', htm: 'text/html', html: 'text/html',
};

/** The FORM of a record without bytes: its own (7.0: as a media type), else one its path's extension gives; '' when none. */
const formOf = (m: Media, path: string, seven: boolean): string => {
  const given = m.form.trim();
  const ext = /\.([A-Za-z0-9]+)$/.exec(path)?.[1]?.toLowerCase() ?? '';
  if (!seven) return given !== '' ? given : Object.hasOwn(MEDIA_TYPES, ext) ? ext : '';
  if (given.includes('/')) return given;
  const key = (given === '' ? ext : given).toLowerCase();
  return Object.hasOwn(MEDIA_TYPES, key) ? MEDIA_TYPES[key]! : 'application/octet-stream';
};

/**
 * A path as a 7.0 FILE takes it, a URI reference: backslashes as slashes, a drive path (`C:/...`) as a
 * `file:` URI, spaces and what else a URI may not hold percent-encoded (the import decodes them again).
 */
export const fileUri = (path: string): string => {
  const slashed = path.replaceAll('\\', '/');
  return encodeURI(/^[A-Za-z]:\//.test(slashed) ? `file:///${slashed}` : slashed);
};

/** The OBJE record: FILE (the path in the zip, or the imported path of a record without bytes), FORM (the media type), TITL. */
export const writeMediaRecord = (item: GedzipItem, seven = true, kept: KeptOut = KEPT_OUT): string => {
  const blank = item.media.storageKey === null;
  const form = blank ? formOf(item.media, item.path, seven) : item.media.contentType;
  const file = blank && seven ? fileUri(item.path) : item.path;
  const record = `0 ${item.xref} OBJE\n` + text(1, 'FILE', file, seven) + (form === '' ? '' : line(2, 'FORM', form)) + text(2, 'TITL', item.media.title, seven);
  if (item.media.gedcomExtra === null || item.media.gedcomExtra === undefined) return record;
  // What the imported OBJE held beyond FILE, FORM and TITL (a NOTE, a FILE's _DATE), back in place.
  const out = [record];
  putExtra(out, 0, 1, item.media.gedcomExtra, seven, kept);
  return out.join('');
};
