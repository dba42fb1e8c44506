import { expect } from 'chai';
import type { Id } from '../../core/kernel/ids.js';
import { nonMemberAt } from '../../core/kernel/audience.js';
import { keptFactsOf, lifeFactsOf, visibilityMap } from '../../core/privacy/engine.js';
import { recordFilter } from '../../core/privacy/record-filter.js';
import { eventTypes, type LifeEvent, type Name, type Person, type Relationship } from '../../core/people/model.js';
import type { GenealogicalDate } from '../../core/kernel/date.js';
import { dateQualifiers } from '../../core/kernel/date.js';
import type { Citation, Source } from '../../core/sources/model.js';
import type { Media } from '../../core/media/model.js';
import type { Storage } from '../../core/stores.js';
import { aCitation, aName, anEvent, aPerson, aRelationship, aSource, at, givenTree, ids, withStorage, type MakeStorage } from './fixtures.js';
import { aMedia } from './media.contract.js';

// ARCHITECTURE.md rule 14 and issue 13: the stores filter a non-member's rows (PostgreSQL with SQL
// generated from the engine's rule, memory with the engine itself) from the facts kept on each
// person's row. On random trees and random reading dates, every listing must keep exactly the rows
// the engine keeps when it reads the events themselves (lifeFactsOf), the way it did before the facts
// were kept: person by person, event by event, citation, source and media by media.

const random = (seed: number): (() => number) => {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let x = Math.imul(s ^ (s >>> 15), 1 | s);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
};

type World = {
  readonly persons: Person[];
  readonly names: Name[];
  readonly events: LifeEvent[];
  readonly relationships: Relationship[];
  readonly sources: Source[];
  readonly citations: Citation[];
  readonly media: Media[];
};

const gone = { deletedAt: at('2025-05-01T00:00:00.000Z'), deletionId: null };

const randomTree = (treeId: Id, rnd: () => number): World => {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
  const maybe = (p: number): boolean => rnd() < p;
  const date = (): GenealogicalDate | null => {
    if (maybe(0.15)) return null;
    const qualifier = pick(dateQualifiers);
    const year = 1880 + Math.floor(rnd() * 150);
    if (qualifier === 'text') return { qualifier, text: 'sometime' };
    if (qualifier === 'between' || qualifier === 'from_to') return { qualifier, year, endYear: year + Math.floor(rnd() * 20) };
    return maybe(0.1) ? { qualifier, month: 3 } : { qualifier, year };
  };
  const w: World = { persons: [], names: [], events: [], relationships: [], sources: [], citations: [], media: [] };
  const raw: Person[] = Array.from({ length: 40 }, () =>
    aPerson(treeId, {
      privacy: pick(['default', 'default', 'default', 'public', 'private'] as const),
      isLiving: pick([null, null, null, true, false]),
      ...(maybe(0.08) ? gone : {}),
    }));
  for (const p of raw) {
    w.names.push(aName(p, { isPrimary: true, givenName: pick(['Anna', 'Karl', 'Maria']), surname: pick(['Smith', 'Smyth', 'Schmidt']), ...(maybe(0.1) ? gone : {}) }));
    for (let i = Math.floor(rnd() * 4); i > 0; i--) {
      const type = pick<LifeEvent['type']>(['birth', 'baptism', 'christening', 'death', 'burial', 'probate', ...eventTypes]);
      w.events.push(anEvent(treeId, { personId: p.id }, { type, customType: type === 'custom' ? 'x' : null, date: date(), ...(maybe(0.1) ? gone : {}) }));
    }
  }
  for (let i = 0; i < 30; i++) {
    const [a, b] = [pick(raw), pick(raw)];
    if (a.id === b.id) continue;
    const type = pick(['parent_child', 'partnership'] as const);
    const r = aRelationship(treeId, type, a.id, b.id, { ...(maybe(0.1) ? gone : {}) });
    if (w.relationships.some((x) => x.deletedAt === null && r.deletedAt === null && x.type === type && ((x.personAId === a.id && x.personBId === b.id) || (x.personAId === b.id && x.personBId === a.id)))) continue;
    w.relationships.push(r);
    if (type === 'partnership' && maybe(0.7)) w.events.push(anEvent(treeId, { partnershipId: r.id }, { type: 'marriage', date: date(), ...(maybe(0.1) ? gone : {}) }));
  }
  // The facts a command keeps on each row: from the person's own live events, as keepLifeFacts writes them.
  for (const p of raw) w.persons.push({ ...p, ...keptFactsOf(w.events.filter((e) => e.personId === p.id)) });
  for (let i = 0; i < 8; i++) w.sources.push(aSource(treeId, { ...(maybe(0.15) ? gone : {}) }));
  for (let i = 0; i < 60; i++) {
    const kind = pick(['person', 'name', 'event', 'relationship'] as const);
    const target = kind === 'person' ? pick(w.persons).id : kind === 'name' ? pick(w.names).id : kind === 'event' ? pick(w.events).id : pick(w.relationships).id;
    w.citations.push(aCitation(treeId, pick(w.sources).id, { kind, id: target }, { ...(maybe(0.1) ? gone : {}) }));
  }
  for (let i = 0; i < 30; i++) {
    const kind = pick(['person', 'event', 'source', 'none'] as const);
    const target = kind === 'none' ? null : { kind, id: kind === 'person' ? pick(w.persons).id : kind === 'event' ? pick(w.events).id : pick(w.sources).id };
    w.media.push(aMedia(treeId, { target, ...(maybe(0.1) ? gone : {}) }));
  }
  return w;
};

