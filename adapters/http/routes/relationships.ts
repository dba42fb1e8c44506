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
import { STREAMED_LIST, etagNote, ifMatch } from './texts.js';

const rows = (rs: readonly RelationshipView[]) => rs.map(relationshipWire);

export const relationshipRoutes = (deps: LazyDeps): readonly AnyRoute[] => [
  route({
    operationId: 'createRelationship', method: 'post', path: '/trees/{id}/relationships', tag: 'relationships', auth: 'user',
    summary: 'Create a relationship (editor)',
    description: 'Creates an edge between two different live persons of this tree, `person_a_id` and `person_b_id`:\n\n'
      + '- `parent_child`: a is the parent, b the child; `qualifier` is required (`biological`, `adoptive`, `step`, `foster`, `donor`, `guardian`);\n'
      + '- `partnership`: symmetric, so (a, b) and (b, a) are the same edge; no qualifier;\n'
      + '- `association`: a link that is not kinship (GEDCOM ASSO): a holds it, b is the associate, and `role` says what b is to a '
      + '(such as godparent or witness); no qualifier.\n\n'
      + 'A missing qualifier, a qualifier or a role the type does not take, or the same person twice is 422 `invalid_input`; a person who is '
      + 'not live in this tree is 422 `invalid_reference` at its field. The same pair and type is never stored twice: a repeat is 409 '
      + '`relationship_exists`, whose detail names the existing edge; associations may repeat. Nobody is their own ancestor: a `parent_child` '
      + 'edge whose child is already an ancestor of its parent (through any qualifier, any number of generations) is 422 `relationship_cycle` '
      + 'at `person_b_id`. Needs the editor role (403 `forbidden` otherwise). Answers 201 with the relationship; `Location` is `/relationships/{id}`.',
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
    summary: 'List the relationships of a tree',
    description: 'The live relationships of the tree, ordered by id. A member sees them all. A signed-in non-member of a tree they may view '
      + '(`public`, `unlisted`, `site_members`) sees an edge only when neither of its persons is hidden from them (`privacy: private`), and its '
      + '`notes`, `qualifier` and `role` only when both persons are shown in full: an edge touching a redacted (possibly living) person keeps only '
      + 'its ids and type, the rest null. A `private` tree is 403 `forbidden` to a non-member.\n\n'
      + STREAMED_LIST,
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
    summary: 'List a person\'s relationships',
    description: 'The live relationships touching the person, ordered by id, in one JSON array (not paged). A member sees them all. A signed-in non-member '
      + 'of a tree they may view sees those whose other person is not hidden from them, with `notes`, `qualifier` and `role` null unless both '
      + 'persons are shown in full; a person hidden from them is 404. A `private` tree is 403 `forbidden` to a non-member; a deleted person is 404.',
    params: IdParams,
    success: { status: 200, description: 'Relationships by id.', body: t.array(RelationshipRead) },
    errors: [],
    handle: async ({ actor, params }) => reply(200, rows)(await listPersonRelationships(deps())(actor, params.id)),
  }),
  route({
    operationId: 'getRelationship', method: 'get', path: '/relationships/{id}', tag: 'relationships', auth: 'user',
    summary: 'Read a relationship',
    description: 'One relationship: `type`, `person_a_id`, `person_b_id`, `qualifier`, `role` and `notes`. A member sees it in full. To a signed-in '
      + 'non-member of a tree they may view it is 404 when either person is hidden from them, and its `notes`, `qualifier` and `role` are null '
      + 'unless both persons are shown in full. A `private` tree is 403 `forbidden` to a non-member; a deleted relationship, or one of whose '
      + 'persons is deleted, is 404.\n\n'
      + etagNote('`PATCH` or `DELETE /relationships/{id}`'),
    params: IdParams,
    success: { status: 200, description: 'The relationship.', body: RelationshipRead },
    errors: [],
    handle: async ({ actor, params }) => reply(200, relationshipWire)(await getRelationship(deps())(actor, params.id)),
  }),
  route({
    operationId: 'updateRelationship', method: 'patch', path: '/relationships/{id}', tag: 'relationships', auth: 'user',
    summary: 'Update a relationship (editor)',
    description: 'Changes the fields sent: `qualifier` (`parent_child` only, where it cannot be null), `role` (associations only; blank or null clears it) '
      + 'and `notes`. The type and the two persons never change: delete the edge and create another. A qualifier or role the type does not take '
      + 'is 422 `invalid_input`. Needs the editor role (403 `forbidden` otherwise); a deleted relationship is 404. The answer is the relationship '
      + 'as `GET /relationships/{id}` reads it, with its new `ETag`.\n\n'
      + ifMatch('GET /relationships/{id}'),
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
    summary: 'Delete a relationship (editor)',
    description: 'Soft-deletes the relationship: it leaves every read and list. Needs the editor role (403 `forbidden` otherwise); '
      + 'a relationship already deleted is 404.\n\n'
      + ifMatch('GET /relationships/{id}'),
    params: IdParams,
    success: { status: 204, description: 'Deleted.' },
    errors: [],
    handle: async ({ actor, params }) => noContent(await deleteRelationship(deps())(actor, params.id)),
  }),
];
