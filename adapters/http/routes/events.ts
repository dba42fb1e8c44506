import * as t from 'io-ts';
import { E } from '../../../core/kernel/either.js';
import { createEvent, deleteEvent, updateEvent } from '../../../core/people/commands/event-commands.js';
import { getEvent } from '../../../core/people/queries/get-event.js';
import { listTreeEvents } from '../../../core/people/queries/list-tree-events.js';
import { listPersonEvents } from '../../../core/people/queries/list-person-events.js';
import type { EventView } from '../../../core/people/queries/event-views.js';
import { route, type AnyRoute } from '../route.js';
import { IdParams, PageQuery } from '../wire.js';
import { EventRead, eventWire } from '../wire-records.js';
import { EventCreate, EventUpdate, eventInput } from '../../../core/people/bodies.js';
import { noContent, listed, reply, type LazyDeps } from './deps.js';

const views = (vs: readonly EventView[]) => vs.map(eventWire);

export const eventRoutes = (deps: LazyDeps): readonly AnyRoute[] => [
  route({
    operationId: 'createEvent', method: 'post', path: '/trees/{id}/events', tag: 'events', auth: 'user',
    summary: 'Create an event (editor)',
    description: [
      'Editors and owners of the tree; a viewer or a non-member is 403. Creates a life event with exactly one subject: a person (`person_id`) or a partnership (`partnership_id`, a `partnership` relationship), never both, never neither. `place` is text: the tree keeps one place per distinct text, so events with the same place text share it; blank text is no place. A `custom` type needs `custom_type`; `temple` and `ordinance_status` belong to LDS ordinance types (`lds_*`) only. Answers 201 with the event and `Location: /events/{id}`.',
      '',
      'Refusals:',
      '',
      '- 422 `invalid_subject`: both or neither of `person_id` and `partnership_id`.',
      '- 422 `invalid_reference`: `person_id` or `partnership_id` names no live person or partnership of this tree.',
      '- 422 `invalid_date`: `date` is not a genealogical date (no `year` where one is needed, an impossible month or day, an end on a qualifier other than `between` or `from_to`, a `text` date without its phrase; `errors` names each part); 422 `invalid_input`: `custom_type` missing on a custom event, or an ordinance field on another type.',
    ].join('\n'),
    params: IdParams, body: EventCreate,
    success: { status: 201, description: 'The event.', body: EventRead },
    created: (b) => `/events/${b.id}`,
    errors: [],
    handle: async ({ actor, params, body }) => {
      const created = await createEvent(deps())(actor, params.id, { ...eventInput(body), type: body.type });
      return E.isLeft(created) ? created : reply(201, eventWire)(await getEvent(deps())(actor, created.right.id));
    },
  }),
  route({
    operationId: 'listTreeEvents', method: 'get', path: '/trees/{id}/events', tag: 'events', auth: 'user', streams: true,
    summary: 'List the events of a tree',
    description: [
      'Members of the tree (any role) see every live event. A signed-in non-member may list the events of a tree whose visibility lets them view it (`public`, `unlisted`, `site_members`), through the privacy engine: only events of fully visible persons, and partnership events whose two partners are both fully visible (events of living or hidden persons are absent). A non-member of a `private` tree is 403.',
      '',
      'Ordered by id. Without `limit`, every row, streamed as one JSON array: past `STREAMS_PER_USER` streamed answers running at once for the account, 429 `too_many_streams` (`Retry-After`). With `limit` (1 to 1000), one page, and when more follow, the next page\'s cursor in `X-Next-Cursor` and a `Link: <...>; rel="next"` header: pass it back as `cursor` (a cursor this service did not give out is 422 `invalid_cursor`). No total count is sent: page until `X-Next-Cursor` is absent.',
    ].join('\n'),
    params: IdParams, query: PageQuery,
    success: { status: 200, description: 'Events by id.', body: t.array(EventRead) },
    successHeaders: ['X-Next-Cursor', 'Link'],
    errors: [],
    handle: async ({ actor, params, query }) => {
      const d = deps();
      return listed(query, new URL(`${d.identity.baseUrl}/api/v1/trees/${params.id}/events`), (page) =>
        listTreeEvents(d)(actor, params.id, page).then(E.map((r) => ({ rows: r.views, lastId: r.lastId }))), eventWire);
    },
  }),
  route({
    operationId: 'listPersonEvents', method: 'get', path: '/persons/{id}/events', tag: 'events', auth: 'user',
    summary: "List a person's events",
    description: "The person's own events and the events of their partnerships, in one answer (no paging). Members of the tree (any role) see them all. A signed-in non-member may read them when the tree's visibility lets them view it, through the privacy engine: a hidden person is 404 (as an unknown one), a living (redacted) person's events are absent, and a partnership event appears only when both partners are fully visible. A non-member of a `private` tree is 403.",
    params: IdParams,
    success: { status: 200, description: 'Events by id.', body: t.array(EventRead) },
    errors: [],
    handle: async ({ actor, params }) => reply(200, views)(await listPersonEvents(deps())(actor, params.id)),
  }),
  route({
    operationId: 'getEvent', method: 'get', path: '/events/{id}', tag: 'events', auth: 'user',
    summary: 'Read one event',
    description: "Members of the tree (any role) read any live event. A signed-in non-member may read it when the tree's visibility lets them view it and the privacy engine shows the event: a person's event when the person is fully visible, a partnership event when both partners are. Otherwise it is 404, exactly as for an unknown or deleted event, never revealing that it exists; a non-member of a `private` tree is 403. The answer carries an `ETag`, which `If-Match` on `PATCH` and `DELETE /events/{id}` checks.",
    params: IdParams,
    success: { status: 200, description: 'The event.', body: EventRead },
    errors: [],
    handle: async ({ actor, params }) => reply(200, eventWire)(await getEvent(deps())(actor, params.id)),
  }),
  route({
    operationId: 'updateEvent', method: 'patch', path: '/events/{id}', tag: 'events', auth: 'user',
    summary: 'Update an event (editor)',
    description: [
      'Editors and owners of the tree; a viewer or a non-member is 403. Changes the fields sent (`type`, `custom_type`, `date`, `place`, `notes`, `detail`, `temple`, `ordinance_status`, or the subject `person_id` / `partnership_id`) and keeps the others. The event must still have exactly one subject afterwards: to move it from a person to a partnership, send `person_id: null` with the `partnership_id`. Place text is shared per tree as on create; `null` or blank text clears it. Changing an ordinance to another type drops its temple and status. Answers the event. With `If-Match`, 412 `precondition_failed` when the event changed since the `ETag` was read.',
      '',
      'Refusals: 422 `invalid_subject`, `invalid_reference`, `invalid_date` and `invalid_input` as on create; 404 for an unknown or deleted event.',
    ].join('\n'),
    params: IdParams, body: EventUpdate,
    success: { status: 200, description: 'The event.', body: EventRead },
    errors: [],
    handle: async ({ actor, params, body }) => {
      const updated = await updateEvent(deps())(actor, params.id, eventInput(body));
      return E.isLeft(updated) ? updated : reply(200, eventWire)(await getEvent(deps())(actor, params.id));
    },
  }),
  route({
    operationId: 'deleteEvent', method: 'delete', path: '/events/{id}', tag: 'events', auth: 'user',
    summary: 'Delete an event (editor)',
    description: 'Editors and owners of the tree; a viewer or a non-member is 403. Soft-deletes the event: it is gone from every read and list, and can be put back from its history (`POST /events/{id}/history/{change_id}/restore` on the deletion) until the purge removes it after `PURGE_AFTER_DAYS`. With `If-Match`, 412 `precondition_failed` when the event changed since the `ETag` was read. 404 for an unknown or already deleted event.',
    params: IdParams,
    success: { status: 204, description: 'Deleted.' },
    errors: [],
    handle: async ({ actor, params }) => noContent(await deleteEvent(deps())(actor, params.id)),
  }),
];
