import * as t from 'io-ts';
import { createName, deleteName, makePrimaryName, updateName } from '../../../core/people/commands/name-commands.js';
import { listPersonNames } from '../../../core/people/queries/list-person-names.js';
import type { Name } from '../../../core/people/model.js';
import { named } from '../openapi/json-schema.js';
import { route, type AnyRoute } from '../route.js';
import { IdParams, Uuid } from '../wire.js';
import { NameRead, nameWire } from '../wire-records.js';
import { NameWrite, nameInput } from '../../../core/people/bodies.js';
import { noContent, reply, type LazyDeps } from './deps.js';

const NameParams = t.type({ id: Uuid, name_id: Uuid });

export const nameRoutes = (deps: LazyDeps): readonly AnyRoute[] => [
  route({
    operationId: 'listNames', method: 'get', path: '/persons/{id}/names', tag: 'names', auth: 'user',
    summary: 'A person\'s names, primary first (none for a redacted person).',
    params: IdParams,
    success: { status: 200, description: 'The names.', body: t.array(NameRead) },
    errors: [],
    handle: async ({ actor, params }) => reply(200, (ns: readonly Name[]) => ns.map(nameWire))(await listPersonNames(deps())(actor, params.id)),
  }),
  route({
    operationId: 'createName', method: 'post', path: '/persons/{id}/names', tag: 'names', auth: 'user',
    summary: 'Add a typed name (editor); `is_primary: true` makes it the primary.',
    params: IdParams, body: named('NameCreate', NameWrite),
    success: { status: 201, description: 'The name.', body: NameRead },
    created: (_b, p) => `/persons/${p.id}/names`,
    errors: [],
    handle: async ({ actor, params, body }) => reply(201, nameWire)(await createName(deps())(actor, params.id, nameInput(body))),
  }),
  route({
    operationId: 'updateName', method: 'patch', path: '/persons/{id}/names/{name_id}', tag: 'names', auth: 'user',
    summary: 'Change a name (editor).',
    params: NameParams, body: named('NameUpdate', NameWrite),
    success: { status: 200, description: 'The name.', body: NameRead },
    errors: [409],
    handle: async ({ actor, params, body }) => reply(200, nameWire)(await updateName(deps())(actor, params.id, params.name_id, nameInput(body))),
  }),
  route({
    operationId: 'deleteName', method: 'delete', path: '/persons/{id}/names/{name_id}', tag: 'names', auth: 'user',
    summary: 'Delete a name (editor); deleting the primary promotes another; the only name cannot go (409 last_name).',
    params: NameParams,
    success: { status: 204, description: 'Deleted.' },
    errors: [409],
    handle: async ({ actor, params }) => noContent(await deleteName(deps())(actor, params.id, params.name_id)),
  }),
  route({
    operationId: 'makePrimaryName', method: 'post', path: '/persons/{id}/names/{name_id}/make-primary', tag: 'names', auth: 'user',
    summary: 'Make this name the primary one (editor).',
    params: NameParams,
    success: { status: 200, description: 'The name.', body: NameRead },
    errors: [],
    handle: async ({ actor, params }) => reply(200, nameWire)(await makePrimaryName(deps())(actor, params.id, params.name_id)),
  }),
];
