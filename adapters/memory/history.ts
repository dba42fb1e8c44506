import type { JsonValue } from '../../core/kernel/audit.js';
import type { Id } from '../../core/kernel/ids.js';
import { newId } from '../../core/kernel/ids.js';
import { changeIdOf, ORIGIN_RANK, originOfAction, RECORD_KINDS, type ChangeAction, type FieldChange, type RecordChange, type RecordKind } from '../../core/history/model.js';
import type { HistoryStore, RecordState } from '../../core/history/ports.js';
import type { ImportLog } from '../../core/gedcom/ports.js';
import type { GenealogicalDate } from '../../core/kernel/date.js';
import type { MemoryChangeset, MemoryState, StoredChange } from './state.js';

// The memory adapter's history: what the postgres triggers record, recorded when a unit of work
// commits (`recordCommit`, from the difference between the state before it and after it). Fields are
// named as the postgres adapter names them (its stored columns), so the contract specs hold for both.


type Rec = { readonly id: Id; readonly treeId: Id; readonly deletedAt: Date | null; readonly deletionId: Id | null };
type Fields = { readonly [field: string]: JsonValue };

const MAPS = { person: 'persons', name: 'names', event: 'events', relationship: 'relationships', source: 'sources', citation: 'citations', media: 'media', repository: 'repositories' } as const;

const date = (d: GenealogicalDate | null): JsonValue => (d === null ? null : (JSON.parse(JSON.stringify(d)) as JsonValue));

/** A record's fields as history names them (the postgres columns but the ones it leaves out). */
const fieldsOf = (s: MemoryState, kind: RecordKind, r: any): Fields => {
  switch (kind) {
    case 'person':
      return { sex: r.sex, is_living: r.isLiving, privacy: r.privacy, notes: r.notes, identifiers: r.identifiers.map((x: any) => ({ kind: x.kind, value: x.value, type: x.type ?? null })), merged_into_id: r.mergedInto };
    case 'name':
      return {
        name_type: r.nameType, given_name: r.givenName, surname: r.surname, prefix: r.prefix, suffix: r.suffix, surname_prefix: r.surnamePrefix,
        is_primary: r.isPrimary, notes: r.notes,
      };
    case 'event':
      return { type: r.type, custom_type: r.customType, date: date(r.date), place: r.placeId === null ? null : (s.places.get(r.placeId)?.name ?? null), notes: r.notes, detail: r.detail, cause: r.cause, temple: r.temple, ordinance_status: r.ordinanceStatus };
    case 'relationship':
      return { type: r.type, person_a_id: r.personAId, person_b_id: r.personBId, qualifier: r.qualifier, role: r.role, notes: r.notes };
    case 'source':
      return {
        title: r.title, author: r.author, publication: r.publication, notes: r.notes, abbreviation: r.abbreviation, agency: r.agency, data_notes: r.dataNotes,
        recorded_events: r.recordedEvents.map((e: any) => ({ events: e.events, date: e.date, place: e.place })),
        repository_links: r.repositories.map((l: any) => ({ repository_id: l.repositoryId, call_number: l.callNumber })),
      };
    case 'citation':
      return { source_id: r.sourceId, target_kind: r.target.kind, target_id: r.target.id, page: r.page, detail: r.detail, entry_date: r.entryDate, notes: r.notes, confidence: r.confidence };
    case 'repository':
      return { name: r.name, address: r.address, notes: r.notes };
    case 'media':
      return {
        title: r.title, file_name: r.fileName, person_id: r.target?.kind === 'person' ? r.target.id : null, event_id: r.target?.kind === 'event' ? r.target.id : null,
        source_id: r.target?.kind === 'source' ? r.target.id : null, file_path: r.filePath, form: r.form,
      };
  }
};

