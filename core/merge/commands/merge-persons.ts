import { actorId, type Actor } from '../../kernel/actor.js';
import type { JsonValue } from '../../kernel/audit.js';
import { auditEntry } from '../../kernel/audit-entry.js';
import { E, fail, ok, type AsyncResult } from '../../kernel/either.js';
import { conflict } from '../../kernel/errors.js';
import { isUuid, newId, type Id } from '../../kernel/ids.js';
import type { CommandDeps } from '../../deps.js';
import { keepLifeFacts } from '../../people/keep-life-facts.js';
import type { Person } from '../../people/model.js';
import { loadMergeInput } from '../merge-input.js';
import { mergePair } from '../merge-pair.js';
import { planMerge, type MergeInput, type MergePlan } from '../plan.js';

export type MergeStores = 'trees' | 'memberships' | 'persons' | 'names' | 'events' | 'relationships' | 'citations' | 'media' | 'deletions' | 'merges' | 'audit';

/** Records as plain JSON: ids as strings, dates as ISO text (their toJSON). */
const json = (v: unknown): JsonValue => JSON.parse(JSON.stringify(v)) as JsonValue;

/** The audit details: the full before state of both persons and of every row the merge touched. */
const beforeState = (input: MergeInput, plan: MergePlan): { readonly [k: string]: JsonValue } => ({
  kept: json(input.kept),
  other: json(input.other),
  names: json(input.names),
  events: json(input.events),
  relationships: json(input.relationships),
  citations: json(plan.citations.map((c) => c.before)),
  media: json(plan.media.map((m) => m.before)),
});

/**
 * Merges `otherId` into `keptId` (editor), in one unit of work: writes planMerge's plan (names,
 * events, edges, citations and media move; unset fields fill; notes append), soft-deletes the other
 * person with a fresh deletion id (with what stayed on them) and `mergedInto` set, moves self and home
 * pointers at them to the kept person, records what moved as a PersonMerge (so restoring the other
 * undoes it) and one `person.merge` audit entry with the before state. Answers the kept person.
 */
export const mergePersons =
  (deps: CommandDeps<MergeStores>) =>
  async (actor: Actor, keptId: Id, otherId: Id): AsyncResult<Person> =>
    deps.storage.uow.run(async (tx) => {
      // Both rows locked before they are read: a concurrent merge of either waits, then sees this one's outcome.
      await tx.merges.lockPersons([keptId, otherId].filter(isUuid));
      const pair = await mergePair(tx, actor, keptId, otherId);
      if (E.isLeft(pair)) return pair;
      const { kept, other } = pair.right;
      const now = deps.clock.now();
      const input = await loadMergeInput(tx, kept, other);
      const plan = planMerge(input, now);

      await tx.merges.moveNames(plan.names.moved);
      for (const e of [...plan.events.moved, ...plan.partnershipEvents.moved]) await tx.events.update(e);
      for (const r of plan.relationships.moved) await tx.relationships.update(r);
      for (const { after } of plan.citations) await tx.citations.update(after);
      for (const { after } of plan.media) await tx.media.update(after);
      await tx.persons.update(plan.kept);

      // The other person goes with whatever stayed on them (duplicates, self and duplicate edges).
      const deletionId = newId();
      // 0: a concurrent merge or delete took the other person first; everything above rolls back.
      if ((await tx.deletions.deletePersons(kept.treeId, [other.id], now, deletionId)) !== 1) {
        return fail(conflict('person_changed', 'The other person was deleted or merged meanwhile; nothing was merged.'));
      }
      await tx.persons.update({ ...other, mergedInto: kept.id, deletedAt: now, deletionId });
      await tx.merges.movePointers(other.id, kept.id);
      await keepLifeFacts(tx, [kept.id, other.id]);
      await tx.merges.insert({ id: deletionId, treeId: kept.treeId, keptId: kept.id, otherId: other.id, moved: plan.moves, createdAt: now });
      await tx.audit.record(auditEntry(deps.clock, actorId(actor), 'person.merge', { type: 'person', id: kept.id, treeId: kept.treeId }, {
        other_id: other.id,
        deletion_id: deletionId,
        moved: json(plan.moves),
        before: beforeState(input, plan),
      }));
      return ok(plan.kept);
    });
