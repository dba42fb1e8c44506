import type { JsonValue } from '../shared/audit.js';
import type { Id } from '../shared/ids.js';

/** What one merge moved from the other person to the kept one (JSON-safe), so a restore of the other can undo it. */
export type MergeMoves = { readonly [k: string]: JsonValue };

/** One merge: `id` is the deletion id that soft-deleted the other person. */
export type PersonMerge = {
  readonly id: Id;
  readonly treeId: Id;
  readonly keptId: Id;
  readonly otherId: Id;
  readonly moved: MergeMoves;
  readonly createdAt: Date;
};
