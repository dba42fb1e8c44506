// The proposals slice's table.
import type { ApplyError, Proposal, ProposalOperation, ProposalOrigin, ProposalStatus } from '../../../core/proposals/model.js';
import { date, dateOrNull } from '../sql.js';
import { iso, json, parsed, type Table } from './table.js';

export type ProposalDb = {
  id: string; tree_id: string; status: ProposalStatus; origin: ProposalOrigin; summary: string; operations: ProposalOperation[] | string;
  proposer_id: string | null; reviewer_id: string | null; apply_error: ApplyError | string | null; applied_count: number;
  refs: Record<string, unknown> | string; created_at: string; decided_at: string | null;
};

/** The stored refs as a Map (a ref is a client's name, never an object's key); only string ids are refs. */
const refsOf = (stored: Record<string, unknown>): ReadonlyMap<string, string> =>
  new Map(Object.entries(stored).filter((e): e is [string, string] => typeof e[1] === 'string'));

export const proposals: Table<Proposal, ProposalDb> = {
  name: 'proposals',
  columns: [
    ['id', 'uuid', (p) => p.id], ['tree_id', 'uuid', (p) => p.treeId], ['status', 'text', (p) => p.status], ['origin', 'text', (p) => p.origin],
    ['summary', 'text', (p) => p.summary], ['operations', 'jsonb', (p) => json(p.operations)], ['proposer_id', 'uuid', (p) => p.proposerId],
    ['reviewer_id', 'uuid', (p) => p.reviewerId], ['apply_error', 'jsonb', (p) => (p.applyError === null ? null : json(p.applyError))],
    ['applied_count', 'int', (p) => p.appliedCount], ['refs', 'jsonb', (p) => json(Object.fromEntries(p.refs))],
    ['created_at', 'timestamptz', (p) => iso(p.createdAt)], ['decided_at', 'timestamptz', (p) => iso(p.decidedAt)],
  ],
  from: (r) => ({
    id: r.id, treeId: r.tree_id, status: r.status, origin: r.origin, summary: r.summary, operations: parsed(r.operations), proposerId: r.proposer_id,
    reviewerId: r.reviewer_id, applyError: r.apply_error === null ? null : parsed(r.apply_error), appliedCount: r.applied_count,
    refs: refsOf(parsed(r.refs)), createdAt: date(r.created_at), decidedAt: dateOrNull(r.decided_at),
  }),
};
