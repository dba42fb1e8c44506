import * as t from 'io-ts';
import { enumOf, named, NOTES_MAX, Nullable, Text, Uuid, withSchema } from '../kernel/codec.js';
import { calendars, dateQualifiers, type GenealogicalDate } from '../kernel/date.js';
import type { EventInput } from './commands/event-commands.js';
import type { NameInput } from './commands/name-commands.js';
import {
  MAX_CODE_LENGTH, MAX_IDENTIFIER_LENGTH, MAX_IDENTIFIERS, MAX_PLACE_LENGTH, eventTypes, identifierKinds, nameTypes, parentChildQualifiers,
  personPrivacies, relationshipTypes, sexes, type PersonIdentifier,
} from './model.js';
import type { VitalInput } from './write-vital.js';

// The request bodies of persons, names, events and relationships (snake_case JSON of API.md) and
// what each becomes as a command's input. The HTTP routes decode them, and so does a proposal's
// apply (core/proposals/operations.ts): an operation's `data` is the body of the call it stands for.
// adapters/http/wire-records.ts re-exports the shared ones; the OpenAPI document is built from them.

export const SexCodec = enumOf('Sex', sexes);
export const PrivacyCodec = enumOf('PersonPrivacy', personPrivacies);
export const NameTypeCodec = enumOf('NameType', nameTypes);
export const EventTypeCodec = enumOf('EventType', eventTypes);
export const RelationshipTypeCodec = enumOf('RelationshipType', relationshipTypes);
export const QualifierCodec = enumOf('ParentChildQualifier', parentChildQualifiers);
export const IdentifierKindCodec = enumOf('IdentifierKind', identifierKinds);
/** An identifier another program gave a person: REFN (with its TYPE), AFN, or a unique id (_UID / UID). */
export const PersonIdentifierCodec = named('PersonIdentifier', t.type({
  kind: IdentifierKindCodec, value: Text(MAX_IDENTIFIER_LENGTH), type: Nullable(Text(MAX_IDENTIFIER_LENGTH)),
}));
/** On input `type` may be left out (no type). */
const IdentifierInput = named('PersonIdentifierInput', t.intersection([
  t.type({ kind: IdentifierKindCodec, value: Text(MAX_IDENTIFIER_LENGTH) }), t.partial({ type: Nullable(Text(MAX_IDENTIFIER_LENGTH)) }),
]));
export const IdentifiersCodec = withSchema(t.array(IdentifierInput), { maxItems: MAX_IDENTIFIERS });
export const identifiersFromWire = (xs: t.TypeOf<typeof IdentifiersCodec>): PersonIdentifier[] => xs.map((x) => ({ kind: x.kind, value: x.value, type: x.type ?? null }));
/** A temple code, an ordinance status or an association role. */
export const CodeText = Text(MAX_CODE_LENGTH);
export const Int = (min: number, max: number) => withSchema(t.Int, { minimum: min, maximum: max });

export const DateCodec = named('GenealogicalDate', t.intersection([
  t.type({ qualifier: enumOf('DateQualifier', dateQualifiers) }),
  t.partial({
    calendar: withSchema(enumOf('Calendar', calendars), { description: 'Absent: Gregorian. Hebrew and French Republican months run 1..13.' }),
    dual_year: withSchema(t.boolean, { description: 'The year was written as a dual year (1750/51); `year` is the first.' }),
    year: Int(1, 9999), month: Int(1, 13), day: Int(1, 31), end_year: Int(1, 9999), end_month: Int(1, 13), end_day: Int(1, 31),
    text: Text(500, { description: 'The phrase of a `text` date; on another qualifier, the phrase of a GEDCOM INT date.' }),
  }),
]));
export type DateWire = t.TypeOf<typeof DateCodec>;

export const dateFromWire = (d: DateWire): GenealogicalDate => ({
  qualifier: d.qualifier,
  ...(d.calendar === undefined ? {} : { calendar: d.calendar }),
  ...(d.dual_year === undefined || d.dual_year === false ? {} : { dualYear: true }),
  ...(d.year === undefined ? {} : { year: d.year }),
  ...(d.month === undefined ? {} : { month: d.month }),
  ...(d.day === undefined ? {} : { day: d.day }),
  ...(d.end_year === undefined ? {} : { endYear: d.end_year }),
  ...(d.end_month === undefined ? {} : { endMonth: d.end_month }),
  ...(d.end_day === undefined ? {} : { endDay: d.end_day }),
  ...(d.text === undefined ? {} : { text: d.text }),
});

export const VitalInputCodec = named('VitalInput', t.partial({ date: Nullable(DateCodec), place: Nullable(Text(MAX_PLACE_LENGTH)) }));

// Persons: POST /trees/{id}/persons and PATCH /persons/{id}.

const PersonWrite = t.partial({
  given_name: Text(500),
  surname: Text(500),
  sex: Nullable(SexCodec),
  is_living: Nullable(t.boolean),
  privacy: PrivacyCodec,
  notes: Text(NOTES_MAX),
  /** The whole list (REFN, AFN, unique ids): replaces the person's identifiers. */
  identifiers: IdentifiersCodec,
  birth: Nullable(VitalInputCodec),
  death: Nullable(VitalInputCodec),
});
export const PersonCreate = named('PersonCreate', PersonWrite);
export const PersonUpdate = named('PersonUpdate', PersonWrite);

