import type { Id } from '../kernel/ids.js';
import { numberSet } from '../kernel/number-set.js';
import { runInTurns, runSteps, stepper, type Steps } from '../kernel/turns.js';
import { foldName, nameParts, type FoldedName } from './names.js';
import { differentBirthDates, placeKey, ruledOut, scorePair, YEAR_GUARD, type Level, type Scored, type Side } from './score.js';
import type { DuplicateFact, DuplicateSubject } from './ports.js';

// Never every pair: each person goes into blocks keyed by sound-alike name parts, and only persons
// sharing a block (and, in large blocks, born within the year guard) are scored:
//   surname|given word     the same name, spelled alike (any given word, so Anna Maria meets Maria Anna;
//                          a name without a surname by its given words alone);
//   g|given word|birth year   the same given name under another surname (maiden and married names);
//   s|surname|birth year      the same surname, given names written differently (Wm / William).
// Year-keyed blocks meet the blocks of the next YEAR_GUARD years.

export type FoundPair = { readonly personIds: readonly [Id, Id]; readonly level: Level; readonly points: number; readonly reasons: readonly string[] };

export type FinderInput = {
  readonly subjects: readonly DuplicateSubject[];
  readonly facts: readonly DuplicateFact[];
  /** parent_child edges: `a` the parent, `b` the child. */
  readonly parentEdges: readonly { readonly a: Id; readonly b: Id }[];
  readonly partnerEdges: readonly { readonly a: Id; readonly b: Id }[];
  /** Pairs never to propose again (either order). */
  readonly dismissed: readonly (readonly [Id, Id])[];
};

/** An unsorted name block of this size or less compares every pair; a larger one only persons born close together. */
export const SMALL_BLOCK = 48;
/** At most this many persons of one year-keyed block are compared (a bound on degenerate data such as 1,000 "N.N."). */
export const MAX_YEAR_BLOCK = 400;
const NAMES_PER_PERSON = 4;
const GIVEN_WORDS = 3;
/** The answer holds at most this many pairs, the best first. */
export const MAX_PAIRS = 10_000;

const BIRTH = ['birth', 'baptism', 'christening'] as const;
const DEATH = ['death', 'burial', 'cremation'] as const;

type Building = { -readonly [K in keyof Side]: Side[K] };

/**
 * The finder's view of a tree made piece by piece, so that a caller reading a large tree holds one
 * page of its reads at a time: `add` each page of subjects with their facts, then the `edges`
 * (all subjects are known by then), then `done`. Names, their parts and places repeat across a tree:
 * each distinct one is folded and held once.
 */
