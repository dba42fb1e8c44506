import * as t from 'io-ts';
import { type ArchiveHeader, type ArchiveItem, type ArchiveRecord, type ArchiveTree, type RecordKind } from '../../core/accounts/archive.js';
import { MAX_PLACE_LENGTH, areCoordinates, identifierKinds, isLdsEvent, type GedcomKept } from '../../core/people/model.js';
import { keptRecordText, readKeptRecords, readKeptText } from '../../core/accounts/kept.js';
import { citationTargets } from '../../core/sources/model.js';
import { mediaTargets } from '../../core/media/model.js';
import { operationEntities, operationKinds, proposalOrigins, proposalStatuses, type ProposalOperation } from '../../core/proposals/model.js';
import { MAX_OPERATIONS, operationErrors, refOf } from '../../core/proposals/rules.js';
import { isUuid } from '../../core/kernel/ids.js';
import { Email, Nullable, RoleCodec, Text, VisibilityCodec } from '../http/wire.js';
import { DateCodec, dateFromWire, dateWire, EventTypeCodec, NameTypeCodec, PrivacyCodec, QualifierCodec, RelationshipTypeCodec, SexCodec } from '../http/wire-records.js';
import { decodePart } from '../http/app.js';
import { indexedArray, OperationData } from '../http/proposal-wire.js';

// account.json, version 1: snake_case as the API writes records, every record with its tree_id.
// Text is bounded generously (a backup holds what GEDCOM imports stored, which may exceed what the
// API accepts), but bounded: every string of the file is also capped while it is read.

/** The key of each record kind's array inside a tree object, in reading order. */
export const arrayKeys: Readonly<Record<RecordKind, string>> = {
  person: 'persons', name: 'names', place: 'places', relationship: 'relationships', event: 'events', repository: 'repositories', source: 'sources',
  citation: 'citations', media: 'media', proposal: 'proposals', dismissal: 'duplicate_dismissals', import: 'imports',
};

// 16 MiB: a GEDCOM NOTE of many CONT lines may be that long (a record may hold 16 MiB), and it must come back.
const TEXT = 16 * 1024 * 1024;
const Str = Text(TEXT);
const iso = (d: Date): string => d.toISOString();
const isoOrNull = (d: Date | null): string | null => (d === null ? null : d.toISOString());

const DateTime = new t.Type<Date, string, unknown>(
  'DateTime',
  (u): u is Date => u instanceof Date,
  (u, c) => {
    if (typeof u !== 'string' || u.length > 40) return t.failure(u, c, 'expected an ISO 8601 time');
    const d = new Date(u);
    return Number.isNaN(d.getTime()) ? t.failure(u, c, 'expected an ISO 8601 time') : t.success(d);
  },
  (d) => d.toISOString(),
);
// Ids as this service writes them: lower-case UUIDs. One spelling per id, so that no two spellings
// of one id pass as two records.
const LOWER_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const Uuid = t.refinement(t.string, (s) => LOWER_UUID.test(s), 'lower-case UUID');
const keys = <K extends string>(values: readonly K[]) => t.keyof(Object.fromEntries(values.map((v) => [v, null])) as Record<K, null>);
const Count = t.refinement(t.number, (n) => Number.isSafeInteger(n) && n >= 0, 'count');
const Stamps = { created_at: DateTime, updated_at: DateTime };


// --- header and tree ---------------------------------------------------------------------------

export const encodeHeader = (h: ArchiveHeader) => ({
  format: h.format, version: h.version, exported_at: iso(h.exportedAt), user_id: h.userId, email: h.email, self_person_id: h.selfPersonId,
});

export const HeaderCodec = t.type({
  // Any format name decodes: the core answers "not an account export" for another one.
  format: Text(100), version: t.refinement(t.number, Number.isSafeInteger, 'integer'), exported_at: DateTime,
  user_id: Uuid, email: Email, self_person_id: Nullable(Uuid),
});
export const headerFrom = (h: t.TypeOf<typeof HeaderCodec>): ArchiveHeader => ({
  format: h.format, version: h.version, exportedAt: h.exported_at, userId: h.user_id, email: h.email, selfPersonId: h.self_person_id,
});

