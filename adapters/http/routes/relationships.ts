import * as t from 'io-ts';
import { createRelationship, deleteRelationship, updateRelationship } from '../../../core/people/commands/relationship-commands.js';
import { getRelationship } from '../../../core/people/queries/get-relationship.js';
import { listTreeRelationships } from '../../../core/people/queries/list-tree-relationships.js';
import { listPersonRelationships } from '../../../core/people/queries/list-person-relationships.js';
import type { RelationshipView } from '../../../core/privacy/relationship-view.js';
import { route, type AnyRoute } from '../route.js';
import { IdParams, PageQuery } from '../wire.js';
import { RelationshipRead, relationshipWire } from '../wire-records.js';
import { RelationshipCreate, RelationshipUpdate, relationshipInput, relationshipUpdateInput } from '../../../core/people/bodies.js';
import { noContent, listed, reply, type LazyDeps } from './deps.js';

const rows = (rs: readonly RelationshipView[]) => rs.map(relationshipWire);

export const relationshipRoutes = (deps: LazyDeps): readonly AnyRoute[] => [
  route({
    operationId: 'createRelationship', method: 'post', path: '/trees/{id}/relationships', tag: 'relationships', auth: 'user',
    summary: 'Create a parent_child (a is the parent; qualifier required), partnership, or association edge (a holds it, b is the associate, `role` says what b is to a) (editor). The same pair and genealogical type is never stored twice: a repeat answers 409 relationship_exists; associations may repeat.',
    params: IdParams, body: RelationshipCreate,
    success: { status: 201, description: 'The relationship.', body: RelationshipRead },
    created: (b) => `/relationships/${b.id}`,
    errors: [409],
    handle: async ({ actor, params, body }) =>
      reply(201, relationshipWire)(
        await createRelationship(deps())(actor, params.id, relationshipInput(body)),
      ),
  }),
  route({
    operationId: 'listTreeRelationships', method: 'get', path: '/trees/{id}/relationships', tag: 'relationships', auth: 'user', streams: true,
    summary: 'Every relationship of the tree the caller may see (both ends not hidden); for a non-member, notes and qualifier are null unless both ends are fully visible.',
    params: IdParams, query: PageQuery,
    success: { status: 200, description: 'Relationships by id.', body: t.array(RelationshipRead) },
    successHeaders: ['X-Next-Cursor', 'Link'],
    errors: [],
    handle: async ({ actor, params, query }) => {
      const d = deps();
      return listed(query, new URL(`${d.identity.baseUrl}/api/v1/trees/${params.id}/relationships`), (page) => listTreeRelationships(d)(actor, params.id, page), relationshipWire);
    },
  }),
  route({
    operationId: 'listPersonRelationships', method: 'get', path: '/persons/{id}/relationships', tag: 'relationships', auth: 'user',
    summary: 'The relationships touching a person.',
    params: IdParams,
    success: { status: 200, description: 'Relationships by id.', body: t.array(RelationshipRead) },
    errors: [],
    handle: async ({ actor, params }) => reply(200, rows)(await listPersonRelationships(deps())(actor, params.id)),
  }),
  route({
    operationId: 'getRelationship', method: 'get', path: '/relationships/{id}', tag: 'relationships', auth: 'user',
    summary: 'One relationship.',
    params: IdParams,
    success: { status: 200, description: 'The relationship.', body: RelationshipRead },
    errors: [],
    handle: async ({ actor, params }) => reply(200, relationshipWire)(await getRelationship(deps())(actor, params.id)),
  }),
  route({
    operationId: 'updateRelationship', method: 'patch', path: '/relationships/{id}', tag: 'relationships', auth: 'user',
    summary: 'Change the qualifier, role (associations) or notes (editor).',
    params: IdParams, body: RelationshipUpdate,
    success: { status: 200, description: 'The relationship.', body: RelationshipRead },
    errors: [],
    handle: async ({ actor, params, body }) =>
      reply(200, relationshipWire)(
        await updateRelationship(deps())(actor, params.id, relationshipUpdateInput(body)),
      ),
  }),
  route({
    operationId: 'deleteRelationship', method: 'delete', path: '/relationships/{id}', tag: 'relationships', auth: 'user',
    summary: 'Delete a relationship (editor).',
    params: IdParams,
    success: { status: 204, description: 'Deleted.' },
    errors: [],
    handle: async ({ actor, params }) => noContent(await deleteRelationship(deps())(actor, params.id)),
  }),
];
