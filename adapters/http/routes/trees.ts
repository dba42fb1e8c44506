import * as t from 'io-ts';
import { E, fail } from '../../../core/kernel/either.js';
import { createTree } from '../../../core/trees/commands/create-tree.js';
import { updateTree } from '../../../core/trees/commands/update-tree.js';
import { deleteTree } from '../../../core/trees/commands/delete-tree.js';
import { restoreTree } from '../../../core/trees/commands/restore-tree.js';
import { purgeTree } from '../../../core/trees/commands/purge-tree.js';
import { updateAiPolicy } from '../../../core/trees/commands/update-ai-policy.js';
import { getAiPolicy } from '../../../core/trees/queries/get-ai-policy.js';
import { getTree } from '../../../core/trees/queries/get-tree.js';
import { listTrees } from '../../../core/trees/queries/list-trees.js';
import { listTreeAudit } from '../../../core/audit/queries/list-tree-audit.js';
import type { AuditEntry } from '../../../core/kernel/audit.js';
import { named } from '../openapi/json-schema.js';
import { decodeCursor, pageOf } from '../pagination.js';
import { route, type AnyRoute } from '../route.js';
import {
  AiPolicyRead, AuditEntryRead, DeletedQuery, IdParams, NonEmpty, Nullable, PageQuery, Text, TreeReadCodec, Uuid, VisibilityCodec,
  aiPolicyWire, auditWire, treeWire,
} from '../wire.js';
import { noContent, reply, type LazyDeps } from './deps.js';

const TreeCreate = named('TreeCreate', t.intersection([
  t.type({ name: NonEmpty(200) }),
  t.partial({ description: Text(10_000), visibility: VisibilityCodec }),
]));
const TreeUpdate = named('TreeUpdate', t.partial({ name: NonEmpty(200), description: Text(10_000), visibility: VisibilityCodec, home_person_id: Nullable(Uuid) }));
const AiPolicyUpdate = named('AiPolicyUpdate', t.partial({ ai_member_provider: Nullable(Text(100)), ai_recommender_provider: Nullable(Text(100)) }));

