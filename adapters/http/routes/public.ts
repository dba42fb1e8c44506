import * as t from 'io-ts';
import { E } from '../../../core/kernel/either.js';
import { listDirectory } from '../../../core/trees/queries/list-directory.js';
import { getPublicTree } from '../../../core/trees/queries/get-public-tree.js';
import { DEFAULT_SEARCH_LIMIT, listPersons } from '../../../core/people/queries/list-persons.js';
import { listPersonsJson } from '../../../core/people/queries/list-persons-json.js';
import { personsJson } from '../../../core/people/queries/pick-persons-json.js';
import { listPersonNames } from '../../../core/people/queries/list-person-names.js';
import { listPersonEvents } from '../../../core/people/queries/list-person-events.js';
import { listTreeEvents } from '../../../core/people/queries/list-tree-events.js';
import { listTreeRelationships } from '../../../core/people/queries/list-tree-relationships.js';
import type { Name } from '../../../core/people/model.js';
import type { EventView } from '../../../core/people/queries/event-views.js';
import type { TreeRead } from '../../../core/trees/model.js';
import { route, type AnyRoute } from '../route.js';
import { IdParams, PageQuery, Text } from '../wire.js';
import { EventRead, NameRead, PersonRead, PublicTreeRead, RelationshipRead, eventWire, nameWire, personAnswer, personWire, publicTreeWire, relationshipWire } from '../wire-records.js';
import { listed, reply, type LazyDeps } from './deps.js';
import { streamedList } from './texts.js';
import { pickedJson, streamedJsonPages } from './json-pages.js';
import { getPersonJson } from '../../../core/people/queries/get-person-json.js';

const PUBLIC_STREAMED_LIST = streamedList('An account, or an anonymous client address,');

// The anonymous read-only surface: never 401 (a bad session reads as anonymous), a tree the caller
// may not view is 404, everyone reads as a non-member through the privacy engine, no media. A
// session of an unverified account, where verification is required, is 403 (the core refuses it).
// The three whole lists stream without `limit` (`streams`): 429 past STREAMS_PER_USER for one client address.

/** What every operation of the public surface shares (the comment above), for the reader of the reference. */
const SURFACE = 'Anonymous callers are welcome: this surface never answers 401 (an invalid or expired session reads as anonymous), and everyone, '
  + 'members too, reads it as a non-member. A session of an account whose email is not verified, where `REQUIRE_EMAIL_VERIFICATION` is on, '
  + 'is 403 `email_unverified`.';

