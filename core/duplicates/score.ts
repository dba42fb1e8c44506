import type { Id } from '../kernel/ids.js';
import type { Sex } from '../people/model.js';
import { foldText, givenRelation, namePoints, surnameRelation, type FoldedName } from './names.js';

// The evidence a genealogist weighs for "are these two records one person", as points:
//   names (best pair of any of their names): 4 the same, 3 a spelling variant of one part, 2.5 of both,
//     1 the same given names under another surname (a maiden or married name);
//   birth year: +2 the same, +1 a year apart, 0 two apart or unknown; further apart: never the same person;
//   death year likewise; the same birth or death place +1 each (-0.5 when both are known and differ);
//   an exact day and month of birth on both sides +1;
//   parents: +2 when a parent's name agrees (+3 when two do), -3 when both have parents and none agrees;
//   partners: +2 when a partner's name agrees, -1 when both have partners and none agrees;
//   a surname change explained by a partner of that surname, or a married/maiden name: +1.5; +0.5 when
//   neither side is recorded as a man.
// Different recorded sexes, birth or death years more than two apart, or one's death before the
// other's birth rule a pair out. Medium from 3.5 points; high from 7 with names worth at least 3, no
// disagreeing parents, and not born two years apart to parents of the same names.

export type Side = {
  readonly id: Id;
  readonly sex: Sex | null;
  readonly names: readonly FoldedName[];
  readonly birthYear: number | null;
  /** The birth date as `year-month-day` when it is a single known day (DuplicateFact.day). */
  readonly birthDay: string | null;
  readonly birthPlace: string | null;
  readonly birthPlaceKey: string | null;
  readonly deathYear: number | null;
  readonly deathPlace: string | null;
  readonly deathPlaceKey: string | null;
  /** Indexes of parents and partners into the list this side was made with (its `all` in scorePair). */
  readonly parents: readonly number[];
  readonly partners: readonly number[];
};

export type Level = 'high' | 'medium';
export type Scored = { readonly level: Level; readonly points: number; readonly reasons: readonly string[] };

export const YEAR_GUARD = 2;
const MEDIUM = 3.5;
const HIGH = 7;

/** The town: a place's first component, folded ("Boston, Suffolk, MA" and "boston" agree). */
export const placeKey = (place: string | null): string | null => {
  if (place === null) return null;
  const k = foldText(place.split(',')[0] ?? '');
  return k === '' ? null : k;
};

/** Two persons born on different known days (or in years more than a year apart when days are unknown). */
export const differentBirthDates = (a: Side, b: Side): boolean => {
  if (a.birthDay !== null && b.birthDay !== null) return a.birthDay !== b.birthDay;
  return a.birthYear !== null && b.birthYear !== null && a.birthYear !== b.birthYear;
};

const primaryName = (p: Side | undefined): FoldedName | undefined => p?.names[0];
const primaryShown = (p: Side | undefined): string => p?.names[0]?.shown ?? '';

/**
 * The pairs of these persons whose primary names agree: the same folded text, or the same sound of
 * surname and first given name (key comparisons only: a finder run asks this of many pairs). `as`
 * index `allA`, `bs` index `allB`; one index in one list is one person (a shared parent).
 */
const agreeing = (as: readonly number[], bs: readonly number[], allA: readonly Side[], allB: readonly Side[]): [Side, Side][] => {
  const out: [Side, Side][] = [];
  const used = new Set<number>();
  for (const i of as) {
    for (const j of bs) {
      if (used.has(j)) continue;
      const x = primaryName(allA[i]);
      const y = primaryName(allB[j]);
      if (x === undefined || y === undefined || x.text === '' || y.text === '') continue;
      if ((i === j && allA === allB) || x.text === y.text || (x.surnameKey === y.surnameKey && x.givenKeys[0] !== undefined && x.givenKeys[0] === y.givenKeys[0])) {
        out.push([allA[i]!, allB[j]!]);
        used.add(j);
        break;
      }
    }
  }
  return out;
};

const yearPoints = (a: number | null, b: number | null): number => (a === null || b === null ? 0 : a === b ? 2 : Math.abs(a - b) === 1 ? 1 : 0);

type NameMatch = { readonly points: number; readonly a: FoldedName; readonly b: FoldedName; readonly g: ReturnType<typeof givenRelation>; readonly s: ReturnType<typeof surnameRelation> };

const bestNames = (a: Side, b: Side): NameMatch | null => {
  let best: NameMatch | null = null;
  for (const x of a.names)
    for (const y of b.names) {
      const g = givenRelation(x, y);
      const s = surnameRelation(x, y);
      const points = namePoints(g, s);
      if (points > 0 && (best === null || points > best.points)) best = { points, a: x, b: y, g, s };
    }
  return best;
};

const nameReason = (m: NameMatch): string => {
  if (m.points === 4) return m.g === 'swapped' ? `the same given names in another order (${m.a.shown} / ${m.b.shown})` : `the same name (${m.a.shown})`;
  if (m.s === 'different') return `the same given name under another surname (${m.a.shown} / ${m.b.shown})`;
  return `similar names (${m.a.shown} / ${m.b.shown})`;
};

/** A surname change one side explains: the other's surname is a partner's, or either name is a married/maiden one. */
const explained = (m: NameMatch, a: Side, b: Side, allA: readonly Side[], allB: readonly Side[]): string | null => {
  if (m.a.marital || m.b.marital) return 'one of the names is recorded as a married or maiden name';
  const partnerWith = (p: Side, all: readonly Side[], surname: string) => p.partners.some((i) => all[i]?.names.some((n) => n.surname === surname));
  if (partnerWith(a, allA, m.b.surname) || partnerWith(b, allB, m.a.surname)) return `${m.a.surname === '' ? m.b.shown : m.b.surname} is the surname of a partner: a married name`;
  return null;
};

