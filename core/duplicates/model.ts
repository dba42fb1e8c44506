import type { Id } from '../kernel/ids.js';

/** A pair a member said is not a duplicate: `personAId` < `personBId` (ids compared as text), remembered for good. */
export type Dismissal = {
  readonly id: Id;
  readonly treeId: Id;
  readonly personAId: Id;
  readonly personBId: Id;
  readonly dismissedBy: Id | null;
  readonly createdAt: Date;
};

/** The pair in its stored order: the smaller id first. */
export const orderedPair = (a: Id, b: Id): readonly [Id, Id] => (a < b ? [a, b] : [b, a]);
