import type { Id } from '../kernel/ids.js';
import type { Deletion } from '../kernel/deletion.js';

export type Source = Deletion & {
  readonly id: Id;
  readonly treeId: Id;
  readonly title: string;
  readonly author: string;
  readonly publication: string;
  readonly notes: string;
  readonly createdAt: Date;
  readonly updatedAt: Date;
};

export const citationTargets = ['person', 'event', 'name', 'relationship'] as const;
export type CitationTargetKind = (typeof citationTargets)[number];

export type Citation = Deletion & {
  readonly id: Id;
  readonly treeId: Id;
  readonly sourceId: Id;
  /** Exactly one target. */
  readonly target: { readonly kind: CitationTargetKind; readonly id: Id };
  readonly page: string;
  readonly detail: string;
  /** GEDCOM QUAY: 0..3, or null when unknown. */
  readonly confidence: number | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
};
