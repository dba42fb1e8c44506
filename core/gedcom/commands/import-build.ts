import type { Id } from '../../kernel/ids.js';
import type { Stores } from '../../stores.js';
import { dateDisplay } from '../../people/date.js';
import { birthFacts, deathFacts, MAX_IDENTIFIERS, type Coordinates, type LifeEvent, type Name, type Person, type PersonIdentifier, type Place, type Relationship } from '../../people/model.js';
import type { CitationTargetKind, Repository, RepositoryLink, Source } from '../../sources/model.js';
import type { ScannedSource } from '../import-scan.js';
import type { ImportCounts, KeptRecord, PlanCitation, PlanCoordinates, PlanEvent, PlanFamily, PlanPerson, PlanRepository, PlanSource } from '../types.js';
import { createWarningLog, type Warnings } from '../warnings.js';
import { NO_SOURCE_EXTRAS, type SourceExtras } from '../../sources/source-fields.js';
import { createEdges } from './import-edges.js';
import { idSequence, nameRow, type RowWriter } from './import-rows.js';
import { extensionTags, familyForm, familyNotesBinding, groupForm, keptXref, NOTE_FORM, sharedForm, mapPointers, MAX_FAMILY_FORMS, parseKept, rewriteExtra, withNotesHash } from '../extensions.js';
import { ownText } from '../../kernel/own-text.js';

/** What becomes of one incoming person. */
export type PersonTarget = { readonly action: 'new' } | { readonly action: 'skip' | 'merge' | 'overwrite'; readonly targetId: Id };

/** An incoming person as the tree knows it: its id, and its number for edge keys (import-edges.ts). */
export type Who = { readonly id: Id; readonly num: number; readonly index: number };

export type ImportBuilder = {
  readonly person: (p: PlanPerson, index: number) => void;
  readonly family: (f: PlanFamily) => void;
  readonly source: (s: PlanSource) => void;
  /** The source a SOUR xref of the file became (created or reused), for what attaches to it (media). */
  readonly sourceId: (xref: string) => Id | undefined;
  /**
   * The records no row takes, their pointers rewritten as kept lines' are, with the extension tags of
   * every kept line of the import (for a 7.0 HEAD.SCHMA): call after the last record.
   */
  readonly kept: (records: readonly KeptRecord[], declarations: readonly string[]) => { readonly records: readonly KeptRecord[]; readonly tags: readonly string[] };
  /** The event a mapped event of the last person() became, when one was created (not for a merge target's duplicate): what attaches to it (media). Ask before the next person() or family(). */
  readonly eventId: (pe: PlanEvent) => Id | undefined;
  readonly result: () => {
    readonly counts: ImportCounts;
    /** Existing persons a merge changed (notes, a missing sex, a stricter privacy). */
    readonly updatedPersons: readonly Person[];
    /** Persons whose kept facts must be computed again after the write (merge targets, family events moved to a person). */
    readonly factsChanged: readonly Id[];
    /**
     * Notes to add, after the write, to partnerships this import made: those of a couple's second
     * FAM record (the partnership's row may be written already when it comes).
     */
    readonly partnershipNotes: ReadonlyMap<Id, string>;
    /**
     * Kept text to add, after the write, to partnerships this import made: the family forms of a
     * couple's FAM records after their first (extensions.ts), each a JSON list of kept entries.
     */
    readonly partnershipForms: ReadonlyMap<Id, readonly string[]>;
    /** Kept text to add, after the write, to the parent_child edge from `parentId` to `childId`: link forms (extensions.ts). */
    readonly linkForms: readonly { readonly parentId: Id; readonly childId: Id; readonly entries: string }[];
    /** Coordinates to give, after the write, to places that had none when the import first used them. */
    readonly placeCoordinates: ReadonlyMap<Id, Coordinates>;
    readonly warnings: Warnings;
  };
};

const lower = (s: string): string => s.trim().toLowerCase();
export const joinNotes = (a: string, b: string): string => (b.trim() === '' || a.includes(b.trim()) ? a : a.trim() === '' ? b.trim() : `${a}\n\n${b.trim()}`);
const sourceKey = (title: string, author: string, publication: string): string => `${title.trim()}\u0000${author.trim()}\u0000${publication.trim()}`;
const repositoryKey = (name: string, address: string): string => `${name.trim()}\u0000${address.trim()}`;

