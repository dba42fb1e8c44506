import { actorId, type Actor } from '../../kernel/actor.js';
import type { AuditEntry, JsonValue } from '../../kernel/audit.js';
import { auditEntry } from '../../kernel/audit-entry.js';
import type { Clock } from '../../kernel/clock.js';
import { newId, type Id } from '../../kernel/ids.js';
import type { Stores } from '../../stores.js';
import { cleanIdentifiers } from '../identifiers.js';
import { keepLifeFacts } from '../keep-life-facts.js';
import type { Name, Person } from '../model.js';
import { primaryNames, vitalEvents } from '../vitals.js';
import { writeVital, type PersonInput } from '../write-vital.js';

/** One person, loaded live and editable by the actor, and the patch to apply to them. */
export type PersonChange = { readonly person: Person; readonly input: PersonInput };

/**
 * The write path of every person patch: PATCH /persons/{id} passes one change, the cleanup applies
 * pass thousands. Inside the caller's unit of work, after the caller has checked editor access and
 * that each person is live; persons are distinct. Absent fields stay as they are. Flags, notes and
 * the primary name's parts cost the same few statements for any number of persons (one read of the
 * names, one update of the persons, one of the names, one insert of the audit entries; a person left
 * with no name gets a new primary one); birth and
 * death, which only single patches send, write their events person by person. One `person.update`
 * audit entry per person, naming the fields the patch gave.
 */
export const writePersonChanges = async (
  tx: Pick<Stores, 'persons' | 'names' | 'events' | 'places' | 'audit' | 'bulk'>,
  clock: Clock,
  actor: Actor,
  changes: readonly PersonChange[],
): Promise<readonly Person[]> => {
  if (changes.length === 0) return [];
  const now = clock.now();
  const next = changes.map(({ person, input }): Person => ({
    ...person,
    sex: input.sex === undefined ? person.sex : input.sex,
    isLiving: input.isLiving === undefined ? person.isLiving : input.isLiving,
    privacy: input.privacy ?? person.privacy,
    notes: input.notes ?? person.notes,
    identifiers: input.identifiers === undefined ? person.identifiers : cleanIdentifiers(input.identifiers),
    updatedAt: now,
  }));
  await tx.persons.updateMany(next);

  const renamed = changes.filter(({ input }) => input.givenName !== undefined || input.surname !== undefined);
  if (renamed.length > 0) {
    const primary = primaryNames(await tx.names.listByPersons(renamed.map((c) => c.person.id)));
    const names: Name[] = [];
    const added: Name[] = [];
    for (const { person, input } of renamed) {
      const name = primary.get(person.id);
      if (name) names.push({ ...name, givenName: input.givenName?.trim() ?? name.givenName, surname: input.surname?.trim() ?? name.surname, isPrimary: true });
      // A person whose names were all deleted gets a primary birth name, as create does.
      else added.push({
        id: newId(), treeId: person.treeId, personId: person.id, nameType: 'birth', givenName: input.givenName?.trim() ?? '', surname: input.surname?.trim() ?? '',
        prefix: '', suffix: '', surnamePrefix: '', isPrimary: true, notes: '', createdAt: now, deletedAt: null, deletionId: null,
      });
    }
    await tx.names.updateMany(names);
    if (added.length > 0) await tx.bulk.insertAll({ persons: [], names: added, places: [], relationships: [], events: [], sources: [], citations: [] });
  }

  const withVitals = changes.filter(({ input }) => input.birth !== undefined || input.death !== undefined);
  if (withVitals.length > 0) {
    const byId = new Map(next.map((p) => [p.id, p]));
    const events = await tx.events.listByPersons(withVitals.map((c) => c.person.id));
    const vitals = vitalEvents(events.filter((e) => e.personId !== null));
    for (const { person, input } of withVitals) {
      const current = vitals.get(person.id) ?? {};
      const written = byId.get(person.id)!;
      // Only the person's own birth/death facts are written here; baptism or burial stay untouched.
      if (input.birth !== undefined) await writeVital(tx, clock, written, 'birth', input.birth, current.birth?.type === 'birth' ? current.birth : undefined);
      if (input.death !== undefined) await writeVital(tx, clock, written, 'death', input.death, current.death?.type === 'death' ? current.death : undefined);
    }
    await keepLifeFacts(tx, withVitals.map((c) => c.person.id));
  }

  const entries: AuditEntry[] = changes.map(({ person, input }) =>
    auditEntry(clock, actorId(actor), 'person.update', { type: 'person', id: person.id as Id, treeId: person.treeId }, changedFields(input)));
  await tx.audit.recordMany(entries);
  return next;
};

/**
 * The audit details of a patch: the fields it gave. Codes and flags as given (sex, privacy,
 * is_living), the number of identifiers; a text field (names, notes) as `true`, birth and death as
 * `true` when set and null when cleared: never their text, place or date (an audit entry outlives the
 * person, see core/kernel/audit-details.ts).
 */
const changedFields = (input: PersonInput): Record<string, JsonValue> => {
  const changed: Record<string, JsonValue> = {};
  for (const [k, v] of Object.entries({ sex: input.sex, is_living: input.isLiving, privacy: input.privacy })) if (v !== undefined) changed[k] = v;
  if (input.identifiers !== undefined) changed['identifiers'] = input.identifiers.length;
  for (const [k, v] of Object.entries({ given_name: input.givenName, surname: input.surname, notes: input.notes })) if (v !== undefined) changed[k] = true;
  if (input.birth !== undefined) changed['birth'] = input.birth === null ? null : true;
  if (input.death !== undefined) changed['death'] = input.death === null ? null : true;
  return changed;
};
