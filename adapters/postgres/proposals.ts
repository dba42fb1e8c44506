import type { ProposalRepository } from '../../core/proposals/ports.js';
import type { Sql } from './sql.js';
import { proposals, type ProposalDb } from './tables/proposals.js';
import { insertRow, updateRow, updateRowIf } from './tables/build.js';

const toProposal = proposals.from;
/** What review and apply change; the rest is fixed when the proposal is made. */
const proposalMutable = ['status', 'operations', 'reviewer_id', 'apply_error', 'applied_count', 'refs', 'decided_at'];

export const pgProposals = (db: Sql): ProposalRepository => ({
  byId: async (id) => {
    const [r] = await db.rows<ProposalDb>('select * from proposals where id = ?', [id]);
    return r ? toProposal(r) : null;
  },
  listByTree: async (treeId, options) => {
    const params: unknown[] = [treeId];
    let sql = 'select * from proposals where tree_id = ?';
    if (options.status !== undefined) {
      sql += ' and status = ?';
      params.push(options.status);
    }
    if (options.after !== undefined) {
      sql += ' and id < ?';
      params.push(options.after);
    }
    sql += ' order by id desc';
    if (options.limit !== undefined) {
      sql += ' limit ?::int';
      params.push(Math.max(0, Math.floor(options.limit)));
    }
    return (await db.rows<ProposalDb>(sql, params)).map(toProposal);
  },
  insert: (p) => insertRow(db, proposals, p),
  update: (p) => updateRow(db, proposals, proposalMutable, p),
  // Only from the state the caller read: a concurrent apply or decision that moved it first wins.
  advance: (p, appliedCount) =>
    updateRowIf(db, proposals, proposalMutable, p, { sql: `status = 'pending' and applied_count = ?::int`, params: [appliedCount] }),
  remove: async (id) => (await db.run('delete from proposals where id = ?', [id])) > 0,
});