export const sideBuilder = () => {
  const index = new Map<Id, number>();
  const sides: Building[] = [];
  const parentIds = new Map<number, number[]>();
  const places = new Map<string, { readonly text: string; readonly key: string | null }>();
  const folded = new Map<string, FoldedName>();
  const parts = nameParts();
  const none: readonly number[] = [];
  const fold = (given: string, surname: string, marital: boolean): FoldedName => {
    const key = `${marital ? 'm' : ''}|${given}|${surname}`;
    let f = folded.get(key);
    if (f === undefined) folded.set(key, (f = foldName(given, surname, marital, parts)));
    return f;
  };
  /** A place's text and key, held once (each fact's row brings its own copy of the text). */
  const placeOf = (place: string | null): { readonly text: string; readonly key: string | null } | null => {
    if (place === null) return null;
    let held = places.get(place);
    if (held === undefined) places.set(place, (held = { text: place, key: placeKey(place) }));
    return held;
  };
  /** The first dated fact by rank (birth before baptism before christening), and a place: its own, else any fact's of those types. */
  const pick = (own: readonly DuplicateFact[], types: readonly string[]) => {
    let dated: DuplicateFact | null = null;
    let placed: string | null = null;
    for (const f of own) {
      const rank = types.indexOf(f.type);
      if (rank < 0) continue;
      if (f.year !== null && (dated === null || rank < types.indexOf(dated.type))) dated = f;
      if (placed === null && f.place !== null && f.place.trim() !== '') placed = f.place;
    }
    const place = dated !== null && dated.place !== null && dated.place.trim() !== '' ? dated.place : placed;
    return { year: dated?.year ?? null, day: dated?.day ?? null, place: placeOf(place) };
  };

  /** Subjects not added before, with their facts (facts of other persons are ignored). */
  function* add(subjects: readonly DuplicateSubject[], facts: readonly DuplicateFact[]): Steps<void> {
    const step = stepper();
    const first = sides.length;
    const page = new Map<Id, number>();
    for (let i = 0; i < subjects.length; i++) {
      page.set(subjects[i]!.id, first + i);
      if (step()) yield;
    }
    const own = new Map<number, DuplicateFact[]>();
    for (const f of facts) {
      if (step()) yield;
      const i = page.get(f.personId);
      if (i === undefined) continue;
      const list = own.get(i);
      if (list === undefined) own.set(i, [f]);
      else list.push(f);
    }
    for (let k = 0; k < subjects.length; k++) {
      if (step()) yield;
      const p = subjects[k]!;
      const i = first + k;
      index.set(p.id, i);
      const mine = own.get(i) ?? [];
      const birth = pick(mine, BIRTH);
      const death = pick(mine, DEATH);
      sides.push({
        // The sex as the literal (each row brings its own copy of the text).
        id: p.id, sex: p.sex === 'male' ? 'male' : p.sex === 'female' ? 'female' : p.sex,
        names: p.names.slice(0, NAMES_PER_PERSON).map((n) => fold(n.givenName, n.surname, n.nameType === 'married' || n.nameType === 'maiden')),
        birthYear: birth.year, birthDay: birth.day, birthPlace: birth.place?.text ?? null, birthPlaceKey: birth.place?.key ?? null,
        deathYear: death.year, deathPlace: death.place?.text ?? null, deathPlaceKey: death.place?.key ?? null,
        parents: none, partners: none,
      });
    }
  }

  // Siblings are found by parent, so a parent without a name (no subject) still makes them siblings:
  // such a parent is numbered below zero.
  const others = new Map<Id, number>();
  const parentNumber = (id: Id, i: number | undefined): number => {
    if (i !== undefined) return i;
    let n = others.get(id);
    if (n === undefined) others.set(id, (n = -1 - others.size));
    return n;
  };
  /** `list` with `to` (once): a side's own list grows in place, the shared empty one is replaced. */
  const link = (list: readonly number[], to: number): readonly number[] => {
    if (list === none) return [to];
    if (!list.includes(to)) (list as number[]).push(to);
    return list;
  };

  /** Edges between the subjects added (parent_child: `a` the parent, `b` the child). */
  function* edges(parentEdges: readonly { readonly a: Id; readonly b: Id }[], partnerEdges: readonly { readonly a: Id; readonly b: Id }[]): Steps<void> {
    const step = stepper();
    for (const e of parentEdges) {
      if (step()) yield;
      const [a, b] = [index.get(e.a), index.get(e.b)];
      if (b === undefined || e.a === e.b) continue;
      const n = parentNumber(e.a, a);
      const known = parentIds.get(b);
      if (known === undefined) parentIds.set(b, [n]);
      else known.push(n);
      if (a !== undefined) sides[b]!.parents = link(sides[b]!.parents, a);
    }
    for (const e of partnerEdges) {
      if (step()) yield;
      const [a, b] = [index.get(e.a), index.get(e.b)];
      if (a === undefined || b === undefined || a === b) continue;
      sides[a]!.partners = link(sides[a]!.partners, b);
      sides[b]!.partners = link(sides[b]!.partners, a);
    }
  }

  return {
    add,
    edges,
    /** The index of each subject added, by id. */
    index: index as ReadonlyMap<Id, number>,
    done: (): Prepared => ({ sides, parentIds }),
  };
};

