import type { MembershipRepository, TreeRepository } from '../../core/trees/ports.js';
import type { MemberRead, Role } from '../../core/trees/model.js';
import { dateOrNull, ts, uuids, type Sql } from './sql.js';
import { blobRemovals, memberships, trees, type MembershipDb, type TreeDb } from './tables/index.js';
import { insertRow, insertRowIfAbsent, insertSelect, updateRow } from './tables/build.js';
import type { UserChanged } from './identity.js';

const toTree = trees.from;
const toMembership = memberships.from;
const treeMutable = ['name', 'description', 'visibility', 'home_person_id', 'ai_member_provider', 'ai_recommender_provider', 'updated_at', 'deleted_at'];

// The owner is derived, never stored: the longest-standing owner, ties broken by user id.
export const ownerOf = (t: string): string => `(select o.user_id from memberships o where o.tree_id = ${t}.id and o.role = 'owner'
  order by o.created_at, o.user_id limit 1)`;
const treeColumns = `t.*, ${ownerOf('t')} as owner_id`;

export const pgTrees = (db: Sql): TreeRepository => ({
  byId: async (id) => {
    const [r] = await db.rows<TreeDb>(`select ${treeColumns} from trees t where t.id = ?`, [id]);
    return r ? toTree(r) : null;
  },
  withRole: async (id, userId) => {
    const [r] = await db.rows<TreeDb & { role: Role | null }>(
      `select ${treeColumns}, m.role from trees t left join memberships m on m.tree_id = t.id and m.user_id = ? where t.id = ?`,
      [userId, id],
    );
    return r ? { ...toTree(r), role: r.role } : null;
  },
  insert: (t) => insertRow(db, trees, t),
  update: (t) => updateRow(db, trees, treeMutable, t),
  // Owned rows go by ON DELETE CASCADE; audit entries keep their rows with tree_id set null by the FK.
  purge: async (id) => {
    await db.run(
      `with q as (${insertSelect(blobRemovals, 'select storage_key, now() from media where tree_id = ? and storage_key is not null')} on conflict (key) do nothing)
       delete from trees where id = ?`,
      [id, id],
    );
  },
  listByVisibility: async (visibilities) => {
    if (visibilities.length === 0) return [];
    const rows = await db.rows<TreeDb>(
      `select ${treeColumns} from trees t where t.deleted_at is null and t.visibility in (${visibilities.map(() => '?').join(', ')}) order by t.id`,
      [...visibilities],
    );
    return rows.map(toTree);
  },
  listForMember: async (userId, deleted) => {
    const rows = await db.rows<TreeDb & { role: Role }>(
      `select ${treeColumns}, m.role from memberships m join trees t on t.id = m.tree_id
       where m.user_id = ? and (t.deleted_at is not null) = ? order by t.id`,
      [userId, deleted],
    );
    return rows.map((r) => ({ ...toTree(r), role: r.role }));
  },
  count: async () => {
    const [r] = await db.rows<{ n: string }>('select count(*) as n from trees where deleted_at is null');
    return Number(r?.n ?? 0);
  },
  softDeleteMany: async (ids, at) =>
    ids.length === 0
      ? 0
      : db.run('update trees set deleted_at = ?::timestamptz, updated_at = ?::timestamptz where id = any(?::uuid[]) and deleted_at is null', [
          ts(at),
          ts(at),
          uuids(ids),
        ]),
});

/** `changed` is told of every membership this process writes (the session cache: session-cache.ts). */
export const pgMemberships = (db: Sql, changed: UserChanged = () => undefined): MembershipRepository => ({
  get: async (treeId, userId) => {
    const [r] = await db.rows<MembershipDb>('select * from memberships where tree_id = ? and user_id = ?', [treeId, userId]);
    return r ? toMembership(r) : null;
  },
  list: async (treeId) => {
    const rows = await db.rows<MembershipDb & { email: string }>(
      `select m.*, u.email from memberships m join users u on u.id = m.user_id
       where m.tree_id = ? order by m.created_at, m.user_id`,
      [treeId],
    );
    return rows.map((r): MemberRead => ({ ...toMembership(r), email: r.email }));
  },
  // ON CONFLICT, not a caught violation, so the surrounding transaction stays usable.
  insert: async (m) => {
    const inserted = await insertRowIfAbsent(db, memberships, m, '(tree_id, user_id)');
    if (inserted) changed(m.userId);
    return inserted ? 'ok' : 'exists';
  },
  updateRole: async (treeId, userId, role) => {
    await db.run('update memberships set role = ? where tree_id = ? and user_id = ?', [role, treeId, userId]);
    changed(userId);
  },
  remove: async (treeId, userId) => {
    await db.run('delete from memberships where tree_id = ? and user_id = ?', [treeId, userId]);
    changed(userId);
  },
  ownersForUpdate: async (treeId) => {
    const rows = await db.rows<{ user_id: string }>(
      `select user_id from memberships where tree_id = ? and role = 'owner' order by created_at, user_id for update`,
      [treeId],
    );
    return rows.map((r) => r.user_id);
  },
  // The owner rows are locked tree by tree in ownersForUpdate's order, so this and a demotion never
  // deadlock; after waiting for a lock, PostgreSQL re-reads the row, so an owner who left meanwhile
  // is not counted.
  listForUser: async (userId) => {
    const rows = await db.rows<MembershipDb & { tree_deleted_at: string | null; owner_count: string }>(
      `with mine as (select * from memberships where user_id = ?),
       owners as materialized (
         select o.tree_id from memberships o
         where o.role = 'owner' and o.tree_id in (select tree_id from mine)
         order by o.tree_id, o.created_at, o.user_id for update
       )
       select m.*, t.deleted_at as tree_deleted_at, (select count(*) from owners o where o.tree_id = m.tree_id) as owner_count
       from mine m join trees t on t.id = m.tree_id
       order by m.tree_id`,
      [userId],
    );
    return rows.map((r) => ({ ...toMembership(r), treeDeletedAt: dateOrNull(r.tree_deleted_at), ownerCount: Number(r.owner_count) }));
  },
  removeAllForUser: async (userId, keepTreeIds) => {
    const rows = await db.rows<{ tree_id: string }>(
      `with d as (delete from memberships where user_id = ? and not (tree_id = any(?::uuid[])) returning tree_id)
       select tree_id from d order by tree_id`,
      [userId, uuids(keepTreeIds)],
    );
    changed(userId);
    return rows.map((r) => r.tree_id);
  },
});
