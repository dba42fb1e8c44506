import type { Clock } from '../kernel/clock.js';
import type { GenealogicalDate } from '../kernel/date.js';
import { newId } from '../kernel/ids.js';
import type { Stores } from '../stores.js';
import type { DomainError } from '../kernel/errors.js';
import { checkDate } from './date.js';
import { checkIdentifiers } from './identifiers.js';
import type { LifeEvent, Person, PersonIdentifier, PersonPrivacy, Sex } from './model.js';

/** The `birth`/`death` shorthand of the person record: one source of truth, the events themselves. */
export type VitalInput = { readonly date?: GenealogicalDate | null; readonly place?: string | null };

/** What create and patch of a person accept; on patch, absent fields stay as they are. */
export type PersonInput = {
  readonly givenName?: string;
  readonly surname?: string;
  readonly sex?: Sex | null;
  readonly isLiving?: boolean | null;
  readonly privacy?: PersonPrivacy;
  readonly notes?: string;
  /** The whole list: replaces the person's identifiers. */
  readonly identifiers?: readonly PersonIdentifier[];
  readonly birth?: VitalInput | null;
  readonly death?: VitalInput | null;
};

/** The first invalid birth or death date, or identifier, of a person input, if any. */
export const checkVitalDates = (input: PersonInput): DomainError | null => {
  const badIds = checkIdentifiers(input.identifiers);
  if (badIds) return badIds;
  for (const [field, vital] of [['birth', input.birth], ['death', input.death]] as const) {
    const bad = vital?.date ? checkDate(vital.date, `${field}.date`) : null;
    if (bad) return bad;
  }
  return null;
};

/**
 * Writes the person's birth or death: updates their existing birth/death event, or creates one;
 * `null` soft-deletes it. Returns nothing: the person read derives it from the events.
 */
export const writeVital = async (
  tx: Pick<Stores, 'events' | 'places'>,
  clock: Clock,
  person: Person,
  kind: 'birth' | 'death',
  input: VitalInput | null,
  existing?: LifeEvent,
): Promise<void> => {
  const now = clock.now();
  if (input === null) {
    if (existing) await tx.events.update({ ...existing, deletedAt: now, updatedAt: now });
    return;
  }
  const placeText = input.place?.trim() ?? '';
  const placeId = input.place === undefined ? (existing?.placeId ?? null) : placeText === '' ? null : (await tx.places.ensure(person.treeId, placeText, newId())).id;
  const date = input.date === undefined ? (existing?.date ?? null) : input.date;
  if (existing) {
    await tx.events.update({ ...existing, date, placeId, updatedAt: now });
    return;
  }
  await tx.events.insert({
    id: newId(), treeId: person.treeId, type: kind, customType: null, personId: person.id, partnershipId: null, date, placeId,
    notes: '', detail: '', cause: '', temple: null, ordinanceStatus: null, createdAt: now, updatedAt: now, deletedAt: null, deletionId: null,
  });
};
