import type { Actor } from '../kernel/actor.js';
import { E, fail, ok, type AsyncResult } from '../kernel/either.js';
import { invalidInput, notFound } from '../kernel/errors.js';
import type { Id } from '../kernel/ids.js';
import type { QueryDeps } from '../deps.js';
import { readerOf, type Surface } from '../privacy/reader.js';
import { visibilityOf, type Visibility, type VisibilityMap } from '../privacy/engine.js';
import type { Place } from '../people/model.js';
import { displayNameOf, vitalEvents, vitalOf, vitalTypes, type PersonView } from '../people/vitals.js';
import { CHART_PERSON_CAP, type LineageDirection, type LineageStep } from './ports.js';
import { mapChart, nestChart, type ChartNode, type NestPerson } from './nest.js';

export const MIN_GENERATIONS = 1;
export const MAX_GENERATIONS = 10;
export const DEFAULT_GENERATIONS = 4;

/** A step as the nesting orders it: sex and birth year as a box shows them (only those shown in full are ordered by them). */
type Placed = NestPerson & { readonly step: LineageStep };

/**
 * A box as a person read shows it to this reader (core/people/queries/person-views.ts): in full with
 * the primary name and vitals, or redacted to `Living person` with nothing else.
 */
const viewOf = (step: LineageStep, seen: Visibility, treeId: Id, places: ReadonlyMap<Id, Place>): PersonView => {
  if (seen !== 'full') return { visibility: 'redacted', person: { id: step.id, treeId }, displayName: 'Living person' };
  // The read's rule and the engine's are one (spec/contracts/privacy-filter.contract.ts): were they
  // ever to part, this fails loudly rather than show a box the read did not bring.
  const box = step.box;
  if (box === null) throw new Error(`charts.chart withheld the box of a person the engine shows in full (${step.id})`);
  const vital = vitalEvents(box.events).get(step.id) ?? {};
  return {
    visibility: 'full', person: box.person, displayName: displayNameOf(box.name), primary: box.name,
    birth: vitalOf(vital.birth, places), death: vitalOf(vital.death, places),
  };
};

/**
 * A chart of `rootId` for a reader in one read whatever the generations (`charts.chart`: the root
 * with its tree and the reader's role, the lineage with what the engine decides from, and the boxes
 * of the persons shown in full): two statements with the session's. The root is found exactly as a
 * person read finds it (missing, deleted or hidden: 404; a private tree: 403 on the members' API,
 * 404 on the public surface). Every decision is the engine's, here, whatever the read brought.
 */
export const chartRead =
  (direction: LineageDirection) =>
  (deps: QueryDeps<'charts'>) =>
  async (actor: Actor, rootId: Id, generations: number = DEFAULT_GENERATIONS, surface: Surface = 'members'): AsyncResult<ChartNode<PersonView>> => {
    if (!Number.isInteger(generations) || generations < MIN_GENERATIONS || generations > MAX_GENERATIONS)
      return fail(invalidInput('invalid_generations', `generations must be a whole number from ${MIN_GENERATIONS} to ${MAX_GENERATIONS}.`));
    const now = deps.clock.now();
    const found = await deps.storage.charts.chart(rootId, actor.kind === 'user' ? actor.userId : null, direction, generations, CHART_PERSON_CAP, vitalTypes, { byRole: surface === 'members', now });
    if (found === null) return fail(notFound('person', rootId));
    const { person } = found;
    const reader = readerOf(found.tree, actor, person.treeId, surface);
    if (E.isLeft(reader)) return reader;
    if (person.deletedAt !== null) return fail(notFound('person', rootId));
    const member = reader.right.member;
    if (visibilityOf({ member }, person, now) === 'hidden') return fail(notFound('person', rootId));
    if (found.lineage === null) throw new Error(`charts.chart withheld the lineage of a root the engine shows (${rootId})`);
    const { steps } = found.lineage;
    // Each step's visibility from the facts kept on its row; an id the read did not bring is hidden.
    const seen = new Map(steps.map((st) => [st.id, visibilityOf({ member }, st.facts, now)]));
    const visibility: VisibilityMap = { of: (id) => (id === null ? 'hidden' : (seen.get(id) ?? 'hidden')) };
    const placed = steps.map((step): { person: Placed; next: readonly Id[] } => ({
      person: { id: step.id, sex: step.box?.person.sex ?? null, birthYear: step.facts.birthYear, step },
      next: step.next,
    }));
    const chart = nestChart(rootId, placed, generations, visibility, direction);
    if (chart === null) return fail(notFound('person', rootId));
    const places = new Map(found.lineage.places.map((p) => [p.id, p]));
    const views = new Map<Id, PersonView>();
    return ok(mapChart(chart, (p) => {
      let v = views.get(p.id);
      if (v === undefined) views.set(p.id, (v = viewOf(p.step, visibility.of(p.id), person.treeId, places)));
      return v;
    }));
  };
