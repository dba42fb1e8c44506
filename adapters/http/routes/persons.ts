import * as t from 'io-ts';
import { E } from '../../../core/kernel/either.js';
import { invalidInput } from '../../../core/kernel/errors.js';
import { isUuid } from '../../../core/kernel/ids.js';
import { createPerson } from '../../../core/people/commands/create-person.js';
import { updatePerson } from '../../../core/people/commands/update-person.js';
import { deletePerson } from '../../../core/people/commands/delete-person.js';
import { restorePerson } from '../../../core/merge/commands/restore-person.js';
import { DEFAULT_SEARCH_LIMIT, listPersons } from '../../../core/people/queries/list-persons.js';
import { listPersonsJson } from '../../../core/people/queries/list-persons-json.js';
import { personsJson } from '../../../core/people/queries/pick-persons-json.js';
import { getPerson } from '../../../core/people/queries/get-person.js';
import { PersonCreate, PersonUpdate, personInput } from '../../../core/people/bodies.js';
import { named, withSchema } from '../openapi/json-schema.js';
import { route, type AnyRoute } from '../route.js';
import { IdParams, PageQuery, Text } from '../wire.js';
import { PersonRead, personAnswer, personWire } from '../wire-records.js';
import { listed, reply, type LazyDeps } from './deps.js';
import { STREAMED_LIST, ifMatch } from './texts.js';
import { pickedJson, streamedJsonPages } from './json-pages.js';
import { listAddress } from '../pagination.js';
import { getPersonJson } from '../../../core/people/queries/get-person-json.js';

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
      summary: 'Create a person (editor)',
      description: 'Creates a person in this tree with a primary name (type `birth`) of `given_name` and `surname`, and, when `birth` or `death` '
        + '(`{date, place}`) is given, their birth or death event. At least one of `given_name` and `surname` must be sent: without either '
        + '(`{}`) the answer is 422 `name_required`; send `""` for a part that is unknown. `sex`, `is_living` (null: unknown, the possibly-living '
        + 'rule decides), `privacy` (`default`, `public` or `private`), `notes` and `identifiers` are optional. A date that is not a genealogical '
        + 'date is 422 `invalid_date`, naming the field (`birth.date.year`, ...). '
        + 'Needs the editor role in the tree (owners have it too; 403 `forbidden` otherwise). '
        + 'Answers 201 with the person as `GET /persons/{id}` reads it; `Location` is that address.',
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
      summary: 'List or search the persons of a tree',
      description: 'The persons of the tree, through the privacy engine. A member sees every person in full. A signed-in non-member of a tree they may '
        + 'view (`public`, `unlisted`, `site_members`) sees possibly-living persons redacted (`display_name` `Living person`, `redacted: true`, '
        + 'every other field null) and does not see persons whose `privacy` is `private` at all; a `private` tree is 403 `forbidden` to them.\n\n'
        + 'Ask in one of these ways (at most one of `q`, `ids` and `deleted=true`; two together are 422 `invalid_input` naming the second):\n\n'
        + '- none of them: every live person, ordered by id;\n'
        + '- `q`: a fuzzy, typo-tolerant name search over the words of all live names: a person is found when a word of `q` is at least '
        + '`SEARCH_THRESHOLD` (default 0.2) similar (pg_trgm trigram similarity) to a word of one of their names. Best match first: for a one-word `q`, '
        + 'by the similarity of the person\'s best matching word; for several words, by the mean over the words of `q` of their best similarity '
        + '(0 for a word that matches none of the person\'s), so a person matching every word comes before one matching some. It answers at most `limit` persons (20 when `limit` is not given), never streamed, with `X-Next-Cursor` when more may follow. '
        + 'A non-member only ever finds persons shown to them in full;\n'
        + '- `ids`: a batch of up to 1000 comma-separated ids, answered at once (not paged); ids unknown, deleted, of another tree or hidden '
        + 'from the caller are left out;\n'
        + '- `deleted=true`: the soft-deleted persons, which `POST /persons/{id}/restore` brings back; members only (403 `forbidden` otherwise).\n\n'
        + 'Persons found by `q` or `ids` carry their `names` (a redacted person has no `names` field).\n\n'
        + STREAMED_LIST,
      params: IdParams, query: PersonsQuery,
      success: { status: 200, description: 'Persons (search: best match first; otherwise by id).', body: t.array(PersonRead) },
      successHeaders: ['X-Next-Cursor', 'Link'],
      errors: [],
      handle: async ({ actor, params, query }) => {
        // One way of asking at a time: a batch, a search, or the deleted persons (API.md, "Lists").
        const ways = [['q', query.q !== undefined], ['ids', query.ids !== undefined], ['deleted', query.deleted === 'true']] as const;
        const asked = ways.filter(([, given]) => given).map(([name]) => name);
        if (asked.length > 1)
          return E.left(invalidInput('invalid_input', `Ask for persons one way at a time: ${asked.join(', ')} were given together.`, [{ path: asked[1]!, message: `cannot be combined with ${asked[0]}` }]));
        const d = deps();
        // The whole list, streamed: pages of JSON text the store writes (issue 27; the same answer).
        if (query.limit === undefined && asked.length === 0 && query.q === undefined)
          return streamedJsonPages(query, (page) => listPersonsJson(d)(actor, params.id, page));
        // `deleted=true` reaches only the plain list below (it is refused with `q` or `ids` above).
        const url = listAddress(d.identity.baseUrl, `/api/v1/trees/${params.id}/persons`, [
          ...(query.q === undefined ? [] : [['q', query.q] as const]),
          ...(query.deleted === 'true' ? [['deleted', 'true'] as const] : []),
        ]);
        // A search's page and a batch: JSON text the store writes (issue 27; the answer listPersons gives).
        if (query.ids !== undefined) {
          const ids = query.ids;
          return pickedJson(query, url, () => personsJson(d)(actor, params.id, { ids }));
        }
        if (query.q !== undefined && query.q.trim() !== '') {
          const q = query.q;
          return pickedJson(query, url, (page) => personsJson(d)(actor, params.id, { q, ...page }), DEFAULT_SEARCH_LIMIT);
        }
        const read = (page: { readonly limit?: number; readonly after?: string }) =>
          listPersons(d)(actor, params.id, {
            ...page,
            ...(query.q === undefined ? {} : { q: query.q }),
            deleted: query.deleted === 'true',
          }).then(E.map((r) => ({ rows: r.views, lastId: r.lastId })));
        return listed(query, url, read, personWire);
      },
    }),
    route({
      operationId: 'getPerson', method: 'get', path: '/persons/{id}', tag: 'persons', auth: 'user',
      summary: 'Read a person',
      description: 'One person with their `names`, and `birth` and `death` taken from their birth (else baptism or christening) and death (else burial '
        + 'or cremation) events. A member sees the person in full. A signed-in non-member of a tree they may view reads through the privacy engine: '
        + 'a person whose `privacy` is `private` is 404, as if they did not exist; `public` shows them in full; otherwise a possibly-living person '
        + '(`is_living` true, or `is_living` null with no death fact and a birth within about 100 years or none known) is redacted: '
        + '`display_name` is `Living person`, `redacted` is true, every other field is null and `names` is absent. '
        + 'A `private` tree is 403 `forbidden` to a non-member; a deleted person (a merged one too) is 404.\n\n'
        + 'The answer carries an `ETag`, a hash of what this caller was shown (it changes when the person, or what this caller may see of '
        + 'them, changes); send it as `If-Match` with `PATCH` or `DELETE /persons/{id}` so that a change made meanwhile is not overwritten.',
      params: IdParams,
      success: { status: 200, description: 'The person.', body: PersonRead },
      errors: [],
      // The store's text when the person's row is enough (a kept card, a redacted person), else the view: the same bytes.
      handle: async ({ actor, params }) => E.map(personAnswer)(await getPersonJson(deps())(actor, params.id)),
    }),
    route({
      operationId: 'updatePerson', method: 'patch', path: '/persons/{id}', tag: 'persons', auth: 'user',
      summary: 'Update a person (editor)',
      description: 'Changes the fields sent; those left out stay as they are. `given_name` and `surname` change the primary name; `identifiers` replaces '
        + 'the whole list; `birth` and `death` take `{date, place}` (a part left out stays) and write the person\'s own `birth` or `death` event, '
        + 'creating it when there is none, or null, which deletes that event. A baptism, christening, burial or cremation shown in their place '
        + 'is never changed here (edit it with `PATCH /events/{id}`). A date that is not a genealogical date is 422 `invalid_date`. '
        + 'Needs the editor role (403 `forbidden` otherwise); a deleted person is 404. The change is audited (which fields it gave, '
        + 'never names, notes, dates or places). The answer is the person as `GET /persons/{id}` reads it, with its new `ETag`.\n\n'
        + ifMatch('GET /persons/{id}'),
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
      summary: 'Delete a person, recoverably (editor)',
      description: 'Soft-deletes the person and every relationship touching them; with `cascade=true` also their descendants along `parent_child` edges '
        + '(any number of generations) and the relationships touching those. A `self_person_id` or `home_person_id` pointing at a deleted person '
        + 'is cleared (a restore does not set it again). Answers `{ "deleted": n }`, the number of persons deleted. '
        + '`GET /trees/{id}/persons?deleted=true` lists them, and `POST /persons/{id}/restore` on any of them brings back everything this delete '
        + 'removed, until the purge worker removes it after `PURGE_AFTER_DAYS` (default 30). '
        + 'Needs the editor role (403 `forbidden` otherwise); a person already deleted is 404.\n\n'
        + ifMatch('GET /persons/{id}'),
      params: IdParams, query: t.partial({ cascade: t.keyof({ true: null, false: null }) }),
      success: { status: 200, description: 'How many persons were deleted.', body: named('DeletedCount', t.type({ deleted: t.number })) },
      errors: [],
      handle: async ({ actor, params, query }) => reply(200, (r: { deleted: number }) => ({ deleted: r.deleted }))(await deletePerson(deps())(actor, params.id, query.cascade === 'true')),
    }),
    route({
      operationId: 'restorePerson', method: 'post', path: '/persons/{id}/restore', tag: 'persons', auth: 'user',
      summary: 'Restore a deleted person (editor)',
      description: 'Brings back a soft-deleted person with everything the same delete removed: the relationships it deleted (except an edge whose two persons '
        + 'have meanwhile got a live edge of the same type) and, after `cascade=true`, the descendants deleted with them. '
        + 'A person deleted by a merge (`merged_into` set) is unmerged: what the merge moved to the kept person, and is still as the merge left it, '
        + 'moves back, and `merged_into` is cleared; a "this is me" or home person the merge moved to the kept person stays there. '
        + 'Needs the editor role (403 `forbidden` otherwise); a person who is not deleted, or was purged, is 404. '
        + 'Answers the person as `GET /persons/{id}` reads it.',
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
