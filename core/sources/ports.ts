import type { Id } from '../kernel/ids.js';
import type { ListOptions } from '../kernel/list.js';
import type { Citation, Repository, Source } from './model.js';

export type SourceRepository = {
  readonly byId: (id: Id) => Promise<Source | null>;
  /** Ordered by id. A non-member audience: the sources that back at least one citation they are shown. */
  readonly listByTree: (treeId: Id, options: ListOptions) => Promise<readonly Source[]>;
  /** Whether a non-member reading at `now` is shown this source: it is live and backs a citation they are shown. */
  readonly shownAt: (id: Id, now: Date) => Promise<boolean>;
  readonly insert: (source: Source) => Promise<void>;
  readonly update: (source: Source) => Promise<void>;
};

export type CitationRepository = {
  readonly byId: (id: Id) => Promise<Citation | null>;
  /**
   * Live citations of the tree with a live source, ordered by id. A non-member audience: those whose
   * cited fact resolves to persons shown in full (a person; a live name's person; a live event by the
   * event rule; a live relationship's two persons).
   */
  readonly listByTree: (treeId: Id, options: ListOptions) => Promise<readonly Citation[]>;
  readonly insert: (citation: Citation) => Promise<void>;
  readonly update: (citation: Citation) => Promise<void>;
};

export type RepositoryRepository = {
  /** The repository, deleted or not; null for an unknown id. */
  readonly byId: (id: Id) => Promise<Repository | null>;
  /** The tree's live repositories (or with `deleted`, its deleted ones), ordered by id, paged. Members only read them: no audience. */
  readonly listByTree: (treeId: Id, options: Omit<ListOptions, 'audience'>) => Promise<readonly Repository[]>;
  /** Of `ids`, those that are live repositories of the tree (any order; unknown ids left out). */
  readonly liveIds: (treeId: Id, ids: readonly Id[]) => Promise<readonly Id[]>;
  readonly insert: (repository: Repository) => Promise<void>;
  readonly update: (repository: Repository) => Promise<void>;
};
