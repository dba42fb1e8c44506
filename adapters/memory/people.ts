import type {
  DeletionRepository, EventRepository, NameRepository, PersonProfile, PersonRepository, PlaceRepository, RelationshipRepository,
} from '../../core/people/ports.js';
import { visibilityOf } from '../../core/privacy/engine.js';
import type { ListOptions } from '../../core/kernel/list.js';
import type { Deletion } from '../../core/kernel/deletion.js';
import type { Person, Place, Relationship } from '../../core/people/model.js';
import type { Id } from '../../core/kernel/ids.js';
import { queryWords, rankSearchWords, searchWords } from '../../core/people/trigram.js';
import type { MemoryState } from './state.js';
import { shownFilter, shownFor } from './shown.js';
import { treeWithRole } from './tree-read.js';
import { memoryPersonListJson } from './person-list-json.js';
import { memberAudience, nonMemberAt } from '../../core/kernel/audience.js';

const cmp = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
const byId = (a: { readonly id: Id }, b: { readonly id: Id }): number => cmp(a.id, b.id);
const live = (row: Deletion): boolean => row.deletedAt === null;

/** The ListOptions of every tree listing: live or deleted rows, ordered by id, paged by `after` and `limit`. */
export const page = <T extends Deletion & { readonly id: Id }>(rows: Iterable<T>, options: ListOptions, keep: (row: T) => boolean = () => true): T[] => {
  const deleted = options.deleted ?? false;
  const after = options.after;
  const picked = [...rows]
    .filter((r) => (r.deletedAt !== null) === deleted && (after === undefined || r.id > after) && keep(r))
    .sort(byId);
  return options.limit === undefined ? picked : picked.slice(0, options.limit);
};

/**
 * Writes `row` over the stored one with the same id, keeping the tree and creation time as inserted
 * (as in PostgreSQL, where neither column is updated); a missing row stays missing.
 */
export const replace = <T extends { readonly id: Id; readonly treeId: Id; readonly createdAt: Date }>(map: Map<string, T>, row: T): void => {
  const current = map.get(row.id);
  if (current) map.set(row.id, { ...row, treeId: current.treeId, createdAt: current.createdAt });
};

/** PersonRepository.profile: the live names (primary first), own live events and their places of one person. */
export const profileOf = (s: MemoryState, personId: Id): PersonProfile => {
  const names = [...s.names.values()].filter((n) => live(n) && n.personId === personId).sort(primaryFirst);
  const events = [...s.events.values()].filter((e) => live(e) && e.personId === personId).sort(byId);
  const placeIds = new Set(events.flatMap((e) => (e.placeId === null ? [] : [e.placeId])));
  return { names, events, places: [...placeIds].flatMap((id) => s.places.get(id) ?? []).sort(byId) };
};

const livePerson = (s: MemoryState, id: Id, treeId?: Id): Person | null => {
  const p = s.persons.get(id);
  return p && live(p) && (treeId === undefined || p.treeId === treeId) ? p : null;
};

/** As in PostgreSQL: `update` leaves the kept facts as they are. */
const updatePerson = (s: MemoryState, person: Person): void => {
  const current = s.persons.get(person.id);
  if (current) replace(s.persons, { ...person, birthYear: current.birthYear, hasDeathFact: current.hasDeathFact });
};

