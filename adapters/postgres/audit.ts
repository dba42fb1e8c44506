import type { AuditLog } from '../../core/kernel/audit.js';
import type { Sql } from './sql.js';
import { auditEntries, type AuditDb } from './tables/audit.js';
import { insertRow, insertRows } from './tables/build.js';


export const pgAudit = (db: Sql): AuditLog => ({
  record: (e) => insertRow(db, auditEntries, e),
  recordMany: (entries) => insertRows(db, auditEntries, entries),
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
    return (await db.rows<AuditDb>(sql, params)).map(auditEntries.from);
  },
});
