import * as t from 'io-ts';
import { createRepository, deleteRepository, updateRepository } from '../../../core/sources/commands/repository-commands.js';
import { listRepositories } from '../../../core/sources/queries/list-repositories.js';
import { getRepository } from '../../../core/sources/queries/get-repository.js';
import { RepositoryCreate, RepositoryUpdate, repositoryInput } from '../../../core/sources/bodies.js';
import { route, type AnyRoute } from '../route.js';
import { IdParams, PageQuery } from '../wire.js';
import { RepositoryRead, repositoryWire } from '../wire-records.js';
import { noContent, listed, reply, type LazyDeps } from './deps.js';
import { STREAMED_LIST, etagNote, ifMatch } from './texts.js';

const MEMBERS_ONLY = 'Repositories are for members of the tree: a non-member is 403 `forbidden`, whatever the tree\'s visibility, and the public surface has none.';

export const repositoryRoutes = (deps: LazyDeps): readonly AnyRoute[] => [
  route({
    operationId: 'createRepository', method: 'post', path: '/trees/{id}/repositories', tag: 'repositories', auth: 'user',
    summary: 'Create a repository (editor)',
    description: 'Creates a repository in this tree: an archive, library or person that holds sources (GEDCOM REPO). `name` is required and not blank '
      + '(else 422 `invalid_input`); `address` (lines of text) and `notes` are optional. A source names the repositories that hold it in its '
      + '`repositories` list, with a call number each. Needs the editor role (403 `forbidden` otherwise). Answers 201 with the repository; '
      + '`Location` is `/repositories/{id}`.',
    params: IdParams, body: RepositoryCreate,
    success: { status: 201, description: 'The repository.', body: RepositoryRead },
    created: (b) => `/repositories/${b.id}`,
    errors: [],
    handle: async ({ actor, params, body }) => reply(201, repositoryWire)(await createRepository(deps())(actor, params.id, { ...repositoryInput(body), name: body.name })),
  }),
  route({
    operationId: 'listRepositories', method: 'get', path: '/trees/{id}/repositories', tag: 'repositories', auth: 'user', streams: true,
    summary: 'List the repositories of a tree',
    description: `The live repositories of the tree, ordered by id. ${MEMBERS_ONLY}\n\n${STREAMED_LIST}`,
    params: IdParams, query: PageQuery,
    success: { status: 200, description: 'Repositories by id.', body: t.array(RepositoryRead) },
    successHeaders: ['X-Next-Cursor', 'Link'],
    errors: [],
    handle: async ({ actor, params, query }) => {
      const d = deps();
      return listed(query, new URL(`${d.identity.baseUrl}/api/v1/trees/${params.id}/repositories`), (page) => listRepositories(d)(actor, params.id, page), repositoryWire);
    },
  }),
  route({
    operationId: 'getRepository', method: 'get', path: '/repositories/{id}', tag: 'repositories', auth: 'user',
    summary: 'Read a repository',
    description: `One repository: \`name\`, \`address\` and \`notes\`. ${MEMBERS_ONLY} A deleted repository is 404.\n\n`
      + etagNote('`PATCH` or `DELETE /repositories/{id}`'),
    params: IdParams,
    success: { status: 200, description: 'The repository.', body: RepositoryRead },
    errors: [],
    handle: async ({ actor, params }) => reply(200, repositoryWire)(await getRepository(deps())(actor, params.id)),
  }),
  route({
    operationId: 'updateRepository', method: 'patch', path: '/repositories/{id}', tag: 'repositories', auth: 'user',
    summary: 'Update a repository (editor)',
    description: 'Changes the fields sent (`name`, `address`, `notes`); those left out stay as they are. A blank `name` is 422 `invalid_input`. Needs the '
      + 'editor role (403 `forbidden` otherwise); a deleted repository is 404. The answer is the repository as `GET /repositories/{id}` reads it, '
      + 'with its new `ETag`.\n\n'
      + ifMatch('GET /repositories/{id}'),
    params: IdParams, body: RepositoryUpdate,
    success: { status: 200, description: 'The repository.', body: RepositoryRead },
    errors: [],
    handle: async ({ actor, params, body }) => reply(200, repositoryWire)(await updateRepository(deps())(actor, params.id, repositoryInput(body))),
  }),
  route({
    operationId: 'deleteRepository', method: 'delete', path: '/repositories/{id}', tag: 'repositories', auth: 'user',
    summary: 'Delete a repository (editor)',
    description: 'Soft-deletes the repository. Sources that name it keep the link (their `repositories` still list it), but a GEDCOM export and an '
      + 'account export leave such links out, and a source cannot be given a link to it any more. Needs the editor role (403 `forbidden` otherwise); '
      + 'a repository already deleted is 404.\n\n'
      + ifMatch('GET /repositories/{id}'),
    params: IdParams,
    success: { status: 204, description: 'Deleted.' },
    errors: [],
    handle: async ({ actor, params }) => noContent(await deleteRepository(deps())(actor, params.id)),
  }),
];