/** The tree's own fields, as the object's first keys (its record arrays follow). */
export const encodeTree = (tree: ArchiveTree) => ({
  id: tree.id, name: tree.name, description: tree.description, visibility: tree.visibility, home_person_id: tree.homePersonId,
  ai_member_provider: tree.aiMemberProvider, ai_recommender_provider: tree.aiRecommenderProvider, ...stamps(tree),
  members: tree.members.map((m) => ({ user_id: m.userId, email: m.email, role: m.role, joined_at: iso(m.createdAt) })),
});

export const TreeCodec = t.type({
  id: Uuid, name: Text(1000), description: Str, visibility: VisibilityCodec, home_person_id: Nullable(Uuid),
  ai_member_provider: Nullable(Text(100)), ai_recommender_provider: Nullable(Text(100)), ...Stamps,
  members: t.array(t.type({ user_id: Uuid, email: Email, role: RoleCodec, joined_at: DateTime })),
});
export const treeFrom = (x: t.TypeOf<typeof TreeCodec>): ArchiveTree => ({
  id: x.id, name: x.name, description: x.description, visibility: x.visibility, homePersonId: x.home_person_id,
  aiMemberProvider: x.ai_member_provider, aiRecommenderProvider: x.ai_recommender_provider, createdAt: x.created_at, updatedAt: x.updated_at,
  members: x.members.map((m) => ({ userId: m.user_id, email: m.email, role: m.role, createdAt: m.joined_at })),
});

const stamps = (r: { readonly createdAt: Date; readonly updatedAt: Date }) => ({ created_at: iso(r.createdAt), updated_at: iso(r.updatedAt) });
const live = { deletedAt: null, deletionId: null } as const;
/** A row's GEDCOM kept lines (core/gedcom/extensions.ts) as their stored text, only when it has any: a row without is as before. */
const keptWire = (r: GedcomKept) => (r.gedcomExtra === undefined || r.gedcomExtra === null ? {} : { gedcom_extra: r.gedcomExtra });

// --- records -----------------------------------------------------------------------------------

