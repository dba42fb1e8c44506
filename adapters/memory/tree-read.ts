// How the memory adapter reads a tree as the core sees it (the owner derived), for the trees and
// persons repositories alike.
import type { Membership, Tree, TreeRead, TreeWithRole } from '../../core/trees/model.js';
import type { MemoryState } from './state.js';

export const key = (treeId: string, userId: string): string => `${treeId}/${userId}`;

export const byJoined = (a: Membership, b: Membership): number =>
  a.createdAt.getTime() - b.createdAt.getTime() || (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0);

export const withOwner = (s: MemoryState, tree: Tree): TreeRead => {
  const owners = [...s.memberships.values()].filter((m) => m.treeId === tree.id && m.role === 'owner').sort(byJoined);
  return { ...tree, ownerId: owners[0]?.userId ?? null };
};

/** The tree with the user's role in it (null role: not a member or no user), or null. */
export const treeWithRole = (s: MemoryState, id: string, userId: string | null): TreeWithRole | null => {
  const t = s.trees.get(id);
  return t ? { ...withOwner(s, t), role: userId === null ? null : (s.memberships.get(key(id, userId))?.role ?? null) } : null;
};
