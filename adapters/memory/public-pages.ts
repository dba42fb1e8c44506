import type { Id } from '../../core/kernel/ids.js';
import type { LifeEvent, Name, Person, Relationship } from '../../core/people/model.js';
import type { KeptPageStore, PersonCounts, PublicPageReads, SurnameCount, SurnameLetter, TreeStamp } from '../../core/people/ports.js';
import { visibilityOf, type Visibility } from '../../core/privacy/engine.js';
import type { MemoryState } from './state.js';
import { treeWithRole } from './tree-read.js';
import { profileOf } from './people.js';

// The public pages' reads (core/people/ports.ts PublicPageReads) over the memory state, with the
// engine's own rule (PostgreSQL runs SQL generated from it): spec/contracts/public-page-reads.contract.ts.

const byId = <T extends { readonly id: string }>(a: T, b: T): number => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
const byText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** A non-member's visibility of a live person at `now`. */
const seen = (p: Person, now: Date): Visibility => visibilityOf({ member: false }, p, now);

/** The person's first live primary name by id, else their first live name by id. */
const nameOf = (s: MemoryState, personId: Id): Name | null => {
  let name: Name | null = null;
  for (const n of s.names.values()) {
    if (n.deletedAt !== null || n.personId !== personId) continue;
    if (name === null || (n.isPrimary && !name.isPrimary) || (n.isPrimary === name.isPrimary && n.id < name.id)) name = n;
  }
  return name;
};

const stampOf = (s: MemoryState, treeId: Id): TreeStamp | null => {
  const tree = treeWithRole(s, treeId, null);
  if (tree === null) return null;
  let last = '0';
  for (let i = s.history.length - 1; i >= 0; i -= 1)
    if (s.history[i]!.treeId === treeId) {
      last = s.history[i]!.seq;
      break;
    }
  // The later of the last change and a purge's number, as in PostgreSQL (migration 20270101090000).
  const purged = s.purgedSeq.get(treeId);
  if (purged !== undefined && purged > Number(last)) last = String(purged);
  return { tree, stamp: `${tree.updatedAt.toISOString()}/${tree.deletedAt?.toISOString() ?? '-'}/${tree.visibility}/${last}` };
};

const livePersonsOf = (s: MemoryState, treeId: Id): Person[] => [...s.persons.values()].filter((p) => p.treeId === treeId && p.deletedAt === null);

/** The surname a person is indexed by (their name's, trimmed of spaces as PostgreSQL's btrim does), or null. */
const trimSpaces = (text: string): string => {
  let start = 0;
  let end = text.length;
  while (start < end && text[start] === ' ') start += 1;
  while (end > start && text[end - 1] === ' ') end -= 1;
  return text.slice(start, end);
};

const surnameOf = (s: MemoryState, p: Person): string | null => {
  const surname = trimSpaces(nameOf(s, p.id)?.surname ?? '');
  return surname === '' ? null : surname;
};

const letterOf = (surname: string): string => {
  const first = Array.from(surname)[0]!;
  const upper = first.toUpperCase();
  // One character upper-cased stays one character (ß stays ß, as PostgreSQL's upper() leaves it).
  return Array.from(upper).length === 1 ? upper : first;
};

const bySurname = (a: string, b: string): number => byText(a.toLowerCase(), b.toLowerCase()) || byText(a, b);