/** One record as account.json writes it. */
export const encodeRecord = (r: ArchiveRecord): Record<string, unknown> => {
  switch (r.kind) {
    case 'person': {
      const p = r.row;
      return {
        id: p.id, tree_id: p.treeId, sex: p.sex, is_living: p.isLiving, privacy: p.privacy, notes: p.notes,
        identifiers: p.identifiers.map((x) => ({ kind: x.kind, value: x.value, type: x.type })), ...keptWire(p), ...stamps(p),
      };
    }
    case 'name': {
      const n = r.row;
      return {
        id: n.id, tree_id: n.treeId, person_id: n.personId, name_type: n.nameType, given_name: n.givenName, surname: n.surname,
        prefix: n.prefix, suffix: n.suffix, surname_prefix: n.surnamePrefix, is_primary: n.isPrimary, notes: n.notes, ...keptWire(n), created_at: iso(n.createdAt),
      };
    }
    case 'place':
      // Coordinates only when the place has them: an archive of places without is as before.
      return { id: r.row.id, tree_id: r.row.treeId, name: r.row.name, ...(r.row.latitude === null ? {} : { latitude: r.row.latitude, longitude: r.row.longitude }) };
    case 'relationship': {
      const x = r.row;
      return {
        id: x.id, tree_id: x.treeId, type: x.type, person_a_id: x.personAId, person_b_id: x.personBId, qualifier: x.qualifier, role: x.role, notes: x.notes,
        ...keptWire(x), ...stamps(x),
      };
    }
    case 'event': {
      const e = r.row;
      return {
        id: e.id, tree_id: e.treeId, type: e.type, custom_type: e.customType, person_id: e.personId, partnership_id: e.partnershipId,
        date: dateWire(e.date), place_id: e.placeId, notes: e.notes, detail: e.detail, cause: e.cause, temple: e.temple, ordinance_status: e.ordinanceStatus, ...keptWire(e), ...stamps(e),
      };
    }
    case 'repository': {
      const x = r.row;
      return { id: x.id, tree_id: x.treeId, name: x.name, address: x.address, notes: x.notes, ...keptWire(x), ...stamps(x) };
    }
    case 'source': {
      const s = r.row;
      // The fields of issue 28 only when the source has them: an archive of sources without is as before.
      return {
        id: s.id, tree_id: s.treeId, title: s.title, author: s.author, publication: s.publication, notes: s.notes,
        ...(s.abbreviation === '' ? {} : { abbreviation: s.abbreviation }), ...(s.agency === '' ? {} : { agency: s.agency }),
        ...(s.dataNotes === '' ? {} : { data_notes: s.dataNotes }),
        ...(s.recordedEvents.length === 0 ? {} : { recorded_events: s.recordedEvents.map((e) => ({ events: e.events, date: e.date, place: e.place })) }),
        ...(s.repositories.length === 0 ? {} : { repositories: s.repositories.map((l) => ({ repository_id: l.repositoryId, call_number: l.callNumber })) }),
        ...keptWire(s), ...stamps(s),
      };
    }
    case 'citation': {
      const c = r.row;
      return {
        id: c.id, tree_id: c.treeId, source_id: c.sourceId, target_kind: c.target.kind, target_id: c.target.id, page: c.page, detail: c.detail, entry_date: c.entryDate, notes: c.notes, confidence: c.confidence,
        ...keptWire(c), ...stamps(c),
      };
    }
    case 'media': {
      const m = r.row;
      return {
        id: m.id, tree_id: m.treeId, title: m.title, file_name: m.fileName, content_type: m.contentType, size: m.size, checksum: m.checksum,
        target_kind: m.target?.kind ?? null, target_id: m.target?.id ?? null, created_by: m.createdBy,
        // Issue 28, only when there is something to say: a GEDCOM file path and format, and a record whose file was never uploaded (no file in the zip).
        ...(m.filePath === '' ? {} : { file_path: m.filePath }), ...(m.form === '' ? {} : { form: m.form }), ...(m.storageKey === null ? { file_uploaded: false } : {}),
        ...keptWire(m), ...stamps(m),
      };
    }
    case 'proposal': {
      const p = r.row;
      return {
        id: p.id, tree_id: p.treeId, status: p.status, origin: p.origin, summary: p.summary, operations: p.operations,
        proposer_id: p.proposerId, reviewer_id: p.reviewerId, apply_error: p.applyError, applied_count: p.appliedCount, refs: Object.fromEntries(p.refs),
        created_at: iso(p.createdAt), decided_at: isoOrNull(p.decidedAt),
      };
    }
    case 'dismissal': {
      const d = r.row;
      return { id: d.id, tree_id: d.treeId, person_a_id: d.personAId, person_b_id: d.personBId, dismissed_by: d.dismissedBy, created_at: iso(d.createdAt) };
    }
    case 'import': {
      // Each record kept whole as its own JSON text: a record nests as deep as its GEDCOM did, deeper than a backup's values may.
      const i = r.row;
      return {
        id: i.id, tree_id: i.treeId, actor_id: i.actorId, file_name: i.fileName, counts: i.counts, created_at: iso(i.createdAt),
        kept_records: i.kept.records.map(keptRecordText), kept_tags: i.kept.tags,
      };
    }
  }
};

const Base = { id: Uuid, tree_id: Uuid };

/** An operation's record: a UUID (in any case, as the API took it) or a "$ref". */
const OperationId = new t.Type<string, string, unknown>(
  'OperationId',
  (u): u is string => typeof u === 'string' && (isUuid(u) || refOf(u) !== null),
  (u, c) => (typeof u === 'string' && (isUuid(u) || refOf(u) !== null) ? t.success(u)
    : t.failure(u, c, typeof u === 'string' ? `${JSON.stringify(u.slice(0, 65))} is not a record id or "$ref"` : 'expected a record id or "$ref"')),
  t.identity,
);
/** A proposal's refs, read into a Map: a ref ("__proto__", "constructor") is a name, never an object's key. */
const Refs = new t.Type<ReadonlyMap<string, string>, Record<string, string>, unknown>(
  'ProposalRefs',
  (u): u is ReadonlyMap<string, string> => u instanceof Map,
  (u, c) => {
    if (typeof u !== 'object' || u === null || Array.isArray(u)) return t.failure(u, c, 'expected an object of refs');
    const out = new Map<string, string>();
    for (const [k, v] of Object.entries(u)) {
      if (k.length > 64 || typeof v !== 'string' || !LOWER_UUID.test(v)) return t.failure(u, c, `ref ${k.slice(0, 64)} names no record id`);
      out.set(k, v);
    }
    return t.success(out);
  },
  (m) => Object.fromEntries(m),
);

