import { actorId, type Actor } from '../../kernel/actor.js';
import type { JsonValue } from '../../kernel/audit.js';
import { auditEntry } from '../../kernel/audit-entry.js';
import { E, fail, ok, type AsyncResult, type Result } from '../../kernel/either.js';
import { conflict, invalidInput, type DomainError } from '../../kernel/errors.js';
import type { Id } from '../../kernel/ids.js';
import { proposalFor } from '../access.js';
import type { CommandDeps } from '../../deps.js';
import type { ApplyError, Proposal, ProposalOperation } from '../model.js';
import { runOperation, type OperationStores } from '../operations.js';
import { operationErrors, refOf } from '../rules.js';

/** The proposal and its audit, and what the operations touch (../operations.ts). */
export type ApplyDeps = CommandDeps<'trees' | 'memberships' | 'proposals' | 'audit' | OperationStores>;

const isReferenceKey = (k: string): boolean => k === 'id' || k.endsWith('_id');

/** The operation with every `"$ref"` (its `id`, and `id`/`*_id` fields of `data`) replaced by the id that create got. */
const resolved = (o: ProposalOperation, refs: Proposal['refs']): ProposalOperation => {
  const swap = (v: JsonValue): JsonValue => {
    const ref = refOf(v);
    return (ref === null ? undefined : refs.get(ref)) ?? v;
  };
  const data = o.data === undefined ? undefined
    : Object.fromEntries(Object.entries(o.data).map(([k, v]) => [k, isReferenceKey(k) ? swap(v) : v]));
  return { ...o, ...(o.id === undefined ? {} : { id: swap(o.id) as string }), ...(data === undefined ? {} : { data }) };
};

/**
 * A `"$ref"` a resolved operation still holds: its create ran in an earlier apply without that ref
 * (an edit added the ref afterwards), so it names no record. An apply error, not a query with
 * "$ref" for an id.
 */
const unresolvedRef = (o: ProposalOperation): string | null => {
  const left = [o.id, ...Object.entries(o.data ?? {}).filter(([k]) => isReferenceKey(k)).map(([, v]) => v)].find((v) => refOf(v) !== null);
  return left === undefined ? null
    : `${String(left)} names no record: the create that takes that ref was applied without it. Name the record by its id.`;
};

const errorOf = (index: number, e: DomainError): ApplyError => {
  switch (e._tag) {
    case 'NotFound':
      return { index, code: 'not_found', detail: `No ${e.entity} ${e.id} in this tree.` };
    case 'InvalidInput':
      return { index, code: e.code, detail: [e.detail, ...(e.errors ?? []).map((f) => `${f.path}: ${f.message}`)].join(' ') };
    case 'Conflict':
    case 'Forbidden':
      return { index, code: e.code, detail: e.detail };
    default:
      return { index, code: e._tag.toLowerCase(), detail: 'The operation was refused.' };
  }
};

/**
 * An editor applies a pending proposal (SPEC state table): the operations run in order through the
 * normal commands, audited as the editor with the proposal id; `operations`, when given, replace the
 * stored ones first (checked as a proposal's are). Each operation commits together with the
 * proposal's progress, so a later apply resumes at `appliedCount` and never runs one twice. A failing
 * operation leaves the proposal pending with `applyError` and what ran before it applied (a
 * single-operation proposal is therefore atomic); the answer is then still a success (200) carrying
 * the error. Not pending: 409 `proposal_not_pending`.
 */
export const applyProposal =
  (deps: ApplyDeps) =>
  async (actor: Actor, treeId: Id, proposalId: Id, replacement?: readonly ProposalOperation[]): AsyncResult<Proposal> => {
    if (replacement !== undefined) {
      const errors = operationErrors(replacement);
      if (errors.length > 0) return fail(invalidInput('invalid_operations', 'The edited operations cannot be applied as they are.', errors));
    }
    const start = await deps.storage.uow.run(async (tx): Promise<Result<Proposal>> => {
      const found = await proposalFor(tx, actor, treeId, proposalId, 'editor');
      if (E.isLeft(found)) return found;
      const p = found.right.proposal;
      if (p.status !== 'pending') return fail(conflict('proposal_not_pending', `This proposal is ${p.status}.`));
      if (replacement === undefined) return ok(p);
      const edited: Proposal = { ...p, operations: replacement };
      return (await tx.proposals.advance(edited, p.appliedCount)) ? ok(edited) : fail(conflict('proposal_busy', 'Another apply of this proposal is running.'));
    });
    if (E.isLeft(start)) return start;
    let current = start.right;
    const reviewerId = actorId(actor);
    for (let i = current.appliedCount; i < current.operations.length; i++) {
      const before = current;
      const operation = resolved(before.operations[i]!, before.refs);
      const unresolved = unresolvedRef(operation);
      const step = await deps.storage.uow.run(async (tx): Promise<Result<Proposal>> => {
        if (unresolved !== null) return fail(invalidInput('unknown_ref', unresolved));
        const ran = await runOperation(deps.clock, tx, before.id, actor, treeId, operation);
        if (E.isLeft(ran)) return ran;
        const refs = operation.op === 'create' && operation.ref !== undefined ? new Map([...before.refs, [operation.ref, ran.right.id]]) : before.refs;
        const next: Proposal = { ...before, appliedCount: i + 1, refs, applyError: null, reviewerId };
        return (await tx.proposals.advance(next, i)) ? ok(next) : fail(conflict('proposal_busy', 'Another apply of this proposal is running.'));
      });
      if (E.isLeft(step)) {
        if (step.left._tag === 'Conflict' && step.left.code === 'proposal_busy') return step;
        const failed: Proposal = { ...before, applyError: errorOf(i, step.left), reviewerId };
        const recorded = await deps.storage.uow.run(async (tx) => {
          if (!(await tx.proposals.advance(failed, i))) return fail(conflict('proposal_busy', 'Another apply of this proposal is running.'));
          await tx.audit.record(auditEntry(deps.clock, reviewerId, 'proposal.apply_failed', { type: 'proposal', id: before.id, treeId }, {
            index: i, code: failed.applyError!.code, applied_count: i,
          }));
          return ok(failed);
        });
        return recorded;
      }
      current = step.right;
    }
    const applied: Proposal = { ...current, status: 'applied', applyError: null, reviewerId, decidedAt: deps.clock.now() };
    return deps.storage.uow.run(async (tx) => {
      if (!(await tx.proposals.advance(applied, current.appliedCount))) return fail(conflict('proposal_busy', 'Another apply of this proposal is running.'));
      await tx.audit.record(auditEntry(deps.clock, reviewerId, 'proposal.apply', { type: 'proposal', id: applied.id, treeId }, {
        operations: applied.operations.length, edited: replacement !== undefined,
      }));
      return ok(applied);
    });
  };
