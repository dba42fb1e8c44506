import { actorId, type Actor } from '../../kernel/actor.js';
import { auditEntry } from '../../kernel/audit-entry.js';
import { E, fail, ok, type AsyncResult } from '../../kernel/either.js';
import { invalidInput } from '../../kernel/errors.js';
import { newId, type Id } from '../../kernel/ids.js';
import type { CommandDeps } from '../../deps.js';
import { accessTree } from '../../trees/access.js';
import { keepLifeFacts } from '../keep-life-facts.js';
import { cleanIdentifiers } from '../identifiers.js';
import type { Person } from '../model.js';
import { checkVitalDates, writeVital, type PersonInput } from '../write-vital.js';

export type CreatePersonInput = PersonInput;

/** Creates a person with a primary birth name and, when given, birth and death events (editor). */
export const createPerson =
  (deps: CommandDeps<'trees' | 'memberships' | 'persons' | 'names' | 'events' | 'places' | 'audit'>) =>
  async (actor: Actor, treeId: Id, input: CreatePersonInput): AsyncResult<Person> => {
    const bad = checkVitalDates(input);
    if (bad) return fail(bad);
    // A person with no name at all is a choice the client makes by saying so ("" for each part),
    // never what a mistyped field (`first_name`) or an empty body silently leaves.
    if (input.givenName === undefined && input.surname === undefined)
      return fail(invalidInput('name_required', 'Give the person a given_name or a surname; send "" for a part that is unknown.', [
        { path: 'given_name', message: 'required unless surname is given ("" when unknown)' },
      ]));
    return deps.storage.uow.run(async (tx) => {
      const access = await accessTree(tx, actor, treeId, 'editor');
      if (E.isLeft(access)) return access;
      const now = deps.clock.now();
      const person: Person = {
        id: newId(),
        treeId,
        sex: input.sex ?? null,
        isLiving: input.isLiving ?? null,
        privacy: input.privacy ?? 'default',
        notes: input.notes ?? '',
        identifiers: cleanIdentifiers(input.identifiers ?? []),
        birthYear: null,
        hasDeathFact: false,
        mergedInto: null,
        createdAt: now,
        updatedAt: now,
        deletedAt: null,
        deletionId: null,
      };
      await tx.persons.insert(person);
      await tx.names.insert({
        id: newId(), treeId, personId: person.id, nameType: 'birth', givenName: input.givenName?.trim() ?? '', surname: input.surname?.trim() ?? '',
        prefix: '', suffix: '', surnamePrefix: '', isPrimary: true, notes: '', createdAt: now, deletedAt: null, deletionId: null,
      });
      if (input.birth) await writeVital(tx, deps.clock, person, 'birth', input.birth);
      if (input.death) await writeVital(tx, deps.clock, person, 'death', input.death);
      if (input.birth || input.death) await keepLifeFacts(tx, [person.id]);
      await tx.audit.record(auditEntry(deps.clock, actorId(actor), 'person.create', { type: 'person', id: person.id, treeId }));
      return ok(person);
    });
  };
