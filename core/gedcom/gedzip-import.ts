import { createHash } from 'node:crypto';
import type { AsyncResult } from '../kernel/either.js';
import { E } from '../kernel/either.js';
import { newId, type Id } from '../kernel/ids.js';
import type { QueryDeps } from '../deps.js';
import type { Stores } from '../stores.js';
import type { BlobBody, BlobStore } from '../media/blob-store.js';
import type { MediaDeps } from '../media/deps.js';
import { discardBlobs } from '../media/discard-blobs.js';
import { mediaStorageKey, type Media, type MediaTarget } from '../media/model.js';
import { decideContentType, SNIFF_BYTES } from '../media/sniff.js';
import { zipEntryName, type MediaFiles, type ZipFileEntry } from './gedzip.js';
import type { PlanEvent, PlanMedia, PlanPerson, PlanSource } from './types.js';
import { createWarningLog, type Warnings } from './warnings.js';
import { notesHash, parseKept, STRUCTURE_FORM } from './extensions.js';
import { inlineMediaFields } from './writer-media.js';

export type MediaCounts = { readonly created: number; readonly skipped: number };

/** What the import needs for a .gdz: the zip's files and the store their bytes go to. */
export type GedzipFiles = { readonly files: MediaFiles; readonly blobs: BlobStore };

const MAX_TITLE = 1000;

/**
 * Runs an import's transaction (`write`), removing again every object it stored (the keys it pushed
 * to `stored`) when the transaction fails or throws: all or nothing reaches the BlobStore too. An
 * object the store will not remove now is queued for the purge (discard-blobs.ts).
 */
export const keepingBlobs = async <A>(
  deps: Pick<QueryDeps<'blobRemovals'>, 'storage'> & Partial<MediaDeps>,
  write: (stored: string[]) => AsyncResult<A>,
): AsyncResult<A> => {
  const stored: string[] = [];
  const discard = () => (deps.blobs === undefined || stored.length === 0 ? Promise.resolve() : discardBlobs({ ...deps, blobs: deps.blobs }, stored));
  try {
    const result = await write(stored);
    if (E.isLeft(result)) await discard();
    return result;
  } catch (err) {
    await discard();
    throw err;
  }
};

const concatHead = (head: Uint8Array, chunk: Uint8Array): Uint8Array => {
  if (head.length >= SNIFF_BYTES) return head;
  const out = new Uint8Array(Math.min(SNIFF_BYTES, head.length + chunk.length));
  out.set(head);
  out.set(chunk.subarray(0, out.length - head.length), head.length);
  return out;
};

const baseName = (file: string): string => file.split('/').pop()!.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 255);

/** SHA-256 of a file of the zip, read once before it is stored: to find one the tree holds already. */
const checksumOf = async (file: ZipFileEntry): Promise<string> => {
  const hash = createHash('sha256');
  for await (const chunk of await file.open()) hash.update(chunk);
  return hash.digest('hex');
};

/**
 * Whether the tree holds these bytes on this record already (both unattached counts too), or, for a
 * person, on one of its events: a merged person's event that the merge did not add again.
 */
const attachedAlready = async (tx: Pick<Stores, 'events'>, held: readonly (MediaTarget | null)[], target: MediaTarget | null): Promise<boolean> => {
  for (const t of held) {
    if (t === null || target === null) {
      if (t === target) return true;
    } else if (t.kind === target.kind && t.id === target.id) return true;
    else if (target.kind === 'person' && t.kind === 'event' && (await tx.events.byId(t.id))?.personId === target.id) return true;
  }
  return false;
};

/** Stores one file's bytes under `key`, hashing them and keeping their first bytes on the way. */
const storeFile = async (gdz: GedzipFiles, file: ZipFileEntry, key: string, stored: string[]) => {
  const hash = createHash('sha256');
  let head: Uint8Array = new Uint8Array(0);
  const counted = async function* (body: BlobBody): BlobBody {
    for await (const chunk of body) {
      hash.update(chunk);
      head = concatHead(head, chunk);
      yield chunk;
    }
  };
  stored.push(key);
  await gdz.blobs.put(key, counted(await file.open()), file.size);
  return { size: file.size, checksum: hash.digest('hex'), head };
};

