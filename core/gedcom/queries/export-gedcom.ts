import type { Actor } from '../../kernel/actor.js';
import { E, fail, ok, type AsyncResult } from '../../kernel/either.js';
import { forbidden, invalidInput } from '../../kernel/errors.js';
import type { Id } from '../../kernel/ids.js';
import type { Stores } from '../../stores.js';
import { accessTree } from '../../trees/access.js';
import { chunkRecords, sourceXref } from '../export-chunk.js';
import { writeHeader, writeSource, writeTrailer, type WriterOptions, type Xrefs } from '../writer.js';
import { gedzipMedia, writeMediaRecord, type GedzipItem } from '../writer-media.js';

export type GedcomExport = {
  readonly treeName: string;
  readonly version: WriterOptions['version'];
  readonly lines: AsyncIterable<string>;
  /** With `media: true` (GEDZIP): the media items whose bytes go into the zip beside the file, at their paths. */
  readonly media?: readonly GedzipItem[];
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
    const options: WriterOptions = {
      version, treeName: access.right.tree.name, exportedAt: deps.clock.now(), product: deps.product, ...(gedzip === null ? {} : { media: gedzip.links }),
    };
    const size = deps.chunkSize ?? EXPORT_CHUNK;
    const reads = deps.storage.gedcomExport;

    async function* lines(): AsyncGenerator<string> {
      yield writeHeader(options);
      // Leaving this loop early (the client went away) returns the iterator, which ends the snapshot.
      for await (const chunk of reads.chunks(treeId, size)) {
        if (chunk.kind === 'persons') {
          // Media (7.0 OBJE, GEDZIP) of a chunk's persons and events travel in the chunk (export-reads.ts)
          // and are written by chunkRecords; a GEDZIP also collects the chunk's files here.
          yield* chunkRecords(options, chunk);
          continue;
        }
        let out = '';
        for (let i = 0; i < chunk.sources.length; i++) {
          const xref = sourceXref(chunk.first + i);
          const x: Xrefs = { person: () => '@VOID@', family: () => '@VOID@', source: () => xref };
          out += writeSource(options, x, chunk.sources[i]!);
        }
        yield out;
      }
      if (gedzip !== null) for (const item of gedzip.items) yield writeMediaRecord(item);
      yield writeTrailer();
    }
    return ok({ treeName: access.right.tree.name, version, lines: lines(), ...(gedzip === null ? {} : { media: gedzip.items }) });
  };
