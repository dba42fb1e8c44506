import type { Actor } from '../kernel/actor.js';
import { editableRecord } from '../trees/editable.js';
import { E, fail, ok, type Result } from '../kernel/either.js';
import { invalidInput } from '../kernel/errors.js';
import type { Id } from '../kernel/ids.js';
import type { Stores } from '../stores.js';
import type { Person } from '../people/model.js';

/**
 * The two persons of a merge, checked as the merge and its preview both check them: the kept one
 * live and editable by the actor (else 404/403 as a person write), the other a different live person
 * of the same tree (else 422 at `other_id`).
 */
export const mergePair = async (
  tx: Pick<Stores, 'trees' | 'memberships' | 'persons'>,
  actor: Actor,
  keptId: Id,
  otherId: Id,
): Promise<Result<{ readonly kept: Person; readonly other: Person }>> => {
  const found = await editableRecord(tx, actor, 'person', keptId, await tx.persons.byId(keptId));
  if (E.isLeft(found)) return found;
  const kept = found.right.record;
  const bad = (message: string) => fail(invalidInput('invalid_input', 'These persons cannot be merged.', [{ path: 'other_id', message }]));
  if (otherId === keptId) return bad('a person cannot be merged with itself');
  const other = await tx.persons.byId(otherId);
  if (other === null || other.treeId !== kept.treeId || other.deletedAt !== null) return bad('names no live person of this tree');
  return ok({ kept, other });
};
