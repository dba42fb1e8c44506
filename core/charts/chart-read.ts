import type { Actor } from '../kernel/actor.js';
import { E, fail, ok, type AsyncResult } from '../kernel/either.js';
import { invalidInput, notFound } from '../kernel/errors.js';
import type { Id } from '../kernel/ids.js';
import type { QueryDeps } from '../deps.js';
import { readerOf, type Surface } from '../privacy/reader.js';
import { personVisibility } from '../privacy/person-visibility.js';
import { personViews } from '../people/queries/person-views.js';
import { vitalTypes, type PersonView } from '../people/vitals.js';
import { CHART_PERSON_CAP, type LineageDirection } from './ports.js';
import { chartPersons, mapChart, nestChart, type ChartNode } from './nest.js';

export const MIN_GENERATIONS = 1;
export const MAX_GENERATIONS = 10;
export const DEFAULT_GENERATIONS = 4;

/**
 * A chart of `rootId` for a reader in three reads whatever the generations: the root with its tree
 * and the reader's role; the lineage (persons and edges); the primary names, vital events and places
 * of the persons shown in full. The root is found exactly as a person read finds it (missing, deleted
 * or hidden: 404; a private tree: 403 on the members' API, 404 on the public surface).
 */
export const chartRead =
  (direction: LineageDirection) =>
  (deps: QueryDeps<'persons' | 'places' | 'charts'>) =>
  async (actor: Actor, rootId: Id, generations: number = DEFAULT_GENERATIONS, surface: Surface = 'members'): AsyncResult<ChartNode<PersonView>> => {
    if (!Number.isInteger(generations) || generations < MIN_GENERATIONS || generations > MAX_GENERATIONS)
      return fail(invalidInput('invalid_generations', `generations must be a whole number from ${MIN_GENERATIONS} to ${MAX_GENERATIONS}.`));
    const s = deps.storage;
    const found = await s.persons.withTree(rootId, actor.kind === 'user' ? actor.userId : null);
    if (found === null) return fail(notFound('person', rootId));
    const { person } = found;
    const reader = readerOf(found.tree, actor, person.treeId, surface);
    if (E.isLeft(reader)) return reader;
    if (person.deletedAt !== null) return fail(notFound('person', rootId));
    const now = deps.clock.now();
    const member = reader.right.member;
    const rootSeen = await personVisibility(s, person.treeId, member, now, [rootId], [person]);
    if (rootSeen.of(rootId) === 'hidden') return fail(notFound('person', rootId));
    const steps = await s.charts.lineage(person.treeId, rootId, direction, generations, CHART_PERSON_CAP);
    const visibility = await personVisibility(s, person.treeId, member, now, [], steps.map((st) => st.person));
    const chart = nestChart(rootId, steps, generations, visibility, direction);
    if (chart === null) return fail(notFound('person', rootId));
    const persons = chartPersons(chart);
    const full = persons.filter((p) => visibility.of(p.id) === 'full').map((p) => p.id);
    const boxes = full.length === 0 ? { names: [], events: [], places: [] } : await s.charts.boxes(full, vitalTypes);
    const views = await personViews(s, persons, boxes.names, boxes.events, visibility, false, boxes.places);
    const byId = new Map(views.map((v) => [v.person.id, v]));
    return ok(mapChart(chart, (p) => byId.get(p.id)!));
  };
