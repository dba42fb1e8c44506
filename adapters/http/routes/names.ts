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
    summary: 'List a person\'s names',
    description: 'The person\'s names, primary first, each with `name_type`, `given_name`, `surname`, `prefix`, `suffix`, `surname_prefix`, `is_primary` and `notes`. A member sees them all. '
      + 'A signed-in non-member of a tree they may view sees the names of a person shown to them in full only: for a redacted (possibly living) '
      + 'person the list is empty, and a person hidden by a `private` setting is 404. A `private` tree is 403 `forbidden` to a non-member; '
      + 'a deleted person is 404.',
    params: IdParams,
    success: { status: 200, description: 'The names.', body: t.array(NameRead) },
    errors: [],
    handle: async ({ actor, params }) => reply(200, (ns: readonly Name[]) => ns.map(nameWire))(await listPersonNames(deps())(actor, params.id)),
  }),
  route({
    operationId: 'createName', method: 'post', path: '/persons/{id}/names', tag: 'names', auth: 'user',
    summary: 'Add a name to a person (editor)',
    description: 'Adds a name to the person: `name_type` (default `birth`; also `maiden`, `married`, `alias`, `nickname`, ...), `given_name`, `surname`, '
      + '`prefix` (`Dr.`), `suffix` (`Jr.`) and `surname_prefix` (`van`) (trimmed; empty when left out) and `notes`. `is_primary: true` makes it the primary name, the former primary staying as an alternate; '
      + 'a person\'s only name is primary anyway. Needs the editor role (403 `forbidden` otherwise); a deleted person is 404. '
      + 'Answers 201 with the name; `Location` is the person\'s name list, `/persons/{id}/names` (a name has no address of its own).',
    params: IdParams, body: named('NameCreate', NameWrite),
    success: { status: 201, description: 'The name.', body: NameRead },
    created: (_b, p) => `/persons/${p.id}/names`,
    errors: [],
    handle: async ({ actor, params, body }) => reply(201, nameWire)(await createName(deps())(actor, params.id, nameInput(body))),
  }),
  route({
    operationId: 'updateName', method: 'patch', path: '/persons/{id}/names/{name_id}', tag: 'names', auth: 'user',
    summary: 'Change a person\'s name (editor)',
    description: 'Changes the fields sent (`name_type`, `given_name`, `surname`, `prefix`, `suffix`, `surname_prefix`, `notes`); those left out stay as they are. `is_primary: true` makes this '
      + 'the primary name (the former primary becomes an alternate); `is_primary: false` on the primary name is 409 `primary_required`: a person '
      + 'keeps one primary name, so make another name primary instead. Needs the editor role (403 `forbidden` otherwise); a name that is not a '
      + 'live name of this person is 404. A name has no one-record read, so this change takes no `If-Match`.',
    params: NameParams, body: named('NameUpdate', NameWrite),
    success: { status: 200, description: 'The name.', body: NameRead },
    errors: [409],
    handle: async ({ actor, params, body }) => reply(200, nameWire)(await updateName(deps())(actor, params.id, params.name_id, nameInput(body))),
  }),
  route({
    operationId: 'deleteName', method: 'delete', path: '/persons/{id}/names/{name_id}', tag: 'names', auth: 'user',
    summary: 'Delete a name (editor)',
    description: 'Deletes a name of the person. When it was the primary name, the person\'s earliest-created other name becomes primary. '
      + 'A person keeps at least one name: deleting the only one is 409 `last_name`. Needs the editor role (403 `forbidden` otherwise); '
      + 'a name that is not a live name of this person is 404. A name has no one-record read, so this takes no `If-Match`.',
    params: NameParams,
    success: { status: 204, description: 'Deleted.' },
    errors: [409],
    handle: async ({ actor, params }) => noContent(await deleteName(deps())(actor, params.id, params.name_id)),
  }),
  route({
    operationId: 'makePrimaryName', method: 'post', path: '/persons/{id}/names/{name_id}/make-primary', tag: 'names', auth: 'user',
    summary: 'Make a name the primary one (editor)',
    description: 'Makes this name the person\'s primary name; the former primary stays as an alternate. The primary name gives the person record its '
      + '`given_name`, `surname` and `display_name`. Needs the editor role (403 `forbidden` otherwise); a name that is not a live name of this '
      + 'person is 404. Answers the name.',
    params: NameParams,
    success: { status: 200, description: 'The name.', body: NameRead },
    errors: [],
    handle: async ({ actor, params }) => reply(200, nameWire)(await makePrimaryName(deps())(actor, params.id, params.name_id)),
  }),
];