type PersonWireInput = t.TypeOf<typeof PersonWrite>;
const vital = (v: t.TypeOf<typeof VitalInputCodec> | null | undefined): VitalInput | null | undefined =>
  v == null ? v : { ...(v.date === undefined ? {} : { date: v.date === null ? null : dateFromWire(v.date) }), ...(v.place === undefined ? {} : { place: v.place }) };

export const personInput = (b: PersonWireInput) => ({
  ...(b.given_name === undefined ? {} : { givenName: b.given_name }),
  ...(b.surname === undefined ? {} : { surname: b.surname }),
  ...(b.sex === undefined ? {} : { sex: b.sex }),
  ...(b.is_living === undefined ? {} : { isLiving: b.is_living }),
  ...(b.privacy === undefined ? {} : { privacy: b.privacy }),
  ...(b.notes === undefined ? {} : { notes: b.notes }),
  ...(b.identifiers === undefined ? {} : { identifiers: identifiersFromWire(b.identifiers) }),
  ...(b.birth === undefined ? {} : { birth: vital(b.birth) ?? null }),
  ...(b.death === undefined ? {} : { death: vital(b.death) ?? null }),
});

// Names: POST /persons/{id}/names and PATCH /persons/{id}/names/{name_id} (the routes name the codec).

export const NameWrite = t.partial({
  name_type: NameTypeCodec, given_name: Text(500), surname: Text(500), prefix: Text(500), suffix: Text(500), surname_prefix: Text(500),
  is_primary: t.boolean, notes: Text(NOTES_MAX),
});

export const nameInput = (b: t.TypeOf<typeof NameWrite>): NameInput => ({
  ...(b.name_type === undefined ? {} : { nameType: b.name_type }),
  ...(b.given_name === undefined ? {} : { givenName: b.given_name }),
  ...(b.surname === undefined ? {} : { surname: b.surname }),
  ...(b.prefix === undefined ? {} : { prefix: b.prefix }),
  ...(b.suffix === undefined ? {} : { suffix: b.suffix }),
  ...(b.surname_prefix === undefined ? {} : { surnamePrefix: b.surname_prefix }),
  ...(b.is_primary === undefined ? {} : { isPrimary: b.is_primary }),
  ...(b.notes === undefined ? {} : { notes: b.notes }),
});

// Events: POST /trees/{id}/events and PATCH /events/{id}.

const EventFields = t.partial({
  custom_type: Nullable(Text(200)), person_id: Nullable(Uuid), partnership_id: Nullable(Uuid), date: Nullable(DateCodec),
  place: Nullable(Text(MAX_PLACE_LENGTH)), notes: Text(NOTES_MAX), detail: Text(2000), cause: Text(2000),
  // LDS ordinances (lds_*) only; on another type a value is a 422.
  temple: Nullable(CodeText), ordinance_status: Nullable(CodeText),
});
export const EventCreate = named('EventCreate', t.intersection([t.type({ type: EventTypeCodec }), EventFields]));
export const EventUpdate = named('EventUpdate', t.intersection([t.partial({ type: EventTypeCodec }), EventFields]));

export const eventInput = (b: t.TypeOf<typeof EventFields> & { type?: EventInput['type'] }): EventInput => ({
  ...(b.type === undefined ? {} : { type: b.type }),
  ...(b.custom_type === undefined ? {} : { customType: b.custom_type }),
  ...(b.person_id === undefined ? {} : { personId: b.person_id }),
  ...(b.partnership_id === undefined ? {} : { partnershipId: b.partnership_id }),
  ...(b.date === undefined ? {} : { date: b.date === null ? null : dateFromWire(b.date) }),
  ...(b.place === undefined ? {} : { place: b.place }),
  ...(b.notes === undefined ? {} : { notes: b.notes }),
  ...(b.detail === undefined ? {} : { detail: b.detail }),
  ...(b.cause === undefined ? {} : { cause: b.cause }),
  ...(b.temple === undefined ? {} : { temple: b.temple }),
  ...(b.ordinance_status === undefined ? {} : { ordinanceStatus: b.ordinance_status }),
});

// Relationships: POST /trees/{id}/relationships and PATCH /relationships/{id}.

export const RelationshipCreate = named('RelationshipCreate', t.intersection([
  t.type({ type: RelationshipTypeCodec, person_a_id: Uuid, person_b_id: Uuid }),
  // role: associations only (what person b is to person a); on another type a value is a 422.
  t.partial({ qualifier: Nullable(QualifierCodec), role: Nullable(CodeText), notes: Text(NOTES_MAX) }),
]));
export const RelationshipUpdate = named('RelationshipUpdate', t.partial({ qualifier: Nullable(QualifierCodec), role: Nullable(CodeText), notes: Text(NOTES_MAX) }));

export const relationshipInput = (body: t.TypeOf<typeof RelationshipCreate>) => ({
  type: body.type, personAId: body.person_a_id, personBId: body.person_b_id,
  ...(body.qualifier === undefined ? {} : { qualifier: body.qualifier }),
  ...(body.role === undefined ? {} : { role: body.role }),
  ...(body.notes === undefined ? {} : { notes: body.notes }),
});

export const relationshipUpdateInput = (body: t.TypeOf<typeof RelationshipUpdate>) => ({
  ...(body.qualifier === undefined ? {} : { qualifier: body.qualifier }),
  ...(body.role === undefined ? {} : { role: body.role }),
  ...(body.notes === undefined ? {} : { notes: body.notes }),
});