function* sidesOf(input: Omit<FinderInput, 'dismissed'>): Steps<Prepared> {
  const b = sideBuilder();
  yield* b.add(input.subjects, input.facts);
  yield* b.edges(input.parentEdges, input.partnerEdges);
  return b.done();
}

/** The blocks one side goes into: `named` keys, and `yearly` ones as a stem and the birth year. */
export const blockKeys = (p: Side, named: (key: string) => void, yearly: (stem: string, year: number) => void): void => {
  const y = p.birthYear;
  for (const n of p.names) {
    for (const g of n.givenKeys.slice(0, GIVEN_WORDS)) {
      // A name without a surname keys by its given names alone (`|given`).
      named(`${n.surnameKey}|${g}`);
      // The surname's first three letters: a typo past them (Weber / Webe) changes the sound key, not these.
      if (n.surname.length >= 3) named(`~${n.surname.slice(0, 3)}|${g}`);
      // A surname change is a woman's (or unknown) record's: men stay out of these blocks.
      if (y !== null && p.sex !== 'male') yearly(`g|${g}`, y);
    }
    if (n.surnameKey !== '' && y !== null) yearly(`s|${n.surnameKey}`, y);
  }
};

/** How far in birth years a year-keyed block reaches: another surname scores only with the same or the next year (see score.ts). */
export const reachOf = (stem: string): number => (stem.startsWith('g|') ? 1 : YEAR_GUARD);

/** The blocks of a tree: block key -> indexes of the sides in it, in side order. */
export type Blocks = { readonly named: ReadonlyMap<string, readonly number[]>; readonly yearly: ReadonlyMap<string, readonly number[]> };

export function* blocksOf(sides: readonly Side[]): Steps<Blocks> {
  const step = stepper();
  const named = new Map<string, number[]>();
  const yearly = new Map<string, number[]>();
  const add = (map: Map<string, number[]>, key: string, i: number) => {
    const b = map.get(key);
    if (b === undefined) map.set(key, [i]);
    else if (b[b.length - 1] !== i) b.push(i);
  };
  for (let i = 0; i < sides.length; i++) {
    if (step()) yield;
    blockKeys(sides[i]!, (key) => add(named, key, i), (stem, year) => add(yearly, `${stem}|${year}`, i));
  }
  return { named, yearly };
}

/**
 * Never the same person, whatever the points: a parent and child, partners, or children of one parent
 * born on different dates (siblings). `i` and `j` index the prepared sides.
 */
export const related = ({ sides, parentIds }: Prepared, i: number, j: number): boolean => {
  const a = sides[i]!;
  const b = sides[j]!;
  if (a.parents.includes(j) || b.parents.includes(i) || a.partners.includes(j)) return true;
  const theirs = parentIds.get(j) ?? [];
  return (parentIds.get(i) ?? []).some((x) => theirs.includes(x)) && differentBirthDates(a, b);
};

/** The finder's verdict on one pair of a prepared set of persons (the recommender asks it of one person and its candidates). */
export const scoreWithin = (prepared: Prepared, i: number, j: number): Scored | null => {
  const { sides } = prepared;
  if (i === j || ruledOut(sides[i]!, sides[j]!) || related(prepared, i, j)) return null;
  return scorePair(sides[i]!, sides[j]!, sides);
};

/**
 * The finder's own view of a tree, made from the reads; the reads can be let go once it exists.
 * `parentIds`: each side's parents, a subject's by its index, one without a name below zero.
 */
export type Prepared = { readonly sides: readonly Side[]; readonly parentIds: ReadonlyMap<number, readonly number[]> };

/** The finder's view of a few persons (the recommender's, one incoming GEDCOM person's), at once. */
export const prepareFinder = (input: Omit<FinderInput, 'dismissed'>): Prepared => runSteps(sidesOf(input));

/**
 * Likely duplicate pairs of one tree, best first (high before medium, then by points, then by ids),
 * at most MAX_PAIRS. Never a parent and child, partners, siblings born on different dates, or a
 * dismissed pair.
 */