export const treeRoutes = (deps: LazyDeps): readonly AnyRoute[] => [
  route({
    operationId: 'createTree', method: 'post', path: '/trees', tag: 'trees', auth: 'user',
    summary: 'Create a tree; the caller becomes its owner. Private unless a visibility is given.',
    body: TreeCreate,
    success: { status: 201, description: 'The new tree.', body: TreeReadCodec },
    created: (b) => `/trees/${b.id}`,
    errors: [],
    handle: async ({ actor, body }) => reply(201, treeWire)(await createTree(deps())(actor, body)),
  }),
  route({
    operationId: 'listTrees', method: 'get', path: '/trees', tag: 'trees', auth: 'user',
    summary: 'Trees the caller is a member of, with the role; `deleted=true` lists the recoverable ones the caller owns.',
    query: DeletedQuery,
    success: { status: 200, description: 'The trees, ordered by id.', body: t.array(TreeReadCodec) },
    errors: [],
    handle: async ({ actor, query }) =>
      reply(200, (trees: readonly Parameters<typeof treeWire>[0][]) => trees.map(treeWire))(await listTrees(deps())(actor, { deleted: query.deleted === 'true' })),
  }),
  route({
    operationId: 'getTree', method: 'get', path: '/trees/{id}', tag: 'trees', auth: 'user',
    summary: 'One tree: members and non-members of a viewable tree (the latter without owner_id).',
    params: IdParams,
    success: { status: 200, description: 'The tree.', body: TreeReadCodec },
    errors: [],
    handle: async ({ actor, params }) => reply(200, treeWire)(await getTree(deps())(actor, params.id)),
  }),
  route({
    operationId: 'updateTree', method: 'patch', path: '/trees/{id}', tag: 'trees', auth: 'user',
    summary: 'Change name, description, visibility or home person (editor).',
    params: IdParams,
    body: TreeUpdate,
    success: { status: 200, description: 'The updated tree.', body: TreeReadCodec },
    errors: [],
    handle: async ({ actor, params, body }) =>
      reply(200, treeWire)(
        await updateTree(deps())(actor, params.id, {
          ...(body.name === undefined ? {} : { name: body.name }),
          ...(body.description === undefined ? {} : { description: body.description }),
          ...(body.visibility === undefined ? {} : { visibility: body.visibility }),
          ...(body.home_person_id === undefined ? {} : { homePersonId: body.home_person_id }),
        }),
      ),
  }),
  route({
    operationId: 'deleteTree', method: 'delete', path: '/trees/{id}', tag: 'trees', auth: 'user',
    summary: 'Soft-delete a tree (owner); recoverable until purged.',
    params: IdParams,
    success: { status: 204, description: 'Deleted.' },
    errors: [],
    handle: async ({ actor, params }) => noContent(await deleteTree(deps())(actor, params.id)),
  }),
  route({
    operationId: 'restoreTree', method: 'post', path: '/trees/{id}/restore', tag: 'trees', auth: 'user',
    summary: 'Restore a soft-deleted tree (owner).',
    params: IdParams,
    success: { status: 200, description: 'The restored tree.', body: TreeReadCodec },
    errors: [],
    handle: async ({ actor, params }) => reply(200, treeWire)(await restoreTree(deps())(actor, params.id)),
  }),
  route({
    operationId: 'purgeTree', method: 'post', path: '/trees/{id}/purge', tag: 'trees', auth: 'user',
    summary: 'Remove a deleted tree for good (owner, the name retyped); audit entries stay with a null tree.',
    params: IdParams,
    body: named('TreePurge', t.type({ name: Text(1000) })),
    success: { status: 204, description: 'Purged.' },
    errors: [],
    handle: async ({ actor, params, body }) => noContent(await purgeTree(deps())(actor, params.id, body)),
  }),
  route({
    operationId: 'getAiPolicy', method: 'get', path: '/trees/{id}/ai', tag: 'trees', auth: 'user',
    summary: 'The tree\'s AI policy and the configured providers (name and model, never a key). Owner only.',
    params: IdParams,
    success: { status: 200, description: 'The policy.', body: AiPolicyRead },
    errors: [],
    handle: async ({ actor, params }) => reply(200, aiPolicyWire)(await getAiPolicy(deps())(actor, params.id)),
  }),
  route({
    operationId: 'updateAiPolicy', method: 'patch', path: '/trees/{id}/ai', tag: 'trees', auth: 'user',
    summary: 'Set the provider each role uses (owner); names must be configured providers, null for none.',
    params: IdParams,
    body: AiPolicyUpdate,
    success: { status: 200, description: 'The policy.', body: AiPolicyRead },
    errors: [],
    handle: async ({ actor, params, body }) =>
      reply(200, aiPolicyWire)(
        await updateAiPolicy(deps())(actor, params.id, {
          ...(body.ai_member_provider === undefined ? {} : { aiMemberProvider: body.ai_member_provider }),
          ...(body.ai_recommender_provider === undefined ? {} : { aiRecommenderProvider: body.ai_recommender_provider }),
        }),
      ),
  }),
  route({
    operationId: 'listTreeAudit', method: 'get', path: '/trees/{id}/audit', tag: 'trees', auth: 'user',
    summary: 'The tree\'s audit trail, newest first (owner). With `limit`, one page and X-Next-Cursor / Link headers.',
    params: IdParams,
    query: PageQuery,
    success: { status: 200, description: 'Audit entries, newest first.', body: t.array(AuditEntryRead) },
    successHeaders: ['X-Next-Cursor', 'Link'],
    errors: [],
    handle: async ({ actor, params, query }) => {
      const after = decodeCursor(query.cursor);
      if (typeof after === 'object') return fail(after);
      const d = deps();
      const result = await listTreeAudit(d)(actor, params.id, {
        ...(query.limit === undefined ? {} : { limit: query.limit + 1 }),
        ...(after === undefined ? {} : { after }),
      });
      return E.map((rows: readonly AuditEntry[]) => {
        const page = pageOf(rows, query.limit, new URL(`${d.identity.baseUrl}/api/v1/trees/${params.id}/audit`));
        return { status: 200, body: page.rows.map(auditWire), headers: page.headers };
      })(result);
    },
  }),
];
