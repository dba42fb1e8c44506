import { expect } from 'chai';
import fc from 'fast-check';
import { birthYearsOf, isPossiblyLiving, lifeFactsOf, visibilityMap, visibilityOf, LIVING_WINDOW_YEARS, type LifeFacts } from '../../core/privacy/engine.js';
import { deathFacts, eventTypes, personPrivacies, type EventType, type LifeEvent, type Person, type PersonPrivacy, type Relationship } from '../../core/people/model.js';
import type { GenealogicalDate } from '../../core/kernel/date.js';
import { recordFilter } from '../../core/privacy/record-filter.js';
import { relationshipView } from '../../core/privacy/relationship-view.js';

// The privacy engine (SPEC "Visibility resolution result", API.md `is_living` and person privacy):
// unit cases for the possibly-living rule and the three results, then properties over random inputs.

const NOW = new Date('2026-06-15T12:00:00Z');
const YEAR = NOW.getUTCFullYear();
const member = { member: true } as const;
const stranger = { member: false } as const;

let seq = 0;
const uuid = (): string => `00000000-0000-7000-8000-${(++seq).toString(16).padStart(12, '0')}`;
const TREE = uuid();

const person = (over: Partial<Person> = {}): Person => ({
  id: uuid(), treeId: TREE, sex: null, isLiving: null, privacy: 'default', notes: '', identifiers: [], birthYear: null, hasDeathFact: false, mergedInto: null,
  createdAt: NOW, updatedAt: NOW, deletedAt: null, deletionId: null, ...over,
});

const event = (p: Person, type: EventType, date: GenealogicalDate | null, over: Partial<LifeEvent> = {}): LifeEvent => ({
  id: uuid(), treeId: TREE, type, customType: null, personId: p.id, partnershipId: null, date, placeId: null,
  notes: '', detail: '', cause: '', temple: null, ordinanceStatus: null, createdAt: NOW, updatedAt: NOW, deletedAt: null, deletionId: null, ...over,
});

const exact = (year: number): GenealogicalDate => ({ qualifier: 'exact', year });

/** The facts of one person from their events, as the engine computes them. */
const factsOf = (p: Person, events: readonly LifeEvent[]): LifeFacts => lifeFactsOf([p], events).get(p.id)!;
const viewOf = (reader: { member: boolean }, p: Person, events: readonly LifeEvent[] = []) => visibilityOf(reader, factsOf(p, events), NOW);
const livingOf = (p: Person, events: readonly LifeEvent[] = []) => isPossiblyLiving(factsOf(p, events), NOW);

