import { actorId, type Actor } from '../../shared/actor.js';
import { auditEntry } from '../../shared/audit-entry.js';
import { editableRecord } from '../../shared/editable.js';
import { E, fail, ok, type AsyncResult } from '../../shared/either.js';
import { notFound } from '../../shared/errors.js';
import type { Id } from '../../shared/ids.js';
import type { CommandDeps } from '../../shared/record-deps.js';
import type { Person } from '../model.js';

/** Restores a soft-deleted person and everything the same delete removed (editor). */
export const restorePerson =
  (deps: CommandDeps<'trees' | 'memberships' | 'persons' | 'deletions' | 'audit'>) =>
  async (actor: Actor, personId: Id): AsyncResult<Person> =>
    deps.storage.uow.run(async (tx) => {
      const found = await editableRecord(tx, actor, 'person', personId, await tx.persons.byId(personId), 'deleted');
      if (E.isLeft(found)) return found;
      const { deletionId, treeId } = found.right.record;
      if (deletionId === null) return fail(notFound('person', personId));
      await tx.deletions.restore(deletionId);
      const restored = await tx.persons.byId(personId);
      if (restored === null) return fail(notFound('person', personId));
      await tx.audit.record(auditEntry(deps.clock, actorId(actor), 'person.restore', { type: 'person', id: personId, treeId }, { deletion_id: deletionId }));
      return ok(restored);
    });
