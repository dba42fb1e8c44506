import { actorId, type Actor } from '../../kernel/actor.js';
import { auditEntry } from '../../kernel/audit-entry.js';
import { E, fail, ok, type AsyncResult } from '../../kernel/either.js';
import { invalidInput } from '../../kernel/errors.js';
import { newId, type Id } from '../../kernel/ids.js';
import type { CommandDeps } from '../../deps.js';
import { accessTree } from '../../trees/access.js';
import { orderedPair } from '../model.js';

/**
 * An editor says two persons of the tree are not one: the pair is remembered for good, whatever
 * either person later becomes, and the finder and the recommender never propose it again. Both must
 * be persons of this tree (live or deleted); dismissing a dismissed pair again changes nothing.
 */
export const dismissDuplicate =
  (deps: CommandDeps<'trees' | 'memberships' | 'persons' | 'duplicates' | 'audit'>) =>
  async (actor: Actor, treeId: Id, a: Id, b: Id): AsyncResult<{ readonly dismissed: boolean }> =>
    deps.storage.uow.run(async (tx) => {
      const access = await accessTree(tx, actor, treeId, 'editor');
      if (E.isLeft(access)) return access;
      if (a === b) return fail(invalidInput('invalid_input', 'A person cannot be a duplicate of themselves.', [{ path: 'person_ids', message: 'two different persons' }]));
      const found = await tx.persons.inTree(treeId, [a, b]);
      for (const id of [a, b])
        if (!found.some((p) => p.id === id))
          return fail(invalidInput('invalid_input', `No person ${id} in this tree.`, [{ path: 'person_ids', message: `${id} is not a person of this tree` }]));
      const [first, second] = orderedPair(a, b);
      const dismissed = await tx.duplicates.dismiss({ id: newId(), treeId, personAId: first, personBId: second, dismissedBy: actorId(actor), createdAt: deps.clock.now() });
      if (dismissed)
        await tx.audit.record(auditEntry(deps.clock, actorId(actor), 'duplicates.dismiss', { type: 'tree', id: treeId, treeId }, { person_ids: [first, second] }));
      return ok({ dismissed });
    });