describe('privacy engine', () => {
  describe('isPossiblyLiving', () => {
    it('explicit is_living=true wins over a death fact and an old birth', () => {
      const p = person({ isLiving: true });
      expect(livingOf(p, [event(p, 'birth', exact(1700)), event(p, 'death', exact(1750))])).to.equal(true);
    });

    it('explicit is_living=false wins over a recent birth and no death fact', () => {
      const p = person({ isLiving: false });
      expect(livingOf(p, [event(p, 'birth', exact(YEAR - 5))])).to.equal(false);
      expect(livingOf(person({ isLiving: false }))).to.equal(false);
    });

    for (const type of ['death', 'burial', 'cremation', 'probate', 'will'] as const) {
      it(`a ${type} fact means not living, even born last year or undated`, () => {
        const p = person();
        expect(livingOf(p, [event(p, 'birth', exact(YEAR - 1)), event(p, type, null)])).to.equal(false);
        const q = person();
        expect(livingOf(q, [event(q, type, exact(2000))])).to.equal(false);
      });
    }

    it('the death facts are exactly death, burial, cremation, probate and will', () => {
      expect([...deathFacts].sort()).to.deep.equal(['burial', 'cremation', 'death', 'probate', 'will']);
      for (const type of eventTypes.filter((t) => !deathFacts.includes(t) && !['birth', 'baptism', 'christening'].includes(t))) {
        const p = person();
        expect(livingOf(p, [event(p, 'birth', exact(YEAR - 30)), event(p, type, exact(YEAR - 1))]), type).to.equal(true);
      }
    });

    it(`born ${LIVING_WINDOW_YEARS} years ago: possibly living; ${LIVING_WINDOW_YEARS + 1} years ago: not`, () => {
      const a = person();
      expect(livingOf(a, [event(a, 'birth', exact(YEAR - 100))])).to.equal(true);
      const b = person();
      expect(livingOf(b, [event(b, 'birth', exact(YEAR - 101))])).to.equal(false);
    });

    it('an unknown birth (no birth facts, or an undated one) is possibly living', () => {
      expect(livingOf(person())).to.equal(true);
      const p = person();
      expect(livingOf(p, [event(p, 'birth', null)])).to.equal(true);
      const q = person();
      expect(livingOf(q, [event(q, 'residence', exact(1700))])).to.equal(true);
    });

    it("qualifiers: 'before 1900' is not living, 'after 1900' possibly living, 'between 1850 and 1930' uses the end", () => {
      const before = person();
      expect(livingOf(before, [event(before, 'birth', { qualifier: 'before', year: 1900 })])).to.equal(false);
      const after = person();
      expect(livingOf(after, [event(after, 'birth', { qualifier: 'after', year: 1900 })])).to.equal(true);
      const between = person();
      expect(livingOf(between, [event(between, 'birth', { qualifier: 'between', year: 1850, endYear: 1930 })])).to.equal(true);
      const betweenOld = person();
      expect(livingOf(betweenOld, [event(betweenOld, 'birth', { qualifier: 'between', year: 1800, endYear: 1850 })])).to.equal(false);
      const fromTo = person();
      expect(livingOf(fromTo, [event(fromTo, 'birth', { qualifier: 'from_to', year: 1850, endYear: 1990 })])).to.equal(true);
      const about = person();
      expect(livingOf(about, [event(about, 'birth', { qualifier: 'about', year: 1850 })])).to.equal(false);
      const phrase = person();
      expect(livingOf(phrase, [event(phrase, 'birth', { qualifier: 'text', text: 'long ago' })])).to.equal(true);
    });

    it('birth beats baptism beats christening, whatever their order', () => {
      const p = person();
      // birth recent, baptism and christening old: the birth decides (possibly living)
      expect(livingOf(p, [event(p, 'christening', exact(1800)), event(p, 'baptism', exact(1800)), event(p, 'birth', exact(YEAR - 20))])).to.equal(true);
      expect(factsOf(p, [event(p, 'christening', exact(1800)), event(p, 'baptism', exact(1801)), event(p, 'birth', exact(YEAR - 20))]).birthYear).to.equal(YEAR - 20);
      const q = person();
      // no birth: the baptism beats the christening
      expect(factsOf(q, [event(q, 'christening', exact(1800)), event(q, 'baptism', exact(YEAR - 3))]).birthYear).to.equal(YEAR - 3);
      expect(factsOf(q, [event(q, 'baptism', exact(YEAR - 3)), event(q, 'christening', exact(1800))]).birthYear).to.equal(YEAR - 3);
      const r = person();
      expect(factsOf(r, [event(r, 'christening', exact(1777))]).birthYear).to.equal(1777);
      expect(livingOf(r, [event(r, 'christening', exact(1777))])).to.equal(false);
    });

    it('a dated birth fact beats an undated one of any rank: an undated birth with a baptism in 1850 was born by 1850', () => {
      const p = person();
      expect(factsOf(p, [event(p, 'birth', null), event(p, 'baptism', exact(1850))]).birthYear).to.equal(1850);
      expect(factsOf(p, [event(p, 'baptism', exact(1850)), event(p, 'birth', null)]).birthYear).to.equal(1850);
      expect(livingOf(p, [event(p, 'birth', { qualifier: 'text', text: 'unknown' }), event(p, 'christening', exact(1850))])).to.equal(false);
      // The bound only ever moves from unknown to a year: a recent baptism keeps the person possibly living.
      expect(livingOf(p, [event(p, 'birth', null), event(p, 'baptism', exact(YEAR - 5))])).to.equal(true);
    });

    it('birthYearsOf reads the same years as lifeFactsOf, leaving out the unknown', () => {
      const p = person();
      const q = person();
      const r = person();
      const events = [event(p, 'birth', null), event(p, 'baptism', exact(1850)), event(q, 'birth', { qualifier: 'between', year: 1900, endYear: 1910 }), event(r, 'birth', null)];
      expect([...birthYearsOf(events)].sort()).to.deep.equal([[p.id, 1850], [q.id, 1910]].sort());
      expect(factsOf(q, events).birthYear).to.equal(1910);
    });

    it('two dated birth facts of the same rank: the result does not depend on their order (the later year, conservatively)', () => {
      const p = person();
      const old = event(p, 'birth', exact(1800));
      const recent = event(p, 'birth', exact(YEAR - 30));
      expect(livingOf(p, [recent, old]), 'recent first').to.equal(true);
      expect(livingOf(p, [old, recent]), 'old first').to.equal(true);
    });

    it('deleted events are ignored (a deleted death fact does not make someone dead)', () => {
      const p = person();
      expect(livingOf(p, [event(p, 'birth', exact(YEAR - 20)), event(p, 'death', exact(YEAR - 1), { deletedAt: NOW })])).to.equal(true);
    });

    it("another person's events and partnership events do not count for a person", () => {
      const p = person();
      const other = person();
      const partnershipDeath = event(p, 'death', exact(1800), { personId: null, partnershipId: uuid() });
      expect(livingOf(p, [event(other, 'death', exact(1800)), partnershipDeath])).to.equal(true);
    });
  });

  describe('visibilityOf', () => {
    it('privacy public: full to non-members even if living', () => {
      const p = person({ privacy: 'public', isLiving: true });
      expect(viewOf(stranger, p, [event(p, 'birth', exact(YEAR - 20))])).to.equal('full');
    });

    it('privacy private: hidden from non-members even if long dead', () => {
      const p = person({ privacy: 'private', isLiving: false });
      expect(viewOf(stranger, p, [event(p, 'birth', exact(1700)), event(p, 'death', exact(1760))])).to.equal('hidden');
    });

    it('default: possibly living is redacted, dead is full', () => {
      const living = person();
      expect(viewOf(stranger, living, [event(living, 'birth', exact(1990))])).to.equal('redacted');
      const dead = person();
      expect(viewOf(stranger, dead, [event(dead, 'birth', exact(1800)), event(dead, 'death', exact(1870))])).to.equal('full');
      expect(viewOf(stranger, person())).to.equal('redacted');
    });

    it('members always see everyone in full', () => {
      for (const privacy of personPrivacies)
        for (const isLiving of [true, false, null]) expect(viewOf(member, person({ privacy, isLiving }))).to.equal('full');
    });

    it('the visibility map hides unknown ids and null for non-members', () => {
      const p = person();
      const map = visibilityMap(stranger, lifeFactsOf([p], []), NOW);
      expect(map.of(uuid())).to.equal('hidden');
      expect(map.of(null)).to.equal('hidden');
      expect(map.of(p.id)).to.equal('redacted');
    });
  });

  describe('properties', () => {
    const privacyArb = fc.constantFrom<PersonPrivacy>(...personPrivacies);
    const livingArb = fc.constantFrom<boolean | null>(true, false, null);
    const dateArb: fc.Arbitrary<GenealogicalDate | null> = fc.oneof(
      fc.constant(null),
      fc.record({ qualifier: fc.constantFrom('exact', 'about', 'estimated', 'calculated', 'before', 'after' as const), year: fc.integer({ min: 1, max: 2100 }) }),
      fc.integer({ min: 1, max: 2100 }).chain((y) => fc.record({ qualifier: fc.constantFrom('between', 'from_to' as const), year: fc.constant(y), endYear: fc.integer({ min: y, max: 2200 }) })),
      fc.record({ qualifier: fc.constant('text' as const), text: fc.string({ minLength: 1 }) }),
    );
    const typeArb = fc.constantFrom<EventType>(...eventTypes);
    const scenarioArb = fc.record({
      privacy: privacyArb,
      isLiving: livingArb,
      events: fc.array(fc.record({ type: typeArb, date: dateArb, deleted: fc.boolean() }), { maxLength: 6 }),
    });
    const build = (s: { privacy: PersonPrivacy; isLiving: boolean | null; events: readonly { type: EventType; date: GenealogicalDate | null; deleted: boolean }[] }) => {
      const p = person({ privacy: s.privacy, isLiving: s.isLiving });
      return { p, events: s.events.map((e) => event(p, e.type, e.date, e.deleted ? { deletedAt: NOW } : {})) };
    };
    const rank = { full: 0, redacted: 1, hidden: 2 } as const;

    it('members always see full', () => {
      fc.assert(fc.property(scenarioArb, (s) => {
        const { p, events } = build(s);
        expect(viewOf(member, p, events)).to.equal('full');
      }));
    });

    it("'private' is never 'full' for a non-member (it is always hidden)", () => {
      fc.assert(fc.property(scenarioArb, (s) => {
        const { p, events } = build({ ...s, privacy: 'private' });
        expect(viewOf(stranger, p, events)).to.equal('hidden');
      }));
    });

    it('a person with a (live) death fact and privacy default is full for non-members unless is_living=true', () => {
      fc.assert(fc.property(scenarioArb, fc.constantFrom(...deathFacts), dateArb, (s, deathType, deathDate) => {
        const { p, events } = build({ ...s, privacy: 'default' });
        const all = [...events, event(p, deathType, deathDate)];
        expect(viewOf(stranger, p, all)).to.equal(p.isLiving === true ? 'redacted' : 'full');
      }));
    });

    it('same inputs give the same output (no hidden state, no dependence on order of persons or cached maps)', () => {
      fc.assert(fc.property(fc.array(scenarioArb, { minLength: 1, maxLength: 5 }), fc.boolean(), (scenarios, isMember) => {
        const built = scenarios.map(build);
        const persons = built.map((b) => b.p);
        const events = built.flatMap((b) => b.events);
        const reader = { member: isMember };
        const once = visibilityMap(reader, lifeFactsOf(persons, events), NOW);
        const again = visibilityMap(reader, lifeFactsOf([...persons].reverse(), events), NOW);
        for (const { p, events: own } of built) {
          const alone = viewOf(reader, p, own);
          expect(once.of(p.id)).to.equal(alone);
          expect(once.of(p.id)).to.equal(alone); // cached read
          expect(again.of(p.id)).to.equal(alone);
          expect(viewOf(reader, p, own)).to.equal(alone);
        }
      }));
    });

    it('monotonic: adding a death fact never makes a non-member view more restrictive when is_living is null', () => {
      fc.assert(fc.property(scenarioArb, fc.constantFrom(...deathFacts), dateArb, (s, deathType, deathDate) => {
        const { p, events } = build({ ...s, isLiving: null });
        const before = viewOf(stranger, p, events);
        const after = viewOf(stranger, p, [...events, event(p, deathType, deathDate)]);
        expect(rank[after]).to.be.at.most(rank[before]);
      }));
    });

    it('non-member result follows the documented table exactly', () => {
      fc.assert(fc.property(scenarioArb, (s) => {
        const { p, events } = build(s);
        const f = factsOf(p, events);
        const expected = s.privacy === 'private' ? 'hidden' : s.privacy === 'public' ? 'full' : isPossiblyLiving(f, NOW) ? 'redacted' : 'full';
        expect(viewOf(stranger, p, events)).to.equal(expected);
      }));
    });
  });

  describe('relationshipView', () => {
    const edge = (a: Person, b: Person): Relationship => ({
      id: uuid(), treeId: TREE, type: 'parent_child', personAId: a.id, personBId: b.id, qualifier: 'adoptive', role: null, notes: 'private story',
      createdAt: NOW, updatedAt: NOW, deletedAt: null, deletionId: null,
    });
    const read = (reader: { member: boolean }, r: Relationship, persons: readonly Person[], events: readonly LifeEvent[]) =>
      relationshipView(recordFilter(reader.member, visibilityMap(reader, lifeFactsOf(persons, events), NOW), { partnership: () => undefined }))(r);

    it('a non-member reads notes and qualifier only when both persons are full; a member always', () => {
      const living = person();
      const living2 = person();
      const dead = person();
      const dead2 = person();
      const publicLiving = person({ privacy: 'public' });
      const events = [dead, dead2].map((p) => event(p, 'death', exact(1900)));
      const persons = [living, living2, dead, dead2, publicLiving];
      const redacted = { notes: null, qualifier: null };
      const shown = { notes: 'private story', qualifier: 'adoptive' };
      for (const [a, b, want] of [[living, living2, redacted], [dead, living, redacted], [living, dead, redacted], [dead, dead2, shown], [publicLiving, dead, shown]] as const) {
        const r = edge(a, b);
        expect(read(stranger, r, persons, events)).to.include(want);
        expect(read(stranger, r, persons, events)).to.include({ id: r.id, personAId: a.id, personBId: b.id, type: 'parent_child' });
        expect(read(member, r, persons, events)).to.deep.equal(r);
      }
    });

    it('withholds an association\'s role and notes as it does a qualifier: only when both persons are full', () => {
      const living = person();
      const dead = person();
      const dead2 = person();
      const events = [dead, dead2].map((p) => event(p, 'death', exact(1900)));
      const asso = (a: Person, b: Person): Relationship => ({ ...edge(a, b), type: 'association', qualifier: null, role: 'godfather', notes: 'at the font' });
      expect(read(stranger, asso(dead, living), [living, dead, dead2], events)).to.include({ role: null, notes: null, type: 'association' });
      expect(read(stranger, asso(living, dead), [living, dead, dead2], events)).to.include({ role: null, notes: null });
      expect(read(stranger, asso(dead, dead2), [living, dead, dead2], events)).to.include({ role: 'godfather', notes: 'at the font' });
      expect(read(member, asso(living, dead), [living, dead, dead2], events)).to.include({ role: 'godfather' });
    });
  });
});
