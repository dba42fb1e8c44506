import type { ProposalRepository } from '../../core/proposals/ports.js';
import type { ApplyError, Proposal, ProposalOperation, ProposalOrigin, ProposalStatus } from '../../core/proposals/model.js';
import { date, dateOrNull, ts, tsOrNull, type Sql } from './sql.js';

type ProposalDb = {
  id: string;
  tree_id: string;
  status: ProposalStatus;
  origin: ProposalOrigin;
  summary: string;
  operations: ProposalOperation[] | string;
  proposer_id: string | null;
  reviewer_id: string | null;
  apply_error: ApplyError | string | null;
  applied_count: number;
  refs: Record<string, unknown> | string;
  created_at: string;
  decided_at: string | null;
};

const json = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);

/** The stored refs as a Map (a ref is a client's name, never an object's key); only string ids are refs. */
const refsOf = (stored: Record<string, unknown>): ReadonlyMap<string, string> =>
  new Map(Object.entries(stored).filter((e): e is [string, string] => typeof e[1] === 'string'));

const toProposal = (r: ProposalDb): Proposal => ({
  id: r.id,
  treeId: r.tree_id,
  status: r.status,
  origin: r.origin,
  summary: r.summary,
  operations: json(r.operations),
  proposerId: r.proposer_id,
  reviewerId: r.reviewer_id,
  applyError: r.apply_error === null ? null : json(r.apply_error),
  appliedCount: r.applied_count,
  refs: refsOf(json(r.refs)),
  createdAt: date(r.created_at),
  decidedAt: dateOrNull(r.decided_at),
});

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
  insert: async (p) => {
    await db.run(
      `insert into proposals (id, tree_id, status, origin, summary, operations, proposer_id, reviewer_id, apply_error, applied_count, refs, created_at, decided_at)
       values (?, ?, ?, ?, ?, ?::jsonb, ?, ?, ?::jsonb, ?, ?::jsonb, ?::timestamptz, ?::timestamptz)`,
      [p.id, p.treeId, p.status, p.origin, p.summary, JSON.stringify(p.operations), p.proposerId, p.reviewerId,
        p.applyError === null ? null : JSON.stringify(p.applyError), p.appliedCount, JSON.stringify(Object.fromEntries(p.refs)), ts(p.createdAt), tsOrNull(p.decidedAt)],
    );
  },
  update: async (p) => {
    await db.run(
      `update proposals set status = ?, operations = ?::jsonb, reviewer_id = ?, apply_error = ?::jsonb, applied_count = ?, refs = ?::jsonb, decided_at = ?::timestamptz
       where id = ?`,
      [p.status, JSON.stringify(p.operations), p.reviewerId, p.applyError === null ? null : JSON.stringify(p.applyError), p.appliedCount,
        JSON.stringify(Object.fromEntries(p.refs)), tsOrNull(p.decidedAt), p.id],
    );
  },
  advance: async (p, appliedCount) =>
    (await db.run(
      `update proposals set status = ?, operations = ?::jsonb, reviewer_id = ?, apply_error = ?::jsonb, applied_count = ?, refs = ?::jsonb, decided_at = ?::timestamptz
       where id = ? and status = 'pending' and applied_count = ?`,
      [p.status, JSON.stringify(p.operations), p.reviewerId, p.applyError === null ? null : JSON.stringify(p.applyError), p.appliedCount,
        JSON.stringify(Object.fromEntries(p.refs)), tsOrNull(p.decidedAt), p.id, appliedCount],
    )) > 0,
  remove: async (id) => (await db.run('delete from proposals where id = ?', [id])) > 0,
});
