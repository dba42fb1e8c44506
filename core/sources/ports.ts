import type { Id } from '../shared/ids.js';
import type { ListOptions } from '../people/ports.js';
import type { Citation, Source } from './model.js';

export type SourceRepository = {
  readonly byId: (id: Id) => Promise<Source | null>;
  readonly listByTree: (treeId: Id, options: ListOptions) => Promise<readonly Source[]>;
  readonly insert: (source: Source) => Promise<void>;
  readonly update: (source: Source) => Promise<void>;
};

export type CitationRepository = {
  readonly byId: (id: Id) => Promise<Citation | null>;
  /** Live citations of the tree with a live source, ordered by id. */
  readonly listByTree: (treeId: Id, options: ListOptions) => Promise<readonly Citation[]>;
  readonly insert: (citation: Citation) => Promise<void>;
  readonly update: (citation: Citation) => Promise<void>;
};
