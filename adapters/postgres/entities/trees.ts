import { EntitySchema } from '@mikro-orm/postgresql';
import { deletedRowsIndex, timestamptz } from './columns.js';
import { UserSchema, type UserRow } from './identity.js';

// The trees slice: trees and memberships.

export type TreeRow = {
  id: string;
  name: string;
  description: string;
  visibility: string;
  homePersonId: string | null;
  aiMemberProvider: string | null;
  aiRecommenderProvider: string | null;
  createdAt: Date;
  updatedAt: Date;
  deletedAt: Date | null;
  /** The tree's change stamp, drawn when a transaction that changed its records commits (migration 20270115090000). */
  changeSeq?: string;
};

export const TreeSchema = new EntitySchema<TreeRow>({
  name: 'TreeRow',
  tableName: 'trees',
  properties: {
    id: { type: 'uuid', primary: true },
    name: { type: 'text' },
    description: { type: 'text' },
    visibility: { type: 'text' },
    homePersonId: { type: 'uuid', nullable: true },
    aiMemberProvider: { type: 'text', nullable: true },
    aiRecommenderProvider: { type: 'text', nullable: true },
    createdAt: { ...timestamptz },
    updatedAt: { ...timestamptz },
    deletedAt: { ...timestamptz, nullable: true },
    changeSeq: { type: 'bigint', default: 0 },
  },
  indexes: [deletedRowsIndex('trees')],
});

export type MembershipRow = {
  tree: TreeRow;
  user: UserRow;
  role: string;
  createdAt: Date;
};

export const MembershipSchema = new EntitySchema<MembershipRow>({
  name: 'MembershipRow',
  tableName: 'memberships',
  properties: {
    tree: { kind: 'm:1', entity: () => TreeSchema, primary: true, deleteRule: 'cascade' },
    user: { kind: 'm:1', entity: () => UserSchema, primary: true, deleteRule: 'cascade', index: true },
    role: { type: 'text' },
    createdAt: { ...timestamptz },
  },
});
