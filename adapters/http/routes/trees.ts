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
import { etagNote, ifMatch } from './texts.js';

const TreeCreate = named('TreeCreate', t.intersection([
  t.type({ name: NonEmpty(200) }),
  t.partial({ description: Text(10_000), visibility: VisibilityCodec }),
]));
const TreeUpdate = named('TreeUpdate', t.partial({ name: NonEmpty(200), description: Text(10_000), visibility: VisibilityCodec, home_person_id: Nullable(Uuid) }));
const AiPolicyUpdate = named('AiPolicyUpdate', t.partial({ ai_member_provider: Nullable(Text(100)), ai_recommender_provider: Nullable(Text(100)) }));

export const treeRoutes = (deps: LazyDeps): readonly AnyRoute[] => [
  route({
    operationId: 'createTree', method: 'post', path: '/trees', tag: 'trees', auth: 'user',
    summary: 'Create a tree (you become its owner)',
    description: 'Creates a tree and makes the caller its owner; any signed-in account may create one. '
      + '`name` is required (1 to 200 characters, not blank: else 422 `invalid_input`); `description` defaults to empty text and '
      + '`visibility` to `private`, which only members may view (`site_members`: any signed-in account; `unlisted`: anyone with the link; '
      + '`public`: anyone, and listed in `GET /public/trees`). '
      + 'Answers 201 with the tree as its owner reads it (`role: owner`); `Location` is its address, `/trees/{id}`.',
    body: TreeCreate,
    success: { status: 201, description: 'The new tree.', body: TreeReadCodec },
    created: (b) => `/trees/${b.id}`,
    errors: [],
    handle: async ({ actor, body }) => reply(201, treeWire)(await createTree(deps())(actor, body)),
  }),
  route({
    operationId: 'listTrees', method: 'get', path: '/trees', tag: 'trees', auth: 'user',
    summary: 'List the trees you are a member of',
    description: 'The trees the caller is a member of, each with the caller\'s `role` (`owner`, `editor` or `viewer`), in one JSON array ordered by id (not paged). '
      + 'Trees the caller may only view as a non-member are not listed: the directory of public trees is `GET /public/trees`. '
      + 'With `deleted=true` the list holds instead the soft-deleted trees the caller owns, which an owner can still restore '
      + '(`POST /trees/{id}/restore`) until they are purged (`POST /trees/{id}/purge`, or the purge worker after `PURGE_AFTER_DAYS`, default 30).',
    query: DeletedQuery,
    success: { status: 200, description: 'The trees, ordered by id.', body: t.array(TreeReadCodec) },
    errors: [],
    handle: async ({ actor, query }) =>
      reply(200, (trees: readonly Parameters<typeof treeWire>[0][]) => trees.map(treeWire))(await listTrees(deps())(actor, { deleted: query.deleted === 'true' })),
  }),
  route({
    operationId: 'getTree', method: 'get', path: '/trees/{id}', tag: 'trees', auth: 'user',
    summary: 'Read a tree',
    description: 'One tree. A member reads the member record: their `role`, and `owner_id` (the longest-standing owner). '
      + 'A signed-in non-member may read a tree whose visibility lets them view it (`public`, `unlisted`, `site_members`): `role` is null, '
      + '`owner_id` is absent, and `home_person_id` is null when the privacy engine hides that person from them. '
      + 'A `private` tree is 403 `forbidden` to a non-member; a deleted tree is 404 to everyone (its owners list it with `GET /trees?deleted=true`).\n\n'
      + etagNote('`PATCH` or `DELETE /trees/{id}`'),
    params: IdParams,
    success: { status: 200, description: 'The tree.', body: TreeReadCodec },
    errors: [],
    handle: async ({ actor, params }) => reply(200, treeWire)(await getTree(deps())(actor, params.id)),
  }),
  route({
    operationId: 'updateTree', method: 'patch', path: '/trees/{id}', tag: 'trees', auth: 'user',
    summary: 'Update a tree (editor)',
    description: 'Changes any of `name`, `description`, `visibility` and `home_person_id` (the person the tree\'s views start from; null clears it); '
      + 'fields left out stay as they are. Needs the editor role (owners have it too): a viewer or a non-member is 403 `forbidden`. '
      + 'A blank name is 422 `invalid_input`; a `home_person_id` that is not a live person of this tree is 422 `invalid_reference`. '
      + 'The change is audited (which fields changed, never their text). '
      + 'The answer is the tree as `GET /trees/{id}` reads it, with its new `ETag`.\n\n'
      + ifMatch('GET /trees/{id}'),
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
    summary: 'Delete a tree, recoverably (owner)',
    description: 'Soft-deletes the tree: it leaves every read and list (a read of it is 404), but nothing is removed yet. '
      + 'Only an owner may delete (an editor is 403 `forbidden`); any owner of it lists it with `GET /trees?deleted=true`, '
      + 'brings it back with `POST /trees/{id}/restore`, or removes it for good with `POST /trees/{id}/purge`; '
      + 'otherwise the purge worker removes it after `PURGE_AFTER_DAYS` (default 30).\n\n'
      + ifMatch('GET /trees/{id}'),
    params: IdParams,
    success: { status: 204, description: 'Deleted.' },
    errors: [],
    handle: async ({ actor, params }) => noContent(await deleteTree(deps())(actor, params.id)),
  }),
  route({
    operationId: 'restoreTree', method: 'post', path: '/trees/{id}/restore', tag: 'trees', auth: 'user',
    summary: 'Restore a deleted tree (owner)',
    description: 'Brings a soft-deleted tree back, with everything in it, and answers it as `GET /trees/{id}` would. '
      + 'Only an owner of the tree may restore it (403 `forbidden` otherwise). '
      + 'A tree that is not deleted (or is already purged) is 404: there is nothing to restore.',
    params: IdParams,
    success: { status: 200, description: 'The restored tree.', body: TreeReadCodec },
    errors: [],
    handle: async ({ actor, params }) => reply(200, treeWire)(await restoreTree(deps())(actor, params.id)),
  }),
  route({
    operationId: 'purgeTree', method: 'post', path: '/trees/{id}/purge', tag: 'trees', auth: 'user',
    summary: 'Purge a deleted tree for good (owner)',
    description: 'Removes a soft-deleted tree for good: every record of it (persons, names, events, relationships, sources, citations, media, '
      + 'memberships, proposals) is deleted, and its media files are removed from the object store once the purge has committed. '
      + 'Only an owner may purge, and only a tree already deleted (`DELETE /trees/{id}`): a live tree is 422 `tree_not_deleted`. '
      + 'The body retypes the tree\'s name exactly, as a confirmation; another name is 422 `name_mismatch` and nothing is removed. '
      + 'Audit entries of the tree stay, with `tree_id` null, and the purge itself is audited.',
    params: IdParams,
    body: named('TreePurge', t.type({ name: Text(1000) })),
    success: { status: 204, description: 'Purged.' },
    errors: [],
    handle: async ({ actor, params, body }) => noContent(await purgeTree(deps())(actor, params.id, body)),
  }),
  route({
    operationId: 'getAiPolicy', method: 'get', path: '/trees/{id}/ai', tag: 'trees', auth: 'user',
    summary: 'Read the tree\'s AI policy (owner)',
    description: 'Which configured AI provider each role of the tree uses: `ai_member_provider` (the assistant members talk to, '
      + '`POST /trees/{id}/assistant`) and `ai_recommender_provider` (the one that re-ranks recommendations), each a provider name or null for none. '
      + '`providers` lists the providers this instance has configured (`AI_PROVIDERS`) by name and model, never a key or an address. '
      + '`available` is false when the policy names a provider that is no longer configured (the assistant then answers 409 `ai_disabled`); '
      + '`ai_member_available` and `ai_recommender_available` say, per role, whether a provider is set and configured. '
      + 'Only an owner may read it: an editor or a viewer is 403 `forbidden`.',
    params: IdParams,
    success: { status: 200, description: 'The policy.', body: AiPolicyRead },
    errors: [],
    handle: async ({ actor, params }) => reply(200, aiPolicyWire)(await getAiPolicy(deps())(actor, params.id)),
  }),
  route({
    operationId: 'updateAiPolicy', method: 'patch', path: '/trees/{id}/ai', tag: 'trees', auth: 'user',
    summary: 'Set the tree\'s AI providers (owner)',
    description: 'Sets the provider each role uses: `ai_member_provider` (the members\' assistant) and `ai_recommender_provider` (the recommender). '
      + 'A field left out stays as it is; null switches that role off. Each name must be one of the configured providers that '
      + '`GET /trees/{id}/ai` lists; any other is 422 `unknown_provider`, naming the field, and nothing changes. '
      + 'Only an owner may set it (403 `forbidden` otherwise). The change is audited; the answer is the policy as `GET /trees/{id}/ai` reads it.',
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
    summary: 'Read the tree\'s audit trail (owner)',
    description: 'The audit trail of the tree, newest first: which account (`actor_id`, or null) did what (`action`, such as `person.update`) '
      + 'to which record (`entity_type`, `entity_id`), and when. `details` hold ids, counts, flags and codes (which fields a change gave, a role, '
      + 'a visibility), never names, notes, titles, places or dates of records. Only an owner may read it (403 `forbidden` otherwise).\n\n'
      + 'Without `limit` every entry comes in one JSON array (not streamed). With `limit` (1 to 1000), one page: when more entries follow, '
      + '`X-Next-Cursor` holds the cursor to send back as `cursor`, and `Link` (`rel="next"`) the next page\'s address; a page without '
      + '`X-Next-Cursor` is the last. A `cursor` this service did not give out is 422 `invalid_cursor`.',
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
