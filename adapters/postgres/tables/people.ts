// The people slice's tables: persons, names, places, events, relationships.
import type {
  EventType, LifeEvent, Name, NameType, ParentChildQualifier, Person, PersonIdentifier, PersonPrivacy, Place, Relationship,
  RelationshipType, Sex,
} from '../../../core/people/model.js';
import type { GenealogicalDate } from '../../../core/kernel/date.js';
import { date } from '../sql.js';
import { deletionColumns, deletionOf, iso, type DeletionDb, type Table } from './table.js';

export type PersonDb = DeletionDb & {
  id: string; tree_id: string; sex: Sex | null; is_living: boolean | null; privacy: PersonPrivacy; notes: string;
  identifiers: readonly PersonIdentifier[] | string | null; birth_year: number | null; has_death_fact: boolean | null; merged_into_id: string | null; created_at: string; updated_at: string;
};

export const persons: Table<Person, PersonDb> = {
  name: 'persons',
  columns: [
    ['id', 'uuid', (p) => p.id], ['tree_id', 'uuid', (p) => p.treeId], ['sex', 'text', (p) => p.sex], ['is_living', 'boolean', (p) => p.isLiving],
    ['privacy', 'text', (p) => p.privacy], ['notes', 'text', (p) => p.notes],
    ['identifiers', 'jsonb', (p) => (p.identifiers.length === 0 ? '[]' : JSON.stringify(p.identifiers.map((x) => ({ kind: x.kind, value: x.value, type: x.type }))))], ['birth_year', 'int', (p) => p.birthYear],
    ['has_death_fact', 'boolean', (p) => p.hasDeathFact], ['merged_into_id', 'uuid', (p) => p.mergedInto], ['created_at', 'timestamptz', (p) => iso(p.createdAt)],
    ['updated_at', 'timestamptz', (p) => iso(p.updatedAt)], ...deletionColumns<Person>(),
  ],
  // A row whose facts were never kept (written before they were, and not yet backfilled) reads as
  // "no death fact, unknown birth": possibly living, the side of doubt that withholds.
  from: (r) => ({
    id: r.id, treeId: r.tree_id, sex: r.sex, isLiving: r.is_living, privacy: r.privacy, notes: r.notes, identifiers: toIdentifiers(r.identifiers),
    birthYear: r.birth_year, hasDeathFact: r.has_death_fact === true, mergedInto: r.merged_into_id ?? null, createdAt: date(r.created_at), updatedAt: date(r.updated_at),
    ...deletionOf(r),
  }),
};

/** The stored jsonb back to identifiers (a row selected through to_jsonb or json_agg may bring it as text or null). */
const toIdentifiers = (v: PersonDb['identifiers']): readonly PersonIdentifier[] => {
  if (v === null) return [];
  const list = (typeof v === 'string' ? JSON.parse(v) : v) as readonly PersonIdentifier[];
  return list.map((x) => ({ kind: x.kind, value: x.value, type: x.type ?? null }));
};

export type NameDb = DeletionDb & {
  id: string; tree_id: string; person_id: string; name_type: NameType; given_name: string; surname: string; prefix: string; suffix: string; surname_prefix: string; is_primary: boolean; notes: string | null;
  created_at: string;
};

export const names: Table<Name, NameDb> = {
  name: 'names',
  columns: [
    ['id', 'uuid', (n) => n.id], ['tree_id', 'uuid', (n) => n.treeId], ['person_id', 'uuid', (n) => n.personId], ['name_type', 'text', (n) => n.nameType],
    ['given_name', 'text', (n) => n.givenName], ['surname', 'text', (n) => n.surname], ['prefix', 'text', (n) => n.prefix], ['suffix', 'text', (n) => n.suffix],
    ['surname_prefix', 'text', (n) => n.surnamePrefix], ['is_primary', 'boolean', (n) => n.isPrimary],
    ['notes', 'text', (n) => n.notes], ['created_at', 'timestamptz', (n) => iso(n.createdAt)], ...deletionColumns<Name>(),
  ],
  from: (r) => ({
    id: r.id, treeId: r.tree_id, personId: r.person_id, nameType: r.name_type, givenName: r.given_name, surname: r.surname,
    prefix: r.prefix ?? '', suffix: r.suffix ?? '', surnamePrefix: r.surname_prefix ?? '', isPrimary: r.is_primary, notes: r.notes ?? '', createdAt: date(r.created_at), ...deletionOf(r),
  }),
};

export type PlaceDb = { id: string; tree_id: string; name: string; latitude?: number | null; longitude?: number | null };

