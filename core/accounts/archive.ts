import type { Id } from '../kernel/ids.js';
import type { LifeEvent, Name, Person, Place, Relationship } from '../people/model.js';
import type { Citation, Repository, Source } from '../sources/model.js';
import type { Media } from '../media/model.js';
import type { Proposal } from '../proposals/model.js';
import type { Dismissal } from '../duplicates/model.js';
import type { Role, Tree } from '../trees/model.js';
import type { ImportRecord } from '../gedcom/ports.js';

// What an account backup holds (API.md "Accounts"), independent of how it is written (the zip and
// its account.json live in adapters/archive). Records keep the ids they had in the service.

export const ARCHIVE_FORMAT = 'genealogy-account';
/**
 * The newest format this service writes and reads; a backup of a newer one is refused. Still 1 after
 * record kinds were added (duplicate dismissals, issue 15; imports' kept records): an added array is optional on read, so a
 * backup written before it restores unchanged, and nothing a version 1 reader relied on moved.
 */
export const ARCHIVE_VERSION = 1;

export type ArchiveHeader = {
  /** ARCHIVE_FORMAT in a backup of this service; anything else is not one. */
  readonly format: string;
  readonly version: number;
  readonly exportedAt: Date;
  readonly userId: Id;
  readonly email: string;
  /** The account's "this is me" person, when it is a person of an exported tree. */
  readonly selfPersonId: Id | null;
};

export type ArchiveMember = { readonly userId: Id; readonly email: string; readonly role: Role; readonly createdAt: Date };

/** A tree's own fields and its members; its records follow it. */
export type ArchiveTree = Omit<Tree, 'deletedAt'> & { readonly members: readonly ArchiveMember[] };

/**
 * A GEDCOM import of the tree, not undone, with the records it kept whole (core/gedcom/extensions.ts),
 * which export writes after the tree's rows. Imports that kept none are not in a backup.
 */
export type ArchiveImport = Omit<ImportRecord, 'undoneAt' | 'kept'> & { readonly kept: NonNullable<ImportRecord['kept']> };

/**
 * A record of the tree last opened. Live records only; deletion stamps are always null. Rows carry
 * the GEDCOM lines their import kept (`gedcomExtra`), pointers to rows in them remapped on restore.
 */
export type ArchiveRecord =
  | { readonly kind: 'person'; readonly row: Person }
  | { readonly kind: 'name'; readonly row: Name }
  | { readonly kind: 'place'; readonly row: Place }
  | { readonly kind: 'relationship'; readonly row: Relationship }
  | { readonly kind: 'event'; readonly row: LifeEvent }
  | { readonly kind: 'repository'; readonly row: Repository }
  | { readonly kind: 'source'; readonly row: Source }
  | { readonly kind: 'citation'; readonly row: Citation }
  | { readonly kind: 'media'; readonly row: Media }
  | { readonly kind: 'proposal'; readonly row: Proposal }
  /** A pair said not to be duplicates; only pairs of two live (exported) persons. */
  | { readonly kind: 'dismissal'; readonly row: Dismissal }
  | { readonly kind: 'import'; readonly row: ArchiveImport };

export type RecordKind = ArchiveRecord['kind'];

/**
 * The order records are written in and must be read in: every record comes after what it refers to,
 * so a reader checks each reference against what it has already seen and never holds a tree whole.
 */
export const recordOrder: readonly RecordKind[] = ['person', 'name', 'place', 'relationship', 'event', 'repository', 'source', 'citation', 'media', 'proposal', 'dismissal', 'import'];

/** One item of a backup in reading order: a tree opens, its records follow. */
export type ArchiveItem = { readonly kind: 'tree'; readonly tree: ArchiveTree } | ArchiveRecord;

export type ArchiveCounts = { readonly [K in RecordKind | 'tree']: number };

export const zeroCounts = (): { -readonly [K in keyof ArchiveCounts]: number } => ({
  tree: 0, person: 0, name: 0, place: 0, relationship: 0, event: 0, repository: 0, source: 0, citation: 0, media: 0, proposal: 0, dismissal: 0, import: 0,
});
