import type { Id } from '../kernel/ids.js';
import type { Media, MediaTargetKind } from '../media/model.js';
import { joined, line, putLine, text, type Out } from './writer-text.js';

// OBJE for a GEDZIP export (GEDCOM 7 only, `?version=7.0&media=true`): one OBJE record per live media
// item of the tree, its FILE the item's path inside the zip, and `OBJE @O<n>@` links under the INDI,
// event or SOUR it is attached to (an unattached item is a record nothing links). A plain export
// writes no OBJE: its FILE would name a file the receiver does not have.

/** A media item as the .gdz holds it: its record's xref and the path of its bytes in the zip. */
export type GedzipItem = { readonly media: Media; readonly xref: string; readonly path: string };

/** The links a writer adds under the records media are attached to (WriterOptions.media). */
export type MediaLinks = (kind: MediaTargetKind, id: Id) => readonly string[] | undefined;

export type GedzipMedia = { readonly items: readonly GedzipItem[]; readonly links: MediaLinks };

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
 */
export const gedzipMedia = (media: readonly Media[]): GedzipMedia => {
  const byTarget = new Map<string, string[]>();
  const items = media.map((m, i): GedzipItem => {
    const xref = `@O${i + 1}@`;
    if (m.target !== null) {
      const key = `${m.target.kind}:${m.target.id}`;
      const list = byTarget.get(key);
      if (list === undefined) byTarget.set(key, [xref]);
      else list.push(xref);
    }
    return { media: m, xref, path: `media/${m.id}/${safeName(m.fileName)}` };
  });
  return { items, links: (kind, id) => byTarget.get(`${kind}:${id}`) ?? NONE };
};

/** `OBJE @O1@` lines at `level` for the media attached to that record; none without any. */
export const putMediaLinks = (out: Out, level: number, links: MediaLinks | undefined, kind: MediaTargetKind, id: Id): void => {
  if (links === undefined) return;
  const xrefs = links(kind, id);
  if (xrefs !== undefined) for (const x of xrefs) putLine(out, level, 'OBJE', x);
};

export const mediaLinkLines = (level: number, links: MediaLinks | undefined, kind: MediaTargetKind, id: Id): string => joined(putMediaLinks, level, links, kind, id);

/** The 7.0 OBJE record: FILE (the path in the zip), FORM (the media type), TITL. */
export const writeMediaRecord = (item: GedzipItem): string =>
  `0 ${item.xref} OBJE\n` + line(1, 'FILE', item.path) + line(2, 'FORM', item.media.contentType) + text(2, 'TITL', item.media.title, true);
