// Create, update and delete of life events: they share the subject and place rules.
import { actorId, type Actor } from '../../kernel/actor.js';
import { auditEntry } from '../../kernel/audit-entry.js';
import type { GenealogicalDate } from '../../kernel/date.js';
import { editableRecord } from '../../trees/editable.js';
import { E, fail, ok, type AsyncResult } from '../../kernel/either.js';
import { badReference, invalidInput, type DomainError } from '../../kernel/errors.js';
import { newId, type Id } from '../../kernel/ids.js';
import type { Stores } from '../../stores.js';
import type { CommandDeps } from '../../deps.js';
import { livePartnership, livePerson } from '../references.js';
import { accessTree } from '../../trees/access.js';
import { checkDate } from '../date.js';
import { keepLifeFacts } from '../keep-life-facts.js';
import { isLdsEvent, MAX_CODE_LENGTH, type EventType, type LifeEvent } from '../model.js';

export type EventInput = {
  readonly type?: EventType;
  readonly customType?: string | null;
  readonly personId?: Id | null;
  readonly partnershipId?: Id | null;
  readonly date?: GenealogicalDate | null;
  readonly place?: string | null;
  readonly notes?: string;
  readonly detail?: string;
  /** What caused it (GEDCOM CAUS). */
  readonly cause?: string;
  /** LDS ordinance types only (else 422): the temple code and the ordinance status. */
  readonly temple?: string | null;
  readonly ordinanceStatus?: string | null;
};

type Deps = CommandDeps<'trees' | 'memberships' | 'persons' | 'relationships' | 'places' | 'events' | 'audit'>;

type Ordinance = { readonly temple: string | null; readonly ordinanceStatus: string | null };

const checkShape = (type: EventType, customType: string | null, date: GenealogicalDate | null, ordinance: Ordinance): DomainError | null => {
  if (type === 'custom' && (customType === null || customType.trim() === ''))
    return invalidInput('invalid_input', 'A custom event needs custom_type.', [{ path: 'custom_type', message: 'required when type is custom' }]);
  for (const [path, value] of [['temple', ordinance.temple], ['ordinance_status', ordinance.ordinanceStatus]] as const) {
    if (value === null) continue;
    if (!isLdsEvent(type)) return invalidInput('invalid_input', `Only an LDS ordinance has ${path}.`, [{ path, message: 'only for lds_* types' }]);
    if ([...value].length > MAX_CODE_LENGTH) return invalidInput('invalid_input', `${path} has at most ${MAX_CODE_LENGTH} characters.`, [{ path, message: `at most ${MAX_CODE_LENGTH} characters` }]);
  }
  return date ? checkDate(date, 'date') : null;
};

const subjectError = (): DomainError =>
  invalidInput('invalid_subject', 'An event has exactly one subject: a person or a partnership.', [
    { path: 'person_id', message: 'exactly one of person_id and partnership_id' },
  ]);

/** Checks the subject exists in the tree (live), and resolves the place text to the tree's place. */
const resolve = async (tx: Pick<Stores, 'persons' | 'relationships' | 'places'>, treeId: Id, personId: Id | null, partnershipId: Id | null, place: string | null | undefined, current: Id | null) => {
  if ((personId === null) === (partnershipId === null)) return fail(subjectError());
  if (personId !== null && (await livePerson(tx, treeId, personId)) === null) return fail(badReference('person_id', 'person'));
  if (partnershipId !== null && (await livePartnership(tx, treeId, partnershipId)) === null) return fail(badReference('partnership_id', 'partnership'));
  if (place === undefined) return ok(current);
  const text = place?.trim() ?? '';
  return ok(text === '' ? null : (await tx.places.ensure(treeId, text, newId())).id);
};

/** Stored trimmed; blank text is no value. */
const blankToNull = (v: string | null | undefined): string | null => (v === undefined || v === null || v.trim() === '' ? null : v.trim());

