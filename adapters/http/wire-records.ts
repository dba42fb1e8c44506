import * as t from 'io-ts';
import type { Name, PersonIdentifier } from '../../core/people/model.js';
import type { GenealogicalDate } from '../../core/kernel/date.js';
import {
  DateCodec, EventTypeCodec, Int, NameTypeCodec, PersonIdentifierCodec, PrivacyCodec, QualifierCodec, RelationshipTypeCodec, SexCodec, type DateWire,
} from '../../core/people/bodies.js';
import { dateDisplay } from '../../core/people/date.js';
import type { RelationshipView } from '../../core/privacy/relationship-view.js';
import type { PersonView, Vital } from '../../core/people/vitals.js';
import type { EventView } from '../../core/people/queries/event-views.js';
import type { Citation, Repository, Source } from '../../core/sources/model.js';
import type { TreeRead } from '../../core/trees/model.js';
import { named } from './openapi/json-schema.js';
import { Nullable, Timestamp, Uuid, VisibilityCodec } from './wire.js';
import type { PersonAnswer } from '../../core/people/queries/get-person-json.js';

// The codecs request bodies share are core's (core/people/bodies.ts), re-exported here for the routes.
export {
  CodeText, DateCodec, EventTypeCodec, IdentifierKindCodec, IdentifiersCodec, NameTypeCodec, PersonIdentifierCodec, PrivacyCodec, QualifierCodec,
  RelationshipTypeCodec, SexCodec, VitalInputCodec, dateFromWire, identifiersFromWire,
} from '../../core/people/bodies.js';

export const dateWire = (d: GenealogicalDate | null): DateWire | null =>
  d === null
    ? null
    : {
        qualifier: d.qualifier,
        ...(d.calendar === undefined ? {} : { calendar: d.calendar }),
        ...(d.dualYear === true ? { dual_year: true } : {}),
        ...(d.year === undefined ? {} : { year: d.year as t.Int }),
        ...(d.month === undefined ? {} : { month: d.month as t.Int }),
        ...(d.day === undefined ? {} : { day: d.day as t.Int }),
        ...(d.endYear === undefined ? {} : { end_year: d.endYear as t.Int }),
        ...(d.endMonth === undefined ? {} : { end_month: d.endMonth as t.Int }),
        ...(d.endDay === undefined ? {} : { end_day: d.endDay as t.Int }),
        ...(d.text === undefined ? {} : { text: d.text }),
      };

export const VitalRead = named('VitalRead', t.type({ event_id: Uuid, date: Nullable(DateCodec), date_display: Nullable(t.string), place: Nullable(t.string) }));

export const NameRead = named('NameRead', t.type({
  id: Uuid, person_id: Uuid, name_type: NameTypeCodec, given_name: t.string, surname: t.string, prefix: t.string, suffix: t.string, surname_prefix: t.string,
  is_primary: t.boolean, notes: t.string,
}));

export const PersonRead = named('PersonRead', t.intersection([
  t.type({
    id: Uuid,
    tree_id: Uuid,
    display_name: t.string,
    given_name: Nullable(t.string),
    surname: Nullable(t.string),
    sex: Nullable(SexCodec),
    is_living: Nullable(t.boolean),
    privacy: Nullable(PrivacyCodec),
    notes: Nullable(t.string),
    /** Null for a redacted person, as are notes. */
    identifiers: Nullable(t.array(PersonIdentifierCodec)),
    birth: Nullable(VitalRead),
    death: Nullable(VitalRead),
    redacted: t.boolean,
    /** The person this one was merged into (a deleted person only: `?deleted=true` lists); null otherwise and when redacted. */
    merged_into: Nullable(Uuid),
    created_at: Nullable(Timestamp),
    updated_at: Nullable(Timestamp),
  }),
  // With `?ids=`, search results and single reads: the person's names (empty when redacted).
  t.partial({ names: t.array(NameRead) }),
]));

export const EventRead = named('EventRead', t.type({
  id: Uuid, tree_id: Uuid, type: EventTypeCodec, custom_type: Nullable(t.string), person_id: Nullable(Uuid), partnership_id: Nullable(Uuid),
  date: Nullable(DateCodec), date_display: Nullable(t.string), place_id: Nullable(Uuid), place: Nullable(t.string),
  place_latitude: Nullable(t.number), place_longitude: Nullable(t.number), notes: t.string, detail: t.string, cause: t.string,
  /** LDS ordinances only: the temple code (TEMP) and the ordinance status (STAT); null for other types. */
  temple: Nullable(t.string), ordinance_status: Nullable(t.string),
}));

export const RelationshipRead = named('RelationshipRead', t.type({
  id: Uuid, tree_id: Uuid, type: RelationshipTypeCodec, person_a_id: Uuid, person_b_id: Uuid, qualifier: Nullable(QualifierCodec),
  /** An association's role (what person b is to person a); null for other types. */
  role: Nullable(t.string),
  /** Null (as are the qualifier and role) for a non-member when either person is not fully visible. */
  notes: Nullable(t.string),
}));

const RecordedEventsRead = named('RecordedEventsRead', t.type({ events: t.string, date: t.string, place: t.string }));
const RepositoryLinkRead = named('RepositoryLinkRead', t.type({ repository_id: Uuid, call_number: t.string }));

export const SourceRead = named('SourceRead', t.type({
  id: Uuid, tree_id: Uuid, title: t.string, author: t.string, publication: t.string, notes: t.string, abbreviation: t.string,
  recorded_events: t.array(RecordedEventsRead), agency: t.string, data_notes: t.string, repositories: t.array(RepositoryLinkRead),
  created_at: Timestamp, updated_at: Timestamp,
}));

