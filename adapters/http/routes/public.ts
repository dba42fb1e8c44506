import * as t from 'io-ts';
import { E } from '../../../core/kernel/either.js';
import { listDirectory } from '../../../core/trees/queries/list-directory.js';
import { getPublicTree } from '../../../core/trees/queries/get-public-tree.js';
import { DEFAULT_SEARCH_LIMIT, listPersons } from '../../../core/people/queries/list-persons.js';
import { getPerson } from '../../../core/people/queries/get-person.js';
import { listPersonNames } from '../../../core/people/queries/list-person-names.js';
import { listPersonEvents } from '../../../core/people/queries/list-person-events.js';
import { listTreeEvents } from '../../../core/people/queries/list-tree-events.js';
import { listTreeRelationships } from '../../../core/people/queries/list-tree-relationships.js';
import type { Name } from '../../../core/people/model.js';
import type { EventView } from '../../../core/people/queries/event-views.js';
import type { TreeRead } from '../../../core/trees/model.js';
import { route, type AnyRoute } from '../route.js';
import { IdParams, PageQuery, Text } from '../wire.js';
import { EventRead, NameRead, PersonRead, PublicTreeRead, RelationshipRead, eventWire, nameWire, personWire, publicTreeWire, relationshipWire } from '../wire-records.js';
import { listed, reply, type LazyDeps } from './deps.js';

// The anonymous read-only surface: never 401 (a bad session reads as anonymous), a tree the caller
// may not view is 404, everyone reads as a non-member through the privacy engine, no media. A
// session of an unverified account, where verification is required, is 403 (the core refuses it).
// The three whole lists stream without `limit` (`streams`): 429 past STREAMS_PER_USER for one client address.

export const publicRoutes = (deps: LazyDeps): readonly AnyRoute[] => {
  const base = () => `${deps().identity.baseUrl}/api/v1/public`;
  return [
    route({
      operationId: 'publicDirectory', method: 'get', path: '/public/trees', tag: 'public', auth: 'optional',
      summary: 'The directory: public trees, plus site_members trees for signed-in callers.',
      success: { status: 200, description: 'Trees by id.', body: t.array(PublicTreeRead) },
      errors: [],
      handle: async ({ actor }) => reply(200, (ts: readonly TreeRead[]) => ts.map(publicTreeWire))(await listDirectory(deps())(actor)),
    }),
    route({
      operationId: 'publicTree', method: 'get', path: '/public/trees/{id}', tag: 'public', auth: 'optional',
      summary: 'A viewable tree (public, unlisted by link, site_members when signed in).',
      params: IdParams,
      success: { status: 200, description: 'The tree.', body: PublicTreeRead },
      errors: [],
      handle: async ({ actor, params }) => reply(200, publicTreeWire)(await getPublicTree(deps())(actor, params.id)),
    }),
    route({
      operationId: 'publicPersons', method: 'get', path: '/public/trees/{id}/persons', tag: 'public', auth: 'optional', streams: true,
      summary: 'Persons of a viewable tree: living ones redacted, hidden ones dropped; `q` searches fully visible persons only, at most `limit` (default 20) with a cursor to the next.',
      params: IdParams, query: t.intersection([PageQuery, t.partial({ q: Text(200) })]),
      success: { status: 200, description: 'Persons.', body: t.array(PersonRead) },
      successHeaders: ['X-Next-Cursor', 'Link'],
      errors: [],
      handle: async ({ actor, params, query }) => {
        const url = new URL(`${base()}/trees/${params.id}/persons`);
        if (query.q !== undefined) url.searchParams.set('q', query.q);
        return listed(query, url, (page) =>
          listPersons(deps())(actor, params.id, { ...page, ...(query.q === undefined ? {} : { q: query.q }) }, 'public').then(E.map((r) => ({ rows: r.views, lastId: r.lastId }))),
        personWire, query.q !== undefined && query.q.trim() !== '' ? { defaultLimit: DEFAULT_SEARCH_LIMIT } : {});
      },
    }),
    route({
      operationId: 'publicRelationships', method: 'get', path: '/public/trees/{id}/relationships', tag: 'public', auth: 'optional', streams: true,
      summary: 'Relationships whose both ends are not hidden; notes and qualifier are null unless both ends are fully visible.',
      params: IdParams, query: PageQuery,
      success: { status: 200, description: 'Relationships.', body: t.array(RelationshipRead) },
      successHeaders: ['X-Next-Cursor', 'Link'],
      errors: [],
      handle: async ({ actor, params, query }) =>
        listed(query, new URL(`${base()}/trees/${params.id}/relationships`), (page) => listTreeRelationships(deps())(actor, params.id, page, 'public'), relationshipWire),
    }),
    route({
      operationId: 'publicEvents', method: 'get', path: '/public/trees/{id}/events', tag: 'public', auth: 'optional', streams: true,
      summary: 'Events of fully visible persons (partnership events: both partners).',
      params: IdParams, query: PageQuery,
      success: { status: 200, description: 'Events.', body: t.array(EventRead) },
      successHeaders: ['X-Next-Cursor', 'Link'],
      errors: [],
      handle: async ({ actor, params, query }) =>
        listed(query, new URL(`${base()}/trees/${params.id}/events`), (page) =>
          listTreeEvents(deps())(actor, params.id, page, 'public').then(E.map((r) => ({ rows: r.views, lastId: r.lastId }))), eventWire),
    }),
    route({
      operationId: 'publicPerson', method: 'get', path: '/public/persons/{id}', tag: 'public', auth: 'optional',
      summary: 'One person: full, redacted (`Living person`), or 404.',
      params: IdParams,
      success: { status: 200, description: 'The person.', body: PersonRead },
      errors: [],
      handle: async ({ actor, params }) => reply(200, personWire)(await getPerson(deps())(actor, params.id, 'public')),
    }),
    route({
      operationId: 'publicPersonNames', method: 'get', path: '/public/persons/{id}/names', tag: 'public', auth: 'optional',
      summary: 'Names of a fully visible person (none when redacted).',
      params: IdParams,
      success: { status: 200, description: 'Names.', body: t.array(NameRead) },
      errors: [],
      handle: async ({ actor, params }) => reply(200, (ns: readonly Name[]) => ns.map(nameWire))(await listPersonNames(deps())(actor, params.id, 'public')),
    }),
    route({
      operationId: 'publicPersonEvents', method: 'get', path: '/public/persons/{id}/events', tag: 'public', auth: 'optional',
      summary: 'Events of a fully visible person, with partnership events whose both partners are fully visible.',
      params: IdParams,
      success: { status: 200, description: 'Events.', body: t.array(EventRead) },
      errors: [],
      handle: async ({ actor, params }) => reply(200, (vs: readonly EventView[]) => vs.map(eventWire))(await listPersonEvents(deps())(actor, params.id, 'public')),
    }),
  ];
};
