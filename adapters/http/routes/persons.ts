import * as t from 'io-ts';
import { E } from '../../../core/kernel/either.js';
import { isUuid } from '../../../core/kernel/ids.js';
import { createPerson } from '../../../core/people/commands/create-person.js';
import { updatePerson } from '../../../core/people/commands/update-person.js';
import { deletePerson } from '../../../core/people/commands/delete-person.js';
import { restorePerson } from '../../../core/merge/commands/restore-person.js';
import { DEFAULT_SEARCH_LIMIT, listPersons } from '../../../core/people/queries/list-persons.js';
import { getPerson } from '../../../core/people/queries/get-person.js';
import type { PersonView } from '../../../core/people/vitals.js';
import { PersonCreate, PersonUpdate, personInput } from '../../../core/people/bodies.js';
import { named, withSchema } from '../openapi/json-schema.js';
import { route, type AnyRoute } from '../route.js';
import { IdParams, PageQuery, Text } from '../wire.js';
import { PersonRead, personWire } from '../wire-records.js';
import { listed, reply, withPage, type LazyDeps } from './deps.js';

/** `ids=a,b,c`: up to 1000 UUIDs. */
const IdList = withSchema(
  new t.Type<readonly string[], string, unknown>('IdList', (u): u is readonly string[] => Array.isArray(u), (u, c) => {
    if (typeof u !== 'string') return t.failure(u, c);
    const ids = u.split(',').map((s) => s.trim()).filter((s) => s !== '');
    return ids.length <= 1000 && ids.every(isUuid) ? t.success(ids) : t.failure(u, c);
  }, (a) => a.join(',')),
  { type: 'string', maxLength: 36_999, description: 'comma-separated person ids (at most 1000)' },
);

const PersonsQuery = t.intersection([
  PageQuery,
  t.partial({ q: Text(200), ids: IdList, deleted: t.keyof({ true: null, false: null }) }),
]);

export const personRoutes = (deps: LazyDeps): readonly AnyRoute[] => {
  /** Re-reads a written person as the caller sees it (a member: in full). */
  const readBack = async (actor: Parameters<ReturnType<typeof getPerson>>[0], id: string, status: number) =>
    reply(status, personWire)(await getPerson(deps())(actor, id));
  return [
    route({
      operationId: 'createPerson', method: 'post', path: '/trees/{id}/persons', tag: 'persons', auth: 'user',
      summary: 'Create a person with a primary name and, optionally, birth and death (editor).',
      params: IdParams, body: PersonCreate,
      success: { status: 201, description: 'The person.', body: PersonRead },
    created: (b) => `/persons/${b.id}`,
      errors: [],
      handle: async ({ actor, params, body }) => {
        const created = await createPerson(deps())(actor, params.id, personInput(body));
        return E.isLeft(created) ? created : readBack(actor, created.right.id, 201);
      },
    }),
    route({
      operationId: 'listPersons', method: 'get', path: '/trees/{id}/persons', tag: 'persons', auth: 'user', streams: true,
      summary: 'Persons of the tree through the privacy engine; without `limit` every row, streamed. `q`: fuzzy name search ranked by trigram similarity, at most `limit` persons (default 20) with a cursor to the next; `ids`: a batch with names; `deleted=true`: recoverable persons (members).',
      params: IdParams, query: PersonsQuery,
      success: { status: 200, description: 'Persons (search: best match first; otherwise by id).', body: t.array(PersonRead) },
      successHeaders: ['X-Next-Cursor', 'Link'],
      errors: [],
      handle: async ({ actor, params, query }) => {
        const d = deps();
        const url = new URL(`${d.identity.baseUrl}/api/v1/trees/${params.id}/persons`);
        if (query.q !== undefined) url.searchParams.set('q', query.q);
        if (query.deleted === 'true') url.searchParams.set('deleted', 'true');
        const read = (page: { readonly limit?: number; readonly after?: string }) =>
          listPersons(d)(actor, params.id, {
            ...page,
            ...(query.q === undefined ? {} : { q: query.q }),
            ...(query.ids === undefined ? {} : { ids: query.ids }),
            deleted: query.deleted === 'true',
          }).then(E.map((r) => ({ rows: r.views, lastId: r.lastId })));
        // A batch by ids answers those persons at once; a search pages by DEFAULT_SEARCH_LIMIT.
        if (query.ids !== undefined) return withPage(query, async (page) => E.map((r: { rows: readonly PersonView[] }) => ({ status: 200, body: r.rows.map(personWire) }))(await read(page)));
        return listed(query, url, read, personWire, query.q !== undefined && query.q.trim() !== '' ? { defaultLimit: DEFAULT_SEARCH_LIMIT } : {});
      },
    }),
    route({
      operationId: 'getPerson', method: 'get', path: '/persons/{id}', tag: 'persons', auth: 'user',
      summary: 'One person with their names; redacted (`Living person`) or 404 for a non-member as the privacy engine says.',
      params: IdParams,
      success: { status: 200, description: 'The person.', body: PersonRead },
      errors: [],
      handle: async ({ actor, params }) => readBack(actor, params.id, 200),
    }),
    route({
      operationId: 'updatePerson', method: 'patch', path: '/persons/{id}', tag: 'persons', auth: 'user',
      summary: 'Change vitals, sex, is_living, privacy, notes, identifiers and the primary name (editor). birth/death: {date, place} or null.',
      params: IdParams, body: PersonUpdate,
      success: { status: 200, description: 'The person.', body: PersonRead },
      errors: [],
      handle: async ({ actor, params, body }) => {
        const updated = await updatePerson(deps())(actor, params.id, personInput(body));
        return E.isLeft(updated) ? updated : readBack(actor, params.id, 200);
      },
    }),
    route({
      operationId: 'deletePerson', method: 'delete', path: '/persons/{id}', tag: 'persons', auth: 'user',
      summary: 'Soft-delete a person and the relationships touching them; `cascade=true` also their descendants (editor).',
      params: IdParams, query: t.partial({ cascade: t.keyof({ true: null, false: null }) }),
      success: { status: 200, description: 'How many persons were deleted.', body: named('DeletedCount', t.type({ deleted: t.number })) },
      errors: [],
      handle: async ({ actor, params, query }) => reply(200, (r: { deleted: number }) => ({ deleted: r.deleted }))(await deletePerson(deps())(actor, params.id, query.cascade === 'true')),
    }),
    route({
      operationId: 'restorePerson', method: 'post', path: '/persons/{id}/restore', tag: 'persons', auth: 'user',
      summary: 'Restore a deleted person and whatever the same delete removed (editor).',
      params: IdParams,
      success: { status: 200, description: 'The person.', body: PersonRead },
      errors: [],
      handle: async ({ actor, params }) => {
        const restored = await restorePerson(deps())(actor, params.id);
        return E.isLeft(restored) ? restored : readBack(actor, params.id, 200);
      },
    }),
  ];
};