/** The record with these fields written (a restore). */
const withFields = (s: MemoryState, kind: RecordKind, r: any, f: Fields): any => {
  const has = (k: string) => k in f;
  const v = (k: string) => f[k] as any;
  const now = new Date();
  switch (kind) {
    case 'person':
      return { ...r, ...(has('sex') ? { sex: v('sex') } : {}), ...(has('is_living') ? { isLiving: v('is_living') } : {}), ...(has('privacy') ? { privacy: v('privacy') } : {}),
        ...(has('notes') ? { notes: v('notes') ?? '' } : {}), ...(has('identifiers') ? { identifiers: v('identifiers') ?? [] } : {}), ...(has('merged_into_id') ? { mergedInto: v('merged_into_id') } : {}), updatedAt: now };
    case 'name':
      return { ...r, ...(has('name_type') ? { nameType: v('name_type') } : {}), ...(has('given_name') ? { givenName: v('given_name') ?? '' } : {}), ...(has('surname') ? { surname: v('surname') ?? '' } : {}),
        ...(has('prefix') ? { prefix: v('prefix') ?? '' } : {}), ...(has('suffix') ? { suffix: v('suffix') ?? '' } : {}),
        ...(has('surname_prefix') ? { surnamePrefix: v('surname_prefix') ?? '' } : {}),
        ...(has('is_primary') ? { isPrimary: v('is_primary') } : {}), ...(has('notes') ? { notes: v('notes') ?? '' } : {}) };
    case 'event': {
      let placeId = r.placeId;
      if (has('place')) {
        const name = typeof v('place') === 'string' ? (v('place') as string).trim() : '';
        if (name === '') placeId = null;
        else {
          const found = [...s.places.values()].find((p) => p.treeId === r.treeId && p.name.trim().toLowerCase() === name.toLowerCase());
          placeId = found?.id ?? newId();
          if (found === undefined) s.places.set(placeId, { id: placeId, treeId: r.treeId, name, latitude: null, longitude: null });
        }
      }
      return { ...r, ...(has('type') ? { type: v('type') } : {}), ...(has('custom_type') ? { customType: v('custom_type') } : {}), ...(has('date') ? { date: v('date') } : {}), placeId,
        ...(has('notes') ? { notes: v('notes') ?? '' } : {}), ...(has('detail') ? { detail: v('detail') ?? '' } : {}), ...(has('cause') ? { cause: v('cause') ?? '' } : {}),
        ...(has('temple') ? { temple: v('temple') } : {}), ...(has('ordinance_status') ? { ordinanceStatus: v('ordinance_status') } : {}), updatedAt: now };
    }
    case 'relationship':
      return { ...r, ...(has('type') ? { type: v('type') } : {}), ...(has('person_a_id') ? { personAId: v('person_a_id') } : {}), ...(has('person_b_id') ? { personBId: v('person_b_id') } : {}),
        ...(has('qualifier') ? { qualifier: v('qualifier') } : {}), ...(has('role') ? { role: v('role') } : {}), ...(has('notes') ? { notes: v('notes') ?? '' } : {}), updatedAt: now };
    case 'source':
      return { ...r, ...(has('title') ? { title: v('title') ?? '' } : {}), ...(has('author') ? { author: v('author') ?? '' } : {}), ...(has('publication') ? { publication: v('publication') ?? '' } : {}),
        ...(has('notes') ? { notes: v('notes') ?? '' } : {}), ...(has('abbreviation') ? { abbreviation: v('abbreviation') ?? '' } : {}),
        ...(has('agency') ? { agency: v('agency') ?? '' } : {}), ...(has('data_notes') ? { dataNotes: v('data_notes') ?? '' } : {}),
        ...(has('recorded_events') ? { recordedEvents: v('recorded_events') ?? [] } : {}),
        ...(has('repository_links') ? { repositories: (v('repository_links') ?? []).map((l: any) => ({ repositoryId: l.repository_id, callNumber: l.call_number })) } : {}),
        updatedAt: now };
    case 'citation':
      return { ...r, ...(has('source_id') ? { sourceId: v('source_id') } : {}), ...(has('target_kind') || has('target_id') ? { target: { kind: has('target_kind') ? v('target_kind') : r.target.kind, id: has('target_id') ? v('target_id') : r.target.id } } : {}),
        ...(has('page') ? { page: v('page') ?? '' } : {}), ...(has('detail') ? { detail: v('detail') ?? '' } : {}),
        ...(has('entry_date') ? { entryDate: v('entry_date') ?? '' } : {}), ...(has('notes') ? { notes: v('notes') ?? '' } : {}),
        ...(has('confidence') ? { confidence: v('confidence') } : {}), updatedAt: now };
    case 'repository':
      return { ...r, ...(has('name') ? { name: v('name') ?? '' } : {}), ...(has('address') ? { address: v('address') ?? '' } : {}), ...(has('notes') ? { notes: v('notes') ?? '' } : {}), updatedAt: now };
    case 'media': {
      const target = has('person_id') || has('event_id') || has('source_id')
        ? (v('person_id') ? { kind: 'person', id: v('person_id') } : v('event_id') ? { kind: 'event', id: v('event_id') } : v('source_id') ? { kind: 'source', id: v('source_id') } : null)
        : r.target;
      return {
        ...r, ...(has('title') ? { title: v('title') ?? '' } : {}), ...(has('file_name') ? { fileName: v('file_name') ?? '' } : {}),
        ...(has('file_path') ? { filePath: v('file_path') ?? '' } : {}), ...(has('form') ? { form: v('form') ?? '' } : {}), target, updatedAt: now,
      };
    }
  }
};

