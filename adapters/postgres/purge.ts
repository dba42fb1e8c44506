import type { DeletionRepository, PurgeCounts, PurgeRepository } from '../../core/people/ports.js';
import { ts, uuids, type Sql } from './sql.js';
import { blobRemovals } from './tables/media.js';
import { insertSelect } from './tables/build.js';

export const pgDeletions = (db: Sql): DeletionRepository => ({
  // One statement: data-modifying CTEs run once each whether referenced or not.
  deletePersons: async (treeId, personIds, at, deletionId) => {
    if (personIds.length === 0) return 0;
    const ids = uuids(personIds);
    const [r] = await db.rows<{ n: string }>(
      `with p as (
         update persons set deleted_at = ?::timestamptz, deletion_id = ?
         where tree_id = ? and id = any(?::uuid[]) and deleted_at is null
         returning id
       ), r as (
         update relationships set deleted_at = ?::timestamptz, deletion_id = ?
         where tree_id = ? and deleted_at is null and (person_a_id = any(?::uuid[]) or person_b_id = any(?::uuid[]))
         returning id
       )
       select count(*) as n from p`,
      [ts(at), deletionId, treeId, ids, ts(at), deletionId, treeId, ids, ids],
    );
    return Number(r?.n ?? 0);
  },
  restore: async (deletionId) => {
    await db.run(
      `with p as (update persons set deleted_at = null, deletion_id = null where deletion_id = ? returning id)
       update relationships r set deleted_at = null, deletion_id = null
       where r.deletion_id = ?
         and (r.type = 'association' or not exists (
           select 1 from relationships l
           where l.tree_id = r.tree_id and l.type = r.type and l.deleted_at is null and l.id <> r.id
             and (case when r.type = 'partnership'
                       then least(l.person_a_id, l.person_b_id) = least(r.person_a_id, r.person_b_id)
                        and greatest(l.person_a_id, l.person_b_id) = greatest(r.person_a_id, r.person_b_id)
                       else l.person_a_id = r.person_a_id and l.person_b_id = r.person_b_id end)))`,
      [deletionId, deletionId],
    );
  },
  clearPointersTo: async (personIds) => {
    if (personIds.length === 0) return;
    const ids = uuids(personIds);
    await db.run(
      `with u as (update users set self_person_id = null where self_person_id = any(?::uuid[]) returning id)
       update trees set home_person_id = null where home_person_id = any(?::uuid[])`,
      [ids, ids],
    );
  },
});

type CountsDb = { [K in keyof PurgeCounts]: string };

export const pgPurges = (db: Sql): PurgeRepository => ({
  /*
   * One statement, owner first as the port counts: a row that goes with its owner (tree; person ->
   * names, events, relationships; partnership -> events; source -> citations; any target -> its
   * citations) is not counted under its own kind, even when it was soft-deleted itself. The select
   * CTEs fix from one snapshot what goes and whether it counts, since citations have no foreign key
   * to their target; each table is then deleted by one CTE, and the foreign-key cascades (which run at
   * the end of the statement) find nothing left but the rows of purged trees and users (a user's
   * sessions, memberships and email tokens).
   */
  purgeDeletedBefore: async (cutoff) => {
    const [r] = await db.rows<CountsDb>(
      `with cut as (select ?::timestamptz as at),
       t as (select id from trees where deleted_at < (select at from cut)),
       p as (select id from persons where deleted_at < (select at from cut) and tree_id not in (select id from t)),
       s as (select id from sources where deleted_at < (select at from cut) and tree_id not in (select id from t)),
       rp as (select id from repositories where deleted_at < (select at from cut) and tree_id not in (select id from t)),
       r as (select id, (deleted_at < (select at from cut)
                         and person_a_id not in (select id from p) and person_b_id not in (select id from p)) as counted
             from relationships
             where tree_id not in (select id from t)
               and (deleted_at < (select at from cut) or person_a_id in (select id from p) or person_b_id in (select id from p))),
       n as (select id, (deleted_at < (select at from cut) and person_id not in (select id from p)) as counted
             from names
             where tree_id not in (select id from t) and (deleted_at < (select at from cut) or person_id in (select id from p))),
       e as (select id, (deleted_at < (select at from cut)
                         and (person_id is null or person_id not in (select id from p))
                         and (partnership_id is null or partnership_id not in (select id from r))) as counted
             from events
             where tree_id not in (select id from t)
               and (deleted_at < (select at from cut) or person_id in (select id from p) or partnership_id in (select id from r))),
       gone as (select id from p union all select id from r union all select id from n union all select id from e),
       c as (select id, (deleted_at < (select at from cut)
                         and source_id not in (select id from s) and target_id not in (select id from gone)) as counted
             from citations
             where tree_id not in (select id from t)
               and (deleted_at < (select at from cut) or source_id in (select id from s) or target_id in (select id from gone))),
       m as (select id from media where deleted_at < (select at from cut) and tree_id not in (select id from t)),
       -- An object is removed once no row that stays names it (rows of one GEDZIP import may share one).
       qm as (${insertSelect(blobRemovals, `
              select distinct g.storage_key, now() from media g
              where (g.id in (select id from m) or g.tree_id in (select id from t)) and g.storage_key is not null
                and not exists (select 1 from media o where o.storage_key = g.storage_key
                                and o.id not in (select id from m) and o.tree_id not in (select id from t))`)}
              on conflict (key) do nothing),
       dm as (delete from media where id in (select id from m) returning id),
       dc as (delete from citations where id in (select id from c) returning id),
       de as (delete from events where id in (select id from e) returning id),
       dn as (delete from names where id in (select id from n) returning id),
       dr as (delete from relationships where id in (select id from r) returning id),
       ds as (delete from sources where id in (select id from s) returning id),
       drp as (delete from repositories where id in (select id from rp) returning id),
       dp as (delete from persons where id in (select id from p) returning id),
       dt as (delete from trees where id in (select id from t) returning id),
       du as (delete from users where deleted_at < (select at from cut) returning id)
       select (select count(*) from dt) as trees,
         (select count(*) from dp) as persons,
         (select count(*) from dn join n using (id) where n.counted) as names,
         (select count(*) from de join e using (id) where e.counted) as events,
         (select count(*) from dr join r using (id) where r.counted) as relationships,
         (select count(*) from ds) as sources,
         (select count(*) from dc join c using (id) where c.counted) as citations,
         (select count(*) from dm) as media,
         (select count(*) from du) as users,
         (select count(*) from drp) as repositories`,
      [ts(cutoff)],
    );
    return {
      trees: Number(r?.trees ?? 0),
      persons: Number(r?.persons ?? 0),
      names: Number(r?.names ?? 0),
      events: Number(r?.events ?? 0),
      relationships: Number(r?.relationships ?? 0),
      sources: Number(r?.sources ?? 0),
      citations: Number(r?.citations ?? 0),
      media: Number(r?.media ?? 0),
      users: Number(r?.users ?? 0),
      repositories: Number(r?.repositories ?? 0),
    };
  },
});
