// THE privacy engine (SPEC "Visibility resolution result"): the one place that decides whether a
// reader sees a person in full, redacted, or not at all, and whether a person is possibly living.
import type { Id } from '../kernel/ids.js';
import { birthFacts, deathFacts, type LifeEvent, type Person } from '../people/model.js';
import { latestYear } from '../kernel/date.js';
import { runInTurns, runSteps, stepper, type Steps } from '../kernel/turns.js';

export type Visibility = 'full' | 'redacted' | 'hidden';

/** Who reads. Members of the tree see everything; everyone else reads as a non-member of a viewable tree. */
export type Reader = { readonly member: boolean };

/** What the rule needs of a person: their flags and what their life events say. */
export type LifeFacts = {
  readonly privacy: Person['privacy'];
  readonly isLiving: boolean | null;
  readonly hasDeathFact: boolean;
  /** The latest year the earliest known birth fact allows; null when unknown. */
  readonly birthYear: number | null;
};

/** "About 100 years": someone born this many years ago or less may still be alive. */
export const LIVING_WINDOW_YEARS = 100;

/**
 * One test of the rule on a person's facts. `bornWithinYears`: the birth year is at most that many
 * years before the reading moment's year (the window moves with the clock: the birth year is kept,
 * never a verdict).
 */
export type FactTest =
  | { readonly privacy: Person['privacy'] }
  | { readonly isLiving: boolean }
  | { readonly hasDeathFact: true }
  | { readonly birthYearUnknown: true }
  | { readonly bornWithinYears: number };

/** A decision list: the first rule whose test holds decides; none holds: `otherwise`. */
export type DecisionList = { readonly rules: readonly { readonly when: FactTest; readonly then: Visibility }[]; readonly otherwise: Visibility };

/**
 * THE rule for a non-member (members see everything). Possibly living means: `is_living` says so
 * explicitly; otherwise no death fact and either a birth within about 100 years or an unknown birth.
 * The engine below evaluates it in memory; adapters/postgres generates its SQL filter from this very
 * list (spec/contracts/privacy-filter.contract.ts proves the two agree person by person).
 */
export const nonMemberRule: DecisionList = {
  rules: [
    { when: { privacy: 'private' }, then: 'hidden' },
    { when: { privacy: 'public' }, then: 'full' },
    { when: { isLiving: true }, then: 'redacted' },
    { when: { isLiving: false }, then: 'full' },
    { when: { hasDeathFact: true }, then: 'full' },
    { when: { birthYearUnknown: true }, then: 'redacted' },
    { when: { bornWithinYears: LIVING_WINDOW_YEARS }, then: 'redacted' },
  ],
  otherwise: 'full',
};

const holds = (test: FactTest, facts: LifeFacts, now: Date): boolean => {
  if ('privacy' in test) return facts.privacy === test.privacy;
  if ('isLiving' in test) return facts.isLiving === test.isLiving;
  if ('hasDeathFact' in test) return facts.hasDeathFact;
  if ('birthYearUnknown' in test) return facts.birthYear === null;
  return facts.birthYear !== null && now.getUTCFullYear() - facts.birthYear <= test.bornWithinYears;
};

export const decide = (list: DecisionList, facts: LifeFacts, now: Date): Visibility =>
  list.rules.find((r) => holds(r.when, facts, now))?.then ?? list.otherwise;

/** Possibly living: what the rule says of this person when their privacy setting is left aside. */
export const isPossiblyLiving = (facts: LifeFacts, now: Date): boolean =>
  decide(nonMemberRule, { ...facts, privacy: 'default' }, now) === 'redacted';

export const visibilityOf = (reader: Reader, facts: LifeFacts, now: Date): Visibility =>
  reader.member ? 'full' : decide(nonMemberRule, facts, now);

/** A life event as the rule reads it: whose, what, when (and whether it was deleted, when known). */
export type FactEvent = Pick<LifeEvent, 'personId' | 'type' | 'date'> & { readonly deletedAt?: Date | null };

type BirthPick = { readonly rank: number; readonly year: number | null };

