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
/** The list's address with its filter, so that the next page's Link keeps it. */
const listUrl = (baseUrl: string, treeId: string, status: string | undefined): URL => {
  const url = new URL(`${baseUrl}/api/v1/trees/${treeId}/proposals`);
  if (status !== undefined) url.searchParams.set('status', status);
  return url;
};

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
      summary: 'Propose changes (any member)',
      description: 'Stores a pending proposal, a list of `operations` for an editor to apply or reject, and changes nothing else. Any member may propose, '
        + 'viewers included (a non-member is 403 `forbidden`); the proposal gets origin `contributor` and the caller as `proposer_id`. '
        + 'Each operation is `{op, entity, id?, ref?, data?}`:\n\n'
        + '- `op` is `create`, `update` or `delete` of a `person`, `name`, `event`, `relationship`, `source` or `citation`, or `merge` of a `person`;\n'
        + '- `data` is the body of the API call the operation stands for: the entity\'s POST body for a create (a name\'s also takes `person_id`), '
        + 'its PATCH body for an update, `{other_id}` for a merge; a delete takes none;\n'
        + '- `id` names the record of an update, a delete or a merge (the kept person); a create names none but may carry a `ref`, and a later '
        + 'operation names the record that create makes as `"$ref"`, in `id` or in any `*_id` field of its `data`.\n\n'
        + 'Each operation is checked as the call it stands for: an unknown `op` or `entity` is 422 `invalid_input`; `data` its call would refuse, '
        + 'or a `"$ref"` that names no earlier create, is 422 `invalid_operations` with paths such as `operations[2].data.sex`. At most 1000 '
        + 'operations and a `summary` of at most 2000 characters. Ids are checked when the proposal is applied, not now. Answers 201 with the '
        + 'proposal; `Location` is `/trees/{id}/proposals/{pid}`.',
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
      summary: 'List the proposals of a tree (members)',
      description: 'The proposals of the tree, newest first, in every state; `status` (`pending`, `applied` or `rejected`) keeps one state only. Any member may '
        + 'list them, viewers too; a non-member is 403 `forbidden`, even on a `public` tree.\n\n'
        + 'Without `limit` every proposal comes in one JSON array (not streamed). With `limit` (1 to 1000) one page: when more may follow, '
        + '`X-Next-Cursor` holds the cursor to send back as `cursor`, with the same `status`; `Link` (`rel="next"`) gives the next page\'s address, '
        + 'filter included. A page without `X-Next-Cursor` is the last. A `cursor` this service did not give out is 422 `invalid_cursor`.',
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
            headers: nextPageHeaders(page.limit !== undefined && ps.length === page.limit ? ps[ps.length - 1]!.id : null, page.limit, listUrl(d.identity.baseUrl, params.id, query.status)),
          }))(listed);
        }),
    }),
    route({
      ...common, operationId: 'getProposal', method: 'get', path: '/trees/{id}/proposals/{pid}',
      summary: 'Read a proposal and its diff (members)',
      description: 'One proposal of the tree with `diff`, so that a reviewer sees before and after: per operation (`index`), `before` holds the current values '
        + 'of the fields it changes, read as the caller reads them (null for a create; the whole record for a delete; `{person, other}` for a merge; '
        + 'null when the record is gone or not in this tree), beside `after`, the proposed values (null for a delete). Any member may read it, '
        + 'viewers too; a non-member is 403 `forbidden`; a proposal of another tree, or none, is 404.\n\n'
        + 'The answer carries an `ETag`, a hash of the proposal and its diff (it changes when a record the proposal touches changes); send it as '
        + '`If-Match` with `DELETE /trees/{id}/proposals/{pid}` to delete only the version you read.',
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
      summary: 'Apply a pending proposal (editor)',
      description: 'Applies a pending proposal: its operations run in order through the same commands as the API calls they stand for, audited as the caller '
        + 'with the proposal\'s id. `operations`, when sent, replace the stored ones first (edited by the reviewer; checked as when proposing: 422 '
        + '`invalid_operations`). A `"$ref"` resolves to the record its create made.\n\n'
        + '- Every operation applied: 200 with `status` `applied`, the caller as `reviewer_id` and `decided_at` set.\n'
        + '- An operation refused (a missing record, a rule of its call): still 200, with the proposal `pending`, `apply_error` `{index, code, detail}` '
        + '(`code` is the refusal\'s, such as `not_found` or `invalid_reference`) and `applied_count`, the operations applied before it, which stay '
        + 'applied (a one-operation proposal is all or nothing). A later apply resumes at `applied_count` and never runs an operation twice.\n\n'
        + 'Needs the editor role (403 `forbidden` otherwise); a proposal of another tree, or none, is 404. A proposal that is not pending is 409 '
        + '`proposal_not_pending`; another apply of the same proposal running at that moment is 409 `proposal_busy`.',
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
      summary: 'Reject a pending proposal (editor)',
      description: 'Marks a pending proposal `rejected`, with the caller as `reviewer_id` and `decided_at` set; nothing more of it is applied (operations that '
        + 'an earlier, failed apply ran stay applied). Needs the editor role (403 `forbidden` otherwise); a proposal of another tree, or none, '
        + 'is 404; one that is not pending is 409 `proposal_not_pending`. The rejection is audited.',
      params: ProposalParams,
      success: { status: 200, description: 'The rejected proposal.', body: ProposalRead },
      errors: [409],
      handle: async ({ actor, params }) => reply(200, proposalWire)(await rejectProposal(deps())(actor, params.id, params.pid)),
    }),
    route({
      ...common, operationId: 'deleteProposal', method: 'delete', path: '/trees/{id}/proposals/{pid}',
      summary: 'Delete a proposal (its proposer, or an editor)',
      description: 'Removes a proposal in any state. Its proposer may delete it while still a member of the tree, and so may any editor; another member is '
        + '403 `forbidden`, a non-member too. A proposal of another tree, or none, is 404. What an apply already changed stays changed; the audit '
        + 'trail keeps both.\n\n'
        + 'To delete only the version you read, send its `ETag` (from `GET /trees/{id}/proposals/{pid}`) as `If-Match`: when the proposal as that '
        + 'GET reads it now has another ETag, nothing is deleted and the answer is 412 `precondition_failed` carrying the current `ETag` '
        + '(`*` matches any version; without `If-Match` the proposal is deleted whatever the version). The version holds until the delete is '
        + 'written: a review committed meanwhile makes the delete 412 too. A caller who may not delete it gets '
        + 'that refusal, never a 412.',
      params: ProposalParams,
      success: { status: 204, description: 'Removed.' },
      errors: [],
      handle: async ({ actor, params }) => noContent(await deleteProposal(deps())(actor, params.id, params.pid)),
    }),
  ];
};
