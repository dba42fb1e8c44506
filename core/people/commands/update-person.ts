import { actorId, type Actor } from '../../shared/actor.js';
import type { JsonValue } from '../../shared/audit.js';
import { auditEntry } from '../../shared/audit-entry.js';
import { E, fail, ok, type AsyncResult } from '../../shared/either.js';
import type { Id } from '../../shared/ids.js';
import type { RecordDeps } from '../deps.js';
import { editableRecord } from '../editable.js';
import type { Person } from '../model.js';
import { primaryNames, vitalEvents } from '../vitals.js';
import { checkVitalDates, writeVital, type PersonInput } from '../write-vital.js';

export type UpdatePersonInput = PersonInput;

/** Patches vitals, flags, notes and the primary name's parts (editor). Absent fields stay as they are. */
export const updatePerson =
  (deps: Pick<RecordDeps, 'storage' | 'clock'>) =>
  async (actor: Actor, personId: Id, input: UpdatePersonInput): AsyncResult<Person> => {
    const bad = checkVitalDates(input);
    if (bad) return fail(bad);
    return deps.storage.uow.run(async (tx) => {
      const found = await editableRecord(tx, actor, 'person', personId, await tx.persons.byId(personId));
      if (E.isLeft(found)) return found;
      const person = found.right.record;
      const now = deps.clock.now();
      const next: Person = {
        ...person,
        sex: input.sex === undefined ? person.sex : input.sex,
        isLiving: input.isLiving === undefined ? person.isLiving : input.isLiving,
        privacy: input.privacy ?? person.privacy,
        notes: input.notes ?? person.notes,
        updatedAt: now,
      };
      await tx.persons.update(next);
      const changed: Record<string, JsonValue> = {};
      for (const [k, v] of Object.entries({ sex: input.sex, is_living: input.isLiving, privacy: input.privacy, notes: input.notes })) if (v !== undefined) changed[k] = v;
      if (input.givenName !== undefined || input.surname !== undefined) {
        const names = await tx.names.listByPersons([personId]);
        const primary = primaryNames(names).get(personId);
        if (primary) {
          await tx.names.update({ ...primary, givenName: input.givenName?.trim() ?? primary.givenName, surname: input.surname?.trim() ?? primary.surname, isPrimary: true });
        }
        if (input.givenName !== undefined) changed['given_name'] = input.givenName;
        if (input.surname !== undefined) changed['surname'] = input.surname;
      }
      if (input.birth !== undefined || input.death !== undefined) {
        const vitals = vitalEvents((await tx.events.listByPersons([personId])).filter((e) => e.personId === personId)).get(personId) ?? {};
        // Only the person's own birth/death facts are written here; baptism or burial stay untouched.
        if (input.birth !== undefined) await writeVital(tx, deps.clock, next, 'birth', input.birth, vitals.birth?.type === 'birth' ? vitals.birth : undefined);
        if (input.death !== undefined) await writeVital(tx, deps.clock, next, 'death', input.death, vitals.death?.type === 'death' ? vitals.death : undefined);
        if (input.birth !== undefined) changed['birth'] = input.birth === null ? null : 'set';
        if (input.death !== undefined) changed['death'] = input.death === null ? null : 'set';
      }
      await tx.audit.record(auditEntry(deps.clock, actorId(actor), 'person.update', { type: 'person', id: personId, treeId: person.treeId }, changed));
      return ok(next);
    });
  };