// A dated fact wins over an undated one (an undated birth with a baptism in 1850 was born by 1850:
// the baptism's year bounds the birth from above, so privacy loses nothing); among dated facts the
// birth event wins over baptism over christening; of two dated facts of one rank the later year, so
// the order events arrive in never matters and doubt falls on the side of privacy.
const pickBirth = (seen: BirthPick | undefined, e: FactEvent): BirthPick | undefined => {
  const rank = birthFacts.indexOf(e.type);
  if (rank < 0) return seen;
  const year = latestYear(e.date);
  if (seen === undefined) return { rank, year };
  if ((year === null) !== (seen.year === null)) return year !== null ? { rank, year } : seen;
  const wins = rank < seen.rank || (rank === seen.rank && year !== null && year > seen.year!);
  return wins ? { rank, year } : seen;
};

/** The birth year the rule reads from one person's events (see LifeFacts.birthYear); null when unknown. */
export const birthYearOf = (events: readonly FactEvent[]): number | null => {
  let pick: BirthPick | undefined;
  for (const e of events) if ((e.deletedAt ?? null) === null) pick = pickBirth(pick, e);
  return pick?.year ?? null;
};

/** The facts kept on a person's row, from that person's own events (partnership events say nothing of either). */
export const keptFactsOf = (events: readonly FactEvent[]): Pick<LifeFacts, 'birthYear' | 'hasDeathFact'> => ({
  birthYear: birthYearOf(events),
  hasDeathFact: events.some((e) => (e.deletedAt ?? null) === null && deathFacts.includes(e.type)),
});

/** The birth year the rule reads for each person among these events (see LifeFacts.birthYear); absent when unknown. */
export const birthYearsOf = (events: readonly FactEvent[]): ReadonlyMap<Id, number> => {
  const birth = new Map<Id, BirthPick>();
  for (const e of events) {
    if (e.personId === null || (e.deletedAt ?? null) !== null) continue;
    const pick = pickBirth(birth.get(e.personId), e);
    if (pick !== undefined) birth.set(e.personId, pick);
  }
  const out = new Map<Id, number>();
  for (const [id, pick] of birth) if (pick.year !== null) out.set(id, pick.year);
  return out;
};

/**
 * Life facts of many persons from their events in one pass: batch evaluation, so a list of N persons
 * costs the queries that loaded them and nothing per person.
 */
export const lifeFactsOf = (
  persons: readonly Pick<Person, 'id' | 'privacy' | 'isLiving'>[],
  events: readonly FactEvent[],
): ReadonlyMap<Id, LifeFacts> => runSteps(lifeFactSteps(persons, events));

/** lifeFactsOf giving the event loop turns (a whole tree's persons and facts: 130-180 ms of work for 100,000 persons). */
export const lifeFactsInTurns = (
  persons: readonly Pick<Person, 'id' | 'privacy' | 'isLiving'>[],
  events: readonly FactEvent[],
): Promise<ReadonlyMap<Id, LifeFacts>> => runInTurns(lifeFactSteps(persons, events));

function* lifeFactSteps(persons: readonly Pick<Person, 'id' | 'privacy' | 'isLiving'>[], events: readonly FactEvent[]): Steps<ReadonlyMap<Id, LifeFacts>> {
  const death = new Set<Id>();
  const birth = new Map<Id, BirthPick>();
  const step = stepper();
  for (const e of events) {
    if (step()) yield;
    if (e.personId === null || (e.deletedAt ?? null) !== null) continue;
    if (deathFacts.includes(e.type)) death.add(e.personId);
    const pick = pickBirth(birth.get(e.personId), e);
    if (pick !== undefined) birth.set(e.personId, pick);
  }
  const facts = new Map<Id, LifeFacts>();
  for (const p of persons) {
    if (step()) yield;
    facts.set(p.id, { privacy: p.privacy, isLiving: p.isLiving, hasDeathFact: death.has(p.id), birthYear: birth.get(p.id)?.year ?? null });
  }
  return facts;
}

/** Visibility of every person, for one reader, at one moment. Unknown persons are hidden. */
export type VisibilityMap = { readonly of: (personId: Id | null) => Visibility };

export const visibilityMap = (reader: Reader, facts: ReadonlyMap<Id, LifeFacts>, now: Date): VisibilityMap => {
  const cache = new Map<Id, Visibility>();
  return {
    of: (id) => {
      if (id === null) return 'hidden';
      const known = cache.get(id);
      if (known) return known;
      const f = facts.get(id);
      const v = f === undefined ? 'hidden' : visibilityOf(reader, f, now);
      cache.set(id, v);
      return v;
    },
  };
};