/** What the tree has that the import must not duplicate or must merge into, read before the second pass. */
export type Existing = {
  readonly sources: readonly Source[];
  readonly repositories: readonly Repository[];
  readonly places: readonly Place[];
  /** Live edges touching a skip or merge target (none when every person is new). */
  readonly edges: readonly Relationship[];
  readonly targetNames: readonly Name[];
  readonly targetEvents: readonly LifeEvent[];
  readonly targetPlaces: ReadonlyMap<Id, string>;
  readonly targetPersons: readonly Person[];
};

export const readExisting = async (
  tx: Pick<Stores, 'persons' | 'names' | 'events' | 'places' | 'relationships' | 'sources' | 'repositories'>, treeId: Id, kept: readonly Id[], overwritten: ReadonlySet<Id>,
): Promise<Existing> => {
  const targetEvents = (await tx.events.listByPersons(kept)).filter((e) => e.personId !== null);
  return {
    sources: await tx.sources.listByTree(treeId, {}),
    repositories: await tx.repositories.listByTree(treeId, {}),
    places: await tx.places.listByTree(treeId),
    edges: kept.length === 0 ? [] : (await tx.relationships.listByPersons(kept)).filter((r) => !overwritten.has(r.personAId) && !overwritten.has(r.personBId)),
    targetNames: await tx.names.listByPersons(kept),
    targetEvents,
    targetPlaces: new Map((await tx.places.byIds(targetEvents.flatMap((e) => (e.placeId === null ? [] : [e.placeId])))).map((p) => [p.id, p.name])),
    targetPersons: await tx.persons.byIds(treeId, kept),
  };
};

/**
 * Turns mapped records into rows as they arrive, in file order, with the same rules the whole-file
 * import had: persons created, merged, skipped or overwritten by their target; sources and places
 * reused by their text; no second edge between a pair. Everything it holds between records is small
 * per record (ids and edge keys), or bounded by the tree's own sources and places.
 */
