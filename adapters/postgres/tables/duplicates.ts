// The duplicates slice's table: pairs a member said are not duplicates.
import type { Dismissal } from '../../../core/duplicates/model.js';
import { date } from '../sql.js';
import { iso, type Table } from './table.js';

export type DismissalDb = { id: string; tree_id: string; person_a_id: string; person_b_id: string; dismissed_by: string | null; created_at: string | Date };

export const duplicateDismissals: Table<Dismissal, DismissalDb> = {
  name: 'duplicate_dismissals',
  columns: [
    ['id', 'uuid', (d) => d.id], ['tree_id', 'uuid', (d) => d.treeId], ['person_a_id', 'uuid', (d) => d.personAId], ['person_b_id', 'uuid', (d) => d.personBId],
    ['dismissed_by', 'uuid', (d) => d.dismissedBy], ['created_at', 'timestamptz', (d) => iso(d.createdAt)],
  ],
  from: (r) => ({ id: r.id, treeId: r.tree_id, personAId: r.person_a_id, personBId: r.person_b_id, dismissedBy: r.dismissed_by, createdAt: date(r.created_at) }),
};
