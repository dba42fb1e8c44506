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
    summary: 'Create an event with exactly one subject, person_id XOR partnership_id (editor); place text is deduplicated per tree.',
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
    summary: 'Every event of the tree the caller may see.',
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
    summary: 'A person\'s events, including their partnership events.',
    params: IdParams,
    success: { status: 200, description: 'Events by id.', body: t.array(EventRead) },
    errors: [],
    handle: async ({ actor, params }) => reply(200, views)(await listPersonEvents(deps())(actor, params.id)),
  }),
  route({
    operationId: 'getEvent', method: 'get', path: '/events/{id}', tag: 'events', auth: 'user',
    summary: 'One event.',
    params: IdParams,
    success: { status: 200, description: 'The event.', body: EventRead },
    errors: [],
    handle: async ({ actor, params }) => reply(200, eventWire)(await getEvent(deps())(actor, params.id)),
  }),
  route({
    operationId: 'updateEvent', method: 'patch', path: '/events/{id}', tag: 'events', auth: 'user',
    summary: 'Change type, date, place, notes, detail or subject (editor).',
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
    summary: 'Delete an event (editor).',
    params: IdParams,
    success: { status: 204, description: 'Deleted.' },
    errors: [],
    handle: async ({ actor, params }) => noContent(await deleteEvent(deps())(actor, params.id)),
  }),
];