export const createEvent =
  (deps: Deps) =>
  async (actor: Actor, treeId: Id, input: EventInput & { readonly type: EventType }): AsyncResult<LifeEvent> => {
    const ordinance = { temple: blankToNull(input.temple), ordinanceStatus: blankToNull(input.ordinanceStatus) };
    const bad = checkShape(input.type, input.customType ?? null, input.date ?? null, ordinance);
    if (bad) return fail(bad);
    return deps.storage.uow.run(async (tx) => {
      const access = await accessTree(tx, actor, treeId, 'editor');
      if (E.isLeft(access)) return access;
      const placeId = await resolve(tx, treeId, input.personId ?? null, input.partnershipId ?? null, input.place, null);
      if (E.isLeft(placeId)) return placeId;
      const now = deps.clock.now();
      const event: LifeEvent = {
        id: newId(), treeId, type: input.type, customType: input.type === 'custom' ? (input.customType ?? null) : null,
        personId: input.personId ?? null, partnershipId: input.partnershipId ?? null, date: input.date ?? null, placeId: placeId.right,
        notes: input.notes ?? '', detail: input.detail ?? '', cause: input.cause ?? '', ...ordinance, createdAt: now, updatedAt: now, deletedAt: null, deletionId: null,
      };
      await tx.events.insert(event);
      await keepLifeFacts(tx, [event.personId]);
      await tx.audit.record(auditEntry(deps.clock, actorId(actor), 'event.create', { type: 'event', id: event.id, treeId }, { type: event.type, person_id: event.personId, partnership_id: event.partnershipId }));
      return ok(event);
    });
  };

export const updateEvent =
  (deps: Deps) =>
  async (actor: Actor, eventId: Id, input: EventInput): AsyncResult<LifeEvent> =>
    deps.storage.uow.run(async (tx) => {
      const found = await editableRecord(tx, actor, 'event', eventId, await tx.events.byId(eventId));
      if (E.isLeft(found)) return found;
      const e = found.right.record;
      const type = input.type ?? e.type;
      const customType = type === 'custom' ? (input.customType === undefined ? e.customType : input.customType) : null;
      const date = input.date === undefined ? e.date : input.date;
      // Changing an ordinance to another type drops its temple and status unless the patch gives them.
      const keep = isLdsEvent(type);
      const ordinance = {
        temple: input.temple === undefined ? (keep ? e.temple : null) : blankToNull(input.temple),
        ordinanceStatus: input.ordinanceStatus === undefined ? (keep ? e.ordinanceStatus : null) : blankToNull(input.ordinanceStatus),
      };
      const bad = checkShape(type, customType, date, ordinance);
      if (bad) return fail(bad);
      const personId = input.personId === undefined ? e.personId : input.personId;
      const partnershipId = input.partnershipId === undefined ? e.partnershipId : input.partnershipId;
      const placeId = await resolve(tx, e.treeId, personId, partnershipId, input.place, e.placeId);
      if (E.isLeft(placeId)) return placeId;
      const next: LifeEvent = {
        ...e, type, customType, personId, partnershipId, date, placeId: placeId.right,
        notes: input.notes ?? e.notes, detail: input.detail ?? e.detail, cause: input.cause ?? e.cause, ...ordinance, updatedAt: deps.clock.now(),
      };
      await tx.events.update(next);
      await keepLifeFacts(tx, [e.personId, next.personId]);
      await tx.audit.record(auditEntry(deps.clock, actorId(actor), 'event.update', { type: 'event', id: eventId, treeId: e.treeId }, { type }));
      return ok(next);
    });

export const deleteEvent =
  (deps: CommandDeps<'trees' | 'memberships' | 'persons' | 'events' | 'audit'>) =>
  async (actor: Actor, eventId: Id): AsyncResult<void> =>
    deps.storage.uow.run(async (tx) => {
      const found = await editableRecord(tx, actor, 'event', eventId, await tx.events.byId(eventId));
      if (E.isLeft(found)) return found;
      const e = found.right.record;
      await tx.events.update({ ...e, deletedAt: deps.clock.now() });
      await keepLifeFacts(tx, [e.personId]);
      await tx.audit.record(auditEntry(deps.clock, actorId(actor), 'event.delete', { type: 'event', id: eventId, treeId: e.treeId }, { type: e.type }));
      return ok(undefined);
    });
