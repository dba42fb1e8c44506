// The audit trail's table.
import type { AuditEntry, JsonValue } from '../../../core/kernel/audit.js';
import { date } from '../sql.js';
import { iso, json, type Table } from './table.js';

export type AuditDb = {
  id: string; tree_id: string | null; actor_id: string | null; action: string; entity_type: string; entity_id: string;
  details: { [k: string]: JsonValue }; created_at: string;
};

export const auditEntries: Table<AuditEntry, AuditDb> = {
  name: 'audit_entries',
  columns: [
    ['id', 'uuid', (e) => e.id], ['tree_id', 'uuid', (e) => e.treeId], ['actor_id', 'uuid', (e) => e.actorId], ['action', 'text', (e) => e.action],
    ['entity_type', 'text', (e) => e.entityType], ['entity_id', 'uuid', (e) => e.entityId], ['details', 'jsonb', (e) => json(e.details)],
    ['created_at', 'timestamptz', (e) => iso(e.createdAt)],
  ],
  from: (r) => ({
    id: r.id, treeId: r.tree_id, actorId: r.actor_id, action: r.action, entityType: r.entity_type, entityId: r.entity_id, details: r.details,
    createdAt: date(r.created_at),
  }),
};
