import type { Id } from '../kernel/ids.js';
import type { Citation, CitationTargetKind } from '../sources/model.js';
import type { Media, MediaTargetKind } from '../media/model.js';
import type { PersonMerge } from './model.js';

/** The merges and the reads and writes a merge needs beyond the record repositories. */
export type MergeStore = {
  /** Records a merge; its id (the merge's deletion id) is new. */
  readonly insert: (merge: PersonMerge) => Promise<void>;
  /** The merge whose deletion id is `id`, or null (gone with its tree or persons). */
  readonly byId: (id: Id) => Promise<PersonMerge | null>;
  /**
   * Live citations of the tree whose target is one of `targets`, ordered by id; an empty list
   * answers nothing; citations of another tree are left out.
   */
  readonly citationsTargeting: (treeId: Id, targets: readonly { readonly kind: CitationTargetKind; readonly id: Id }[]) => Promise<readonly Citation[]>;
  /** Live media items of the tree attached to one of `targets`, ordered by id; as citationsTargeting. */
  readonly mediaTargeting: (treeId: Id, targets: readonly { readonly kind: MediaTargetKind; readonly id: Id }[]) => Promise<readonly Media[]>;
  /**
   * Locks these persons' rows (unknown ids ignored) until the unit of work ends, in id order, so two
   * merges of overlapping pairs wait for each other instead of deadlocking or both succeeding; a read
   * after it sees what the other committed. Outside a unit of work it holds for no longer than itself.
   */
  readonly lockPersons: (ids: readonly Id[]) => Promise<void>;
  /**
   * Moves each name to `personId` with `isPrimary` (the names repository never changes a name's
   * person); unknown ids are ignored. Ids are distinct.
   */
  readonly moveNames: (names: readonly { readonly id: Id; readonly personId: Id; readonly isPrimary: boolean }[]) => Promise<void>;
  /**
   * Users' self_person_id and trees' home_person_id that point at `from` point at `to` afterwards;
   * other pointers stay. Nothing checks `to` (the caller passes a live person of the same tree).
   */
  readonly movePointers: (from: Id, to: Id) => Promise<void>;
  /**
   * The GEDCOM kept lines (`gedcomExtra`, core/gedcom/extensions.ts) of these persons, by id, whatever
   * their deletion; persons without any (and unknown ids) are not in the map.
   */
  readonly keptLines: (ids: readonly Id[]) => Promise<ReadonlyMap<Id, string>>;
  /** Sets a person's kept lines (null: none); an unknown id is ignored. Nothing else of the row changes. */
  readonly setKeptLines: (personId: Id, text: string | null) => Promise<void>;
};
