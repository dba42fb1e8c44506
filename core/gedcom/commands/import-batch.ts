import { newId, type Id } from '../../shared/ids.js';
import type { Stores } from '../../shared/ports.js';
import { dateDisplay } from '../../people/date.js';
import { withKeptFacts } from '../../people/keep-life-facts.js';
import type { LifeEvent, Name, Person, Place, Relationship } from '../../people/model.js';
import type { Citation, CitationTargetKind, Source } from '../../sources/model.js';
import type { RecordBatch } from '../ports.js';
import type { ImportCounts, ImportPlan, PlanCitation, PlanEvent, PlanPerson } from '../types.js';
import { createWarningLog, type Warnings } from '../warnings.js';

/** What becomes of one incoming person. */
export type PersonTarget = { readonly action: 'new' } | { readonly action: 'skip' | 'merge' | 'overwrite'; readonly targetId: Id };

export type BuiltImport = {
  readonly batch: RecordBatch;
  readonly counts: ImportCounts;
  /** Existing persons that `overwrite` replaces: soft-deleted before the batch is written. */
  readonly overwritten: readonly Id[];
  /** Existing persons a merge changed (notes, a missing sex, a stricter privacy). */
  readonly updatedPersons: readonly Person[];
  /** Existing persons that gained events: their kept facts are recomputed once the batch is written. */
  readonly factsChanged: readonly Id[];
  readonly warnings: Warnings;
};

const lower = (s: string): string => s.trim().toLowerCase();
const pairKey = (type: Relationship['type'], a: Id, b: Id): string => (type === 'partnership' ? `p|${a < b ? a : b}|${a < b ? b : a}` : `c|${a}|${b}`);
const joinNotes = (a: string, b: string): string => (b.trim() === '' || a.includes(b.trim()) ? a : a.trim() === '' ? b.trim() : `${a}\n\n${b.trim()}`);

/**
 * Turns the plan into rows, reading what it must not duplicate (sources, places, live edges, the
 * names and events of merge targets) in a fixed number of queries. Pure apart from those reads.
 */
