import type { GenealogicalDate } from '../kernel/date.js';
import type { Id } from '../kernel/ids.js';
import { dateDisplay } from './date.js';
import type { EventType, LifeEvent, Name, Person, Place } from './model.js';

export type Vital = { readonly eventId: Id; readonly date: GenealogicalDate | null; readonly dateDisplay: string | null; readonly place: string | null };

/** A person as a reader may see them: in full, or redacted to `Living person`. */
export type PersonView =
  | {
      readonly visibility: 'full';
      readonly person: Person;
      readonly displayName: string;
      readonly primary: Name | null;
      readonly birth: Vital | null;
      readonly death: Vital | null;
      /** All live names, when the read asks for them (single reads, `?ids=`). */
      readonly names?: readonly Name[];
    }
  | { readonly visibility: 'redacted'; readonly person: Pick<Person, 'id' | 'treeId'>; readonly displayName: 'Living person' };

const BIRTH = ['birth', 'baptism', 'christening'] as const;
const DEATH = ['death', 'burial', 'cremation'] as const;
/** The event types a person's vitals are read from. */
export const vitalTypes: readonly EventType[] = [...BIRTH, ...DEATH];

/** The person's birth (else baptism, else christening) and death (else burial, else cremation) events. */
export const vitalEvents = (events: readonly LifeEvent[]): ReadonlyMap<Id, { birth?: LifeEvent; death?: LifeEvent }> => {
  const out = new Map<Id, { birth?: LifeEvent; death?: LifeEvent }>();
  const better = (kinds: readonly string[], current: LifeEvent | undefined, next: LifeEvent): boolean =>
    current === undefined || kinds.indexOf(next.type) < kinds.indexOf(current.type);
  for (const e of events) {
    if (e.personId === null) continue;
    const slot = out.get(e.personId) ?? {};
    if ((BIRTH as readonly string[]).includes(e.type) && better(BIRTH, slot.birth, e)) slot.birth = e;
    if ((DEATH as readonly string[]).includes(e.type) && better(DEATH, slot.death, e)) slot.death = e;
    out.set(e.personId, slot);
  }
  return out;
};

export const vitalOf = (e: LifeEvent | undefined, places: ReadonlyMap<Id, Place>): Vital | null =>
  e === undefined ? null : { eventId: e.id, date: e.date, dateDisplay: dateDisplay(e.date), place: e.placeId === null ? null : (places.get(e.placeId)?.name ?? null) };

export const displayNameOf = (primary: Pick<Name, 'givenName' | 'surname'> | null | undefined): string => {
  const text = primary ? `${primary.givenName} ${primary.surname}`.trim() : '';
  return text === '' ? 'Unknown' : text;
};

/** Primary name per person (the first primary, else the first name). */
export const primaryNames = (names: readonly Name[]): ReadonlyMap<Id, Name> => {
  const out = new Map<Id, Name>();
  for (const n of names) {
    const seen = out.get(n.personId);
    if (seen === undefined || (n.isPrimary && !seen.isPrimary)) out.set(n.personId, n);
  }
  return out;
};
