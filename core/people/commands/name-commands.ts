// One file for the four name commands: they share the person lookup and the one-primary invariant.
import { actorId, type Actor } from '../../kernel/actor.js';
import { auditEntry } from '../../kernel/audit-entry.js';
import { editableRecord } from '../../trees/editable.js';
import { E, fail, ok, type AsyncResult, type Result } from '../../kernel/either.js';
import { conflict, notFound } from '../../kernel/errors.js';
import { newId, type Id } from '../../kernel/ids.js';
import type { Stores } from '../../stores.js';
import type { CommandDeps } from '../../deps.js';
import type { Name, NameType, Person } from '../model.js';

export type NameInput = {
  readonly nameType?: NameType; readonly givenName?: string; readonly surname?: string;
  /** NPFX, NSFX, SPFX: trimmed like the given name and surname. */
  readonly prefix?: string; readonly suffix?: string; readonly surnamePrefix?: string;
  readonly isPrimary?: boolean; readonly notes?: string;
};

type Deps = CommandDeps<'trees' | 'memberships' | 'persons' | 'names' | 'audit'>;
type Tx = Pick<Stores, 'trees' | 'memberships' | 'persons' | 'names'>;

const editablePerson = async (tx: Tx, actor: Actor, personId: Id): Promise<Result<Person>> =>
  E.map((f: { record: Person }) => f.record)(await editableRecord(tx, actor, 'person', personId, await tx.persons.byId(personId)));

/** The person's name `nameId` with all their live names, once the actor may edit the person. */
const editableName = async (tx: Tx, actor: Actor, personId: Id, nameId: Id): Promise<Result<{ name: Name; all: readonly Name[] }>> => {
  const person = await editablePerson(tx, actor, personId);
  if (E.isLeft(person)) return person;
  const all = await tx.names.listByPersons([personId]);
  const name = all.find((n) => n.id === nameId);
  return name ? ok({ name, all }) : fail(notFound('name', nameId));
};

/** Makes `name` the only primary among `all`. */
const makeOnlyPrimary = async (tx: Pick<Stores, 'names'>, name: Name, all: readonly Name[]): Promise<Name> => {
  for (const other of all) if (other.isPrimary && other.id !== name.id) await tx.names.update({ ...other, isPrimary: false });
  const next = { ...name, isPrimary: true };
  await tx.names.update(next);
  return next;
};

export const createName =
  (deps: Deps) =>
  async (actor: Actor, personId: Id, input: NameInput): AsyncResult<Name> =>
    deps.storage.uow.run(async (tx) => {
      const person = await editablePerson(tx, actor, personId);
      if (E.isLeft(person)) return person;
      const all = await tx.names.listByPersons([personId]);
      const name: Name = {
        id: newId(), treeId: person.right.treeId, personId, nameType: input.nameType ?? 'birth', givenName: input.givenName?.trim() ?? '',
        surname: input.surname?.trim() ?? '', prefix: input.prefix?.trim() ?? '', suffix: input.suffix?.trim() ?? '', surnamePrefix: input.surnamePrefix?.trim() ?? '', isPrimary: false, notes: input.notes ?? '', createdAt: deps.clock.now(), deletedAt: null, deletionId: null,
      };
      await tx.names.insert(name);
      const saved = input.isPrimary || all.length === 0 ? await makeOnlyPrimary(tx, name, all) : name;
      await tx.audit.record(auditEntry(deps.clock, actorId(actor), 'name.create', { type: 'name', id: name.id, treeId: name.treeId }, { person_id: personId, name_type: name.nameType }));
      return ok(saved);
    });

export const updateName =
  (deps: Deps) =>
  async (actor: Actor, personId: Id, nameId: Id, input: NameInput): AsyncResult<Name> =>
    deps.storage.uow.run(async (tx) => {
      const found = await editableName(tx, actor, personId, nameId);
      if (E.isLeft(found)) return found;
      const { name, all } = found.right;
      if (input.isPrimary === false && name.isPrimary) return fail(conflict('primary_required', 'A person keeps one primary name: make another name primary instead.'));
      const next: Name = {
        ...name, nameType: input.nameType ?? name.nameType, givenName: input.givenName?.trim() ?? name.givenName, surname: input.surname?.trim() ?? name.surname,
        prefix: input.prefix?.trim() ?? name.prefix, suffix: input.suffix?.trim() ?? name.suffix, surnamePrefix: input.surnamePrefix?.trim() ?? name.surnamePrefix, notes: input.notes ?? name.notes,
      };
      await tx.names.update(next);
      const saved = input.isPrimary === true ? await makeOnlyPrimary(tx, next, all) : next;
      await tx.audit.record(auditEntry(deps.clock, actorId(actor), 'name.update', { type: 'name', id: nameId, treeId: name.treeId }, { person_id: personId }));
      return ok(saved);
    });

/** Deleting the primary promotes the oldest other name; a person's only name cannot go (409). */
export const deleteName =
  (deps: Deps) =>
  async (actor: Actor, personId: Id, nameId: Id): AsyncResult<void> =>
    deps.storage.uow.run(async (tx) => {
      const found = await editableName(tx, actor, personId, nameId);
      if (E.isLeft(found)) return found;
      const { name, all } = found.right;
      const others = all.filter((n) => n.id !== nameId);
      if (others.length === 0) return fail(conflict('last_name', 'A person keeps at least one name.'));
      await tx.names.update({ ...name, isPrimary: false, deletedAt: deps.clock.now() });
      const heir = [...others].sort((a, b) => (a.id < b.id ? -1 : 1))[0]!;
      if (name.isPrimary) await makeOnlyPrimary(tx, heir, others);
      await tx.audit.record(auditEntry(deps.clock, actorId(actor), 'name.delete', { type: 'name', id: nameId, treeId: name.treeId }, { person_id: personId, promoted: name.isPrimary ? heir.id : null }));
      return ok(undefined);
    });

export const makePrimaryName =
  (deps: Deps) =>
  async (actor: Actor, personId: Id, nameId: Id): AsyncResult<Name> =>
    deps.storage.uow.run(async (tx) => {
      const found = await editableName(tx, actor, personId, nameId);
      if (E.isLeft(found)) return found;
      const saved = await makeOnlyPrimary(tx, found.right.name, found.right.all);
      await tx.audit.record(auditEntry(deps.clock, actorId(actor), 'name.make_primary', { type: 'name', id: nameId, treeId: saved.treeId }, { person_id: personId }));
      return ok(saved);
    });
