import type { Id } from '../kernel/ids.js';
import type { MemberRead, Membership, Role, Tree, TreeRead, Visibility } from './model.js';

export type TreeRepository = {
  /** The tree, deleted or not (callers decide what a deleted tree means), or null. */
  readonly byId: (id: Id) => Promise<TreeRead | null>;
  /** `byId` with the user's role in the tree (null: not a member), in one read: what an access check needs. */
  readonly withRole: (id: Id, userId: Id) => Promise<(TreeRead & { readonly role: Role | null }) | null>;
  readonly insert: (tree: Tree) => Promise<void>;
  /** Replaces every mutable field of an existing tree. */
  readonly update: (tree: Tree) => Promise<void>;
  /**
   * Removes the tree and every row the tree owns (memberships, records, media rows) and queues the
   * storage keys of its media in `blobRemovals`. Audit entries of the tree survive with a null tree.
   * Purging a missing tree does nothing.
   */
  readonly purge: (id: Id) => Promise<void>;
  /** Trees the user is a member of, live ones or (deleted = true) deleted ones, ordered by id, with the user's role. */
  readonly listForMember: (userId: Id, deleted: boolean) => Promise<readonly (TreeRead & { readonly role: Role })[]>;
  /** Live trees. */
  readonly count: () => Promise<number>;
  /**
   * Soft-deletes those of the trees that are live (deletedAt and updatedAt set to `at`); deleted and
   * unknown ones are left as they are. Answers how many it deleted.
   */
  readonly softDeleteMany: (ids: readonly Id[], at: Date) => Promise<number>;
  /** Live trees whose visibility is one of `visibilities`, ordered by id (the public directory). */
  readonly listByVisibility: (visibilities: readonly Visibility[]) => Promise<readonly TreeRead[]>;
};

export type MembershipRepository = {
  readonly get: (treeId: Id, userId: Id) => Promise<Membership | null>;
  /** Members of the tree with their emails, ordered by when they joined (then user id). */
  readonly list: (treeId: Id) => Promise<readonly MemberRead[]>;
  /** 'exists' when the user is already a member; nothing is written then. */
  readonly insert: (membership: Membership) => Promise<'ok' | 'exists'>;
  readonly updateRole: (treeId: Id, userId: Id, role: Role) => Promise<void>;
  readonly remove: (treeId: Id, userId: Id) => Promise<void>;
  /**
   * The user ids of the tree's owners. Inside a unit of work on PostgreSQL it locks those rows
   * until commit, so two concurrent demotions cannot both see a second owner.
   */
  readonly ownersForUpdate: (treeId: Id) => Promise<readonly Id[]>;
  /**
   * Every membership of the user, of live and deleted trees alike, ordered by tree id, each with its
   * tree's deletion time and how many owners the tree has (the user included). Inside a unit of work
   * on PostgreSQL it locks the owner rows of those trees until commit (in the order ownersForUpdate
   * takes them), so two owners leaving at once cannot both count the other.
   */
  readonly listForUser: (userId: Id) => Promise<readonly UserMembership[]>;
  /**
   * Removes every membership of the user except those of the trees in `keepTreeIds`, and answers the
   * tree ids of the removed ones, ordered. A user without memberships: nothing happens, [].
   */
  readonly removeAllForUser: (userId: Id, keepTreeIds: readonly Id[]) => Promise<readonly Id[]>;
};

export type UserMembership = Membership & { readonly treeDeletedAt: Date | null; readonly ownerCount: number };