const store = async (s: Storage, w: World): Promise<void> => {
  await s.bulk.insertAll({ persons: w.persons, names: w.names, places: [], relationships: w.relationships, events: w.events, sources: w.sources, citations: w.citations });
  for (const m of w.media) await s.media.insert(m);
};

/** What the engine shows a non-member at `now`, reading the events themselves (not the kept facts). */
const expected = (w: World, now: Date) => {
  const live = <T extends { readonly deletedAt: Date | null }>(xs: readonly T[]): T[] => xs.filter((x) => x.deletedAt === null);
  const persons = live(w.persons);
  const livePersons = new Set(ids(persons));
  const visibility = visibilityMap({ member: false }, lifeFactsOf(persons, live(w.events)), now);
  const byId = <T extends { readonly id: Id }>(xs: readonly T[]) => new Map(xs.map((x) => [x.id, x]));
  const liveEdges = live(w.relationships).filter((r) => livePersons.has(r.personAId) && livePersons.has(r.personBId));
  const edges = byId(liveEdges);
  const names = byId(live(w.names));
  const events = byId(live(w.events));
  const filter = recordFilter(false, visibility, { partnership: (id) => edges.get(id), name: (id) => names.get(id), event: (id) => events.get(id), relationship: (id) => edges.get(id) });
  const liveSources = new Set(ids(live(w.sources)));
  const citations = live(w.citations).filter((c) => liveSources.has(c.sourceId));
  const sourceShown = (id: Id) => liveSources.has(id) && citations.some((c) => c.sourceId === id && filter.citation(c));
  const sorted = (xs: readonly Id[]) => [...xs].sort();
  return {
    persons: sorted(ids(persons.filter((p) => visibility.of(p.id) !== 'hidden'))),
    full: sorted(ids(persons.filter((p) => visibility.of(p.id) === 'full'))),
    events: sorted(ids(live(w.events).filter((e) => (e.personId !== null ? livePersons.has(e.personId) : edges.has(e.partnershipId!)) && filter.event(e)))),
    relationships: sorted(ids(liveEdges.filter(filter.relationship))),
    citations: sorted(ids(citations.filter(filter.citation))),
    sources: sorted(ids(live(w.sources).filter((s) => sourceShown(s.id)))),
    media: sorted(ids(live(w.media).filter((m) => filter.media(m, sourceShown)))),
  };
};