export const places: Table<Place, PlaceDb> = {
  name: 'places',
  columns: [
    ['id', 'uuid', (p) => p.id], ['tree_id', 'uuid', (p) => p.treeId], ['name', 'text', (p) => p.name.trim()],
    ['latitude', 'double precision', (p) => p.latitude], ['longitude', 'double precision', (p) => p.longitude],
  ],
  from: (r) => ({ id: r.id, treeId: r.tree_id, name: r.name, latitude: r.latitude ?? null, longitude: r.longitude ?? null }),
};

export type EventDb = DeletionDb & {
  id: string; tree_id: string; type: EventType; custom_type: string | null; person_id: string | null; partnership_id: string | null;
  date: Record<string, unknown> | string | null; place_id: string | null; notes: string; detail: string; cause?: string; temple: string | null; ordinance_status: string | null;
  created_at: string; updated_at: string;
};

const dateKeys = ['calendar', 'dualYear', 'year', 'month', 'day', 'endYear', 'endMonth', 'endDay', 'text'] as const;

/** The stored jsonb back to a GenealogicalDate: absent (or null) keys stay absent. */
export const toDate = (v: EventDb['date']): GenealogicalDate | null => {
  if (v === null) return null;
  const o = (typeof v === 'string' ? JSON.parse(v) : v) as Record<string, unknown>;
  const out: Record<string, unknown> = { qualifier: o['qualifier'] };
  for (const k of dateKeys) if (o[k] !== undefined && o[k] !== null) out[k] = o[k];
  return out as GenealogicalDate;
};

export const events: Table<LifeEvent, EventDb> = {
  name: 'events',
  columns: [
    ['id', 'uuid', (e) => e.id], ['tree_id', 'uuid', (e) => e.treeId], ['type', 'text', (e) => e.type], ['custom_type', 'text', (e) => e.customType],
    ['person_id', 'uuid', (e) => e.personId], ['partnership_id', 'uuid', (e) => e.partnershipId],
    // JSON.stringify drops undefined keys, so the stored document has only the keys present.
    ['date', 'jsonb', (e) => (e.date === null ? null : JSON.stringify(e.date))], ['place_id', 'uuid', (e) => e.placeId], ['notes', 'text', (e) => e.notes],
    ['detail', 'text', (e) => e.detail], ['cause', 'text', (e) => e.cause], ['temple', 'text', (e) => e.temple], ['ordinance_status', 'text', (e) => e.ordinanceStatus],
    ['created_at', 'timestamptz', (e) => iso(e.createdAt)], ['updated_at', 'timestamptz', (e) => iso(e.updatedAt)],
    ...deletionColumns<LifeEvent>(),
  ],
  from: (r) => ({
    id: r.id, treeId: r.tree_id, type: r.type, customType: r.custom_type, personId: r.person_id, partnershipId: r.partnership_id,
    date: toDate(r.date), placeId: r.place_id, notes: r.notes, detail: r.detail, cause: r.cause ?? '',
    temple: r.temple ?? null, ordinanceStatus: r.ordinance_status ?? null, createdAt: date(r.created_at), updatedAt: date(r.updated_at),
    ...deletionOf(r),
  }),
};

export type RelationshipDb = DeletionDb & {
  id: string; tree_id: string; type: RelationshipType; person_a_id: string; person_b_id: string; qualifier: ParentChildQualifier | null;
  role: string | null; notes: string; created_at: string; updated_at: string;
};

export const relationships: Table<Relationship, RelationshipDb> = {
  name: 'relationships',
  columns: [
    ['id', 'uuid', (r) => r.id], ['tree_id', 'uuid', (r) => r.treeId], ['type', 'text', (r) => r.type], ['person_a_id', 'uuid', (r) => r.personAId],
    ['person_b_id', 'uuid', (r) => r.personBId], ['qualifier', 'text', (r) => r.qualifier], ['role', 'text', (r) => r.role],
    ['notes', 'text', (r) => r.notes],
    ['created_at', 'timestamptz', (r) => iso(r.createdAt)], ['updated_at', 'timestamptz', (r) => iso(r.updatedAt)], ...deletionColumns<Relationship>(),
  ],
  from: (r) => ({
    id: r.id, treeId: r.tree_id, type: r.type, personAId: r.person_a_id, personBId: r.person_b_id, qualifier: r.qualifier, role: r.role ?? null,
    notes: r.notes, createdAt: date(r.created_at), updatedAt: date(r.updated_at), ...deletionOf(r),
  }),
};
