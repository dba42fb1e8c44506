import type { Actor } from '../../kernel/actor.js';
import { E, ok, type AsyncResult } from '../../kernel/either.js';
import type { Id } from '../../kernel/ids.js';
import type { QueryDeps } from '../../deps.js';
import { getPerson } from '../../people/queries/get-person.js';
import { eventViews, type EventView } from '../../people/queries/event-views.js';
import type { PersonView } from '../../people/vitals.js';
import { loadMergeInput } from '../merge-input.js';
import { mergePair } from '../merge-pair.js';
import { planMerge, type MergePlan } from '../plan.js';

export type MergePreview = {
  readonly kept: PersonView;
  readonly other: PersonView;
  readonly plan: MergePlan;
  /** Every event of the plan (moved and duplicates) with its place text, by event id. */
  readonly events: ReadonlyMap<Id, EventView>;
};

/**
 * What POST /persons/{id}/merge would do now (editor; the same checks and the same plan as the
 * merge, which cannot disagree with it), without writing anything.
 */
export const previewMerge =
  // The stores of the checks and the plan, and whatever getPerson (the people slice) reads for the two views.
  (deps: QueryDeps<'trees' | 'memberships' | 'persons' | 'names' | 'events' | 'places' | 'relationships' | 'merges'> & Parameters<typeof getPerson>[0]) =>
  async (actor: Actor, keptId: Id, otherId: Id): AsyncResult<MergePreview> => {
    const s = deps.storage;
    const pair = await mergePair(s, actor, keptId, otherId);
    if (E.isLeft(pair)) return pair;
    const plan = planMerge(await loadMergeInput(s, pair.right.kept, pair.right.other), deps.clock.now());
    const kept = await getPerson(deps)(actor, keptId);
    if (E.isLeft(kept)) return kept;
    const other = await getPerson(deps)(actor, otherId);
    if (E.isLeft(other)) return other;
    const all = [...plan.events.moved, ...plan.partnershipEvents.moved, ...[...plan.events.duplicates, ...plan.partnershipEvents.duplicates].map((d) => d.record)];
    const views = await eventViews(s, all);
    return ok({ kept: kept.right, other: other.right, plan, events: new Map(views.map((v) => [v.event.id, v])) });
  };
