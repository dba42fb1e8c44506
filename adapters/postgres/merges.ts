import type { MergeStore } from '../../core/merge/ports.js';
import type { MergeMoves } from '../../core/merge/model.js';
import { date, type Sql } from './sql.js';

type MergeDb = { id: string; tree_id: string; kept_id: string; other_id: string; moved: MergeMoves | string; created_at: string | Date };

export const pgMerges = (db: Sql): MergeStore => ({
  insert: async (m) => {
    await db.run(
      'insert into person_merges (id, tree_id, kept_id, other_id, moved, created_at) values (?, ?, ?, ?, ?::jsonb, ?)',
      [m.id, m.treeId, m.keptId, m.otherId, JSON.stringify(m.moved), m.createdAt.toISOString()],
    );
  },
  byId: async (id) => {
    const [r] = await db.rows<MergeDb>('select * from person_merges where id = ?', [id]);
    if (r === undefined) return null;
    const moved = typeof r.moved === 'string' ? (JSON.parse(r.moved) as MergeMoves) : r.moved;
    return { id: r.id, treeId: r.tree_id, keptId: r.kept_id, otherId: r.other_id, moved, createdAt: date(r.created_at) };
  },
});
