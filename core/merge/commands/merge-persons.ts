import { actorId, type Actor } from '../../kernel/actor.js';
import { auditEntry } from '../../kernel/audit-entry.js';
import { E, fail, ok, type AsyncResult } from '../../kernel/either.js';
import { conflict } from '../../kernel/errors.js';
import { isUuid, newId, type Id } from '../../kernel/ids.js';
import type { CommandDeps } from '../../deps.js';
import { keepLifeFacts } from '../../people/keep-life-facts.js';
import type { Person } from '../../people/model.js';
import { loadMergeInput } from '../merge-input.js';
import { mergePair } from '../merge-pair.js';
import { planMerge } from '../plan.js';
import { planKeptLines } from '../kept-lines.js';

export type MergeStores = 'trees' | 'memberships' | 'persons' | 'names' | 'events' | 'relationships' | 'citations' | 'media' | 'deletions' | 'merges' | 'audit';

/**
 * Merges `otherId` into `keptId` (editor), in one unit of work: writes planMerge's plan (names,
 * events, edges, citations and media move; unset fields fill; notes append), soft-deletes the other
 * person with a fresh deletion id (with what stayed on them) and `mergedInto` set, moves self and home
 * pointers at them to the kept person, appends the other's own GEDCOM kept lines to the kept person's
 * (merge/kept-lines.ts), records what moved as a PersonMerge (so restoring the other
 * undoes it) and one `person.merge` audit entry naming both persons and the deletion (ids only: the
 * entry outlives the persons; what moved is in the PersonMerge). Answers the kept person.
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
      const texts = await tx.merges.keptLines([kept.id, other.id]);
      const keptLines = planKeptLines(kept, plan.kept, other, input.relationships, { kept: texts.get(kept.id) ?? null, other: texts.get(other.id) ?? null });

      await tx.merges.moveNames(plan.names.moved);
      for (const e of [...plan.events.moved, ...plan.partnershipEvents.moved]) await tx.events.update(e);
      for (const r of plan.relationships.moved) await tx.relationships.update(r);
      for (const { after } of plan.citations) await tx.citations.update(after);
      for (const { after } of plan.media) await tx.media.update(after);
      await tx.persons.update(plan.kept);
      // The other's own kept lines go to the kept person too (theirs stay on their row, for an undo).
      if (keptLines.appended !== null) await tx.merges.setKeptLines(kept.id, keptLines.text);

      // The other person goes with whatever stayed on them (duplicates, self and duplicate edges).
      const deletionId = newId();
      // 0: a concurrent merge or delete took the other person first; everything above rolls back.
      if ((await tx.deletions.deletePersons(kept.treeId, [other.id], now, deletionId)) !== 1) {
        return fail(conflict('person_changed', 'The other person was deleted or merged meanwhile; nothing was merged.'));
      }
      await tx.persons.update({ ...other, mergedInto: kept.id, deletedAt: now, deletionId });
      await tx.merges.movePointers(other.id, kept.id);
      await keepLifeFacts(tx, [kept.id, other.id]);
      await tx.merges.insert({ id: deletionId, treeId: kept.treeId, keptId: kept.id, otherId: other.id, moved: keptLines.appended === null ? plan.moves : { ...plan.moves, keptLinesAppended: keptLines.appended }, createdAt: now });
      await tx.audit.record(auditEntry(deps.clock, actorId(actor), 'person.merge', { type: 'person', id: kept.id, treeId: kept.treeId }, {
        other_id: other.id,
        deletion_id: deletionId,
      }));
      return ok(plan.kept);
    });
