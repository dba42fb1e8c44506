// The trees slice's tables: trees and memberships.
import type { Membership, Role, Tree, TreeRead, TreeWithRole, Visibility } from '../../../core/trees/model.js';
import { date, dateOrNull } from '../sql.js';
import { iso, type Table } from './table.js';

/** A tree's row as read: the owner is derived, never stored (../trees.ts, ownerOf). */
export type TreeDb = {
  id: string; name: string; description: string; visibility: Visibility; home_person_id: string | null; ai_member_provider: string | null;
  ai_recommender_provider: string | null; created_at: string; updated_at: string; deleted_at: string | null; owner_id: string | null;
};

export const trees: Table<Tree, TreeDb, TreeRead> = {
  name: 'trees',
  columns: [
    ['id', 'uuid', (t) => t.id], ['name', 'text', (t) => t.name], ['description', 'text', (t) => t.description], ['visibility', 'text', (t) => t.visibility],
    ['home_person_id', 'uuid', (t) => t.homePersonId], ['ai_member_provider', 'text', (t) => t.aiMemberProvider],
    ['ai_recommender_provider', 'text', (t) => t.aiRecommenderProvider], ['created_at', 'timestamptz', (t) => iso(t.createdAt)],
    ['updated_at', 'timestamptz', (t) => iso(t.updatedAt)], ['deleted_at', 'timestamptz', (t) => iso(t.deletedAt)],
  ],
  from: (r) => ({
    id: r.id, name: r.name, description: r.description, visibility: r.visibility, homePersonId: r.home_person_id, aiMemberProvider: r.ai_member_provider,
    aiRecommenderProvider: r.ai_recommender_provider, createdAt: date(r.created_at), updatedAt: date(r.updated_at), deletedAt: dateOrNull(r.deleted_at),
    ownerId: r.owner_id,
  }),
};

const keptTrees = new Map<string, TreeWithRole>();
const KEPT_TREES = 512;
/**
 * A tree with its owner and the reader's role, from its row as text (`to_jsonb(t.*)::text`), kept by
 * that text (and the owner and role): a hot read (a person, a search's page) parses and converts a
 * tree only when its row (its change_seq, at every change of the tree) or the reader's role is new
 * (issue 27: parsing the row, its dates and the copies were about a thirtieth of a search's CPU in the
 * service). Frozen, since every reader of that tree and role shares it; at most KEPT_TREES kept.
 */
export const treeOfText = (text: string, ownerId: string | null, role: Role | null): TreeWithRole => {
  const key = `${role ?? ''}\u0001${ownerId ?? ''}\u0001${text}`;
  let tree = keptTrees.get(key);
  if (tree === undefined) {
    tree = Object.freeze({ ...trees.from({ ...(JSON.parse(text) as TreeDb), owner_id: ownerId }), role });
    if (keptTrees.size >= KEPT_TREES) keptTrees.clear();
    keptTrees.set(key, tree);
  }
  return tree;
};

export type MembershipDb = { tree_id: string; user_id: string; role: Role; created_at: string };

/** Keyed by (tree_id, user_id): no `id`. */
export const memberships: Table<Membership, MembershipDb> = {
  name: 'memberships',
  columns: [
    ['tree_id', 'uuid', (m) => m.treeId], ['user_id', 'uuid', (m) => m.userId], ['role', 'text', (m) => m.role],
    ['created_at', 'timestamptz', (m) => iso(m.createdAt)],
  ],
  from: (r) => ({ treeId: r.tree_id, userId: r.user_id, role: r.role, createdAt: date(r.created_at) }),
};