const personsOf = (s: MemoryState, kind: RecordKind, r: any): Id[] => {
  if (kind === 'person') return [r.id];
  if (kind === 'name') return [r.personId];
  if (kind === 'relationship') return [r.personAId, r.personBId];
  if (kind === 'event') {
    if (r.personId !== null) return [r.personId];
    const edge = r.partnershipId === null ? undefined : s.relationships.get(r.partnershipId);
    return edge === undefined ? [] : [edge.personAId, edge.personBId];
  }
  return [];
};

const same = (a: JsonValue, b: JsonValue): boolean => JSON.stringify(a) === JSON.stringify(b);
const empty = (v: JsonValue): boolean => v === null || v === '' || (Array.isArray(v) && v.length === 0) || (typeof v === 'object' && v !== null && !Array.isArray(v) && Object.keys(v).length === 0);

/**
 * What a unit of work changed, from the state before it to the state after: one change per record
 * created, changed, deleted or undeleted (a record written twice in one unit of work is one change
 * here, two in postgres, whose triggers see each statement), and the transaction's actor and origin
 * from the audit entries it added.
 */
const changesBetween = (before: MemoryState, after: MemoryState, xact: number): { readonly changes: StoredChange[]; readonly changeset: MemoryChangeset | null } => {
  let seq = after.historySeq;
  const at = new Date();
  const changes: StoredChange[] = [];
  for (const kind of RECORD_KINDS) {
    const was = before[MAPS[kind]] as Map<Id, Rec>;
    const now = after[MAPS[kind]] as Map<Id, Rec>;
    for (const [id, r] of now) {
      const old = was.get(id);
      if (old === r) continue;
      const nf = fieldsOf(after, kind, r);
      let action: ChangeAction;
      let fields: FieldChange[];
      if (old === undefined) {
        action = 'create';
        fields = after.leanCreated.has(id) ? [] : Object.keys(nf).sort().filter((k) => !empty(nf[k]!)).map((k) => ({ field: k, before: null, after: nf[k]! }));
      } else {
        const of = fieldsOf(before, kind, old);
        fields = [...new Set([...Object.keys(of), ...Object.keys(nf)])].sort().filter((k) => !same(of[k] ?? null, nf[k] ?? null)).map((k) => ({ field: k, before: of[k] ?? null, after: nf[k] ?? null }));
        action = old.deletedAt === null && r.deletedAt !== null ? 'delete' : old.deletedAt !== null && r.deletedAt === null ? 'undelete' : 'update';
        if (action === 'update' && fields.length === 0) continue;
      }
      seq += 1;
      changes.push({ id: changeIdOf(String(seq)), seq: String(seq), treeId: r.treeId, recordType: kind, recordId: id, action, changes: fields, at, persons: personsOf(after, kind, r), xact });
    }
  }
  let changeset = null as MemoryChangeset | null;
  for (const [id, entry] of after.audit) {
    if (before.audit.has(id)) continue;
    const origin = originOfAction(entry.action, entry.details);
    changeset = {
      actorId: changeset?.actorId ?? entry.actorId,
      origin: changeset === null || ORIGIN_RANK[origin] > ORIGIN_RANK[changeset.origin] ? origin : changeset.origin,
    };
  }
  return { changes, changeset };
};

