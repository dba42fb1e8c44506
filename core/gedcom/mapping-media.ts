import type { GedcomNode, PlanMedia } from './types.js';
import { lean, text, type Context } from './mapping-context.js';
import { zipEntryName } from './gedzip.js';
import { keptOf } from './extensions.js';
import { ownText } from '../kernel/own-text.js';

// OBJE (multimedia) -> PlanMedia. Only a .gdz carries the bytes: an OBJE whose FILE names a file of
// the zip being read (`hasMedia`) becomes a media item with those bytes; any other OBJE with a FILE (a
// plain .ged, a FILE elsewhere, a URL) becomes a media record without bytes (`missing`, issue 28),
// keeping the FILE as written, its FORM and title, until an upload brings the file. An OBJE without
// any FILE stays in the unmapped report: the record as `OBJE`, each link as `INDI.OBJE`.
// - Links are taken from INDI, its events (INDI.BIRT.OBJE: attached to the event) and SOUR records;
//   a FAM has no record to attach to, so FAM.OBJE and FAM.MARR.OBJE stay unmapped (kept verbatim), and
//   a record without bytes only a FAM links stays a kept record, so that link still names it.
// - An OBJE record linked from several records is attached to the first (persons in file order,
//   then sources); the other links are warnings. One that nothing links is imported unattached. A
//   record without bytes is made once for each record that links it (there are no bytes to share).
// - Of several FILEs, the first the zip holds is taken (without one there: the first), the others are unmapped (`OBJE.FILE`).
// - TITL under FILE (5.5.1, 7.0) or under OBJE (5.5) is the title; FORM under FILE or OBJE the form.
//   The rest (FORM.TYPE/MEDI, NOTE, SOUR, CROP...) is unmapped: a media item holds no more.

/** An OBJE under an event of a record: `event` is the event's index in the record's events, `path` its tag path (`INDI.BIRT`). */
export type EventObje = { readonly node: GedcomNode; readonly event: number; readonly path: string };

/** Whether the file being read holds the file a FILE value names. */
export type HasMedia = (file: string) => boolean;

type ObjeRecord = { readonly media: PlanMedia; usedBy: string | null };

/** OBJE records with a FILE, by xref, filled as they arrive. */
export type MediaStore = {
  readonly hasMedia: HasMedia;
  readonly records: Map<string, ObjeRecord>;
  /** OBJE records that map to nothing (their links are unmapped too): xref -> line. */
  readonly absent: Map<string, number>;
  /**
   * The OBJE records an INDI (or one of its events) or a SOUR links by pointer, as the first pass
   * saw them. A record without bytes that none of those links (one only a FAM links, or nothing) is
   * not made a media record: it is kept whole as it was (extensions.ts), with the links to it.
   */
  readonly linked: Set<string>;
};

export const createMediaStore = (hasMedia: HasMedia = () => false): MediaStore => ({ hasMedia, records: new Map(), absent: new Map(), linked: new Set() });

/** Notes the OBJE pointers of an INDI (and of its events) or a SOUR record, for MediaStore.linked (the first pass). */
export const noteObjeLinks = (store: MediaStore, record: GedcomNode): void => {
  for (const c of record.children) {
    if (c.tag === 'OBJE' && c.pointer && c.value !== null) store.linked.add(ownText(c.value));
    else if (record.tag === 'INDI') for (const g of c.children) if (g.tag === 'OBJE' && g.pointer && g.value !== null) store.linked.add(ownText(g.value));
  }
};

/** A record without bytes that no INDI, event or SOUR links: not a media record (see MediaStore.linked). */
const unlinkedBlank = (store: MediaStore, xref: string, r: ObjeRecord): boolean => r.media.missing === true && !store.linked.has(xref);

const NO_MEDIA = createMediaStore();

/**
 * The media an OBJE (record or inline) stands for, or null (counted as lost whole at `path`) when
 * none of its FILEs is in the zip. Substructures not taken are counted as lost.
 */
const readObje = (node: GedcomNode, path: string, store: MediaStore, ctx: Context): PlanMedia | null => {
  const held = node.children.find((c) => c.tag === 'FILE' && text(c) !== '' && store.hasMedia(text(c)));
  const chosen = held ?? node.children.find((c) => c.tag === 'FILE' && text(c) !== '');
  if (chosen === undefined) {
    ctx.lost(path, node);
    return null;
  }
  // What the media record does not hold (NOTE, a FILE's _DATE...) is kept on it (extensions.ts).
  const scope = ctx.open(node);
  let title = '';
  let form: string | null = null;
  for (const c of chosen.children) {
    if (c.tag === 'TITL' && title === '') title = text(c);
    else if (c.tag === 'FORM' && form === null) form = text(c) || null;
    else {
      ctx.lost(`${path}.FILE.${c.tag}`, c);
      continue;
    }
    ctx.lostChildren(`${path}.FILE.${c.tag}`, c);
  }
  for (const c of node.children) {
    if (c === chosen) continue;
    if (c.tag === 'TITL' && title === '') title = text(c);
    else if (c.tag === 'FORM' && form === null) form = text(c) || null;
    else {
      ctx.lost(`${path}.${c.tag}`, c);
      continue;
    }
    ctx.lostChildren(`${path}.${c.tag}`, c);
  }
  const extra = ctx.close(scope);
  return {
    file: held === undefined ? decodedPath(text(chosen)) : text(chosen), form, title, line: node.line, ...(held === undefined ? { missing: true as const } : {}),
    ...(extra === undefined ? {} : { extra }),
  };
};

