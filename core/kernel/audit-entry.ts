import type { AuditEntry, JsonValue } from './audit.js';
import { keptAuditDetails } from './audit-details.js';
import type { Clock } from './clock.js';
import { newId, type Id } from './ids.js';

/**
 * Builds the audit entry a command writes in its own unit of work. Its details keep only ids, counts
 * and codes (`keptAuditDetails`): the entry outlives the records it names, through a tree's purge and
 * an account's, so it never holds their content.
 */
export const auditEntry = (
  clock: Clock,
  actorId: Id | null,
  action: string,
  entity: { readonly type: string; readonly id: Id; readonly treeId: Id | null },
  details: { readonly [k: string]: JsonValue } = {},
): AuditEntry => ({
  id: newId(),
  treeId: entity.treeId,
  actorId,
  action,
  entityType: entity.type,
  entityId: entity.id,
  details: keptAuditDetails(details),
  createdAt: clock.now(),
});