/** Records what a unit of work changed, when it commits. */
export const recordCommit = (before: MemoryState, after: MemoryState): void => {
  const xact = after.historyXact + 1;
  const { changes, changeset } = changesBetween(before, after, xact);
  after.historyXact = xact;
  after.history.push(...changes);
  after.historySeq += changes.length;
  if (changeset !== null) after.changesets.set(xact, changeset);
  after.leanCreated.clear();
};

/** Changes of records removed for good (a purge, a tree's purge) go with them. */
export const forgetRemoved = (s: MemoryState): void => {
  const lost = new Set<Id>();
  s.history = s.history.filter((c) => {
    const kept = s.trees.has(c.treeId) && (s[MAPS[c.recordType]] as Map<Id, unknown>).has(c.recordId);
    if (!kept) lost.add(c.treeId);
    return kept;
  });
  // As PostgreSQL's delete triggers do: a tree that lost changes draws a fresh number for its stamp.
  for (const treeId of lost) {
    if (!s.trees.has(treeId)) continue;
    s.historySeq += 1;
    s.purgedSeq.set(treeId, s.historySeq);
  }
  for (const treeId of s.purgedSeq.keys()) if (!s.trees.has(treeId)) s.purgedSeq.delete(treeId);
  // As migration 20270119090000's triggers: a tree that lost rows loses its kept pages.
  for (const [id, k] of s.keptPages) if (lost.has(k.treeId) || !s.trees.has(k.treeId) || !s.persons.has(id)) s.keptPages.delete(id);
  for (const treeId of s.pagePasses.keys()) if (lost.has(treeId) || !s.trees.has(treeId)) s.pagePasses.delete(treeId);
  for (const [id, i] of s.imports) if (!s.trees.has(i.treeId)) s.imports.delete(id);
};

/**
 * `inUnitOfWork`: the state before the running unit of work, while one runs: its own changes are
 * read as a transaction reads its writes.
 */
