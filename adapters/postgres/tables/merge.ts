// The merge slice's table: what each merge moved, keyed by the merge's deletion id.
import type { MergeMoves, PersonMerge } from '../../../core/merge/model.js';
import { date } from '../sql.js';
import { iso, json, parsed, type Table } from './table.js';

export type MergeDb = { id: string; tree_id: string; kept_id: string; other_id: string; moved: MergeMoves | string; created_at: string | Date };

export const personMerges: Table<PersonMerge, MergeDb> = {
  name: 'person_merges',
  columns: [
    ['id', 'uuid', (m) => m.id], ['tree_id', 'uuid', (m) => m.treeId], ['kept_id', 'uuid', (m) => m.keptId], ['other_id', 'uuid', (m) => m.otherId],
    ['moved', 'jsonb', (m) => json(m.moved)], ['created_at', 'timestamptz', (m) => iso(m.createdAt)],
  ],
  // `moved` is written only from a MergeMoves (above).
  from: (r) => ({ id: r.id, treeId: r.tree_id, keptId: r.kept_id, otherId: r.other_id, moved: parsed(r.moved), createdAt: date(r.created_at) }),
};
