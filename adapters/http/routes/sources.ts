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

export const sourceRoutes = (deps: LazyDeps): readonly AnyRoute[] => [
  route({
    operationId: 'createSource', method: 'post', path: '/trees/{id}/sources', tag: 'sources', auth: 'user',
    summary: 'Create a source (editor).',
    params: IdParams, body: SourceCreate,
    success: { status: 201, description: 'The source.', body: SourceRead },
    created: (b) => `/sources/${b.id}`,
    errors: [],
    handle: async ({ actor, params, body }) => reply(201, sourceWire)(await createSource(deps())(actor, params.id, { ...sourceInput(body), title: body.title })),
  }),
  route({
    operationId: 'listSources', method: 'get', path: '/trees/{id}/sources', tag: 'sources', auth: 'user', streams: true,
    summary: 'Sources of the tree; a non-member sees those backing a citation they may see.',
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
    summary: 'One source; 404 to a non-member when withheld.',
    params: IdParams,
    success: { status: 200, description: 'The source.', body: SourceRead },
    errors: [],
    handle: async ({ actor, params }) => reply(200, sourceWire)(await getSource(deps())(actor, params.id)),
  }),
  route({
    operationId: 'updateSource', method: 'patch', path: '/sources/{id}', tag: 'sources', auth: 'user',
    summary: 'Change a source (editor).',
    params: IdParams, body: SourceUpdate,
    success: { status: 200, description: 'The source.', body: SourceRead },
    errors: [],
    handle: async ({ actor, params, body }) => reply(200, sourceWire)(await updateSource(deps())(actor, params.id, sourceInput(body))),
  }),
  route({
    operationId: 'deleteSource', method: 'delete', path: '/sources/{id}', tag: 'sources', auth: 'user',
    summary: 'Delete a source; its citations go out of reads with it (editor).',
    params: IdParams,
    success: { status: 204, description: 'Deleted.' },
    errors: [],
    handle: async ({ actor, params }) => noContent(await deleteSource(deps())(actor, params.id)),
  }),
  route({
    operationId: 'createCitation', method: 'post', path: '/trees/{id}/citations', tag: 'citations', auth: 'user',
    summary: 'Cite a source for exactly one of person_id, event_id, name_id, relationship_id (editor).',
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
    summary: 'Every citation of the tree in one call; a non-member sees those whose fact resolves to fully visible persons.',
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
    summary: 'One citation; 404 to a non-member when withheld.',
    params: IdParams,
    success: { status: 200, description: 'The citation.', body: CitationRead },
    errors: [],
    handle: async ({ actor, params }) => reply(200, citationWire)(await getCitation(deps())(actor, params.id)),
  }),
  route({
    operationId: 'updateCitation', method: 'patch', path: '/citations/{id}', tag: 'citations', auth: 'user',
    summary: 'Change page, detail or confidence (editor).',
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
    summary: 'Delete a citation (editor).',
    params: IdParams,
    success: { status: 204, description: 'Deleted.' },
    errors: [],
    handle: async ({ actor, params }) => noContent(await deleteCitation(deps())(actor, params.id)),
  }),
];