// Fields added after version 1 was first written (issue 14) are optional: an older backup has none.
// So are arrays added since (duplicate_dismissals, issue 15; imports): the reader takes a missing one as empty.
// `gedcom_extra`: a row's GEDCOM kept lines as their stored text (core/gedcom/extensions.ts), checked by readKeptText.
const Kept = { gedcom_extra: Str };
const Identifier = t.type({ kind: keys(identifierKinds), value: Str, type: Nullable(Str) });
const codecs = {
  person: t.intersection([
    t.type({ ...Base, sex: Nullable(SexCodec), is_living: Nullable(t.boolean), privacy: PrivacyCodec, notes: Str, ...Stamps }),
    t.partial({ identifiers: t.array(Identifier), ...Kept }),
  ]),
  name: t.intersection([
    t.type({ ...Base, person_id: Uuid, name_type: NameTypeCodec, given_name: Str, surname: Str, is_primary: t.boolean, created_at: DateTime }),
    t.partial({ notes: Str, prefix: Str, suffix: Str, surname_prefix: Str, ...Kept }),
  ]),
  place: t.intersection([t.type({ ...Base, name: Text(MAX_PLACE_LENGTH) }), t.partial({ latitude: Nullable(t.number), longitude: Nullable(t.number) })]),
  relationship: t.intersection([
    t.type({ ...Base, type: RelationshipTypeCodec, person_a_id: Uuid, person_b_id: Uuid, qualifier: Nullable(QualifierCodec), notes: Str, ...Stamps }),
    t.partial({ role: Nullable(Str), ...Kept }),
  ]),
  event: t.intersection([
    t.type({
      ...Base, type: EventTypeCodec, custom_type: Nullable(Text(TEXT)), person_id: Nullable(Uuid), partnership_id: Nullable(Uuid),
      date: Nullable(DateCodec), place_id: Nullable(Uuid), notes: Str, detail: Str, ...Stamps,
    }),
    t.partial({ temple: Nullable(Str), ordinance_status: Nullable(Str), cause: Str, ...Kept }),
  ]),
  repository: t.intersection([t.type({ ...Base, name: Str, address: Str, notes: Str, ...Stamps }), t.partial(Kept)]),
  source: t.intersection([
    t.type({ ...Base, title: Str, author: Str, publication: Str, notes: Str, ...Stamps }),
    t.partial({
      abbreviation: Str, agency: Str, data_notes: Str,
      recorded_events: t.array(t.type({ events: Str, date: Str, place: Str })),
      repositories: t.array(t.type({ repository_id: Uuid, call_number: Str })), ...Kept,
    }),
  ]),
  citation: t.intersection([
    t.type({
      ...Base, source_id: Uuid, target_kind: keys(citationTargets), target_id: Uuid, page: Str, detail: Str,
      confidence: Nullable(t.refinement(t.number, (n) => Number.isInteger(n) && n >= 0 && n <= 3, 'confidence')), ...Stamps,
    }),
    t.partial({ entry_date: Str, notes: Str, ...Kept }),
  ]),
  media: t.intersection([
    t.type({
      ...Base, title: Text(1000), file_name: Text(255), content_type: Text(255), size: Count, checksum: Text(64),
      target_kind: Nullable(keys(mediaTargets)), target_id: Nullable(Uuid), created_by: Nullable(Uuid), ...Stamps,
    }),
    t.partial({ file_path: Str, form: Text(255), file_uploaded: t.boolean, ...Kept }),
  ]),
  proposal: t.type({
    ...Base, status: keys(proposalStatuses), origin: keys(proposalOrigins), summary: Str,
    // As the API takes them (`data` within the same bounds), and an `id` is an id or a "$ref".
    operations: indexedArray(t.intersection([
      t.type({ op: keys(operationKinds), entity: keys(operationEntities) }),
      t.partial({ id: OperationId, ref: Text(64), data: OperationData }),
    ]), MAX_OPERATIONS),
    proposer_id: Nullable(Uuid), reviewer_id: Nullable(Uuid),
    apply_error: Nullable(t.type({ index: Count, code: Text(100), detail: Str })), applied_count: Count, refs: Refs,
    created_at: DateTime, decided_at: Nullable(DateTime),
  }),
  dismissal: t.type({ ...Base, person_a_id: Uuid, person_b_id: Uuid, dismissed_by: Nullable(Uuid), created_at: DateTime }),
  // An import that kept records whole: each record as JSON text, checked and bounded by readKeptRecords.
  import: t.type({
    ...Base, actor_id: Nullable(Uuid), file_name: Str, counts: t.record(Text(100), t.record(Text(100), Count)), created_at: DateTime,
    kept_records: t.array(Str), kept_tags: t.array(Text(1000)),
  }),
} as const;