export const findDuplicates = (input: FinderInput): FoundPair[] => runSteps(pairsOf(prepareFinder(input), input.dismissed));

/** findDuplicates over a prepared tree, giving the event loop turns while it compares. */
export const findPairsInTurns = (prepared: Prepared, dismissed: FinderInput['dismissed']): Promise<FoundPair[]> => runInTurns(pairsOf(prepared, dismissed));

function* pairsOf(prepared: Prepared, dismissed: FinderInput['dismissed']): Steps<FoundPair[]> {
  const step = stepper();
  const { sides } = prepared;
  const n = sides.length;
  const key = (i: number, j: number): number => (i < j ? i * n + j : j * n + i);
  const index = new Map(sides.map((p, i) => [p.id, i]));
  const seen = numberSet();
  for (const [a, b] of dismissed) {
    const [i, j] = [index.get(a), index.get(b)];
    if (i !== undefined && j !== undefined) seen.add(key(i, j));
  }
  const found: FoundPair[] = [];
  // Most pairs a block brings together fail the cheap tests; only the others are remembered as seen,
  // so the set holds the pairs worth scoring, not every pair looked at.
  const consider = (i: number, j: number): void => {
    if (i === j) return;
    const a = sides[i]!;
    const b = sides[j]!;
    if (ruledOut(a, b)) return;
    const k = key(i, j);
    if (seen.has(k)) return;
    seen.add(k);
    if (related(prepared, i, j)) return;
    const s = scorePair(a, b, sides);
    if (s === null) return;
    const ids: [Id, Id] = a.id < b.id ? [a.id, b.id] : [b.id, a.id];
    found.push({ personIds: ids, level: s.level, points: s.points, reasons: s.reasons });
  };

  const { named, yearly } = yield* blocksOf(sides);
  for (const members of named.values()) {
    if (step()) yield;
    if (members.length < 2) continue;
    if (members.length <= SMALL_BLOCK) {
      for (let x = 0; x < members.length; x++)
        for (let y = x + 1; y < members.length; y++) {
          consider(members[x]!, members[y]!);
          if (step()) yield;
        }
      continue;
    }
    // A large block (a common name): only persons born, or else died, within the year guard of each other.
    for (const year of ['birthYear', 'deathYear'] as const) {
      const dated = members.filter((i) => sides[i]![year] !== null).sort((i, j) => sides[i]![year]! - sides[j]![year]!);
      for (let x = 0; x < dated.length; x++)
        for (let y = x + 1; y < dated.length && sides[dated[y]!]![year]! - sides[dated[x]!]![year]! <= YEAR_GUARD; y++) {
          consider(dated[x]!, dated[y]!);
          if (step()) yield;
        }
    }
  }
  for (const [k, members] of yearly) {
    if (step()) yield;
    const cut = k.lastIndexOf('|');
    const [stem, year] = [k.slice(0, cut), Number(k.slice(cut + 1))];
    const mine = members.slice(0, MAX_YEAR_BLOCK);
    // Another surname scores only with the same or the next birth year (see score.ts): g-blocks meet one year on.
    const reach = reachOf(stem);
    for (let d = 0; d <= reach; d++) {
      const other = d === 0 ? mine : (yearly.get(`${stem}|${year + d}`) ?? []).slice(0, MAX_YEAR_BLOCK);
      for (let x = 0; x < mine.length; x++)
        for (let y = d === 0 ? x + 1 : 0; y < other.length; y++) {
          consider(mine[x]!, other[y]!);
          if (step()) yield;
        }
    }
  }
  const rank = (l: Level) => (l === 'high' ? 0 : 1);
  return found
    .sort((p, q) => rank(p.level) - rank(q.level) || q.points - p.points || (p.personIds[0] < q.personIds[0] ? -1 : p.personIds[0] > q.personIds[0] ? 1 : p.personIds[1] < q.personIds[1] ? -1 : 1))
    .slice(0, MAX_PAIRS);
}