export const memoryHistory = (s: MemoryState, inUnitOfWork: () => MemoryState | null = () => null): HistoryStore => {
  const pending = (): { readonly changes: readonly StoredChange[]; readonly changeset: MemoryChangeset | null } => {
    const before = inUnitOfWork();
    return before === null ? { changes: [], changeset: null } : changesBetween(before, s, s.historyXact + 1);
  };
  const all = (): { readonly list: readonly StoredChange[]; readonly changeset: (xact: number) => MemoryChangeset | undefined } => {
    const p = pending();
    return { list: p.changes.length === 0 ? s.history : [...s.history, ...p.changes], changeset: (x) => (x === s.historyXact + 1 && p.changeset !== null ? p.changeset : s.changesets.get(x)) };
  };
  const view = (c: StoredChange, changesets: (xact: number) => MemoryChangeset | undefined): RecordChange => {
    const cs = changesets(c.xact);
    const actorId = cs?.actorId ?? null;
    const user = actorId === null ? undefined : s.users.get(actorId);
    const { persons: _p, xact: _x, ...rest } = c;
    return { ...rest, origin: cs?.origin ?? 'api', actor: { id: actorId, display: user !== undefined && user.deletedAt === null ? user.email : null } };
  };
  const newestFirst = (pred: (c: StoredChange, changesets: (xact: number) => MemoryChangeset | undefined) => boolean, page: { readonly limit: number; readonly before?: string }): RecordChange[] => {
    const { list, changeset } = all();
    const out: RecordChange[] = [];
    for (let i = list.length - 1; i >= 0 && out.length < page.limit; i--) {
      const c = list[i]!;
      if (page.before !== undefined && BigInt(c.seq) >= BigInt(page.before)) continue;
      if (pred(c, changeset)) out.push(view(c, changeset));
    }
    return out;
  };
  const recordOf = (kind: RecordKind, id: Id): Rec | undefined => (s[MAPS[kind]] as Map<Id, Rec>).get(id);
  return {
    forRecord: async (kind, id, page) => newestFirst((c) => (kind === 'person' ? c.persons.includes(id) : c.recordType === kind && c.recordId === id), page),
    forTree: async (treeId, filter, page) =>
      newestFirst((c, cs) => c.treeId === treeId && (filter.kind === undefined || c.recordType === filter.kind) && (filter.since === undefined || c.at >= filter.since)
        && (filter.actorId === undefined || cs(c.xact)?.actorId === filter.actorId), page),
    change: async (id, treeId) => {
      const { list, changeset } = all();
      const c = list.find((x) => x.id === id && x.treeId === treeId);
      return c === undefined ? null : view(c, changeset);
    },
    state: async (kind, id) => {
      const r = recordOf(kind, id);
      if (r === undefined) return null;
      const state: RecordState = { treeId: r.treeId, persons: personsOf(s, kind, r), fields: fieldsOf(s, kind, r), deletedAt: r.deletedAt, deletionId: r.deletionId };
      return state;
    },
    writeFields: async (kind, id, fields) => {
      const r = recordOf(kind, id);
      if (r === undefined) return;
      const known = new Set([...Object.keys(fieldsOf(s, kind, r))]);
      const unknown = Object.keys(fields).filter((f) => !known.has(f));
      if (unknown.length > 0) throw new Error(`history: ${kind} has no field ${unknown.join(', ')}`);
      (s[MAPS[kind]] as Map<Id, unknown>).set(id, withFields(s, kind, r, fields));
    },
    deleteCreatedBy: async (importId, o) => {
      const imp = s.imports.get(importId);
      const deleted = Object.fromEntries(RECORD_KINDS.map((k) => [k, 0])) as { [K in RecordKind]: number };
      const left: { kind: RecordKind; id: Id }[] = [];
      if (imp === undefined) return { deleted, left };
      const { list } = all();
      const go: StoredChange[] = [];
      for (const c of list) {
        if (c.xact !== imp.xact || c.treeId !== imp.treeId || c.action !== 'create') continue;
        const later = list.some((l) => l.recordId === c.recordId && BigInt(l.seq) > BigInt(c.seq) && l.xact !== imp.xact);
        if (later && !o.force) {
          if (left.length < 1000) left.push({ kind: c.recordType, id: c.recordId });
          continue;
        }
        go.push(c);
      }
      // A deleted person hides its names and events, as a person's deletion does.
      const gone = new Set(go.filter((c) => c.recordType === 'person' || c.recordType === 'relationship').map((c) => c.recordId));
      for (const c of go) {
        const r = recordOf(c.recordType, c.recordId);
        if (r === undefined || r.deletedAt !== null) continue;
        const owner = r as unknown as { personId?: Id | null; partnershipId?: Id | null };
        if ((c.recordType === 'name' || c.recordType === 'event') && ((owner.personId != null && gone.has(owner.personId)) || (owner.partnershipId != null && gone.has(owner.partnershipId)))) continue;
        (s[MAPS[c.recordType]] as Map<Id, unknown>).set(c.recordId, { ...r, deletedAt: o.at, deletionId: o.deletionId });
        deleted[c.recordType] += 1;
      }
      return { deleted, left };
    },
    otherChangesOf: async (importId) => {
      const imp = s.imports.get(importId);
      const { list, changeset } = all();
      return imp === undefined ? [] : list.filter((c) => c.xact === imp.xact && c.action !== 'create').reverse().map((c) => view(c, changeset));
    },
    setDeleted: async (kind, id, deletion) => {
      const r = recordOf(kind, id);
      if (r === undefined) return;
      (s[MAPS[kind]] as Map<Id, unknown>).set(id, { ...r, deletedAt: deletion?.at ?? null, deletionId: deletion?.id ?? null });
    },
  };
};

/** The imports of each tree, each tied to its unit of work's number (`xact`), whose changes are what it did. */
export const memoryImports = (s: MemoryState): ImportLog => ({
  record: async (e) => {
    s.imports.set(e.id, { ...e, xact: s.historyXact + 1 });
  },
  list: async (treeId, page) =>
    [...s.imports.values()].filter((i) => i.treeId === treeId && (page.after === undefined || i.id < page.after)).sort((a, b) => (a.id < b.id ? 1 : -1)).slice(0, page.limit)
      .map(({ xact: _x, ...i }) => {
        const u = i.actorId === null ? undefined : s.users.get(i.actorId);
        return { ...i, actorDisplay: u !== undefined && u.deletedAt === null ? u.email : null };
      }),
  byId: async (id) => {
    const i = s.imports.get(id);
    if (i === undefined) return null;
    const { xact: _x, ...rest } = i;
    return rest;
  },
  markUndone: async (id, at) => {
    const i = s.imports.get(id);
    if (i !== undefined) s.imports.set(id, { ...i, undoneAt: at });
  },
});
