import * as t from 'io-ts';
import { createSource, deleteSource, updateSource } from '../../../core/sources/commands/source-commands.js';
import { createCitation, deleteCitation, updateCitation } from '../../../core/sources/commands/citation-commands.js';
import { listSources } from '../../../core/sources/queries/list-sources.js';
import { getSource } from '../../../core/sources/queries/get-source.js';
import { listCitations } from '../../../core/sources/queries/list-citations.js';
import { getCitation } from '../../../core/sources/queries/get-citation.js';
import { route, type AnyRoute } from '../route.js';
import { IdParams, PageQuery } from '../wire.js';
import { CitationRead, SourceRead, citationWire, sourceWire } from '../wire-records.js';
import { CitationCreate, CitationUpdate, SourceCreate, SourceUpdate, citationInput, citationUpdateInput, sourceInput } from '../../../core/sources/bodies.js';
import { noContent, listed, reply, type LazyDeps } from './deps.js';
import { STREAMED_LIST, etagNote, ifMatch } from './texts.js';

export const sourceRoutes = (deps: LazyDeps): readonly AnyRoute[] => [
  route({
    operationId: 'createSource', method: 'post', path: '/trees/{id}/sources', tag: 'sources', auth: 'user',
    summary: 'Create a source (editor)',
    description: 'Creates a source in this tree: `title` (required, not blank: else 422 `invalid_input`), and optionally `author`, `publication`, '
      + '`notes`, `abbreviation`, what it records (`recorded_events`, `agency`, `data_notes`: GEDCOM SOUR.DATA) and the repositories that hold it '
      + '(`repositories`, each a live repository of this tree named once, with a call number: else 422 `invalid_reference` or `invalid_input` at '
      + 'its index). A source backs facts through citations (`POST /trees/{id}/citations`). Needs the editor role (403 `forbidden` otherwise). '
      + 'Answers 201 with the source; `Location` is `/sources/{id}`.',
    params: IdParams, body: SourceCreate,
    success: { status: 201, description: 'The source.', body: SourceRead },
    created: (b) => `/sources/${b.id}`,
    errors: [],
    handle: async ({ actor, params, body }) => reply(201, sourceWire)(await createSource(deps())(actor, params.id, { ...sourceInput(body), title: body.title })),
  }),
  route({
    operationId: 'listSources', method: 'get', path: '/trees/{id}/sources', tag: 'sources', auth: 'user', streams: true,
    summary: 'List the sources of a tree',
    description: 'The live sources of the tree, ordered by id. A member sees them all. A signed-in non-member of a tree they may view (`public`, '
      + '`unlisted`, `site_members`) sees only the sources that back at least one citation they may see (see `GET /trees/{id}/citations`); '
      + 'a `private` tree is 403 `forbidden` to them.\n\n'
      + STREAMED_LIST,
    params: IdParams, query: PageQuery,
    success: { status: 200, description: 'Sources by id.', body: t.array(SourceRead) },
    successHeaders: ['X-Next-Cursor', 'Link'],
    errors: [],
    handle: async ({ actor, params, query }) => {
      const d = deps();
      return listed(query, new URL(`${d.identity.baseUrl}/api/v1/trees/${params.id}/sources`), (page) => listSources(d)(actor, params.id, page), sourceWire);
    },
  }),
  route({
    operationId: 'getSource', method: 'get', path: '/sources/{id}', tag: 'sources', auth: 'user',
    summary: 'Read a source',
    description: 'One source: `title`, `author`, `publication`, `notes`, `abbreviation`, `recorded_events`, `agency`, `data_notes` and `repositories` '
      + '(repository ids with call numbers; a link to a repository deleted since stays listed). A member sees it. A signed-in non-member of a tree they may view reads it only '
      + 'when it backs at least one citation they may see; otherwise it is withheld and answers 404, as if it did not exist. A `private` tree '
      + 'is 403 `forbidden` to a non-member; a deleted source is 404.\n\n'
      + etagNote('`PATCH` or `DELETE /sources/{id}`'),
    params: IdParams,
    success: { status: 200, description: 'The source.', body: SourceRead },
    errors: [],
    handle: async ({ actor, params }) => reply(200, sourceWire)(await getSource(deps())(actor, params.id)),
  }),
  route({
    operationId: 'updateSource', method: 'patch', path: '/sources/{id}', tag: 'sources', auth: 'user',
    summary: 'Update a source (editor)',
    description: 'Changes the fields sent (`title`, `author`, `publication`, `notes`, `abbreviation`, `recorded_events`, `agency`, `data_notes`, '
      + '`repositories`); those left out stay as they are, and a list sent replaces the list. A blank `title` is 422 `invalid_input`; a repository '
      + 'that is not a live repository of the tree, or one named twice, is 422 as on create (a link the source has already stays allowed, '
      + 'its repository deleted or not). Needs the editor role (403 `forbidden` otherwise); a deleted source is 404. The answer is the source as '
      + '`GET /sources/{id}` reads it, with its new `ETag`.\n\n'
      + ifMatch('GET /sources/{id}'),
    params: IdParams, body: SourceUpdate,
    success: { status: 200, description: 'The source.', body: SourceRead },
    errors: [],
    handle: async ({ actor, params, body }) => reply(200, sourceWire)(await updateSource(deps())(actor, params.id, sourceInput(body))),
  }),
  route({
    operationId: 'deleteSource', method: 'delete', path: '/sources/{id}', tag: 'sources', auth: 'user',
    summary: 'Delete a source (editor)',
    description: 'Soft-deletes the source; its citations leave every read and list with it (a citation of a deleted source is 404). Needs the editor '
      + 'role (403 `forbidden` otherwise); a source already deleted is 404.\n\n'
      + ifMatch('GET /sources/{id}'),
    params: IdParams,
    success: { status: 204, description: 'Deleted.' },
    errors: [],
    handle: async ({ actor, params }) => noContent(await deleteSource(deps())(actor, params.id)),
  }),
  route({
    operationId: 'createCitation', method: 'post', path: '/trees/{id}/citations', tag: 'citations', auth: 'user',
    summary: 'Cite a source for a fact (editor)',
    description: 'Links the source `source_id` to exactly one fact of this tree, named by one of `person_id`, `event_id`, `name_id` and `relationship_id`: '
      + 'none or several is 422 `invalid_target`. `page`, `detail` and `confidence` (0 to 3, as GEDCOM QUAY; null when unknown) are optional. '
      + 'A source or a fact that is not a live record of this tree is 422 `invalid_reference` at its field. Needs the editor role '
      + '(403 `forbidden` otherwise). Answers 201 with the citation; `Location` is `/citations/{id}`.',
    params: IdParams, body: CitationCreate,
    success: { status: 201, description: 'The citation.', body: CitationRead },
    created: (b) => `/citations/${b.id}`,
    errors: [],
    handle: async ({ actor, params, body }) =>
      reply(201, citationWire)(
        await createCitation(deps())(actor, params.id, citationInput(body)),
      ),
  }),
  route({
    operationId: 'listCitations', method: 'get', path: '/trees/{id}/citations', tag: 'citations', auth: 'user', streams: true,
    summary: 'List the citations of a tree',
    description: 'Every live citation of the tree whose source is live, ordered by id. A member sees them all. A signed-in non-member of a tree they may view '
      + 'sees a citation only when the fact it cites resolves to persons shown to them in full: the person, the person of a name, the person of an '
      + 'event (both partners of a partnership event), or both persons of a relationship. A `private` tree is 403 `forbidden` to a non-member.\n\n'
      + STREAMED_LIST,
    params: IdParams, query: PageQuery,
    success: { status: 200, description: 'Citations by id.', body: t.array(CitationRead) },
    successHeaders: ['X-Next-Cursor', 'Link'],
    errors: [],
    handle: async ({ actor, params, query }) => {
      const d = deps();
      return listed(query, new URL(`${d.identity.baseUrl}/api/v1/trees/${params.id}/citations`), (page) => listCitations(d)(actor, params.id, page), citationWire);
    },
  }),
  route({
    operationId: 'getCitation', method: 'get', path: '/citations/{id}', tag: 'citations', auth: 'user',
    summary: 'Read a citation',
    description: 'One citation: `source_id`, the one fact it cites (`person_id`, `event_id`, `name_id` or `relationship_id`; the others null), `page`, '
      + '`detail` and `confidence`. A member sees it. A signed-in non-member of a tree they may view reads it only when the fact it cites resolves '
      + 'to persons shown to them in full; otherwise it is withheld and answers 404. A `private` tree is 403 `forbidden` to a non-member; a deleted '
      + 'citation, or one whose source is deleted, is 404.\n\n'
      + etagNote('`PATCH` or `DELETE /citations/{id}`'),
    params: IdParams,
    success: { status: 200, description: 'The citation.', body: CitationRead },
    errors: [],
    handle: async ({ actor, params }) => reply(200, citationWire)(await getCitation(deps())(actor, params.id)),
  }),
  route({
    operationId: 'updateCitation', method: 'patch', path: '/citations/{id}', tag: 'citations', auth: 'user',
    summary: 'Update a citation (editor)',
    description: 'Changes the fields sent: `page`, `detail` and `confidence` (0 to 3, or null to clear it). The source and the cited fact never change: '
      + 'delete the citation and cite again. Needs the editor role (403 `forbidden` otherwise); a deleted citation is 404. The answer is the '
      + 'citation as `GET /citations/{id}` reads it, with its new `ETag`.\n\n'
      + ifMatch('GET /citations/{id}'),
    params: IdParams, body: CitationUpdate,
    success: { status: 200, description: 'The citation.', body: CitationRead },
    errors: [],
    handle: async ({ actor, params, body }) =>
      reply(200, citationWire)(
        await updateCitation(deps())(actor, params.id, citationUpdateInput(body)),
      ),
  }),
  route({
    operationId: 'deleteCitation', method: 'delete', path: '/citations/{id}', tag: 'citations', auth: 'user',
    summary: 'Delete a citation (editor)',
    description: 'Soft-deletes the citation: it leaves every read and list. Needs the editor role (403 `forbidden` otherwise); a citation already '
      + 'deleted is 404.\n\n'
      + ifMatch('GET /citations/{id}'),
    params: IdParams,
    success: { status: 204, description: 'Deleted.' },
    errors: [],
    handle: async ({ actor, params }) => noContent(await deleteCitation(deps())(actor, params.id)),
  }),
];
