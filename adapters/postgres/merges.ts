import type { MergeStore } from '../../core/merge/ports.js';
import type { Name } from '../../core/people/model.js';
import * as tables from './tables/index.js';
import type { CitationDb, MediaDb, MergeDb } from './tables/index.js';
import { insertRow, updateRows } from './tables/build.js';
import { uuids, type Sql } from './sql.js';

export const pgMerges = (db: Sql): MergeStore => ({
  insert: (m) => insertRow(db, tables.personMerges, m),
  byId: async (id) => {
    const [r] = await db.rows<MergeDb>('select * from person_merges where id = ?', [id]);
    return r === undefined ? null : tables.personMerges.from(r);
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
    return rows.map(tables.media.from);
  },
  lockPersons: async (ids) => {
    if (ids.length > 0) await db.rows('select id from persons where id = any(?::uuid[]) order by id for update', [uuids(ids)]);
  },
  // The names' person_id and is_primary columns read only these three fields of a Name.
  moveNames: (names) => updateRows(db, tables.names, ['person_id', 'is_primary'], names as readonly Name[]),
  movePointers: async (from, to) => {
    await db.run(
      `with u as (update users set self_person_id = ? where self_person_id = ? returning id)
       update trees set home_person_id = ? where home_person_id = ?`,
      [to, from, to, from],
    );
  },
  keptLines: async (ids) => {
    if (ids.length === 0) return new Map();
    const rows = await db.rows<{ id: string; gedcom_extra: string }>(
      'select id::text as id, gedcom_extra from persons where id = any(?::uuid[]) and gedcom_extra is not null', [uuids(ids)],
    );
    return new Map(rows.map((r) => [r.id, r.gedcom_extra]));
  },
  setKeptLines: async (personId, text) => {
    await db.run('update persons set gedcom_extra = ? where id = ?', [text, personId]);
  },
});
