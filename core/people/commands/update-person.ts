import type { Actor } from '../../kernel/actor.js';
import { editableRecord } from '../../trees/editable.js';
import { E, fail, ok, type AsyncResult } from '../../kernel/either.js';
import type { Id } from '../../kernel/ids.js';
import type { CommandDeps } from '../../deps.js';
import type { Person } from '../model.js';
import { checkVitalDates, type PersonInput } from '../write-vital.js';
import { writePersonChanges } from './write-person-changes.js';

export type UpdatePersonInput = PersonInput;

/** Patches vitals, flags, notes and the primary name's parts (editor). Absent fields stay as they are. */
export const updatePerson =
  (deps: CommandDeps<'trees' | 'memberships' | 'persons' | 'names' | 'events' | 'places' | 'audit' | 'bulk'>) =>
  async (actor: Actor, personId: Id, input: UpdatePersonInput): AsyncResult<Person> => {
    const bad = checkVitalDates(input);
    if (bad) return fail(bad);
    return deps.storage.uow.run(async (tx) => {
      const found = await editableRecord(tx, actor, 'person', personId, await tx.persons.byId(personId));
      if (E.isLeft(found)) return found;
      const [next] = await writePersonChanges(tx, deps.clock, actor, [{ person: found.right.record, input }]);
      return ok(next!);
    });
  };
