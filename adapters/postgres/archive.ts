import type { AccountArchiveReads } from '../../core/accounts/ports.js';
import { toEvent, toName, toPlace, type EventDb, type NameDb, type PlaceDb } from './people.js';
import { toCitation, type CitationDb } from './sources.js';
import { toMedia, type MediaDb } from './media.js';
import type { Sql } from './sql.js';

// One statement per chunk, each a keyset scan of the tree's (tree_id, id) index; the joins decide
// reachability as the API does (an owner soft-deleted hides what hangs on it).

const LIVE_EVENT = `e.deleted_at is null
  and ((e.person_id is not null and exists (select 1 from persons p where p.id = e.person_id and p.deleted_at is null))
    or (e.partnership_id is not null and exists (select 1 from relationships r where r.id = e.partnership_id and r.deleted_at is null)))`;

const keyset = (alias: string, after: string | null): { readonly sql: string; readonly params: readonly unknown[] } =>
  after === null ? { sql: '', params: [] } : { sql: ` and ${alias}.id > ?`, params: [after] };

export const pgArchiveReads = (db: Sql): AccountArchiveReads => ({
  names: async (treeId, after, limit) => {
    const k = keyset('n', after);
    const rows = await db.rows<NameDb>(
      `select n.* from names n join persons p on p.id = n.person_id
       where n.tree_id = ? and n.deleted_at is null and p.deleted_at is null${k.sql} order by n.id limit ?`,
      [treeId, ...k.params, limit],
    );
    return rows.map(toName);
  },
  events: async (treeId, after, limit) => {
    const k = keyset('e', after);
    const rows = await db.rows<EventDb>(`select e.* from events e where e.tree_id = ? and ${LIVE_EVENT}${k.sql} order by e.id limit ?`, [treeId, ...k.params, limit]);
    return rows.map(toEvent);
  },
  places: async (treeId, after, limit) => {
    const k = keyset('pl', after);
    const rows = await db.rows<PlaceDb>(`select pl.* from places pl where pl.tree_id = ?${k.sql} order by pl.id limit ?`, [treeId, ...k.params, limit]);
    return rows.map(toPlace);
  },
  citations: async (treeId, after, limit) => {
    const k = keyset('c', after);
    const rows = await db.rows<CitationDb>(
      `select c.* from citations c join sources s on s.id = c.source_id and s.deleted_at is null
       where c.tree_id = ? and c.deleted_at is null${k.sql}
         and case c.target_kind
           when 'person' then exists (select 1 from persons t where t.id = c.target_id and t.tree_id = c.tree_id and t.deleted_at is null)
           when 'name' then exists (select 1 from names t join persons p on p.id = t.person_id
                                    where t.id = c.target_id and t.tree_id = c.tree_id and t.deleted_at is null and p.deleted_at is null)
           when 'event' then exists (select 1 from events e where e.id = c.target_id and e.tree_id = c.tree_id and ${LIVE_EVENT})
           when 'relationship' then exists (select 1 from relationships t where t.id = c.target_id and t.tree_id = c.tree_id and t.deleted_at is null)
           else false end
       order by c.id limit ?`,
      [treeId, ...k.params, limit],
    );
    return rows.map(toCitation);
  },
  media: async (treeId, after, limit) => {
    const k = keyset('m', after);
    const rows = await db.rows<MediaDb & { target_live: boolean }>(
      `select m.*, case
         when m.person_id is not null then exists (select 1 from persons t where t.id = m.person_id and t.deleted_at is null)
         when m.event_id is not null then exists (select 1 from events e where e.id = m.event_id and ${LIVE_EVENT})
         when m.source_id is not null then exists (select 1 from sources t where t.id = m.source_id and t.deleted_at is null)
         else true end as target_live
       from media m where m.tree_id = ? and m.deleted_at is null${k.sql} order by m.id limit ?`,
      [treeId, ...k.params, limit],
    );
    return rows.map((r) => {
      const m = toMedia(r);
      return r.target_live ? m : { ...m, target: null };
    });
  },
});