/** What a streamed import collects as records are mapped, then stores once their rows are written. */
export type MediaCollector = {
  /**
   * A mapped person's media, with the id it became (null: skipped, its media are skipped too) and
   * the ids its events became: an event's media attach to the event, or to the person when the
   * event was not created (a merge target had it already).
   */
  readonly person: (p: PlanPerson, id: Id | null, eventId?: (pe: PlanEvent) => Id | undefined) => void;
  readonly source: (s: PlanSource, id: Id | null) => void;
  /**
   * Stores every collected file through the BlobStore and inserts its media row in the import's
   * transaction, after the rows they attach to are written; `unattached` go in without a target.
   */
  readonly store: (tx: Pick<Stores, 'media' | 'events'>, unattached: readonly PlanMedia[], stored: string[]) => Promise<{ readonly counts: MediaCounts; readonly warnings: Warnings }>;
};

/**
 * The media of an import: each attached to the person, event or source that links it. With the bytes
 * of a .gdz its content type is decided from its bytes as an upload's is (the FORM only as the
 * uploader's word); a record whose file did not come (`missing`: a plain file, or a FILE the zip does
 * not hold) is stored without bytes, its FILE and FORM kept (issue 28), unless the tree has that
 * record already (the same path on the same record). A .gdz's file whose record the tree holds
 * without bytes (the same path on the same record, from an earlier plain import) fills that record
 * instead of making a second. Held until `store`: a few hundred bytes per item.
 */
