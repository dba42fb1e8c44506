import type { MembershipRepository, TreeRepository } from '../../core/trees/ports.js';
import type { MemberRead, Membership, Role, TreeRead, Visibility } from '../../core/trees/model.js';
import { date, dateOrNull, ts, tsOrNull, uuids, type Sql } from './sql.js';

export type TreeDb = {
  id: string;
  name: string;
  description: string;
  visibility: Visibility;
  home_person_id: string | null;
  ai_member_provider: string | null;
  ai_recommender_provider: string | null;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
  owner_id: string | null;
};

export const toTree = (r: TreeDb): TreeRead => ({
  id: r.id,
  name: r.name,
  description: r.description,
  visibility: r.visibility,
  homePersonId: r.home_person_id,
  aiMemberProvider: r.ai_member_provider,
  aiRecommenderProvider: r.ai_recommender_provider,
  createdAt: date(r.created_at),
  updatedAt: date(r.updated_at),
  deletedAt: dateOrNull(r.deleted_at),
  ownerId: r.owner_id,
});

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
  insert: async (t) => {
    await db.run(
      `insert into trees (id, name, description, visibility, home_person_id, ai_member_provider, ai_recommender_provider,
         created_at, updated_at, deleted_at)
       values (?, ?, ?, ?, ?, ?, ?, ?::timestamptz, ?::timestamptz, ?::timestamptz)`,
      [t.id, t.name, t.description, t.visibility, t.homePersonId, t.aiMemberProvider, t.aiRecommenderProvider,
        ts(t.createdAt), ts(t.updatedAt), tsOrNull(t.deletedAt)],
    );
  },
  update: async (t) => {
    await db.run(
      `update trees set name = ?, description = ?, visibility = ?, home_person_id = ?, ai_member_provider = ?,
         ai_recommender_provider = ?, updated_at = ?::timestamptz, deleted_at = ?::timestamptz
       where id = ?`,
      [t.name, t.description, t.visibility, t.homePersonId, t.aiMemberProvider, t.aiRecommenderProvider,
        ts(t.updatedAt), tsOrNull(t.deletedAt), t.id],
    );
  },
  // Owned rows go by ON DELETE CASCADE; audit entries keep their rows with tree_id set null by the FK.
  purge: async (id) => {
    await db.run(
      `with q as (insert into blob_removals (key, queued_at) select storage_key, now() from media where tree_id = ? on conflict (key) do nothing)
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

type MembershipDb = { tree_id: string; user_id: string; role: Role; created_at: string };

const toMembership = (r: MembershipDb): Membership => ({
  treeId: r.tree_id,
  userId: r.user_id,
  role: r.role,
  createdAt: date(r.created_at),
});

export const pgMemberships = (db: Sql): MembershipRepository => ({
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
    const n = await db.run(
      `insert into memberships (tree_id, user_id, role, created_at) values (?, ?, ?, ?::timestamptz)
       on conflict (tree_id, user_id) do nothing`,
      [m.treeId, m.userId, m.role, ts(m.createdAt)],
    );
    return n === 1 ? 'ok' : 'exists';
  },
  updateRole: async (treeId, userId, role) => {
    await db.run('update memberships set role = ? where tree_id = ? and user_id = ?', [role, treeId, userId]);
  },
  remove: async (treeId, userId) => {
    await db.run('delete from memberships where tree_id = ? and user_id = ?', [treeId, userId]);
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
    return rows.map((r) => r.tree_id);
  },
});
