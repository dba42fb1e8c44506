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

/**
 * The rows (`columns`) of `table` whose `key` names a row of the CTE `owners`, looked up for each of
 * them: a lateral subquery the planner may not pull up (offset 0), so nothing is read when no owner
 * goes, whatever the planner estimates. Written as a join (`in (select ...)`, `= any(array(...))`)
 * it was planned before the owners were known, for the column's average: a hash join over a scan of
 * the table, or (for a source, whose citations are many) a walk of the whole primary key.
 */
const goWith = (owners: string, table: string, columns: string, key: string): string =>
  `select x.* from ${owners} o cross join lateral (select ${columns} from ${table} where ${key} = o.id offset 0) x`;

/**
 * The rows of `table` the purge removes, as a derived table `x` (id, tree_id, deleted_at and
 * `columns`): those soft-deleted before the cutoff (a parameter), found by the table's partial index,
 * and those that go with an owner (`owned`: each CTE of owners and the key that names them, goWith),
 * outside the purged trees (`t`, whose rows their foreign keys' cascades remove).
 */
const going = (table: string, columns: string, owned: readonly (readonly [owners: string, key: string])[]): string => {
  const all = `id, tree_id, deleted_at, ${columns}`;
  return `(select * from (select ${all} from ${table} where deleted_at < ?::timestamptz
             ${owned.map(([owners, key]) => `union ${goWith(owners, table, all, key)}`).join('\n             ')}) x
           where tree_id not in (select id from t)) x`;
};

/**
 * Whether a going row's `key` names a row of the CTE `owners` (alias `as`): a left join, so the test
 * is `${as}.id is null` for "not one of them". Written as `key not in (select id from owners)` it is
 * a hashed subplan only while the set fits work_mem; past it a plain one, which reads the whole set
 * again for every row tested (a 100,000-person tree whose persons all go: more than 560,000
 * records, each citation tested against all of them). A hash join spills to disk in batches instead.
 */
const among = (owners: string, as: string, key: string): string => `left join ${owners} ${as} on ${as}.id = x.${key}`;

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
   *
   * It reads the rows it removes, never a table (spec/adapters/purge-reads.spec.ts): soft-deleted
   * rows by each table's partial index of them (migration 20270131090000), the rows that go with an
   * owner by their foreign key's index, for each owner purged (goWith), and the rows deleted by
   * their primary key (`= any(array(...))`). Whether a going row's owner goes too is a left join
   * to the owners' CTE (among), not `not in (select ...)`, whose hashed subplan becomes a plain one
   * past work_mem, nor `<> all(array(...))`: both compare each row with every owner. The purged
   * trees (`t`, a few rows) are still tested with `not in`. It is planned for
   * its cutoff every run (`once`): the count of rows deleted before it, not a third of the table, is
   * what the planner sees.
   */
  purgeDeletedBefore: async (cutoff) => {
    const sql = `with t as (select id from trees where deleted_at < ?::timestamptz),
       p as (select id from persons where deleted_at < ?::timestamptz and tree_id not in (select id from t)),
       s as (select id from sources where deleted_at < ?::timestamptz and tree_id not in (select id from t)),
       rp as (select id from repositories where deleted_at < ?::timestamptz and tree_id not in (select id from t)),
       r as (select x.id, (x.deleted_at < ?::timestamptz and a.id is null and b.id is null) as counted
             from ${going('relationships', 'person_a_id, person_b_id', [['p', 'person_a_id'], ['p', 'person_b_id']])}
               ${among('p', 'a', 'person_a_id')} ${among('p', 'b', 'person_b_id')}),
       n as (select x.id, (x.deleted_at < ?::timestamptz and o.id is null) as counted
             from ${going('names', 'person_id', [['p', 'person_id']])} ${among('p', 'o', 'person_id')}),
       e as (select x.id, (x.deleted_at < ?::timestamptz and o.id is null and pr.id is null) as counted
             from ${going('events', 'person_id, partnership_id', [['p', 'person_id'], ['r', 'partnership_id']])}
               ${among('p', 'o', 'person_id')} ${among('r', 'pr', 'partnership_id')}),
       gone as (select id from p union all select id from r union all select id from n union all select id from e),
       c as (select x.id, (x.deleted_at < ?::timestamptz and so.id is null and g.id is null) as counted
             from ${going('citations', 'source_id, target_id', [['s', 'source_id'], ['gone', 'target_id']])}
               ${among('s', 'so', 'source_id')} ${among('gone', 'g', 'target_id')}),
       m as (select id from media where deleted_at < ?::timestamptz and tree_id not in (select id from t)),
       -- An object is removed once no row that stays names it (rows of one GEDZIP import may share one).
       qm as (${insertSelect(blobRemovals, `
              select distinct g.storage_key, now() from (
                select id, storage_key from media where id = any(array(select id from m))
                union
                ${goWith('t', 'media', 'id, storage_key', 'tree_id')}) g
              where g.storage_key is not null
                and not exists (select 1 from media o where o.storage_key = g.storage_key
                                and (o.deleted_at is null or o.deleted_at >= ?::timestamptz) and o.tree_id not in (select id from t))`)}
              on conflict (key) do nothing),
       dm as (delete from media where id = any(array(select id from m)) returning id),
       dc as (delete from citations where id = any(array(select id from c)) returning id),
       de as (delete from events where id = any(array(select id from e)) returning id),
       dn as (delete from names where id = any(array(select id from n)) returning id),
       dr as (delete from relationships where id = any(array(select id from r)) returning id),
       ds as (delete from sources where id = any(array(select id from s)) returning id),
       drp as (delete from repositories where id = any(array(select id from rp)) returning id),
       dp as (delete from persons where id = any(array(select id from p)) returning id),
       dt as (delete from trees where id = any(array(select id from t)) returning id),
       du as (delete from users where deleted_at < ?::timestamptz returning id)
       select (select count(*) from dt) as trees,
         (select count(*) from dp) as persons,
         (select count(*) from dn join n using (id) where n.counted) as names,
         (select count(*) from de join e using (id) where e.counted) as events,
         (select count(*) from dr join r using (id) where r.counted) as relationships,
         (select count(*) from ds) as sources,
         (select count(*) from dc join c using (id) where c.counted) as citations,
         (select count(*) from dm) as media,
         (select count(*) from du) as users,
         (select count(*) from drp) as repositories`;
    // Every parameter is the cutoff.
    const [r] = await db.rows<CountsDb>(sql, Array.from({ length: sql.split('?').length - 1 }, () => ts(cutoff)), { once: true });
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