export const memoryPersons = (s: MemoryState): PersonRepository => ({
  byId: async (id) => s.persons.get(id) ?? null,
  byIds: async (treeId, ids) => {
    const wanted = new Set(ids);
    return [...wanted].flatMap((id) => livePerson(s, id, treeId) ?? []).sort(byId);
  },
  inTree: async (treeId, ids) =>
    [...new Set(ids)].flatMap((id) => {
      const p = s.persons.get(id);
      return p && p.treeId === treeId ? [p] : [];
    }).sort(byId),
  listByTree: async (treeId, options) => {
    const shown = shownFor(s, options);
    return page(s.persons.values(), options, (p) => p.treeId === treeId && (shown === null || shown.person(p.id) !== 'hidden'));
  },
  ...memoryPersonListJson(s),
  // As PostgreSQL's one read: the tree with the role, then the search and the persons' text for the audience it makes.
  searchPage: async (treeId, query, threshold, page) => {
    const tree = treeWithRole(s, treeId, page.userId);
    const audience = page.reading.byRole && tree !== null && tree.role !== null ? memberAudience : nonMemberAt(page.reading.now);
    const hits = await memoryNames(s).search(treeId, query, threshold, { limit: page.limit, audience, ...(page.after === undefined ? {} : { after: page.after }) });
    const json = hits.length === 0 ? '' : await memoryPersonListJson(s).pickJson(treeId, hits.map((h) => h.personId), audience);
    return { tree, json, found: hits.length, lastId: hits.length > 0 && hits.length === page.limit ? hits[hits.length - 1]!.personId : null };
  },
  // As PostgreSQL's one read: the person's tree with the role, then the person's text for the audience
  // it makes (no cards here: always the text, written as pickJson writes it).
  readJson: async (personId, userId, reading) => {
    const person = s.persons.get(personId);
    const tree = person === undefined ? null : treeWithRole(s, person.treeId, userId);
    if (!person || !tree) return null;
    const member = reading.byRole && tree.role !== null;
    const json = live(person) ? await memoryPersonListJson(s).pickJson(person.treeId, [personId], member ? memberAudience : nonMemberAt(reading.now)) : '';
    return { tree, treeId: person.treeId, deleted: !live(person), member, json: json === '' ? null : json, full: null };
  },
  withTree: async (personId, userId) => {
    const person = s.persons.get(personId);
    const tree = person === undefined ? null : treeWithRole(s, person.treeId, userId);
    return person && tree ? { person, tree } : null;
  },
  profile: async (personId) => profileOf(s, personId),
  // The engine's own rule decides when the profile comes (PostgreSQL runs SQL generated from it).
  read: async (personId, userId, reading) => {
    const person = s.persons.get(personId);
    const tree = person === undefined ? null : treeWithRole(s, person.treeId, userId);
    if (!person || !tree) return null;
    const full = live(person) && ((reading.byRole && tree.role !== null) || visibilityOf({ member: false }, person, reading.now) === 'full');
    return { person, tree, profile: full ? profileOf(s, personId) : null };
  },
  readMany: async (treeId, ids, audience) =>
    [...new Set(ids)].sort(cmp).flatMap((id) => {
      const person = s.persons.get(id);
      if (person === undefined || person.treeId !== treeId || !live(person)) return [];
      const full = audience.member || visibilityOf({ member: false }, person, audience.now) === 'full';
      return [{ person, profile: full ? profileOf(s, id) : null }];
    }),
  insert: async (person) => {
    s.persons.set(person.id, person);
  },
  update: async (person) => updatePerson(s, person),
  updateMany: async (persons) => {
    for (const p of persons) updatePerson(s, p);
  },
  keepLifeFacts: async (facts) => {
    for (const f of facts) {
      const p = s.persons.get(f.id);
      if (p) s.persons.set(f.id, { ...p, birthYear: f.birthYear, hasDeathFact: f.hasDeathFact });
    }
  },
  // Every person the memory adapter holds was written with its facts.
  withoutKeptFacts: async () => [],
  descendants: async (treeId, rootId) => {
    const children = new Map<Id, Id[]>();
    for (const r of s.relationships.values()) {
      if (r.treeId !== treeId || r.type !== 'parent_child' || !live(r)) continue;
      if (!livePerson(s, r.personAId, treeId) || !livePerson(s, r.personBId, treeId)) continue;
      children.set(r.personAId, [...(children.get(r.personAId) ?? []), r.personBId]);
    }
    const seen = new Set<Id>([rootId]);
    const found: Id[] = [];
    const queue: Id[] = [rootId];
    for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
      for (const child of children.get(next) ?? []) {
        if (seen.has(child)) continue;
        seen.add(child);
        found.push(child);
        queue.push(child);
      }
    }
    return found;
  },
});

const primaryFirst = (a: { isPrimary: boolean; id: Id }, b: { isPrimary: boolean; id: Id }): number =>
  Number(b.isPrimary) - Number(a.isPrimary) || cmp(a.id, b.id);