/** A FILE as a path: percent escapes (a 7.0 URI reference, as export writes one) decoded; as written when they are not valid. */
const decodedPath = (file: string): string => {
  if (!file.includes('%')) return file;
  try {
    return decodeURI(file);
  } catch {
    return file;
  }
};

/** A level-0 OBJE record: kept when its FILE is in the zip, else counted as lost. */
export const addObjeRecord = (store: MediaStore, record: GedcomNode, ctx: Context): void => {
  const xref = record.xref;
  if (xref === null || store.records.has(xref) || store.absent.has(xref)) {
    if (xref !== null) ctx.warn(record.line, `a second OBJE record ${xref}: left out`);
    ctx.lost(record.tag, record);
    return;
  }
  const media = readObje(record, record.tag, store, ctx);
  // Kept to the import's end: copies, not views of the file's text (own-text.ts; structuredClone copies every string).
  if (media === null) store.absent.set(ownText(xref), record.line);
  else store.records.set(ownText(xref), { media: structuredClone({ ...media, xref }), usedBy: null });
};

/**
 * Whether the OBJE record `xref` becomes a media record (so a kept pointer at it names that record):
 * one with a FILE, linked by an INDI, event or SOUR, or whose bytes the zip holds.
 */
export const becomesMedia = (store: MediaStore, xref: string): boolean => {
  const r = store.records.get(xref);
  return r !== undefined && !unlinkedBlank(store, xref, r);
};

/**
 * The second pass of a streamed import (mapping-stream.ts): the first (import-scan.ts) filled the
 * store with a context that counts nothing, so this counts what the record loses, once.
 */
export const countObjeRecord = (store: MediaStore, record: GedcomNode, ctx: Context): void => {
  const xref = record.xref;
  const r = xref === null ? undefined : store.records.get(xref);
  if (xref !== null && r !== undefined && r.media.line === record.line && !unlinkedBlank(store, xref, r)) {
    readObje(record, record.tag, store, ctx);
    return;
  }
  if (xref !== null && store.absent.get(xref) !== record.line && r?.media.line !== record.line) ctx.warn(record.line, `a second OBJE record ${xref}: left out`);
  ctx.lost(record.tag, record);
};

/**
 * The media a record's OBJE substructures (pointers or inline; its own or its events') give, once
 * every OBJE record is in. `path` is the record's tag (`INDI`, `SOUR`), `owner` its xref (named in
 * warnings). An event's media carry the event's index.
 */
export const finishMediaLinks = (
  links: readonly (GedcomNode | EventObje)[], path: string, owner: string, ctx: Context, store: MediaStore = NO_MEDIA,
): readonly PlanMedia[] => {
  if (links.length === 0) return lean([]);
  const out: PlanMedia[] = [];
  for (const link of links) {
    const node = 'node' in link ? link.node : link;
    const at = `${'node' in link ? link.path : path}.OBJE`;
    const onEvent = (m: PlanMedia): PlanMedia => ('node' in link ? { ...m, event: link.event } : m);
    if (!node.pointer) {
      const inline = readObje(node, at, store, ctx);
      // Without its file, kept as written too: 5.5.1 export writes it inline again (writer-media.ts).
      if (inline !== null) out.push(onEvent(inline.missing === true ? { ...inline, inline: keptOf(node) } : inline));
      continue;
    }
    const record = store.records.get(node.value ?? '');
    if (record === undefined) {
      ctx.lost(at, node);
      continue;
    }
    ctx.lostChildren(at, node);
    // A record without bytes has nothing to share: each record linking it gets a media record of its own.
    if (record.usedBy !== null && record.media.missing !== true) {
      ctx.warn(node.line, `OBJE ${node.value} is attached to ${record.usedBy} already: this link of ${owner} is left out`);
      continue;
    }
    record.usedBy = ownText(owner);
    out.push(onEvent(record.media));
  }
  return lean(out);
};

/** A SOUR record's media as PlanSource holds them: no `media` field when there are none. */
export const sourceMedia = (links: readonly GedcomNode[] | undefined, xref: string, ctx: Context, store: MediaStore): { readonly media?: readonly PlanMedia[] } => {
  const media = links === undefined ? [] : finishMediaLinks(links, 'SOUR', xref, ctx, store);
  return media.length === 0 ? {} : { media };
};

/** OBJE records of the zip that nothing linked: imported unattached. */
export const unattachedMedia = (store: MediaStore): readonly PlanMedia[] =>
  lean([...store.records].filter(([xref, r]) => r.usedBy === null && !unlinkedBlank(store, xref, r)).map(([, r]) => r.media));

/** A HasMedia for the names a zip holds. */
export const hasZipEntry = (has: (name: string) => boolean): HasMedia => (file) => {
  const name = zipEntryName(file);
  return name !== null && has(name);
};