export const createImportBuilder = (o: {
  readonly treeId: Id;
  readonly now: Date;
  readonly rows: RowWriter;
  readonly existing: Existing;
  readonly fileSources: ReadonlyMap<string, ScannedSource>;
  /** The file's REPO records: created (or reused) before any source names them. */
  readonly fileRepositories: readonly PlanRepository[];
  readonly targetOf: (index: number) => PersonTarget;
  /** undefined when no INDI record of the file has the xref. */
  readonly who: (xref: string) => Who | undefined;
  readonly numberOf: (existingId: Id) => number;
  /**
   * The id the media record an OBJE record `xref` becomes will have (the collector creates it with
   * that id), or undefined when it becomes none: a kept pointer at it names that media record.
   */
  readonly mediaId?: (xref: string) => Id | undefined;
  /** The ids of the names the first pass wrote for the new person at `index` (import-early-names.ts), checked against `names`; undefined when it wrote none. */
  readonly namesWritten?: (index: number, names: PlanPerson['names']) => readonly Id[] | undefined;
}): ImportBuilder => {
  const { treeId, now, rows, existing } = o;
  // Ids in one sequence (import-rows.ts): a partnership is found again by the number of its id (import-edges.ts).
  const idAt = idSequence();
  let idsMade = 0;
  const newId = (): Id => idAt(idsMade++);
  const warnings = createWarningLog();
  const c = {
    persons: { created: 0, merged: 0, skipped: 0, overwritten: 0 },
    names: { created: 0, skipped: 0 },
    events: { created: 0, skipped: 0 },
    relationships: { created: 0, skipped: 0 },
    sources: { created: 0, reused: 0 },
    repositories: { created: 0, reused: 0 },
    citations: { created: 0, skipped: 0 },
    places: { created: 0, reused: 0 },
  };
  const stamp = { createdAt: now, updatedAt: now, deletedAt: null, deletionId: null } as const;
  const factsChanged = new Set<Id>();
  const partnershipNotes = new Map<Id, string>();
  /** The notes of the partnerships this import made, as their first FAM gave them, and with later FAMs' joined. */
  const firstNotes = new Map<Id, string>();
  const coupleNotes = new Map<Id, string>();
  /** Family forms to add, after the write, to partnerships this import made (their kept text, each a JSON list). */
  const partnershipForms = new Map<Id, string[]>();
  const familyFormsMade = new Map<Id, number>();
  /** Link forms to add, after the write, to the parent_child edge of each pair (found by its ends). */
  const linkForms: { readonly parentId: Id; readonly childId: Id; readonly entries: string }[] = [];
  const linkFormsMade = new Map<string, number>();
  /** FAMs without a partner that made edges, by their one parent (group forms). */
  const lonelyFamilies = new Map<Id, number>();
  /** The parent_child links the tree had before (its merge and skip targets'), as `parent|child`. */
  const existingLinks = new Set(existing.edges.filter((r) => r.type === 'parent_child').map((r) => `${r.personAId}|${r.personBId}`));

  // Sources. Each SOUR record of the file is a source of its own: it reuses a live source of the tree
  // with the same title, author and publication that no other record of this file has taken, else it
  // is created when its record arrives (its id is known before, for the citations that come first).
  // An inline source (SOUR text) reuses any source of that title.
  const sourceByKey = new Map<string, Id>();
  const untakenByKey = new Map<string, Id[]>();
  for (const s of existing.sources) {
    const key = sourceKey(s.title, s.author, s.publication);
    if (!sourceByKey.has(key)) sourceByKey.set(key, s.id);
    const list = untakenByKey.get(key);
    if (list === undefined) untakenByKey.set(key, [s.id]);
    else list.push(s.id);
  }
  const sourceIds = new Map<string, { id: Id; reused: boolean }>();
  const reusedSources = new Set<Id>();
  // Created, or to be created when their record arrives: an inline source of the same title reuses them.
  const createdSources = new Set<Id>();
  for (const [xref, s] of o.fileSources) {
    const key = sourceKey(s.title, s.author, s.publication);
    const untaken = untakenByKey.get(key)?.shift();
    if (untaken !== undefined) {
      sourceIds.set(xref, { id: untaken, reused: true });
      continue;
    }
    const id = newId();
    sourceIds.set(xref, { id, reused: false });
    createdSources.add(id);
    if (!sourceByKey.has(key)) sourceByKey.set(key, id);
  }
  const reuseSource = (id: Id): Id => {
    if (!createdSources.has(id) && !reusedSources.has(id)) {
      reusedSources.add(id);
      c.sources.reused += 1;
    }
    return id;
  };
  const createSource = (id: Id, key: string, title: string, author: string, publication: string, notes: string, extras: SourceExtras = NO_SOURCE_EXTRAS): void => {
    rows.rows().sources.push({ id, treeId, title: title.trim() === '' ? '(untitled source)' : title.trim(), author, publication, notes, ...extras, ...stamp });
    createdSources.add(id);
    if (!sourceByKey.has(key)) sourceByKey.set(ownText(key), id);
    c.sources.created += 1;
  };
  const inlineSource = (title: string): Id => {
    const key = sourceKey(title, '', '');
    const found = sourceByKey.get(key);
    if (found !== undefined) return reuseSource(found);
    const id = newId();
    createSource(id, key, title, '', '', '');
    return id;
  };

  // Places, deduplicated against the tree's own and within the file.
  const placeByName = new Map<string, Id>();
  for (const p of existing.places) placeByName.set(lower(p.name), p.id);
  const reusedPlaces = new Set<Id>();
  const createdPlaces = new Set<Id>();
  // Coordinates (PLAC.MAP): the first pair seen for a place wins, a later different pair is a warning.
  // A place that had none (the tree's, or made earlier in this file) takes the first pair after the write.
  const coordinatesOf = new Map<Id, Coordinates>();
  for (const p of existing.places) if (p.latitude !== null && p.longitude !== null) coordinatesOf.set(p.id, { latitude: p.latitude, longitude: p.longitude });
  const laterCoordinates = new Map<Id, Coordinates>();
  const degrees = (k: Coordinates): string => `${k.latitude}, ${k.longitude}`;
  const placeFor = (name: string | null, at?: PlanCoordinates): Id | null => {
    if (name === null || name.trim() === '') return null;
    const key = lower(name);
    const found = placeByName.get(key);
    if (found !== undefined) {
      if (!reusedPlaces.has(found) && !createdPlaces.has(found)) {
        reusedPlaces.add(found);
        c.places.reused += 1;
      }
      if (at !== undefined) {
        const had = coordinatesOf.get(found);
        const pair = { latitude: at.latitude, longitude: at.longitude };
        if (had === undefined) {
          coordinatesOf.set(found, pair);
          laterCoordinates.set(found, pair);
        } else if (had.latitude !== pair.latitude || had.longitude !== pair.longitude) {
          warnings.add({ line: at.line, message: `PLAC ${name.trim()}: MAP ${degrees(pair)} differs from the place's ${degrees(had)}, which are kept` });
        }
      }
      return found;
    }
    const place: Place = { id: newId(), treeId, name: name.trim(), latitude: at?.latitude ?? null, longitude: at?.longitude ?? null };
    rows.rows().places.push(place);
    createdPlaces.add(place.id);
    placeByName.set(ownText(key), place.id);
    if (at !== undefined) coordinatesOf.set(place.id, { latitude: at.latitude, longitude: at.longitude });
    c.places.created += 1;
    return place.id;
  };

  // Kept lines (extensions.ts) go on the row they came from, their pointers to persons and sources
  // of the file rewritten to those rows' ids, any other pointer to the name kept records take.
  // This import's tag in the cross-references of what it keeps (keptXref): hex digits of a fresh id.
  const keptTag = idAt(0).replaceAll('-', '').slice(-6).toUpperCase();
  const pointerOf = (xref: string): string => {
    const person = o.who(xref);
    if (person !== undefined) return `@#I${person.id}@`;
    const source = sourceIds.get(xref);
    if (source !== undefined) return `@#S${source.id}@`;
    const media = o.mediaId?.(xref);
    return media !== undefined ? `@#M${media}@` : keptXref(xref, keptTag);
  };
  const tags = new Set<string>();
  /** A row's kept text, pointers rewritten; its note forms bound to `notes`, the row's notes text (extensions.ts). */
  const kept = (extra: string | undefined, notes = ''): { readonly gedcomExtra?: string } => {
    if (extra === undefined) return {};
    const gedcomExtra = withNotesHash(rewriteExtra(extra, pointerOf), notes);
    extensionTags(gedcomExtra, tags);
    rows.keptChars(gedcomExtra.length);
    return { gedcomExtra };
  };

  // Repositories: each REPO record reuses a live repository of the tree with the same name and address
  // (one the file has not taken already), else it is created now, before the sources that name it.
  const untakenRepositories = new Map<string, Id[]>();
  for (const r of existing.repositories) {
    const key = repositoryKey(r.name, r.address);
    untakenRepositories.set(key, [...(untakenRepositories.get(key) ?? []), r.id]);
  }
  const repositoryIds = new Map<string, Id>();
  for (const r of o.fileRepositories) {
    const untaken = untakenRepositories.get(repositoryKey(r.name, r.address))?.shift();
    if (untaken !== undefined) {
      repositoryIds.set(r.xref, untaken);
      c.repositories.reused += 1;
      continue;
    }
    const id = newId();
    repositoryIds.set(r.xref, id);
    rows.rows().repositories.push({
      id, treeId, name: r.name.trim() === '' ? '(unnamed repository)' : r.name.trim(), address: r.address, notes: r.notes,
      ...kept(r.extra, r.notes), ...stamp,
    });
    c.repositories.created += 1;
  }
  const linksOf = (s: PlanSource): RepositoryLink[] =>
    s.repositories.flatMap((l) => {
      const repositoryId = repositoryIds.get(l.xref);
      return repositoryId === undefined ? [] : [{ repositoryId, callNumber: l.callNumber }];
    });

  const cite = (pc: PlanCitation, kind: CitationTargetKind, id: Id): void => {
    const known = pc.sourceXref !== null ? sourceIds.get(pc.sourceXref) : undefined;
    const sourceId = pc.sourceXref === null ? inlineSource(pc.inlineTitle ?? '') : known === undefined ? undefined : known.reused ? reuseSource(known.id) : known.id;
    if (sourceId === undefined) {
      warnings.add({ line: pc.line, message: `citation of ${pc.sourceXref}: no such SOUR record; skipped` });
      c.citations.skipped += 1;
      return;
    }
    rows.rows().citations.push({ id: newId(), treeId, sourceId, target: { kind, id }, page: pc.page, detail: pc.detail, entryDate: pc.entryDate ?? '', notes: pc.notes ?? '', confidence: pc.confidence, ...kept(pc.extra, pc.notes ?? ''), ...stamp });
    c.citations.created += 1;
  };

  // The events of the last person() or family() only: the caller asks right after person(). A Map
  // emptied at each record, not a WeakMap of every event: each young collection walks a WeakMap's
  // entries whose keys are young, and an import sets one per event (330,000 for 100,000 persons).
  const eventIds = new Map<PlanEvent, Id>();
  const event = (pe: PlanEvent, subject: { personId: Id } | { partnershipId: Id }, form = 0): void => {
    // An event of a couple's k-th FAM after their first says so (a family form: extensions.ts).
    const extra = form === 0 ? pe.extra : JSON.stringify([...(pe.extra === undefined ? [] : parseKept(pe.extra)), familyForm(form)]);
    const e: LifeEvent = {
      id: newId(), treeId, type: pe.type, customType: pe.type === 'custom' ? (pe.customType ?? 'Event') : null,
      personId: 'personId' in subject ? subject.personId : null, partnershipId: 'partnershipId' in subject ? subject.partnershipId : null,
      date: pe.date, placeId: placeFor(pe.place, pe.coordinates), notes: pe.notes, detail: pe.detail, cause: pe.cause, temple: pe.temple, ordinanceStatus: pe.ordinanceStatus,
      ...kept(extra, pe.notes), ...stamp,
    };
    rows.rows().events.push(e);
    eventIds.set(pe, e.id);
    c.events.created += 1;
    for (const pc of pe.citations) cite(pc, 'event', e.id);
  };

  // What merge targets have already, so a merge adds only what is new to them.
  const nameKey = (personId: Id, n: Pick<Name, 'nameType' | 'givenName' | 'surname' | 'prefix' | 'suffix' | 'surnamePrefix'>): string =>
    `${personId}|${n.nameType}|${n.givenName}|${n.surname}|${n.prefix}|${n.suffix}|${n.surnamePrefix}`;
  const existingNames = new Set(existing.targetNames.map((n) => nameKey(n.personId, n)));
  const eventKey = (personId: Id, type: string, customType: string | null, date: PlanEvent['date'], place: string | null): string =>
    `${personId}|${type}|${customType ?? ''}|${dateDisplay(date) ?? ''}|${lower(place ?? '')}`;
  const existingEvents = new Set(existing.targetEvents.map((e) =>
    eventKey(e.personId!, e.type, e.customType, e.date, e.placeId === null ? null : (existing.targetPlaces.get(e.placeId) ?? null))));
  const targetPersons = new Map(existing.targetPersons.map((p) => [p.id, p]));

  const create = (p: PlanPerson, id: Id, index: number): void => {
    rows.rows().persons.push({
      id, treeId, sex: p.sex, isLiving: null, privacy: p.privacy, notes: p.notes, identifiers: p.identifiers, birthYear: null, hasDeathFact: false, mergedInto: null,
      ...kept(p.extra, p.notes), ...stamp,
    });
    // Names the first pass wrote already are cited by their ids (import-early-names.ts).
    const written = o.namesWritten?.(index, p.names);
    for (let k = 0; k < p.names.length; k++) {
      const n = p.names[k]!;
      let nameId = written?.[k];
      if (nameId === undefined) {
        const name: Name = { ...nameRow(n, newId(), treeId, id, now), ...kept(n.extra, n.notes) };
        rows.rows().names.push(name);
        nameId = name.id;
      }
      c.names.created += 1;
      for (const pc of n.citations) cite(pc, 'name', nameId);
    }
    for (const pe of p.events) event(pe, { personId: id });
    for (const pc of p.citations) cite(pc, 'person', id);
  };

  /** ASSO: the person holds it, the associate is b; its notes and citations are the edge's. */
  const associate = (p: PlanPerson, from: Who): void => {
    for (const a of p.associations) {
      const to = o.who(a.xref);
      if (to === undefined || to.id === from.id) {
        warnings.add({ line: a.line, message: `ASSO ${a.xref} ${to === undefined ? 'is not an INDI record of this file' : 'is the person itself'}: left out` });
        c.relationships.skipped += 1;
        continue;
      }
      const r = relate('association', from, to, null, a.notes, a.role === '' ? null : a.role, a.extra);
      if (r !== null) for (const pc of a.citations) cite(pc, 'relationship', r);
      else c.citations.skipped += a.citations.length;
    }
  };

  /** An event for a merge target: only when the target has no such event yet. */
  const mergeEvent = (pe: PlanEvent, id: Id): void => {
    const key = eventKey(id, pe.type, pe.type === 'custom' ? pe.customType : null, pe.date, pe.place);
    if (existingEvents.has(key)) {
      c.events.skipped += 1;
      return;
    }
    existingEvents.add(ownText(key));
    event(pe, { personId: id });
    factsChanged.add(id);
  };

  /** Identifiers a merge target does not have yet, after its own, at most MAX_IDENTIFIERS. */
  const moreIdentifiers = (have: readonly PersonIdentifier[], more: readonly PersonIdentifier[]): readonly PersonIdentifier[] => {
    const key = (i: PersonIdentifier): string => `${i.kind}|${i.value}|${i.type ?? ''}`;
    const seen = new Set(have.map(key));
    const added = more.filter((i) => !seen.has(key(i)));
    return added.length === 0 ? have : [...have, ...added].slice(0, MAX_IDENTIFIERS);
  };

  const merge = (p: PlanPerson, id: Id): void => {
    for (const n of p.names) {
      const key = nameKey(id, n);
      if (existingNames.has(key)) {
        c.names.skipped += 1;
        continue;
      }
      existingNames.add(ownText(key));
      const name: Name = { ...nameRow(n, newId(), treeId, id, now), isPrimary: false };
      rows.rows().names.push(name);
      c.names.created += 1;
      for (const pc of n.citations) cite(pc, 'name', name.id);
    }
    for (const pe of p.events) mergeEvent(pe, id);
    for (const pc of p.citations) cite(pc, 'person', id);
    const current = targetPersons.get(id);
    if (current !== undefined) {
      const next: Person = {
        ...current,
        notes: joinNotes(current.notes, p.notes),
        sex: current.sex ?? p.sex,
        privacy: p.privacy === 'private' ? 'private' : current.privacy,
        identifiers: moreIdentifiers(current.identifiers, p.identifiers),
        updatedAt: now,
      };
      if (next.notes !== current.notes || next.sex !== current.sex || next.privacy !== current.privacy || next.identifiers !== current.identifiers) targetPersons.set(id, next);
    }
  };

  const person = (p: PlanPerson, index: number): void => {
    eventIds.clear();
    const t = o.targetOf(index);
    const self = o.who(p.xref)!;
    const id = self.id;
    if (t.action === 'new' || t.action === 'overwrite') {
      create(p, id, index);
      c.persons.created += 1;
    } else if (t.action === 'merge') {
      merge(p, id);
      c.persons.merged += 1;
    } else {
      c.persons.skipped += 1;
    }
    associate(p, self);
  };

  const edges = createEdges(existing.edges, o.numberOf, idAt);
  /** The new partnership's id, or null when the pair has that edge already. */
  const relate = (
    type: Relationship['type'], a: Who, b: Who, qualifier: Relationship['qualifier'], notes: string, role: string | null = null, extra?: string,
  ): Id | null => {
    if (edges.has(type, a, b, role)) {
      c.relationships.skipped += 1;
      return null;
    }
    const idNumber = idsMade;
    const r: Relationship = { id: newId(), treeId, type, personAId: a.id, personBId: b.id, qualifier, role, notes, ...kept(extra, notes), ...stamp };
    rows.rows().relationships.push(r);
    if (type === 'partnership') edges.addPartnership(a, b, idNumber);
    else edges.add(type, a, b, role);
    c.relationships.created += 1;
    return r.id;
  };

  const family = (f: PlanFamily): void => {
    eventIds.clear();
    const seen = new Set<Id>();
    const partners = f.partners.flatMap((x) => {
      const w = o.who(x);
      if (w === undefined || seen.has(w.id)) return [];
      seen.add(w.id);
      return [w];
    });
    // A second family of a couple this file made a partnership for (they married twice): the pair has
    // one partnership, so everything of this family is that partnership's too.
    const again = partners.length === 2 ? edges.partnership(partners[0]!, partners[1]!) : undefined;
    // The partnership keeps that it was one more FAM record (a family form, with the record's own
    // direct kept lines) and the record's events say they were in it, so that export writes the couple
    // as the FAMs they were. The partnership's row may be written already: its form is added after.
    // The record's notes are joined into the couple's (the API shows them all); the form says where
    // they are in that text, with its hash, and keeps their note forms, so that export writes each
    // record's notes under it while the couple's notes are that text (familyNotes, extensions.ts).
    let form = 0;
    if (again !== undefined && !again.existing) {
      const k = (familyFormsMade.get(again.id) ?? 0) + 1;
      const lines = f.extra === undefined ? [] : parseKept(f.extra);
      const direct = lines.filter(([via]) => via === '');
      const noted = lines.filter(([via]) => via.startsWith(NOTE_FORM));
      const before = coupleNotes.get(again.id) ?? '';
      const joined = joinNotes(before, f.notes);
      if (f.notes.trim() !== '') {
        const held = ownText(joined);
        coupleNotes.set(again.id, held);
        partnershipNotes.set(again.id, held);
      }
      if (k > MAX_FAMILY_FORMS) warnings.add({ line: f.line, message: `family ${f.xref}: one couple has more than ${MAX_FAMILY_FORMS + 1} FAM records; this one is written as part of their first` });
      else {
        form = k;
        familyFormsMade.set(again.id, k);
        const own = f.notes.trim();
        const start = own === '' ? 0 : before.trim() === '' ? 0 : joined === before ? before.indexOf(own) : before.length + 2;
        const first = firstNotes.get(again.id) ?? '';
        const notes = own === '' ? null : familyNotesBinding(joined, first.trim() === '' ? 0 : first.length, start, start + own.length);
        const children = [...direct, ...(notes === null ? [] : noted)];
        const entry = kept(JSON.stringify([familyForm(k, children.map(([, n]) => n), children.some((d) => d[2] === 7), notes)])).gedcomExtra!;
        partnershipForms.set(again.id, [...(partnershipForms.get(again.id) ?? []), entry]);
      }
      const nested = form === 0 ? lines.length : lines.length - direct.length - (f.notes.trim() === '' ? 0 : noted.length);
      if (nested > 0) warnings.add({ line: f.line, message: `family ${f.xref} is a second FAM of one couple: ${nested} of its kept structure(s) (\`${lines.find(([via]) => form === 0 || via !== '')![1][0]}\`...) were not kept` });
    }
    const couple = again !== undefined && !again.existing ? again.id
      : partners.length === 2 ? relate('partnership', partners[0]!, partners[1]!, null, f.notes, null, f.extra) : undefined;
    // Only notes that say something are held (the reads take a missing one as ''): every couple's
    // entry, notes or not, kept two map entries and the id's text alive to the import's end (some
    // 30 MB of a 1,000,000-person file's 235,000 couples).
    if (couple !== undefined && couple !== null && again === undefined && f.notes !== '') {
      const held = ownText(f.notes);
      firstNotes.set(couple, held);
      coupleNotes.set(couple, held);
    }
    if (couple !== undefined && couple !== null) {
      for (const pe of f.events) event(pe, { partnershipId: couple }, form);
      for (const pc of f.citations) cite(pc, 'relationship', couple);
    } else if (partners.length === 1 && (f.events.length > 0 || f.citations.length > 0)) {
      // One known partner (the other unknown): the family's events are that partner's own, and its
      // citations cite the partner. Its notes have no place (the person's row may be written already).
      const only = partners[0]!;
      const t = o.targetOf(only.index);
      if (t.action === 'skip') {
        c.events.skipped += f.events.length;
        c.citations.skipped += f.citations.length;
      } else {
        for (const pe of f.events) {
          if (t.action === 'merge') mergeEvent(pe, only.id);
          else event(pe, { personId: only.id });
          if (changesFacts(pe)) factsChanged.add(only.id);
        }
        for (const pc of f.citations) cite(pc, 'person', only.id);
      }
      if (f.notes.trim() !== '') warnings.add({ line: f.line, message: `family ${f.xref} has one partner: its notes were not imported` });
    } else {
      c.events.skipped += f.events.length;
      c.citations.skipped += f.citations.length;
      if (couple === undefined && f.events.length > 0) warnings.add({ line: f.line, message: `family ${f.xref} has no couple: its ${f.events.length} event(s) were not imported` });
    }
    // A family without a partnership row keeps its own lines (and notes: mapping-family.ts) on its
    // first child's edge; export writes them under the single-parent FAM that edge is in.
    let extra = couple === undefined ? f.extra : undefined;
    // A FAM of one parent and one child whose link another FAM made already (a father's own FAM of
    // the son he adopted): the edge keeps it as a link form, written back as that FAM (extensions.ts).
    // (One with events or citations is the parent's own family of them: it stays as it was.)
    const repeated = couple === undefined && partners.length === 1 && f.partners.length === 1 && f.children.length === 1
      && f.events.length === 0 && f.citations.length === 0 ? f.children[0]! : undefined;
    if (repeated !== undefined) {
      const parent = partners[0]!;
      const ch = o.who(repeated.xref);
      if (ch !== undefined && ch.id !== parent.id && edges.has('parent_child', parent, ch)) {
        const pair = `${parent.id}|${ch.id}`;
        if (existingLinks.has(pair)) {
          // The tree's own edge (of a merge target): left as it was.
          warnings.add({ line: f.line, message: `family ${f.xref} repeats a parent and child the tree linked before this import: it is not kept` });
          c.relationships.skipped += 1;
          return;
        }
        const k = (linkFormsMade.get(pair) ?? 0) + 1;
        const lines = extra === undefined ? [] : parseKept(extra);
        const direct = lines.filter(([via]) => via === '');
        if (k <= MAX_FAMILY_FORMS) {
          linkFormsMade.set(pair, k);
          const entries = kept(JSON.stringify([familyForm(k, direct.map(([, n]) => n), direct.some((d) => d[2] === 7), repeated.qualifiers[0] ?? 'biological')])).gedcomExtra!;
          linkForms.push({ parentId: parent.id, childId: ch.id, entries });
          if (lines.length > direct.length) warnings.add({ line: f.line, message: `family ${f.xref} repeats a parent and child another family links: ${lines.length - direct.length} of its kept structure(s) were not kept` });
          c.relationships.skipped += 1;
          return;
        }
      }
    }
    // A parent's second (third...) FAM without a partner: its edges keep which one they came in (a
    // group form), so that export writes the parent's children as these FAMs again, not as one.
    const lone = couple === undefined && partners.length === 1 ? partners[0]!.id : undefined;
    const group = lone === undefined ? 0 : lonelyFamilies.get(lone) ?? 0;
    // (A couple's k-th FAM record after their first: its children's edges say so too, by the same form.)
    const k = lone === undefined ? form : group;
    const grouped = k > 0 && k <= MAX_FAMILY_FORMS ? JSON.stringify([groupForm(k)]) : undefined;
    let made = false;
    for (const child of f.children) {
      const ch = o.who(child.xref);
      if (ch === undefined) continue;
      // A couple's child whose edge from one of them an earlier FAM of this file made (a father's,
      // the child in FAMs with two mothers): the other's edge keeps that it stands beside it (a shared form).
      const had = couple !== undefined && partners.length === 2
        ? partners.filter((p) => p.id !== ch.id && edges.has('parent_child', p, ch) && !existingLinks.has(`${p.id}|${ch.id}`)) : [];
      const beside = had.length === 1 ? JSON.stringify([sharedForm()]) : undefined;
      f.partners.forEach((partnerXref, i) => {
        const parent = o.who(partnerXref);
        if (parent === undefined || parent.id === ch.id) return;
        if (edges.has('parent_child', ch, parent)) {
          warnings.add({ line: f.line, message: `family ${f.xref}: ${child.xref} is already a parent of ${partnerXref}; the reverse edge was not created` });
          c.relationships.skipped += 1;
          return;
        }
        const form = grouped ?? beside;
        const edgeExtra = form === undefined ? extra : extra === undefined ? form : JSON.stringify([...parseKept(extra), ...parseKept(form)]);
        if (relate('parent_child', parent, ch, child.qualifiers[i] ?? 'biological', '', null, edgeExtra) !== null) {
          extra = undefined;
          made = true;
        }
      });
    }
    if (lone !== undefined && made) lonelyFamilies.set(lone, group + 1);
    if (extra !== undefined) warnings.add({ line: f.line, message: `family ${f.xref} made no partnership and no child's edge: its kept lines have no row and were not kept` });
  };

  const source = (s: PlanSource): void => {
    const known = sourceIds.get(s.xref);
    if (known === undefined) return;
    if (known.reused) reuseSource(known.id);
    else {
      createSource(known.id, sourceKey(s.title, s.author, s.publication), s.title, s.author, s.publication, s.notes, {
        abbreviation: s.abbreviation, recordedEvents: s.recordedEvents, agency: s.agency, dataNotes: s.dataNotes, repositories: linksOf(s),
      });
      // The row just made takes the record's kept lines.
      const made = rows.rows().sources;
      const last = made[made.length - 1];
      if (s.extra !== undefined && last?.id === known.id) made[made.length - 1] = { ...last, ...kept(s.extra, s.notes) };
    }
  };

  return {
    person,
    family,
    source,
    kept: (records, declarations) => {
      const out = records.map((r) => ({ ...r, xref: r.xref === null ? null : keptXref(r.xref, keptTag), node: mapPointers(r.node, pointerOf) }));
      for (const r of out) extensionTags(JSON.stringify(r.node), tags);
      // A tag the file declared goes with its URI (`_TAG uri`), any other alone (export gives it one).
      const withUri = new Set(declarations.map((d) => d.slice(0, d.indexOf(' '))));
      return { records: out, tags: [...new Set(declarations), ...[...tags].filter((t) => !withUri.has(t))].sort() };
    },
    sourceId: (xref) => sourceIds.get(xref)?.id,
    eventId: (pe) => eventIds.get(pe),
    result: () => ({
      counts: c,
      updatedPersons: [...targetPersons.values()].filter((p) => p.updatedAt === now),
      factsChanged: [...factsChanged],
      partnershipNotes,
      partnershipForms,
      linkForms,
      placeCoordinates: laterCoordinates,
      warnings: warnings.result(),
    }),
  };
};

/** Whether an event moved onto a person after its record was written changes that person's kept facts. */
export const changesFacts = (e: Pick<LifeEvent, 'type'>): boolean => birthFacts.includes(e.type) || deathFacts.includes(e.type);