export const publicRoutes = (deps: LazyDeps): readonly AnyRoute[] => {
  const base = () => `${deps().identity.baseUrl}/api/v1/public`;
  return [
    route({
      operationId: 'publicDirectory', method: 'get', path: '/public/trees', tag: 'public', auth: 'optional',
      summary: 'List the public trees (directory)',
      description: 'The directory: every `public` tree and, for a signed-in caller, every `site_members` tree, ordered by id, each as `{id, name, '
        + 'description, visibility}`; `unlisted` and `private` trees are never listed (an `unlisted` tree is read by its link).\n\n'
        + SURFACE,
      success: { status: 200, description: 'Trees by id.', body: t.array(PublicTreeRead) },
      errors: [],
      handle: async ({ actor }) => reply(200, (ts: readonly TreeRead[]) => ts.map(publicTreeWire))(await listDirectory(deps())(actor)),
    }),
    route({
      operationId: 'publicTree', method: 'get', path: '/public/trees/{id}', tag: 'public', auth: 'optional',
      summary: 'Read a viewable tree',
      description: 'A tree as a non-member reads it: `{id, name, description, visibility}`. `public` and `unlisted` trees are viewable by anyone, '
        + '`site_members` trees by any signed-in account. A tree the caller may not view (`private`, `site_members` to an anonymous caller), '
        + 'or a deleted one, is 404, never 403. The answer carries an `ETag`, a hash of what was shown.\n\n'
        + SURFACE,
      params: IdParams,
      success: { status: 200, description: 'The tree.', body: PublicTreeRead },
      errors: [],
      handle: async ({ actor, params }) => reply(200, publicTreeWire)(await getPublicTree(deps())(actor, params.id)),
    }),
    route({
      operationId: 'publicPersons', method: 'get', path: '/public/trees/{id}/persons', tag: 'public', auth: 'optional', streams: true,
      summary: 'List or search the persons of a viewable tree',
      description: 'The persons of a viewable tree as a non-member sees them: a possibly-living person is redacted (`display_name` `Living person`, '
        + '`redacted: true`, every other field null), a person whose `privacy` is `private` is left out, and the others are shown in full. '
        + '`q` is a fuzzy, typo-tolerant name search, best match first, among the persons shown in full only (a withheld name never finds anyone); '
        + 'it answers at most `limit` persons (20 when `limit` is not given), never streamed, with `X-Next-Cursor` when more may follow, and the '
        + 'persons found carry their `names`. A tree the caller may not view is 404.\n\n'
        + PUBLIC_STREAMED_LIST + '\n\n'
        + SURFACE,
      params: IdParams, query: t.intersection([PageQuery, t.partial({ q: Text(200) })]),
      success: { status: 200, description: 'Persons.', body: t.array(PersonRead) },
      successHeaders: ['X-Next-Cursor', 'Link'],
      errors: [],
      handle: async ({ actor, params, query }) => {
        // The whole list, streamed: pages of JSON text the store writes (issue 27; the same answer).
        if (query.limit === undefined && query.q === undefined)
          return streamedJsonPages(query, (page) => listPersonsJson(deps())(actor, params.id, page, 'public'));
        const url = new URL(`${base()}/trees/${params.id}/persons`);
        if (query.q !== undefined) url.searchParams.set('q', query.q);
        // A search's page: JSON text the store writes (issue 27; the answer listPersons gives).
        if (query.q !== undefined && query.q.trim() !== '') {
          const q = query.q;
          return pickedJson(query, url, (page) => personsJson(deps())(actor, params.id, { q, ...page }, 'public'), DEFAULT_SEARCH_LIMIT);
        }
        return listed(query, url, (page) =>
          listPersons(deps())(actor, params.id, { ...page, ...(query.q === undefined ? {} : { q: query.q }) }, 'public').then(E.map((r) => ({ rows: r.views, lastId: r.lastId }))),
        personWire);
      },
    }),
    route({
      operationId: 'publicRelationships', method: 'get', path: '/public/trees/{id}/relationships', tag: 'public', auth: 'optional', streams: true,
      summary: 'List the relationships of a viewable tree',
      description: 'The relationships of a viewable tree whose two persons are both not hidden (a person whose `privacy` is `private` is hidden), ordered by '
        + 'id; `notes`, `qualifier` and `role` are null unless both persons are shown in full (an edge touching a redacted person keeps only its ids '
        + 'and type). A tree the caller may not view is 404.\n\n'
        + PUBLIC_STREAMED_LIST + '\n\n'
        + SURFACE,
      params: IdParams, query: PageQuery,
      success: { status: 200, description: 'Relationships.', body: t.array(RelationshipRead) },
      successHeaders: ['X-Next-Cursor', 'Link'],
      errors: [],
      handle: async ({ actor, params, query }) =>
        listed(query, new URL(`${base()}/trees/${params.id}/relationships`), (page) => listTreeRelationships(deps())(actor, params.id, page, 'public'), relationshipWire),
    }),
    route({
      operationId: 'publicEvents', method: 'get', path: '/public/trees/{id}/events', tag: 'public', auth: 'optional', streams: true,
      summary: 'List the events of a viewable tree',
      description: 'The events of a viewable tree whose persons are shown in full, ordered by id: a person\'s event when that person is, a partnership event '
        + 'when both partners are. Events of redacted (possibly living) or hidden persons are left out. A tree the caller may not view is 404.\n\n'
        + PUBLIC_STREAMED_LIST + '\n\n'
        + SURFACE,
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
      summary: 'Read a person of a viewable tree',
      description: 'One person as a non-member sees them: in full, with their `names`; redacted when possibly living (`display_name` `Living person`, '
        + '`redacted: true`, every other field null, no `names`); or 404 when their `privacy` is `private`, as if they did not exist. '
        + 'A deleted person, or one of a tree the caller may not view, is 404 too. The answer carries an `ETag`, a hash of what was shown.\n\n'
        + SURFACE,
      params: IdParams,
      success: { status: 200, description: 'The person.', body: PersonRead },
      errors: [],
      // The store's text when the person's row is enough (a kept card, a redacted person), else the view: the same bytes.
      handle: async ({ actor, params }) => E.map(personAnswer)(await getPersonJson(deps())(actor, params.id, 'public')),
    }),
    route({
      operationId: 'publicPersonNames', method: 'get', path: '/public/persons/{id}/names', tag: 'public', auth: 'optional',
      summary: 'List the names of a person of a viewable tree',
      description: 'The names of a person shown in full to a non-member, primary first; for a redacted (possibly living) person the list is empty. A person '
        + 'whose `privacy` is `private`, a deleted person, or a person of a tree the caller may not view is 404.\n\n'
        + SURFACE,
      params: IdParams,
      success: { status: 200, description: 'Names.', body: t.array(NameRead) },
      errors: [],
      handle: async ({ actor, params }) => reply(200, (ns: readonly Name[]) => ns.map(nameWire))(await listPersonNames(deps())(actor, params.id, 'public')),
    }),
    route({
      operationId: 'publicPersonEvents', method: 'get', path: '/public/persons/{id}/events', tag: 'public', auth: 'optional',
      summary: 'List the events of a person of a viewable tree',
      description: 'The events of a person shown in full to a non-member, with the events of their partnerships whose two partners are both shown in full; '
        + 'for a redacted (possibly living) person the list is empty. A person whose `privacy` is `private`, a deleted person, or a person of a '
        + 'tree the caller may not view is 404.\n\n'
        + SURFACE,
      params: IdParams,
      success: { status: 200, description: 'Events.', body: t.array(EventRead) },
      errors: [],
      handle: async ({ actor, params }) => reply(200, (vs: readonly EventView[]) => vs.map(eventWire))(await listPersonEvents(deps())(actor, params.id, 'public')),
    }),
  ];
};
