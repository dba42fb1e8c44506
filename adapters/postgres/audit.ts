import type { AuditEntry, AuditLog, JsonValue } from '../../core/kernel/audit.js';
import { date, ts, type Sql } from './sql.js';
import { insertAuditEntries } from './bulk.js';

type AuditDb = {
  id: string;
  tree_id: string | null;
  actor_id: string | null;
  action: string;
  entity_type: string;
  entity_id: string;
  details: { [k: string]: JsonValue };
  created_at: string;
};

const toEntry = (r: AuditDb): AuditEntry => ({
  id: r.id,
  treeId: r.tree_id,
  actorId: r.actor_id,
  action: r.action,
  entityType: r.entity_type,
  entityId: r.entity_id,
  details: r.details,
  createdAt: date(r.created_at),
});

export const pgAudit = (db: Sql): AuditLog => ({
  record: async (e) => {
    await db.run(
      `insert into audit_entries (id, tree_id, actor_id, action, entity_type, entity_id, details, created_at)
       values (?, ?, ?, ?, ?, ?, ?::jsonb, ?::timestamptz)`,
      [e.id, e.treeId, e.actorId, e.action, e.entityType, e.entityId, JSON.stringify(e.details), ts(e.createdAt)],
    );
  },
  recordMany: (entries) => insertAuditEntries(db, entries),
  listForTree: async (treeId, page) => {
    const params: unknown[] = [treeId];
    let sql = 'select * from audit_entries where tree_id = ?';
    if (page.after !== undefined) {
      sql += ' and id < ?';
      params.push(page.after);
    }
    sql += ' order by id desc';
    if (page.limit !== undefined) {
      sql += ' limit ?';
      params.push(page.limit);
    }
    return (await db.rows<AuditDb>(sql, params)).map(toEntry);
  },
});
