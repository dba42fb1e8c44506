import type { Id } from '../shared/ids.js';

/**
 * One page of rows a non-member may see. The rows were filtered by the privacy engine before paging,
 * so the cursor (`lastId`) is always the id of a row the reader was shown: a page boundary never
 * names a withheld record.
 */
export const visiblePage = <A>(visible: readonly A[], limit: number | undefined, idOf: (a: A) => Id): { readonly rows: readonly A[]; readonly lastId: Id | null } => {
  if (limit === undefined || visible.length <= limit) return { rows: visible, lastId: null };
  const rows = visible.slice(0, limit);
  return { rows, lastId: idOf(rows[rows.length - 1]!) };
};