export const RepositoryRead = named('RepositoryRead', t.type({
  id: Uuid, tree_id: Uuid, name: t.string, address: t.string, notes: t.string, created_at: Timestamp, updated_at: Timestamp,
}));

export const CitationRead = named('CitationRead', t.type({
  id: Uuid, tree_id: Uuid, source_id: Uuid, person_id: Nullable(Uuid), event_id: Nullable(Uuid), name_id: Nullable(Uuid), relationship_id: Nullable(Uuid),
  page: t.string, detail: t.string, entry_date: t.string, notes: t.string, confidence: Nullable(Int(0, 3)), created_at: Timestamp, updated_at: Timestamp,
}));

export const PublicTreeRead = named('PublicTreeRead', t.type({ id: Uuid, name: t.string, description: t.string, visibility: VisibilityCodec }));

const vitalWire = (v: Vital | null) => (v === null ? null : { event_id: v.eventId, date: dateWire(v.date), date_display: v.dateDisplay, place: v.place });

export const nameWire = (n: Name) => ({
  id: n.id, person_id: n.personId, name_type: n.nameType, given_name: n.givenName, surname: n.surname, prefix: n.prefix, suffix: n.suffix, surname_prefix: n.surnamePrefix,
  is_primary: n.isPrimary, notes: n.notes,
});

export const identifierWire = (x: PersonIdentifier) => ({ kind: x.kind, value: x.value, type: x.type });

export const personWire = (v: PersonView) =>
  v.visibility === 'redacted'
    ? {
        id: v.person.id, tree_id: v.person.treeId, display_name: v.displayName, given_name: null, surname: null, sex: null, is_living: null,
        privacy: null, notes: null, identifiers: null, birth: null, death: null, redacted: true, merged_into: null, created_at: null, updated_at: null,
      }
    : {
        id: v.person.id,
        tree_id: v.person.treeId,
        display_name: v.displayName,
        given_name: v.primary?.givenName ?? '',
        surname: v.primary?.surname ?? '',
        sex: v.person.sex,
        is_living: v.person.isLiving,
        privacy: v.person.privacy,
        notes: v.person.notes,
        identifiers: v.person.identifiers.map(identifierWire),
        birth: vitalWire(v.birth),
        death: vitalWire(v.death),
        redacted: false,
        merged_into: v.person.mergedInto,
        created_at: v.person.createdAt.toISOString(),
        updated_at: v.person.updatedAt.toISOString(),
        ...(v.names === undefined ? {} : { names: v.names.map(nameWire) }),
      };

/**
 * A person read (core getPersonJson) as the route answers it: the store's text as it is (a kept card,
 * a redacted person), or the view written by personWire; the same bytes either way
 * (spec/adapters/person-cards.spec.ts), so the ETag does not depend on which.
 */
export const personAnswer = (a: PersonAnswer): { readonly status: 200; readonly json?: string; readonly body?: ReturnType<typeof personWire> } =>
  a.kind === 'text' ? { status: 200, json: a.json } : { status: 200, body: personWire(a.view) };

export const eventWire = ({ event: e, place, coordinates }: EventView) => ({
  id: e.id, tree_id: e.treeId, type: e.type, custom_type: e.customType, person_id: e.personId, partnership_id: e.partnershipId,
  date: dateWire(e.date), date_display: dateDisplay(e.date), place_id: e.placeId, place,
  place_latitude: coordinates?.latitude ?? null, place_longitude: coordinates?.longitude ?? null, notes: e.notes, detail: e.detail, cause: e.cause,
  temple: e.temple, ordinance_status: e.ordinanceStatus,
});

export const relationshipWire = (r: RelationshipView) => ({
  id: r.id, tree_id: r.treeId, type: r.type, person_a_id: r.personAId, person_b_id: r.personBId, qualifier: r.qualifier, role: r.role, notes: r.notes,
});

export const sourceWire = (s: Source) => ({
  id: s.id, tree_id: s.treeId, title: s.title, author: s.author, publication: s.publication, notes: s.notes, abbreviation: s.abbreviation,
  recorded_events: s.recordedEvents.map((e) => ({ events: e.events, date: e.date, place: e.place })), agency: s.agency, data_notes: s.dataNotes,
  repositories: s.repositories.map((l) => ({ repository_id: l.repositoryId, call_number: l.callNumber })),
  created_at: s.createdAt.toISOString(), updated_at: s.updatedAt.toISOString(),
});

export const repositoryWire = (r: Repository) => ({
  id: r.id, tree_id: r.treeId, name: r.name, address: r.address, notes: r.notes, created_at: r.createdAt.toISOString(), updated_at: r.updatedAt.toISOString(),
});

export const citationWire = (c: Citation) => ({
  id: c.id, tree_id: c.treeId, source_id: c.sourceId,
  person_id: c.target.kind === 'person' ? c.target.id : null,
  event_id: c.target.kind === 'event' ? c.target.id : null,
  name_id: c.target.kind === 'name' ? c.target.id : null,
  relationship_id: c.target.kind === 'relationship' ? c.target.id : null,
  page: c.page, detail: c.detail, entry_date: c.entryDate, notes: c.notes, confidence: c.confidence, created_at: c.createdAt.toISOString(), updated_at: c.updatedAt.toISOString(),
});

export const publicTreeWire = (tree: TreeRead) => ({ id: tree.id, name: tree.name, description: tree.description, visibility: tree.visibility });
