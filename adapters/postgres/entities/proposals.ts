import { EntitySchema } from '@mikro-orm/postgresql';
import { timestamptz } from './columns.js';
import { TreeSchema, type TreeRow } from './trees.js';

export type ProposalRow = {
  id: string;
  tree: TreeRow;
  status: string;
  origin: string;
  summary: string;
  operations: object;
  proposerId: string | null;
  reviewerId: string | null;
  applyError: object | null;
  appliedCount: number;
  refs: object;
  createdAt: Date;
  decidedAt: Date | null;
};

/** Change proposals: tree-owned (a purged tree takes them along); the users they name are kept as plain ids, like the audit trail. */
export const ProposalSchema = new EntitySchema<ProposalRow>({
  name: 'ProposalRow',
  tableName: 'proposals',
  properties: {
    id: { type: 'uuid', primary: true },
    tree: { kind: 'm:1', entity: () => TreeSchema, deleteRule: 'cascade' },
    status: { type: 'text' },
    origin: { type: 'text' },
    summary: { type: 'text' },
    operations: { type: 'json' },
    proposerId: { type: 'uuid', nullable: true },
    reviewerId: { type: 'uuid', nullable: true },
    applyError: { type: 'json', nullable: true },
    appliedCount: { type: 'integer' },
    refs: { type: 'json' },
    createdAt: { ...timestamptz },
    decidedAt: { ...timestamptz, nullable: true },
  },
  indexes: [{ properties: ['tree', 'id'] }],
});
