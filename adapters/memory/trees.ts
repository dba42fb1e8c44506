import type { MembershipRepository, TreeRepository } from '../../core/trees/ports.js';
import type { MemoryState } from './state.js';
import { dropTree } from './purge.js';
import { forgetRemoved } from './history.js';
import { byJoined, key, treeWithRole, withOwner } from './tree-read.js';

export const memoryTrees = (s: MemoryState): TreeRepository => ({
  byId: async (id) => {
    const t = s.trees.get(id);
    return t ? withOwner(s, t) : null;
  },
  withRole: async (id, userId) => {
    return treeWithRole(s, id, userId);
  },
  insert: async (tree) => {
    s.trees.set(tree.id, tree);
  },
  update: async (tree) => {
    const current = s.trees.get(tree.id);
    // Every field but the creation time, which stays as inserted (as in PostgreSQL).
    if (current) s.trees.set(tree.id, { ...tree, createdAt: current.createdAt });
  },
  purge: async (id) => {
    dropTree(s, id);
    forgetRemoved(s);
  },
  listForMember: async (userId, deleted) =>
    [...s.memberships.values()]
      .filter((m) => m.userId === userId)
      .flatMap((m) => {
        const t = s.trees.get(m.treeId);
        return t && (t.deletedAt !== null) === deleted ? [{ ...withOwner(s, t), role: m.role }] : [];
      })
      .sort((a, b) => (a.id < b.id ? -1 : 1)),
  listByVisibility: async (visibilities) =>
    [...s.trees.values()]
      .filter((t) => t.deletedAt === null && visibilities.includes(t.visibility))
      .sort((a, b) => (a.id < b.id ? -1 : 1))
      .map((t) => withOwner(s, t)),
  count: async () => [...s.trees.values()].filter((t) => t.deletedAt === null).length,
  softDeleteMany: async (ids, at) => {
    let n = 0;
    for (const id of new Set(ids)) {
      const t = s.trees.get(id);
      if (!t || t.deletedAt !== null) continue;
      s.trees.set(id, { ...t, deletedAt: at, updatedAt: at });
      n += 1;
    }
    return n;
  },
});

export const memoryMemberships = (s: MemoryState): MembershipRepository => ({
  get: async (treeId, userId) => s.memberships.get(key(treeId, userId)) ?? null,
  list: async (treeId) =>
    [...s.memberships.values()]
      .filter((m) => m.treeId === treeId)
      .sort(byJoined)
      .map((m) => ({ ...m, email: s.users.get(m.userId)?.email ?? '' })),
  insert: async (m) => {
    if (s.memberships.has(key(m.treeId, m.userId))) return 'exists';
    s.memberships.set(key(m.treeId, m.userId), m);
    return 'ok';
  },
  updateRole: async (treeId, userId, role) => {
    const m = s.memberships.get(key(treeId, userId));
    if (m) s.memberships.set(key(treeId, userId), { ...m, role });
  },
  remove: async (treeId, userId) => {
    s.memberships.delete(key(treeId, userId));
  },
  ownersForUpdate: async (treeId) =>
    [...s.memberships.values()].filter((m) => m.treeId === treeId && m.role === 'owner').sort(byJoined).map((m) => m.userId),
  listForUser: async (userId) => {
    const all = [...s.memberships.values()];
    return all
      .filter((m) => m.userId === userId && s.trees.has(m.treeId))
      .sort((a, b) => (a.treeId < b.treeId ? -1 : a.treeId > b.treeId ? 1 : 0))
      .map((m) => ({
        ...m,
        treeDeletedAt: s.trees.get(m.treeId)!.deletedAt,
        ownerCount: all.filter((o) => o.treeId === m.treeId && o.role === 'owner').length,
      }));
  },
  removeAllForUser: async (userId, keepTreeIds) => {
    const removed: string[] = [];
    for (const [k, m] of s.memberships)
      if (m.userId === userId && !keepTreeIds.includes(m.treeId)) {
        s.memberships.delete(k);
        removed.push(m.treeId);
      }
    return removed.sort();
  },
});