export const mediaCollector = (
  gdz: GedzipFiles | undefined, treeId: Id, createdBy: Id | null, now: Date,
  /** Ids drawn for OBJE records' media by xref (kept pointers name them): the first media made of each record takes its id. */
  reserved: ReadonlyMap<string, Id> = new Map(),
): MediaCollector => {
  const taken = new Set<Id>();
  const idFor = (pm: PlanMedia): Id => {
    const id = pm.xref === undefined ? undefined : reserved.get(pm.xref);
    if (id === undefined || taken.has(id)) return newId();
    taken.add(id);
    return id;
  };
  const pending: { readonly pm: PlanMedia; readonly target: MediaTarget | null }[] = [];
  let skipped = 0;
  const collect = (media: readonly PlanMedia[] | undefined, target: MediaTarget | null | undefined, onEvent?: (pm: PlanMedia) => MediaTarget | undefined): void => {
    if (media === undefined || media.length === 0) return;
    if (target === undefined) skipped += media.length;
    else for (const pm of media) pending.push({ pm, target: onEvent?.(pm) ?? target });
  };
  return {
    person: (p, id, eventId) => collect(p.media, id === null ? undefined : { kind: 'person', id }, (pm) => {
      const pe = pm.event === undefined ? undefined : p.events[pm.event];
      const event = pe === undefined ? undefined : eventId?.(pe);
      return event === undefined ? undefined : { kind: 'event', id: event };
    }),
    source: (s, id) => collect(s.media, id === null ? undefined : { kind: 'source', id }),
    store: async (tx, unattached, stored) => {
      collect(unattached, null);
      const warnings = createWarningLog();
      const counts = { created: 0, skipped };
      // A file already attached to the same record (a second import of one .gdz, a merge) is not stored twice.
      const have = new Map<string, (MediaTarget | null)[]>();
      // Each distinct file is stored once per import, however many records link it (a family photo
      // linked by each person in it; or a hostile file linking one image thousands of times): the
      // rows share its object, and the bytes stored stay within the zip's own unpacked size.
      const storedHere = new Map<string, { readonly key: string; readonly size: number; readonly checksum: string; readonly head: Uint8Array }>();
      // The tree's records without bytes, by path and record: a second import does not make them again, a .gdz fills them.
      const blank = new Map<string, Media>();
      const blankKey = (path: string, target: MediaTarget | null): string => `${path}\u0000${target?.kind ?? ''}\u0000${target?.id ?? ''}`;
      for (const m of pending.length === 0 ? [] : await tx.media.listByTree(treeId, {})) {
        if (m.storageKey === null) blank.set(blankKey(m.filePath, m.target), m);
        else have.set(m.checksum, [...(have.get(m.checksum) ?? []), m.target]);
      }
      for (const { pm, target } of pending) {
        if (pm.missing === true) {
          if (blank.has(blankKey(pm.file, target))) {
            counts.skipped += 1;
            continue;
          }
          const fields = { title: pm.title.slice(0, MAX_TITLE), filePath: pm.file, form: pm.form ?? '' };
          // An inline OBJE keeps its structure as written (a structure form), bound to these fields.
          const extra = pm.inline === undefined ? pm.extra
            : JSON.stringify([...(pm.extra === undefined ? [] : parseKept(pm.extra)), [`${STRUCTURE_FORM}${notesHash(inlineMediaFields(fields))}`, pm.inline]]);
          const media: Media = {
            id: idFor(pm), treeId, ...fields, fileName: baseName(pm.file.replaceAll('\\', '/')), contentType: '', size: 0, checksum: '',
            target, storageKey: null, createdBy, createdAt: now, updatedAt: now, deletedAt: null, deletionId: null,
            ...(extra === undefined ? {} : { gedcomExtra: extra }),
          };
          blank.set(blankKey(pm.file, target), media);
          await tx.media.insert(media);
          counts.created += 1;
          continue;
        }
        const name = zipEntryName(pm.file);
        const entry = name === null || gdz === undefined ? null : gdz.files.file(name);
        if (entry === null) {
          warnings.add({ line: pm.line, message: `OBJE FILE ${pm.file} is not a file of this GEDZIP: skipped` });
          counts.skipped += 1;
          continue;
        }
        const checksum = await checksumOf(entry);
        if (await attachedAlready(tx, have.get(checksum) ?? [], target)) {
          warnings.add({ line: pm.line, message: `OBJE FILE ${pm.file} is attached there already: skipped` });
          counts.skipped += 1;
          continue;
        }
        have.set(checksum, [...(have.get(checksum) ?? []), target]);
        const id = idFor(pm);
        let file = storedHere.get(checksum);
        if (file === undefined) {
          const key = mediaStorageKey(treeId, id);
          file = { key, ...(await storeFile(gdz!, entry, key, stored)) };
          storedHere.set(checksum, file);
        }
        const declared = pm.form !== null && pm.form.includes('/') ? pm.form : null;
        const decided = decideContentType(file.head, declared, file.size);
        const contentType = E.isRight(decided) ? decided.right : 'application/octet-stream';
        if (E.isLeft(decided)) warnings.add({ line: pm.line, message: `OBJE FILE ${pm.file} says FORM ${pm.form} but its bytes are not: stored as ${contentType}` });
        const waiting = blank.get(blankKey(pm.file, target));
        if (waiting !== undefined) {
          blank.delete(blankKey(pm.file, target));
          await tx.media.fillFile({ ...waiting, storageKey: file.key, checksum: file.checksum, size: file.size, contentType, fileName: baseName(name!), updatedAt: now });
          counts.created += 1;
          continue;
        }
        const media: Media = {
          id, treeId, title: pm.title.slice(0, MAX_TITLE), fileName: baseName(name!), contentType, size: file.size, checksum: file.checksum,
          target, storageKey: file.key, filePath: '', form: '', createdBy, createdAt: now, updatedAt: now, deletedAt: null, deletionId: null,
          ...(pm.extra === undefined ? {} : { gedcomExtra: pm.extra }),
        };
        await tx.media.insert(media);
        counts.created += 1;
      }
      pending.length = 0;
      return { counts, warnings: warnings.result() };
    },
  };
};
