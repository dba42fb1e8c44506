import * as t from 'io-ts';
import { E } from '../../../core/kernel/either.js';
import { proposalStatuses, type Proposal, type ProposalOperation } from '../../../core/proposals/model.js';
import { proposeChanges } from '../../../core/proposals/commands/propose-changes.js';
import { applyProposal } from '../../../core/proposals/commands/apply-proposal.js';
import { rejectProposal } from '../../../core/proposals/commands/reject-proposal.js';
import { deleteProposal } from '../../../core/proposals/commands/delete-proposal.js';
import { listProposals } from '../../../core/proposals/queries/list-proposals.js';
import { getProposal } from '../../../core/proposals/queries/get-proposal.js';
import { asOperations, checkOperations, Operations, OperationCodec, ProposeBody } from '../../../core/proposals/bodies.js';
import { named, withSchema } from '../openapi/json-schema.js';
import { nextPageHeaders } from '../pagination.js';
import { proposalDiff, type DiffEntry } from '../proposal-diff.js';
import { route, type AnyRoute } from '../route.js';
import { IdParams, Nullable, PageQuery, Timestamp, Uuid } from '../wire.js';
import { noContent, reply, withPage, type LazyDeps } from './deps.js';

const keys = <K extends string>(values: readonly K[]) => t.keyof(Object.fromEntries(values.map((v) => [v, null])) as Record<K, null>);
const ApplyBody = named('ProposalApply', t.partial({ operations: Operations }));
const ProposalParams = t.type({ id: Uuid, pid: Uuid });
const ListQuery = t.intersection([PageQuery, t.partial({ status: keys(proposalStatuses) })]);

const ApplyErrorRead = named('ProposalApplyError', t.type({ index: t.number, code: t.string, detail: t.string }));
const proposalFields = {
  id: Uuid, tree_id: Uuid, status: keys(proposalStatuses), origin: t.string, summary: t.string, operations: t.array(OperationCodec),
  proposer_id: Nullable(Uuid), reviewer_id: Nullable(Uuid), apply_error: Nullable(ApplyErrorRead), applied_count: t.number,
  created_at: Timestamp, decided_at: Nullable(Timestamp),
};
const ProposalRead = named('ProposalRead', t.type(proposalFields));
const Fields = withSchema(t.UnknownRecord, { type: 'object', additionalProperties: true });
const DiffRead = named('ProposalDiffEntry', t.type({ index: t.number, before: Nullable(Fields), after: Nullable(Fields) }));
const ProposalDetailRead = named('ProposalDetail', t.type({ ...proposalFields, diff: t.array(DiffRead) }));

const proposalWire = (p: Proposal) => ({
  id: p.id, tree_id: p.treeId, status: p.status, origin: p.origin, summary: p.summary, operations: p.operations,
  proposer_id: p.proposerId, reviewer_id: p.reviewerId, apply_error: p.applyError, applied_count: p.appliedCount,
  created_at: p.createdAt.toISOString(), decided_at: p.decidedAt === null ? null : p.decidedAt.toISOString(),
});

export const proposalRoutes = (deps: LazyDeps): readonly AnyRoute[] => {
  const common = { tag: 'proposals', auth: 'user' as const };
  return [
    route({
      ...common, operationId: 'createProposal', method: 'post', path: '/trees/{id}/proposals',
      summary: 'Propose changes (any member, viewers too): stores a pending proposal with origin contributor and changes nothing else. Each operation is checked as the API call it stands for (422 with paths like operations[2].data.sex).',
      params: IdParams, body: ProposeBody,
      success: { status: 201, description: 'The pending proposal.', body: ProposalRead },
    created: (b, p) => `/trees/${p.id}/proposals/${b.id}`,
      errors: [],
      handle: async ({ actor, params, body }) => {
        const checked = checkOperations(asOperations(body.operations));
        if (E.isLeft(checked)) return checked;
        return reply(201, proposalWire)(await proposeChanges(deps())(actor, params.id, { summary: body.summary ?? '', operations: checked.right }));
      },
    }),
    route({
      ...common, operationId: 'listProposals', method: 'get', path: '/trees/{id}/proposals',
      summary: "The tree's proposals, newest first (members); `status` filters.",
      params: IdParams, query: ListQuery,
      success: { status: 200, description: 'Proposals.', body: t.array(ProposalRead) },
      successHeaders: ['X-Next-Cursor', 'Link'],
      errors: [],
      handle: async ({ actor, params, query }) =>
        withPage(query, async (page) => {
          const d = deps();
          const listed = await listProposals(d)(actor, params.id, { ...page, ...(query.status === undefined ? {} : { status: query.status }) });
          return E.map((ps: readonly Proposal[]) => ({
            status: 200, body: ps.map(proposalWire),
            headers: nextPageHeaders(page.limit !== undefined && ps.length === page.limit ? ps[ps.length - 1]!.id : null, page.limit, new URL(`${d.identity.baseUrl}/api/v1/trees/${params.id}/proposals`)),
          }))(listed);
        }),
    }),
    route({
      ...common, operationId: 'getProposal', method: 'get', path: '/trees/{id}/proposals/{pid}',
      summary: 'One proposal (members) with `diff`: per operation, the current values of the fields it changes beside the proposed ones (null for a create).',
      params: ProposalParams,
      success: { status: 200, description: 'The proposal and its diff.', body: ProposalDetailRead },
      errors: [],
      handle: async ({ actor, params }) => {
        const found = await getProposal(deps())(actor, params.id, params.pid);
        if (E.isLeft(found)) return found;
        const diff: DiffEntry[] = await proposalDiff(deps(), actor, found.right);
        return E.right({ status: 200, body: { ...proposalWire(found.right), diff } });
      },
    }),
    route({
      ...common, operationId: 'applyProposal', method: 'post', path: '/trees/{id}/proposals/{pid}/apply',
      summary: 'Apply a pending proposal (editor), optionally with edited `operations` that replace the stored ones. The operations run in order through the normal commands, audited as you with the proposal id. A failing operation: 200 with the proposal still pending, `apply_error` and `applied_count`; a later apply resumes there. Not pending: 409.',
      params: ProposalParams, body: ApplyBody,
      success: { status: 200, description: 'The proposal: applied, or pending with apply_error.', body: ProposalRead },
      errors: [409],
      handle: async ({ actor, params, body }) => {
        let replacement: readonly ProposalOperation[] | undefined;
        if (body.operations !== undefined) {
          const checked = checkOperations(asOperations(body.operations));
          if (E.isLeft(checked)) return checked;
          replacement = checked.right;
        }
        return reply(200, proposalWire)(await applyProposal(deps())(actor, params.id, params.pid, replacement));
      },
    }),
    route({
      ...common, operationId: 'rejectProposal', method: 'post', path: '/trees/{id}/proposals/{pid}/reject',
      summary: 'Reject a pending proposal (editor): nothing of it is applied. Not pending: 409.',
      params: ProposalParams,
      success: { status: 200, description: 'The rejected proposal.', body: ProposalRead },
      errors: [409],
      handle: async ({ actor, params }) => reply(200, proposalWire)(await rejectProposal(deps())(actor, params.id, params.pid)),
    }),
    route({
      ...common, operationId: 'deleteProposal', method: 'delete', path: '/trees/{id}/proposals/{pid}',
      summary: 'Remove a proposal in any state (its proposer or an editor); what an apply changed stays.',
      params: ProposalParams,
      success: { status: 204, description: 'Removed.' },
      errors: [],
      handle: async ({ actor, params }) => noContent(await deleteProposal(deps())(actor, params.id, params.pid)),
    }),
  ];
};