export const buildBatch = async (
  tx: Pick<Stores, 'persons' | 'names' | 'events' | 'places' | 'relationships' | 'sources'>,
  treeId: Id,
  plan: ImportPlan,
  targets: ReadonlyMap<string, PersonTarget>,
  now: Date,
): Promise<BuiltImport> => {
  const warnings = createWarningLog();
  const persons: Person[] = [];
  const names: Name[] = [];
  const events: LifeEvent[] = [];
  const relationships: Relationship[] = [];
  const citations: Citation[] = [];
  const newSources: Source[] = [];
  const newPlaces: Place[] = [];
  const c = {
    persons: { created: 0, merged: 0, skipped: 0, overwritten: 0 },
    names: { created: 0, skipped: 0 },
    events: { created: 0, skipped: 0 },
    relationships: { created: 0, skipped: 0 },
    sources: { created: 0, reused: 0 },
    citations: { created: 0, skipped: 0 },
    places: { created: 0, reused: 0 },
  };
  const stamp = { createdAt: now, updatedAt: now, deletedAt: null, deletionId: null } as const;

  // Which person each xref becomes.
  const personIds = new Map<string, Id>();
  const overwritten = new Set<Id>();
  const mergeTargets = new Set<Id>();
  for (const p of plan.persons) {
    const t = targets.get(p.xref) ?? { action: 'new' as const };
    if (t.action === 'new' || t.action === 'overwrite') personIds.set(p.xref, newId());
    else personIds.set(p.xref, t.targetId);
    if (t.action === 'overwrite') overwritten.add(t.targetId);
    if (t.action === 'merge') mergeTargets.add(t.targetId);
  }

  // Sources. Each SOUR record of the file is a source of its own (two records of one title, author and
  // publication are two sources, as a tree may hold them and export writes them): it reuses a live
  // source of the tree with the same title, author and publication that no other record of this file
  // has taken, else it is created. An inline source (SOUR text) reuses any source of that title.
  const sourceKey = (title: string, author: string, publication: string): string => `${title.trim()}\u0000${author.trim()}\u0000${publication.trim()}`;
  const sourceByKey = new Map<string, Id>();
  const untakenByKey = new Map<string, Id[]>();
  for (const s of await tx.sources.listByTree(treeId, {})) {
    const key = sourceKey(s.title, s.author, s.publication);
    if (!sourceByKey.has(key)) sourceByKey.set(key, s.id);
    const list = untakenByKey.get(key);
    if (list === undefined) untakenByKey.set(key, [s.id]);
    else list.push(s.id);
  }
  const sourceIds = new Map<string, Id>();
  const createdSources = new Set<Id>();
  const reusedSources = new Set<Id>();
  const reuseSource = (id: Id): Id => {
    if (!createdSources.has(id) && !reusedSources.has(id)) {
      reusedSources.add(id);
      c.sources.reused += 1;
    }
    return id;
  };
  const createSource = (key: string, title: string, author: string, publication: string, notes: string): Id => {
    const source: Source = { id: newId(), treeId, title: title.trim() === '' ? '(untitled source)' : title.trim(), author, publication, notes, ...stamp };
    newSources.push(source);
    createdSources.add(source.id);
    if (!sourceByKey.has(key)) sourceByKey.set(key, source.id);
    c.sources.created += 1;
    return source.id;
  };
  const inlineSource = (title: string): Id => {
    const key = sourceKey(title, '', '');
    const found = sourceByKey.get(key);
    return found !== undefined ? reuseSource(found) : createSource(key, title, '', '', '');
  };
  for (const s of plan.sources) {
    const key = sourceKey(s.title, s.author, s.publication);
    const untaken = untakenByKey.get(key)?.shift();
    sourceIds.set(s.xref, untaken !== undefined ? reuseSource(untaken) : createSource(key, s.title, s.author, s.publication, s.notes));
  }

  // Places, deduplicated against the tree's own and within the file.
  const placeByName = new Map<string, Id>();
  for (const p of await tx.places.listByTree(treeId)) placeByName.set(lower(p.name), p.id);
  const reusedPlaces = new Set<Id>();
  const createdPlaces = new Set<Id>();
  const placeFor = (name: string | null): Id | null => {
    if (name === null || name.trim() === '') return null;
    const key = lower(name);
    const found = placeByName.get(key);
    if (found !== undefined) {
      if (!reusedPlaces.has(found) && !createdPlaces.has(found)) {
        reusedPlaces.add(found);
        c.places.reused += 1;
      }
      return found;
    }
    const place: Place = { id: newId(), treeId, name: name.trim() };
    newPlaces.push(place);
    createdPlaces.add(place.id);
    placeByName.set(key, place.id);
    c.places.created += 1;
    return place.id;
  };

  const cite = (pc: PlanCitation, kind: CitationTargetKind, id: Id): void => {
    const sourceId = pc.sourceXref !== null ? sourceIds.get(pc.sourceXref) : inlineSource(pc.inlineTitle ?? '');
    if (sourceId === undefined) {
      warnings.add({ line: pc.line, message: `citation of ${pc.sourceXref}: no such SOUR record; skipped` });
      c.citations.skipped += 1;
      return;
    }
    citations.push({ id: newId(), treeId, sourceId, target: { kind, id }, page: pc.page, detail: pc.detail, confidence: pc.confidence, ...stamp });
    c.citations.created += 1;
  };

  const event = (pe: PlanEvent, subject: { personId: Id } | { partnershipId: Id }): void => {
    const e: LifeEvent = {
      id: newId(), treeId, type: pe.type, customType: pe.type === 'custom' ? (pe.customType ?? 'Event') : null,
      personId: 'personId' in subject ? subject.personId : null, partnershipId: 'partnershipId' in subject ? subject.partnershipId : null,
      date: pe.date, placeId: placeFor(pe.place), notes: pe.notes, detail: pe.detail, ...stamp,
    };
    events.push(e);
    c.events.created += 1;
    for (const pc of pe.citations) cite(pc, 'event', e.id);
  };

  // What merge targets have already, so a merge adds only what is new to them.
  const targetList = [...mergeTargets];
  const existingNames = new Set((await tx.names.listByPersons(targetList)).map((n) => `${n.personId}|${n.nameType}|${n.givenName}|${n.surname}`));
  const targetEvents = (await tx.events.listByPersons(targetList)).filter((e) => e.personId !== null);
  const targetPlaces = new Map((await tx.places.byIds(targetEvents.flatMap((e) => (e.placeId === null ? [] : [e.placeId])))).map((p) => [p.id, p.name]));
  const eventKey = (personId: Id, type: string, customType: string | null, date: PlanEvent['date'], place: string | null): string =>
    `${personId}|${type}|${customType ?? ''}|${dateDisplay(date) ?? ''}|${lower(place ?? '')}`;
  const existingEvents = new Set(targetEvents.map((e) => eventKey(e.personId!, e.type, e.customType, e.date, e.placeId === null ? null : (targetPlaces.get(e.placeId) ?? null))));
  const targetPersons = new Map((await tx.persons.byIds(treeId, targetList)).map((p) => [p.id, p]));

  const create = (p: PlanPerson, id: Id): void => {
    persons.push({ id, treeId, sex: p.sex, isLiving: null, privacy: p.privacy, notes: p.notes, birthYear: null, hasDeathFact: false, ...stamp });
    p.names.forEach((n) => {
      const name: Name = { id: newId(), treeId, personId: id, nameType: n.nameType, givenName: n.givenName, surname: n.surname, isPrimary: n.isPrimary, createdAt: now, deletedAt: null, deletionId: null };
      names.push(name);
      c.names.created += 1;
      for (const pc of n.citations) cite(pc, 'name', name.id);
    });
    for (const pe of p.events) event(pe, { personId: id });
    for (const pc of p.citations) cite(pc, 'person', id);
  };

  const merge = (p: PlanPerson, id: Id): void => {
    for (const n of p.names) {
      const key = `${id}|${n.nameType}|${n.givenName}|${n.surname}`;
      if (existingNames.has(key)) {
        c.names.skipped += 1;
        continue;
      }
      existingNames.add(key);
      const name: Name = { id: newId(), treeId, personId: id, nameType: n.nameType, givenName: n.givenName, surname: n.surname, isPrimary: false, createdAt: now, deletedAt: null, deletionId: null };
      names.push(name);
      c.names.created += 1;
      for (const pc of n.citations) cite(pc, 'name', name.id);
    }
    for (const pe of p.events) {
      const key = eventKey(id, pe.type, pe.type === 'custom' ? pe.customType : null, pe.date, pe.place);
      if (existingEvents.has(key)) {
        c.events.skipped += 1;
        continue;
      }
      existingEvents.add(key);
      event(pe, { personId: id });
    }
    for (const pc of p.citations) cite(pc, 'person', id);
    const current = targetPersons.get(id);
    if (current !== undefined) {
      const next: Person = {
        ...current,
        notes: joinNotes(current.notes, p.notes),
        sex: current.sex ?? p.sex,
        privacy: p.privacy === 'private' ? 'private' : current.privacy,
        updatedAt: now,
      };
      if (next.notes !== current.notes || next.sex !== current.sex || next.privacy !== current.privacy) targetPersons.set(id, next);
    }
  };

  for (const p of plan.persons) {
    const t = targets.get(p.xref) ?? { action: 'new' as const };
    const id = personIds.get(p.xref)!;
    if (t.action === 'new') {
      create(p, id);
      c.persons.created += 1;
    } else if (t.action === 'overwrite') {
      create(p, id);
      c.persons.created += 1;
    } else if (t.action === 'merge') {
      merge(p, id);
      c.persons.merged += 1;
    } else {
      c.persons.skipped += 1;
    }
  }
  c.persons.overwritten = overwritten.size;

  // Relationships: never twice between the same pair, counting the tree's live edges (less those
  // of persons this import overwrites) and the ones this import has made already.
  const edges = new Map<string, Id>();
  for (const r of await tx.relationships.listByTree(treeId, {}))
    if (!overwritten.has(r.personAId) && !overwritten.has(r.personBId)) edges.set(pairKey(r.type, r.personAId, r.personBId), r.id);
  const relate = (type: Relationship['type'], a: Id, b: Id, qualifier: Relationship['qualifier'], notes: string): { id: Id; created: boolean } => {
    const key = pairKey(type, a, b);
    const found = edges.get(key);
    if (found !== undefined) {
      c.relationships.skipped += 1;
      return { id: found, created: false };
    }
    const r: Relationship = { id: newId(), treeId, type, personAId: a, personBId: b, qualifier, notes, ...stamp };
    relationships.push(r);
    edges.set(key, r.id);
    c.relationships.created += 1;
    return { id: r.id, created: true };
  };

  for (const f of plan.families) {
    const partners = [...new Set(f.partners.flatMap((x) => personIds.get(x) ?? []))];
    const couple = partners.length === 2 ? relate('partnership', partners[0]!, partners[1]!, null, f.notes) : null;
    if (couple !== null && couple.created) {
      for (const pe of f.events) event(pe, { partnershipId: couple.id });
      for (const pc of f.citations) cite(pc, 'relationship', couple.id);
    } else {
      c.events.skipped += f.events.length;
      c.citations.skipped += f.citations.length;
      if (couple === null && f.events.length > 0) warnings.add({ line: f.line, message: `family ${f.xref} has no couple: its ${f.events.length} event(s) were not imported` });
    }
    for (const child of f.children) {
      const childId = personIds.get(child.xref);
      if (childId === undefined) continue;
      f.partners.forEach((partnerXref, i) => {
        const parentId = personIds.get(partnerXref);
        if (parentId === undefined || parentId === childId) return;
        if (edges.has(pairKey('parent_child', childId, parentId))) {
          warnings.add({ line: f.line, message: `family ${f.xref}: ${child.xref} is already a parent of ${partnerXref}; the reverse edge was not created` });
          c.relationships.skipped += 1;
          return;
        }
        relate('parent_child', parentId, childId, child.qualifiers[i] ?? 'biological', '');
      });
    }
  }

  return {
    // New persons carry the facts of their events here; merge targets' are kept after the write.
    batch: { persons: withKeptFacts(persons, events), names, places: newPlaces, relationships, events, sources: newSources, citations },
    factsChanged: [...new Set(events.flatMap((e) => (e.personId !== null && targetPersons.has(e.personId) ? [e.personId] : [])))],
    counts: c,
    overwritten: [...overwritten],
    updatedPersons: [...targetPersons.values()].filter((p) => p.updatedAt === now),
    warnings: warnings.result(),
  };
};
