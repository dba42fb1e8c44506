import { EntitySchema } from '@mikro-orm/postgresql';
import { timestamptz } from './columns.js';
import { TreeSchema, type TreeRow } from './trees.js';

export type AuditEntryRow = {
  id: string;
  tree: TreeRow | null;
  actorId: string | null;
  action: string;
  entityType: string;
  entityId: string;
  details: object;
  createdAt: Date;
};

export const AuditEntrySchema = new EntitySchema<AuditEntryRow>({
  name: 'AuditEntryRow',
  tableName: 'audit_entries',
  properties: {
    id: { type: 'uuid', primary: true },
    tree: { kind: 'm:1', entity: () => TreeSchema, nullable: true, deleteRule: 'set null' },
    // No foreign key: the audit trail outlives the user it names.
    actorId: { type: 'uuid', nullable: true },
    action: { type: 'text' },
    entityType: { type: 'text' },
    entityId: { type: 'uuid' },
    details: { type: 'json' },
    createdAt: { ...timestamptz },
  },
  indexes: [{ properties: ['tree', 'id'] }],
});
