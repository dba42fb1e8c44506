import type { Actor } from '../../kernel/actor.js';
import { E, fail, ok, type AsyncResult } from '../../kernel/either.js';
import { forbidden, invalidInput } from '../../kernel/errors.js';
import type { Id } from '../../kernel/ids.js';
import type { Stores } from '../../stores.js';
import { accessTree } from '../../trees/access.js';
import { chunkRecords, sourceXref } from '../export-chunk.js';
import { writeHeader, writeSource, writeTrailer, type WriterOptions, type Xrefs } from '../writer.js';
import { createExtraLog, keptOut, putKeptRecord, writtenRecords } from '../extensions.js';
import type { Out } from '../writer-text.js';
import { gedzipMedia, writeMediaRecord, type GedzipItem } from '../writer-media.js';
import { repositoryXref, writeRepository } from '../writer-repositories.js';

export type GedcomExport = {
  readonly treeName: string;
  readonly version: WriterOptions['version'];
  readonly lines: AsyncIterable<string>;
  /** With `media: true` (GEDZIP): the media items whose bytes go into the zip beside the file, at their paths. */
  readonly media?: readonly GedzipItem[];
  /**
   * Once `lines` has ended: kept lines (extensions.ts) the file could not take back in place, counted
   * by what they are (a 5.x structure 7.0 has no place for, a via export wrote nothing at).
   */
  readonly notWritten: () => readonly { readonly what: string; readonly count: number }[];
};

/**
 * Persons per read: each chunk's rows, records and text are garbage once written, so memory stays
 * flat whatever the tree; statements per export grow with persons / EXPORT_CHUNK.
 */
export const EXPORT_CHUNK = 2000;

/**
 * The tree as GEDCOM (members only, any role): 5.5.1 in UTF-8 by default, 7.0 on request. The
 * tree is read in chunks of persons from one snapshot (core/gedcom/export-reads.ts); each chunk's
 * INDI records and the FAM records it owns are produced as soon as it is read, then the sources, so
 * the caller streams the file as it is produced. Families are derived from the relationship edges.
 */
export const exportGedcom =
  (deps: {
    readonly storage: Pick<Stores, 'trees' | 'memberships' | 'gedcomExport'> & Partial<Pick<Stores, 'media'>>;
    readonly clock: { readonly now: () => Date };
    readonly product: WriterOptions['product'];
    /** Persons (and sources) per read; EXPORT_CHUNK by default. */
    readonly chunkSize?: number;
  }) =>
  async (actor: Actor, treeId: Id, version: WriterOptions['version'], extra?: { readonly media?: boolean }): AsyncResult<GedcomExport> => {
    const access = await accessTree(deps.storage, actor, treeId, 'view');
    if (E.isLeft(access)) return access;
    if (access.right.role === null) return fail(forbidden('Export is for members of the tree.'));
    if (extra?.media === true && version !== '7.0')
      return fail(invalidInput('invalid_input', 'Media go with GEDCOM 7 only (GEDZIP): ask for `version=7.0&media=true`.', [{ path: 'media', message: 'needs version=7.0' }]));
    const gedzip = extra?.media === true ? gedzipMedia(await deps.storage.media!.listByTree(treeId, {})) : null;
    // A plain export writes the media records without bytes (their FILE a path the receiver had, as imported: issue 28); a GEDZIP writes every item.
    // (In 5.5.1, one that came as an inline OBJE, as it came, is written inline again.)
    const blank = gedzip !== null || deps.storage.media === undefined ? null
      : gedzipMedia((await deps.storage.media.listByTree(treeId, {})).filter((m) => m.storageKey === null), version === '5.5.1');
    const objects = gedzip ?? (blank !== null && (blank.items.length > 0 || blank.inlined) ? blank : null);
    const mediaXref = objects === null ? undefined : objects.xrefOf;
    const options: WriterOptions = {
      version, treeName: access.right.tree.name, exportedAt: deps.clock.now(), product: deps.product,
      ...(objects === null ? {} : { media: objects.links, mediaXref: objects.xrefOf }),
    };
    const size = deps.chunkSize ?? EXPORT_CHUNK;
    const reads = deps.storage.gedcomExport;

    const index = await reads.keptIndex(treeId);
    const written: WriterOptions = index.tags.length === 0 ? options : { ...options, extensionTags: index.tags };
    const records = writtenRecords(index, version === '7.0');
    const log = createExtraLog();

    async function* lines(): AsyncGenerator<string> {
      yield writeHeader(written);
      // Leaving this loop early (the client went away) returns the iterator, which ends the snapshot.
      for await (const chunk of reads.chunks(treeId, size)) {
        if (chunk.kind === 'persons') {
          // Media (7.0 OBJE, GEDZIP) of a chunk's persons and events travel in the chunk (export-reads.ts)
          // and are written by chunkRecords; a GEDZIP also collects the chunk's files here.
          yield* chunkRecords(options, chunk, records, log);
          continue;
        }
        if (chunk.kind === 'repositories') {
          const kept = keptOut(chunk.pointers, records, log, mediaXref);
          yield chunk.repositories.map((r, i) => writeRepository(repositoryXref(chunk.first + i), r, version === '7.0', kept)).join('');
          continue;
        }
        if (chunk.kind === 'kept') {
          const out: Out = [];
          const kept = keptOut(chunk.pointers, records, log, mediaXref);
          for (const r of chunk.records) putKeptRecord(out, r, version === '7.0', kept);
          yield out.join('');
          continue;
        }
        let out = '';
        const kept = keptOut(chunk.pointers, records, log, mediaXref);
        for (let i = 0; i < chunk.sources.length; i++) {
          const xref = sourceXref(chunk.first + i);
          const x: Xrefs = { person: () => '@VOID@', family: () => '@VOID@', source: () => xref, kept };
          out += writeSource(options, x, chunk.sources[i]!);
        }
        yield out;
      }
      if (objects !== null) {
        const kept = keptOut(undefined, records, log, mediaXref);
        for (const item of objects.items) yield writeMediaRecord(item, version === '7.0', kept);
      }
      yield writeTrailer();
    }
    return ok({
      treeName: access.right.tree.name, version, lines: lines(), ...(gedzip === null ? {} : { media: gedzip.items }),
      notWritten: () => [...log.skipped].map(([what, count]) => ({ what, count })).sort((a, b) => (a.what < b.what ? -1 : 1)),
    });
  };