/** The cheap tests that rule a pair out before anything is scored: recorded sexes differ, or birth or death years are far apart. */
export const ruledOut = (a: Side, b: Side): boolean =>
  (a.sex !== null && b.sex !== null && a.sex !== b.sex)
  || (a.birthYear !== null && b.birthYear !== null && Math.abs(a.birthYear - b.birthYear) > YEAR_GUARD)
  || (a.deathYear !== null && b.deathYear !== null && Math.abs(a.deathYear - b.deathYear) > YEAR_GUARD)
  // One died before the other was born: the child named after a brother or sister who died young.
  || (a.deathYear !== null && b.birthYear !== null && a.deathYear < b.birthYear)
  || (b.deathYear !== null && a.birthYear !== null && b.deathYear < a.birthYear);

/** The points of a pair; with `reasons`, also the words for each piece of evidence (only asked for a pair that scores). */
const weigh = (a: Side, b: Side, allA: readonly Side[], allB: readonly Side[], name: NameMatch, reasons: string[] | null): { readonly points: number; readonly notHigh: boolean } => {
  let points = name.points;
  reasons?.push(nameReason(name));
  if (name.s === 'different') {
    const why = explained(name, a, b, allA, allB);
    if (why !== null) {
      points += 1.5;
      reasons?.push(why);
    }
    // Women's surnames changed with marriage far more often than men's: a little weight, no more.
    if (a.sex !== 'male' && b.sex !== 'male') {
      points += 0.5;
      if (why === null) reasons?.push('a woman\'s surname may change with marriage');
    }
  }
  if (a.birthYear !== null && b.birthYear !== null) {
    points += yearPoints(a.birthYear, b.birthYear);
    reasons?.push(a.birthYear === b.birthYear ? `born in ${a.birthYear} on both sides` : `born in ${a.birthYear} and ${b.birthYear}`);
    if (a.birthDay !== null && a.birthDay === b.birthDay) points += 1;
  } else reasons?.push('a birth year is unknown on one side');
  if (a.deathYear !== null && b.deathYear !== null) {
    points += yearPoints(a.deathYear, b.deathYear);
    reasons?.push(a.deathYear === b.deathYear ? `died in ${a.deathYear} on both sides` : `died in ${a.deathYear} and ${b.deathYear}`);
  }
  if (a.birthPlaceKey !== null && b.birthPlaceKey !== null) {
    if (a.birthPlaceKey === b.birthPlaceKey) {
      points += 1;
      reasons?.push(`born in ${town(a.birthPlace)} on both sides`);
    } else points -= 0.5;
  }
  if (a.deathPlaceKey !== null && b.deathPlaceKey !== null) {
    if (a.deathPlaceKey === b.deathPlaceKey) {
      points += 1;
      reasons?.push(`died in ${town(a.deathPlace)} on both sides`);
    } else points -= 0.5;
  }
  let parentsDisagree = false;
  if (a.parents.length > 0 && b.parents.length > 0) {
    const same = agreeing(a.parents, b.parents, allA, allB);
    if (same.length === 0) {
      points -= 3;
      parentsDisagree = true;
      reasons?.push(`different parents (${primaryShown(allA[a.parents[0]!])} / ${primaryShown(allB[b.parents[0]!])})`);
    } else {
      points += same.length >= 2 ? 3 : 2;
      const shared = same.every(([x, y]) => x === y);
      reasons?.push(shared ? 'children of the same parents' : `parents' names agree (${same.map(([x]) => primaryShown(x)).join(', ')})`);
      // The same parents and births two years apart: as likely a brother or sister of the same name.
      if (a.birthYear !== null && b.birthYear !== null && Math.abs(a.birthYear - b.birthYear) >= 2) {
        parentsDisagree = true;
        reasons?.push('born two years apart to the same parents: perhaps a brother or sister of the same name');
      }
    }
  }
  if (a.partners.length > 0 && b.partners.length > 0) {
    const same = agreeing(a.partners, b.partners, allA, allB);
    if (same.length === 0) points -= 1;
    else {
      points += 2;
      reasons?.push(`partners' names agree (${same.map(([x]) => primaryShown(x)).join(', ')})`);
    }
  }
  return { points, notHigh: parentsDisagree };
};

const town = (place: string | null): string => (place ?? '').split(',')[0]!.trim();

/**
 * Scores one pair, or null when the evidence says they are different people (or too little says they
 * are one). `all` is the list `a`'s parents and partners index; `allB` is `b`'s when `b` was made
 * with another list (an incoming GEDCOM person against the tree), else the same.
 */
export const scorePair = (a: Side, b: Side, all: readonly Side[], allB: readonly Side[] = all): Scored | null => {
  if (ruledOut(a, b)) return null;
  const name = bestNames(a, b);
  if (name === null) return null;
  // Most pairs fall short: their points are weighed without a word, and only a pair that scores is described.
  const { points, notHigh } = weigh(a, b, all, allB, name, null);
  if (points < MEDIUM) return null;
  const reasons: string[] = [];
  weigh(a, b, all, allB, name, reasons);
  const level: Level = points >= HIGH && name.points >= 3 && !notHigh ? 'high' : 'medium';
  return { level, points: Math.round(points * 10) / 10, reasons };
};
