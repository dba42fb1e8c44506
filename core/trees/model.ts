import type { Id } from '../kernel/ids.js';

export const visibilities = ['private', 'site_members', 'unlisted', 'public'] as const;
export type Visibility = (typeof visibilities)[number];

export const roles = ['owner', 'editor', 'viewer'] as const;
export type Role = (typeof roles)[number];

const rank: Record<Role, number> = { viewer: 1, editor: 2, owner: 3 };
export const roleAtLeast = (role: Role, needed: Role): boolean => rank[role] >= rank[needed];

export type Tree = {
  readonly id: Id;
  readonly name: string;
  readonly description: string;
  readonly visibility: Visibility;
  readonly homePersonId: Id | null;
  readonly aiMemberProvider: string | null;
  readonly aiRecommenderProvider: string | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
  readonly deletedAt: Date | null;
};

/** A tree as read: `ownerId` is derived (the longest-standing owner), never stored. */
export type TreeRead = Tree & { readonly ownerId: Id | null };

export type Membership = {
  readonly treeId: Id;
  readonly userId: Id;
  readonly role: Role;
  readonly createdAt: Date;
};

export type MemberRead = Membership & { readonly email: string };

/** A tree with a caller's role in it (null: not a member), as one read answers it. */
export type TreeWithRole = TreeRead & { readonly role: Role | null };
