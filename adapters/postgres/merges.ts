import type { MergeStore } from '../../core/merge/ports.js';
import type { MergeMoves } from '../../core/merge/model.js';
import { toMedia, type MediaDb } from './media.js';
import * as tables from './tables.js';
import type { CitationDb } from './tables.js';
import { date, uuids, type Sql } from './sql.js';

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
    // Written only by insert above, from a MergeMoves.
    const moved = typeof r.moved === 'string' ? (JSON.parse(r.moved) as MergeMoves) : r.moved;
    return { id: r.id, treeId: r.tree_id, keptId: r.kept_id, otherId: r.other_id, moved, createdAt: date(r.created_at) };
  },
  citationsTargeting: async (treeId, targets) => {
    if (targets.length === 0) return [];
    // Ids are UUIDs, unique across tables: match on the id, then keep the asked kind.
    const rows = await db.rows<CitationDb>(
      'select * from citations where tree_id = ? and deleted_at is null and target_id = any(?::uuid[]) order by id',
      [treeId, uuids(targets.map((t) => t.id))],
    );
    const asked = new Set(targets.map((t) => `${t.kind}:${t.id}`));
    return rows.map((r) => tables.citations.from(r)).filter((c) => asked.has(`${c.target.kind}:${c.target.id}`));
  },
  mediaTargeting: async (treeId, targets) => {
    if (targets.length === 0) return [];
    const ids = (kind: string) => uuids(targets.filter((t) => t.kind === kind).map((t) => t.id));
    const rows = await db.rows<MediaDb>(
      `select * from media where tree_id = ? and deleted_at is null
         and (person_id = any(?::uuid[]) or event_id = any(?::uuid[]) or source_id = any(?::uuid[])) order by id`,
      [treeId, ids('person'), ids('event'), ids('source')],
    );
    return rows.map(toMedia);
  },
  lockPersons: async (ids) => {
    if (ids.length > 0) await db.rows('select id from persons where id = any(?::uuid[]) order by id for update', [uuids(ids)]);
  },
  moveNames: async (names) => {
    if (names.length === 0) return;
    await db.run(
      `update names n set person_id = m.person_id, is_primary = m.is_primary
       from unnest(?::uuid[], ?::uuid[], ?::boolean[]) as m(id, person_id, is_primary) where n.id = m.id`,
      [uuids(names.map((n) => n.id)), uuids(names.map((n) => n.personId)), names.map((n) => n.isPrimary)],
    );
  },
  movePointers: async (from, to) => {
    await db.run(
      `with u as (update users set self_person_id = ? where self_person_id = ? returning id)
       update trees set home_person_id = ? where home_person_id = ?`,
      [to, from, to, from],
    );
  },
});