export const memoryPublicPageReads = (s: MemoryState): PublicPageReads => ({
  treeStamp: async (treeId) => stampOf(s, treeId),

  family: async (personId, now) => {
    const person = s.persons.get(personId);
    const stamped = person === undefined ? null : stampOf(s, person.treeId);
    if (person === undefined || stamped === null) return null;
    const empty = { ...stamped, person, relationships: [], relatives: [], partnershipEvents: [], places: [], profile: null };
    if (person.deletedAt !== null || seen(person, now) !== 'full') return empty;
    const live = (id: Id): Person | undefined => {
      const p = s.persons.get(id);
      return p !== undefined && p.deletedAt === null && p.treeId === person.treeId ? p : undefined;
    };
    const edges = [...s.relationships.values()].filter((r) => r.deletedAt === null && r.treeId === person.treeId);
    const touching = edges.filter((r) => r.personAId === personId || r.personBId === personId);
    const parents = new Set(touching.filter((r) => r.type === 'parent_child' && r.personBId === personId).map((r) => r.personAId));
    const siblings = edges.filter((r) => r.type === 'parent_child' && parents.has(r.personAId) && r.personBId !== personId);
    const relationships = [...new Map([...touching, ...siblings].map((r) => [r.id, r])).values()].sort(byId);
    const others = new Set(relationships.flatMap((r) => [r.personAId, r.personBId]).filter((id) => id !== personId));
    const relatives = [...others].flatMap((id) => live(id) ?? []).sort(byId)
      .map((p) => ({ person: p, name: seen(p, now) === 'full' ? nameOf(s, p.id) : null }));
    const otherOf = (r: Relationship): Id => (r.personAId === personId ? r.personBId : r.personAId);
    const partnerships = new Set(touching.filter((r) => r.type === 'partnership').filter((r) => {
      const other = live(otherOf(r));
      return other !== undefined && seen(other, now) === 'full';
    }).map((r) => r.id));
    const partnershipEvents: LifeEvent[] = [...s.events.values()].filter((e) => e.deletedAt === null && e.partnershipId !== null && partnerships.has(e.partnershipId)).sort(byId);
    const placeIds = new Set(partnershipEvents.flatMap((e) => (e.placeId === null ? [] : [e.placeId])));
    return { ...empty, relationships, relatives, partnershipEvents, places: [...placeIds].flatMap((id) => s.places.get(id) ?? []).sort(byId), profile: profileOf(s, personId) };
  },

  personStamp: async (personId) => {
    const person = s.persons.get(personId);
    const stamped = person === undefined ? null : stampOf(s, person.treeId);
    return person === undefined || stamped === null ? null : { ...stamped, person };
  },

  keptPage: async (personId) => {
    const person = s.persons.get(personId);
    const stamped = person === undefined ? null : stampOf(s, person.treeId);
    if (person === undefined || stamped === null) return null;
    const k = s.keptPages.get(personId);
    return { ...stamped, person, kept: k === undefined ? null : { key: k.key, body: k.body } };
  },

  personCounts: async (treeIds, now) => {
    const wanted = new Set(treeIds);
    const counts = new Map<Id, PersonCounts>(treeIds.map((id) => [id, { shown: 0, full: 0 }]));
    for (const p of s.persons.values()) {
      if (p.deletedAt !== null || !wanted.has(p.treeId)) continue;
      const v = seen(p, now);
      if (v === 'hidden') continue;
      const c = counts.get(p.treeId)!;
      counts.set(p.treeId, { shown: c.shown + 1, full: c.full + (v === 'full' ? 1 : 0) });
    }
    return counts;
  },

  surnames: async (treeId, now, page) => {
    const counts = new Map<string, number>();
    for (const p of livePersonsOf(s, treeId)) {
      if (seen(p, now) !== 'full') continue;
      const surname = surnameOf(s, p);
      if (surname !== null) counts.set(surname, (counts.get(surname) ?? 0) + 1);
    }
    const all: SurnameCount[] = [...counts].map(([surname, count]) => ({ surname, count })).sort((a, b) => bySurname(a.surname, b.surname));
    const letters = new Map<string, { surnames: number; persons: number }>();
    for (const c of all) {
      const l = letters.get(letterOf(c.surname)) ?? { surnames: 0, persons: 0 };
      letters.set(letterOf(c.surname), { surnames: l.surnames + 1, persons: l.persons + c.count });
    }
    const chosen = page.letter === null ? all : all.filter((c) => letterOf(c.surname) === page.letter);
    return {
      letters: [...letters].map(([letter, l]): SurnameLetter => ({ letter, ...l })).sort((a, b) => byText(a.letter, b.letter)),
      surnames: chosen.slice(page.offset, page.offset + page.limit),
    };
  },

  fullPersons: async (treeId, now, page) => {
    const full = livePersonsOf(s, treeId).filter((p) => seen(p, now) === 'full').sort(byId);
    const from = page.after !== undefined ? full.filter((p) => p.id > page.after!) : full.slice(page.skip ?? 0);
    return from.slice(0, page.limit).map((p) => ({ id: p.id, updatedAt: p.updatedAt }));
  },
});

/** Kept public person pages over the memory state (core/people/ports.ts KeptPageStore); `missed`: this storage's page reads that found none. */
export const memoryKeptPages = (s: MemoryState, missed: Set<Id>): KeptPageStore => ({
  miss: (treeId) => {
    missed.add(treeId);
  },
  wanted: () => {
    const trees = [...missed];
    missed.clear();
    return trees;
  },
  trees: async (after, limit) =>
    [...s.trees.values()]
      .filter((t) => t.deletedAt === null && (t.visibility === 'public' || t.visibility === 'unlisted') && (after === null || t.id > after))
      .map((t) => t.id)
      .sort(byText)
      .slice(0, limit),
  unkept: async (personIds, key) => personIds.filter((id) => s.keptPages.get(id)?.key !== key),
  keep: async (treeId, stamp, pages) => {
    if (stampOf(s, treeId)?.stamp !== stamp) return 'changed';
    for (const { personId, page } of pages) if (s.persons.get(personId)?.treeId === treeId) s.keptPages.set(personId, { treeId, key: page.key, body: page.body });
    return 'kept';
  },
  forget: async (treeId, key) => {
    let n = 0;
    for (const [id, k] of s.keptPages)
      if (k.treeId === treeId && k.key !== key) {
        s.keptPages.delete(id);
        n += 1;
      }
    return n;
  },
  passed: async (treeId, key) => {
    if (s.trees.has(treeId)) s.pagePasses.set(treeId, key);
  },
  lastPass: async (treeId) => s.pagePasses.get(treeId) ?? null,
  sweep: async () => {
    // A tree a visitor may no longer read: gone, deleted, private or members only.
    const unreadable = (treeId: Id): boolean => {
      const t = s.trees.get(treeId);
      return t === undefined || t.deletedAt !== null || (t.visibility !== 'public' && t.visibility !== 'unlisted');
    };
    let n = 0;
    for (const treeId of s.pagePasses.keys()) if (unreadable(treeId)) s.pagePasses.delete(treeId);
    for (const [id, k] of s.keptPages) {
      if (unreadable(k.treeId)) {
        s.keptPages.delete(id);
        n += 1;
      }
    }
    return n;
  },
});