export const memoryNames = (s: MemoryState): NameRepository => ({
  byId: async (id) => s.names.get(id) ?? null,
  listByPersons: async (personIds) => {
    const wanted = new Set(personIds);
    return [...s.names.values()].filter((n) => live(n) && wanted.has(n.personId)).sort(primaryFirst);
  },
  listByTree: async (treeId) =>
    [...s.names.values()]
      .filter((n) => live(n) && n.treeId === treeId && livePerson(s, n.personId, treeId))
      .sort((a, b) => cmp(a.personId, b.personId) || primaryFirst(a, b)),
  insert: async (name) => {
    s.names.set(name.id, name);
  },
  update: async (name) => replace(s.names, name),
  updateMany: async (names) => {
    for (const n of names) replace(s.names, n);
  },
  search: async (treeId, query, threshold, options) => {
    const wanted = queryWords(query);
    const a = options.audience;
    const shown = a === undefined || a.member ? null : shownFilter(s, a.now);
    const words = new Map<Id, Set<string>>();
    for (const n of s.names.values()) {
      if (!live(n) || !livePerson(s, n.personId, treeId) || (shown !== null && shown.person(n.personId) !== 'full')) continue;
      const mine = words.get(n.personId) ?? new Set<string>();
      for (const w of searchWords(`${n.givenName} ${n.surnamePrefix} ${n.surname}`)) mine.add(w);
      words.set(n.personId, mine);
    }
    const ranked = [...words].flatMap(([personId, mine]) => {
      const r = wanted.length === 0 ? null : rankSearchWords(wanted, mine, threshold);
      return r === null ? [] : [{ personId, ...r }];
    }).sort((x, y) => y.score - x.score || (x.word < y.word ? -1 : x.word > y.word ? 1 : 0) || cmp(x.personId, y.personId));
    const from = options.after === undefined ? 0 : ranked.findIndex((h) => h.personId === options.after) + 1;
    return from === 0 && options.after !== undefined ? [] : ranked.slice(from, from + options.limit).map((h) => ({ personId: h.personId, score: h.score }));
  },
});

const liveRelationship = (s: MemoryState, id: Id | null): Relationship | null => {
  const r = id === null ? undefined : s.relationships.get(id);
  return r && live(r) ? r : null;
};

export const memoryEvents = (s: MemoryState): EventRepository => ({
  byId: async (id) => s.events.get(id) ?? null,
  listByTree: async (treeId, options) => {
    const shown = shownFor(s, options);
    return page(s.events.values(), options, (e) => {
      if (e.treeId !== treeId) return false;
      // The subject's state matters for the live listing only; the deleted listing shows what was deleted.
      if (options.deleted === true) return true;
      if (e.personId !== null ? livePerson(s, e.personId) === null : liveRelationship(s, e.partnershipId) === null) return false;
      return shown === null || shown.event(e);
    });
  },
  listByPersons: async (personIds) => {
    const wanted = new Set(personIds);
    const partnerships = new Set(
      [...s.relationships.values()]
        .filter((r) => live(r) && r.type === 'partnership' && (wanted.has(r.personAId) || wanted.has(r.personBId)))
        .map((r) => r.id),
    );
    return [...s.events.values()]
      .filter((e) => live(e) && ((e.personId !== null && wanted.has(e.personId)) || (e.partnershipId !== null && partnerships.has(e.partnershipId))))
      .sort(byId);
  },
  ownOfTypes: async (personIds, types) => {
    const wanted = new Set(personIds);
    return [...s.events.values()].filter((e) => live(e) && e.personId !== null && wanted.has(e.personId) && types.includes(e.type)).sort(byId);
  },
  insert: async (event) => {
    s.events.set(event.id, event);
  },
  update: async (event) => replace(s.events, event),
});

const placeKey = (name: string): string => name.trim().toLowerCase();

export const memoryPlaces = (s: MemoryState): PlaceRepository => ({
  ensure: async (treeId, name, newId) => {
    const key = placeKey(name);
    for (const p of s.places.values()) if (p.treeId === treeId && placeKey(p.name) === key) return p;
    const place: Place = { id: newId, treeId, name: name.trim(), latitude: null, longitude: null };
    s.places.set(place.id, place);
    return place;
  },
  byIds: async (ids) => [...new Set(ids)].flatMap((id) => s.places.get(id) ?? []).sort(byId),
  listByTree: async (treeId) => [...s.places.values()].filter((p) => p.treeId === treeId).sort(byId),
  setCoordinates: async (placeId, { latitude, longitude }) => {
    const p = s.places.get(placeId);
    if (p !== undefined && p.latitude === null) s.places.set(placeId, { ...p, latitude, longitude });
  },
});

