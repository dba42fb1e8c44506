import { actorId, type Actor } from '../../kernel/actor.js';
import { auditEntry } from '../../kernel/audit-entry.js';
import { editableRecord } from '../../trees/editable.js';
import { E, fail, ok, type AsyncResult } from '../../kernel/either.js';
import { notFound } from '../../kernel/errors.js';
import type { Id } from '../../kernel/ids.js';
import type { CommandDeps } from '../../deps.js';
import { unmerge } from '../unmerge.js';
import { keepLifeFacts } from '../../people/keep-life-facts.js';
import type { Person } from '../../people/model.js';

/**
 * Restores a soft-deleted person and everything the same delete removed (editor). A person a merge
 * deleted is unmerged first: what the merge moved to the kept person, and still is as it left it,
 * comes back (see unmerge); when the kept person is gone meanwhile, the moved rows stay with them.
 */
export const restorePerson =
  (deps: CommandDeps<'trees' | 'memberships' | 'persons' | 'names' | 'events' | 'relationships' | 'citations' | 'media' | 'deletions' | 'merges' | 'audit'>) =>
  async (actor: Actor, personId: Id): AsyncResult<Person> =>
    deps.storage.uow.run(async (tx) => {
      const found = await editableRecord(tx, actor, 'person', personId, await tx.persons.byId(personId), 'deleted');
      if (E.isLeft(found)) return found;
      const { deletionId, treeId, mergedInto } = found.right.record;
      if (deletionId === null) return fail(notFound('person', personId));
      const merge = mergedInto === null ? null : await tx.merges.byId(deletionId);
      const kept = merge === null ? null : await tx.persons.byId(merge.keptId);
      const unmerged = merge !== null && kept !== null && kept.deletedAt === null;
      if (unmerged) await unmerge(tx, deps.clock, merge, kept);
      await tx.deletions.restore(deletionId);
      const restored = await tx.persons.byId(personId);
      if (restored === null) return fail(notFound('person', personId));
      const live = mergedInto === null ? restored : { ...restored, mergedInto: null };
      if (mergedInto !== null) {
        await tx.persons.update(live);
        await keepLifeFacts(tx, [personId, mergedInto]);
      }
      await tx.audit.record(auditEntry(deps.clock, actorId(actor), 'person.restore', { type: 'person', id: personId, treeId }, {
        deletion_id: deletionId, ...(unmerged ? { unmerged: true } : {}),
      }));
      return ok(live);
    });