type Decoded = { readonly [K in RecordKind]: t.TypeOf<(typeof codecs)[K]> };

const CHECKSUM = /^[0-9a-f]{64}$/;

/** A row's kept lines from the wire (absent: none), or why they are none a restore could write back. */
const keptFrom = (what: string, x: { readonly gedcom_extra?: string }): GedcomKept | string => {
  if (x.gedcom_extra === undefined) return {};
  const read = readKeptText(x.gedcom_extra);
  if (!read.ok) return `${what}: its gedcom_extra is not GEDCOM kept lines (${read.reason})`;
  return read.value === null ? {} : { gedcomExtra: read.value };
};
/** `row` with the kept lines of `x`, or why they cannot be restored. */
const withKept = <R>(what: string, x: { readonly gedcom_extra?: string }, row: R | string): R | string => {
  if (typeof row === 'string') return row;
  const kept = keptFrom(what, x);
  return typeof kept === 'string' ? kept : { ...row, ...kept };
};

const fromWire: { readonly [K in RecordKind]: (x: Decoded[K]) => Extract<ArchiveRecord, { kind: K }>['row'] | string } = {
  person: (x) => withKept(`person ${x.id}`, x, {
    id: x.id, treeId: x.tree_id, sex: x.sex, isLiving: x.is_living, privacy: x.privacy, notes: x.notes,
    identifiers: (x.identifiers ?? []).map((i) => ({ kind: i.kind, value: i.value, type: i.type })), birthYear: null, hasDeathFact: false, mergedInto: null,
    createdAt: x.created_at, updatedAt: x.updated_at, ...live,
  }),
  name: (x) => withKept(`name ${x.id}`, x, {
    id: x.id, treeId: x.tree_id, personId: x.person_id, nameType: x.name_type, givenName: x.given_name, surname: x.surname, isPrimary: x.is_primary,
    prefix: x.prefix ?? '', suffix: x.suffix ?? '', surnamePrefix: x.surname_prefix ?? '', notes: x.notes ?? '', createdAt: x.created_at, ...live,
  }),
  place: (x) => {
    const latitude = x.latitude ?? null;
    const longitude = x.longitude ?? null;
    if (x.name.trim() === '') return 'a place has no name';
    if ((latitude === null) !== (longitude === null) || (latitude !== null && longitude !== null && !areCoordinates(latitude, longitude))) {
      return 'a place has coordinates out of range, or only one of them';
    }
    return { id: x.id, treeId: x.tree_id, name: x.name, latitude, longitude };
  },
  relationship: (x) => withKept(`relationship ${x.id}`, x, {
    id: x.id, treeId: x.tree_id, type: x.type, personAId: x.person_a_id, personBId: x.person_b_id,
    qualifier: x.type === 'parent_child' ? x.qualifier : null, role: x.type === 'association' ? (x.role ?? null) : null, notes: x.notes, createdAt: x.created_at, updatedAt: x.updated_at, ...live,
  }),
  event: (x) => withKept(`event ${x.id}`, x, {
    id: x.id, treeId: x.tree_id, type: x.type, customType: x.custom_type, personId: x.person_id, partnershipId: x.partnership_id,
    date: x.date === null ? null : dateFromWire(x.date), placeId: x.place_id, notes: x.notes, detail: x.detail, cause: x.cause ?? '',
    temple: isLdsEvent(x.type) ? (x.temple ?? null) : null, ordinanceStatus: isLdsEvent(x.type) ? (x.ordinance_status ?? null) : null, createdAt: x.created_at, updatedAt: x.updated_at, ...live,
  }),
  repository: (x) => withKept(`repository ${x.id}`, x, { id: x.id, treeId: x.tree_id, name: x.name, address: x.address, notes: x.notes, createdAt: x.created_at, updatedAt: x.updated_at, ...live }),
  source: (x) => withKept(`source ${x.id}`, x, {
    id: x.id, treeId: x.tree_id, title: x.title, author: x.author, publication: x.publication, notes: x.notes, abbreviation: x.abbreviation ?? '',
    recordedEvents: (x.recorded_events ?? []).map((e) => ({ events: e.events, date: e.date, place: e.place })), agency: x.agency ?? '', dataNotes: x.data_notes ?? '',
    repositories: (x.repositories ?? []).map((l) => ({ repositoryId: l.repository_id, callNumber: l.call_number })),
    createdAt: x.created_at, updatedAt: x.updated_at, ...live,
  }),
  citation: (x) => withKept(`citation ${x.id}`, x, {
    id: x.id, treeId: x.tree_id, sourceId: x.source_id, target: { kind: x.target_kind, id: x.target_id }, page: x.page, detail: x.detail,
    entryDate: x.entry_date ?? '', notes: x.notes ?? '', confidence: x.confidence, createdAt: x.created_at, updatedAt: x.updated_at, ...live,
  }),
  media: (x) => {
    const uploaded = x.file_uploaded !== false;
    if (uploaded && !CHECKSUM.test(x.checksum)) return `media ${x.id} has no SHA-256 checksum`;
    if ((x.target_kind === null) !== (x.target_id === null)) return `media ${x.id} names half a target`;
    return withKept(`media ${x.id}`, x, {
      id: x.id, treeId: x.tree_id, title: x.title, fileName: x.file_name, contentType: x.content_type, size: x.size, checksum: x.checksum,
      target: x.target_kind === null || x.target_id === null ? null : { kind: x.target_kind, id: x.target_id },
      // '' until its file is restored from the zip; null: a record without a file (none in the zip).
      storageKey: uploaded ? '' : null, filePath: x.file_path ?? '', form: x.form ?? '', ...(uploaded ? {} : { size: 0, checksum: '' }),
      createdBy: x.created_by, createdAt: x.created_at, updatedAt: x.updated_at, ...live,
    });
  },
  proposal: (x) => {
    const operations: readonly ProposalOperation[] = x.operations;
    // The rules a proposal was stored under: an update names its record, a "$ref" an earlier create.
    const broken = operationErrors(operations)[0];
    if (broken !== undefined) return `proposal ${x.id} cannot be restored: ${broken.path}: ${broken.message}`;
    return {
      id: x.id, treeId: x.tree_id, status: x.status, origin: x.origin, summary: x.summary, operations,
      proposerId: x.proposer_id, reviewerId: x.reviewer_id, applyError: x.apply_error, appliedCount: x.applied_count, refs: x.refs,
      createdAt: x.created_at, decidedAt: x.decided_at,
    };
  },
  dismissal: (x) => ({ id: x.id, treeId: x.tree_id, personAId: x.person_a_id, personBId: x.person_b_id, dismissedBy: x.dismissed_by, createdAt: x.created_at }),
  import: (x) => {
    const kept = readKeptRecords(x.kept_records, x.kept_tags);
    if (!kept.ok) return `import ${x.id}: its kept_records and kept_tags cannot be restored (${kept.reason})`;
    return { id: x.id, treeId: x.tree_id, actorId: x.actor_id, fileName: x.file_name, counts: x.counts, createdAt: x.created_at, kept: kept.value };
  },
};

/** A decoded value, or why it is not one: the same decoding (storable text, codec bounds) as a request part. */
export const decodeWith = <A, O>(codec: t.Type<A, O, unknown>, value: unknown, what: string): A | string => {
  const decoded = decodePart(codec, value, what);
  if (decoded.ok) return decoded.value;
  const first = decoded.errors[0];
  return `${what} is not valid: ${first === undefined ? 'unexpected value' : `${first.path}: ${first.message}`}`;
};

/** The record a JSON value of `kind` holds, or why it is not one (in words, naming the first field). */
export const decodeRecord = (kind: RecordKind, value: unknown): ArchiveItem | string => {
  const decoded = decodeWith(codecs[kind] as t.Mixed, value, `a record of "${arrayKeys[kind]}"`);
  if (typeof decoded === 'string') return decoded;
  const row = (fromWire[kind] as (x: unknown) => unknown)(decoded);
  return typeof row === 'string' ? row : ({ kind, row } as ArchiveItem);
};