export const privacyFilterContract = (name: string, make: MakeStorage): Mocha.Suite =>
  describe(`privacy filter of the stores = the engine, on random trees and dates (${name})`, () => {
    const storage = withStorage(make);

    for (let seed = 1; seed <= 6; seed++) {
      it(`seed ${seed}: every listing keeps what the engine shows a non-member, record by record, and pages by it`, async () => {
        const s = storage();
        const rnd = random(seed * 7919);
        const t = await givenTree(s);
        const w = randomTree(t.id, rnd);
        await store(s, w);
        // The window's edges too: exactly 100 and 101 years after a kept birth year.
        const born = w.persons.find((p) => p.deletedAt === null && p.birthYear !== null && p.isLiving === null && p.privacy === 'default' && !p.hasDeathFact)?.birthYear;
        const edges = born == null ? [] : [at(`${born + 100}-12-31T00:00:00Z`), at(`${born + 101}-01-01T00:00:00Z`)];
        for (const now of [at('1990-06-01T00:00:00Z'), at('2026-11-22T00:00:00Z'), at(`${2030 + Math.floor(rnd() * 90)}-01-01T00:00:00Z`), ...edges]) {
          const audience = nonMemberAt(now);
          const want = expected(w, now);
          const when = `seed ${seed}, read at ${now.toISOString().slice(0, 10)}`;
          expect(ids(await s.persons.listByTree(t.id, { audience })), `${when}: persons`).to.deep.equal(want.persons);
          expect(ids(await s.events.listByTree(t.id, { audience })), `${when}: events`).to.deep.equal(want.events);
          expect(ids(await s.relationships.listByTree(t.id, { audience })), `${when}: relationships`).to.deep.equal(want.relationships);
          expect(ids(await s.citations.listByTree(t.id, { audience })), `${when}: citations`).to.deep.equal(want.citations);
          expect(ids(await s.sources.listByTree(t.id, { audience })), `${when}: sources`).to.deep.equal(want.sources);
          expect(ids(await s.media.listByTree(t.id, { audience })), `${when}: media`).to.deep.equal(want.media);
          for (const source of w.sources) expect(await s.sources.shownAt(source.id, now), `${when}: source ${source.id}`).to.equal(want.sources.includes(source.id));
          // Pages of 7 after the filter: together the whole list, each cursor a row the reader was shown.
          const paged: Id[] = [];
          for (let after: Id | undefined; ;) {
            const page = await s.persons.listByTree(t.id, { audience, limit: 7, ...(after === undefined ? {} : { after }) });
            paged.push(...ids(page));
            if (page.length < 7) break;
            after = page[page.length - 1]!.id;
            expect(want.persons, `${when}: a cursor names a withheld person`).to.include(after);
          }
          expect(paged, `${when}: pages of 7`).to.deep.equal(want.persons);
          // A person read brings the profile of exactly the persons shown in full, on either surface
          // (no user, so no role: everyone reads as a non-member).
          for (const [i, p] of w.persons.entries()) {
            const read = await s.persons.read(p.id, null, { byRole: i % 2 === 0, now });
            expect(read?.profile !== null, `${when}: person ${p.id} read with a profile`).to.equal(want.full.includes(p.id));
          }
          // A page read (search, batch) brings the profile of exactly the persons shown in full, and every live person of the tree.
          const many = await s.persons.readMany(t.id, [...w.persons.map((p) => p.id)].reverse(), audience);
          expect(many.map((r) => r.person.id), `${when}: readMany answers the live persons in id order`).to.deep.equal(w.persons.filter((p) => p.deletedAt === null).map((p) => p.id).sort());
          for (const r of many) expect(r.profile !== null, `${when}: person ${r.person.id} read with a profile in a page`).to.equal(want.full.includes(r.person.id));
          // Search finds persons shown in full only.
          const hits = await s.names.search(t.id, 'smith', 0.1, { limit: 1000, audience });
          for (const h of hits) expect(want.full, `${when}: search found a withheld person`).to.include(h.personId);
        }
      });
    }

    it('a member audience keeps every live row', async () => {
      const s = storage();
      const t = await givenTree(s);
      const w = randomTree(t.id, random(42));
      await store(s, w);
      expect(ids(await s.persons.listByTree(t.id, { audience: { member: true } }))).to.deep.equal(ids(await s.persons.listByTree(t.id, {})));
      expect((await s.persons.listByTree(t.id, {})).length).to.equal(w.persons.filter((p) => p.deletedAt === null).length);
    });
  });