export const memoryRelationships = (s: MemoryState): RelationshipRepository => ({
  byId: async (id) => s.relationships.get(id) ?? null,
  findEdge: async (treeId, type, a, b) => {
    for (const r of s.relationships.values()) {
      if (r.treeId !== treeId || r.type !== type || !live(r)) continue;
      if (r.personAId === a && r.personBId === b) return r;
      if (type === 'partnership' && r.personAId === b && r.personBId === a) return r;
    }
    return null;
  },
  isAncestor: async (treeId, candidate, personId) => {
    const seen = new Set<string>([personId]);
    const queue = [personId];
    while (queue.length > 0) {
      const child = queue.shift()!;
      if (child === candidate) return true;
      for (const r of s.relationships.values()) {
        if (r.treeId !== treeId || r.type !== 'parent_child' || !live(r) || r.personBId !== child || seen.has(r.personAId)) continue;
        seen.add(r.personAId);
        queue.push(r.personAId);
      }
    }
    return false;
  },
  listByTree: async (treeId, options) => {
    const shown = shownFor(s, options);
    return page(s.relationships.values(), options, (r) =>
      r.treeId === treeId && (options.deleted === true || (livePerson(s, r.personAId) !== null && livePerson(s, r.personBId) !== null))
      && (shown === null || shown.relationship(r)));
  },
  listByPersons: async (personIds) => {
    const wanted = new Set(personIds);
    return [...s.relationships.values()].filter((r) => live(r) && (wanted.has(r.personAId) || wanted.has(r.personBId))).sort(byId);
  },
  endsTouching: async (treeId, personIds) => {
    const wanted = new Set(personIds);
    return [...s.relationships.values()]
      .filter((r) => live(r) && r.treeId === treeId && (wanted.has(r.personAId) || wanted.has(r.personBId)))
      .map((r) => ({ type: r.type, personAId: r.personAId, personBId: r.personBId }));
  },
  insert: async (relationship) => {
    s.relationships.set(relationship.id, relationship);
  },
  appendKept: async (id, entries) => {
    const r = s.relationships.get(id);
    if (r === undefined) return;
    const mine = r.gedcomExtra === null || r.gedcomExtra === undefined ? [] : (JSON.parse(r.gedcomExtra) as unknown[]);
    s.relationships.set(id, { ...r, gedcomExtra: JSON.stringify([...mine, ...(JSON.parse(entries) as unknown[])]) });
  },
  update: async (relationship) => replace(s.relationships, relationship),
});

export const memoryDeletions = (s: MemoryState): DeletionRepository => ({
  deletePersons: async (treeId, personIds, at, deletionId) => {
    const stamp = { deletedAt: at, deletionId };
    const wanted = new Set(personIds);
    let n = 0;
    for (const id of wanted) {
      const p = livePerson(s, id, treeId);
      if (!p) continue;
      s.persons.set(id, { ...p, ...stamp });
      n += 1;
    }
    for (const r of s.relationships.values()) {
      if (r.treeId === treeId && live(r) && (wanted.has(r.personAId) || wanted.has(r.personBId))) s.relationships.set(r.id, { ...r, ...stamp });
    }
    return n;
  },
  restore: async (deletionId) => {
    const back = { deletedAt: null, deletionId: null };
    for (const p of s.persons.values()) if (p.deletionId === deletionId) s.persons.set(p.id, { ...p, ...back });
    const samePair = (a: Relationship, b: Relationship): boolean =>
      a.treeId === b.treeId && a.type === b.type &&
      ((a.personAId === b.personAId && a.personBId === b.personBId) ||
        (a.type === 'partnership' && a.personAId === b.personBId && a.personBId === b.personAId));
    for (const r of s.relationships.values()) {
      if (r.deletionId !== deletionId) continue;
      // Associations may repeat between a pair: nothing can take their place.
      const taken = r.type !== 'association' && [...s.relationships.values()].some((l) => l.id !== r.id && l.deletedAt === null && samePair(l, r));
      if (!taken) s.relationships.set(r.id, { ...r, ...back });
    }
  },
  clearPointersTo: async (personIds) => {
    const gone = new Set(personIds);
    for (const u of s.users.values()) if (u.selfPersonId !== null && gone.has(u.selfPersonId)) s.users.set(u.id, { ...u, selfPersonId: null });
    for (const t of s.trees.values()) if (t.homePersonId !== null && gone.has(t.homePersonId)) s.trees.set(t.id, { ...t, homePersonId: null });
  },
});
