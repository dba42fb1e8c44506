import { actorId, type Actor } from '../../kernel/actor.js';
import { auditEntry } from '../../kernel/audit-entry.js';
import { editableRecord } from '../../trees/editable.js';
import { E, ok, type AsyncResult } from '../../kernel/either.js';
import { newId, type Id } from '../../kernel/ids.js';
import type { CommandDeps } from '../../deps.js';

/**
 * Soft-deletes a person with the relationships touching them, and with `cascade` their descendants
 * along parent_child edges too; clears self and home pointers at them. One deletion id marks all of
 * it, so restore brings back exactly what this delete removed.
 */
export const deletePerson =
  (deps: CommandDeps<'trees' | 'memberships' | 'persons' | 'deletions' | 'audit'>) =>
  async (actor: Actor, personId: Id, cascade: boolean): AsyncResult<{ readonly deleted: number }> =>
    deps.storage.uow.run(async (tx) => {
      const found = await editableRecord(tx, actor, 'person', personId, await tx.persons.byId(personId));
      if (E.isLeft(found)) return found;
      const treeId = found.right.record.treeId;
      const ids = [personId, ...(cascade ? await tx.persons.descendants(treeId, personId) : [])];
      const deletionId = newId();
      const deleted = await tx.deletions.deletePersons(treeId, ids, deps.clock.now(), deletionId);
      await tx.deletions.clearPointersTo(ids);
      await tx.audit.record(
        auditEntry(deps.clock, actorId(actor), 'person.delete', { type: 'person', id: personId, treeId }, { cascade, deleted, deletion_id: deletionId, person_ids: ids }),
      );
      return ok({ deleted });
    });
