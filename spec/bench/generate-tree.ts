import type pg from 'pg';
import { femaleGivenNames, maleGivenNames, nicknames, placeNames, surnames } from './vocabulary.js';

// A deterministic synthetic family tree (seeded PRNG), bulk-inserted with `insert ... select from
// unnest(arrays)` straight into a migrated database: founders born around 1700, about eight
// generations of families (partnerships with marriage events, biological parent_child edges), birth
// and death events with places, alternate names, a few private persons and some explicit is_living.
// The same seed and size give the same tree, ids included (UUID v7 made from the PRNG).

export type GenerateOptions = {
  /** How many persons (default 100,000). */
  readonly persons?: number;
  readonly seed?: number;
  readonly treeName?: string;
  /** Rows per INSERT statement. */
  readonly chunk?: number;
  /** Stamped on every row as created_at/updated_at. */
  readonly now?: Date;
};

export type GeneratedPerson = { readonly id: string; readonly given: string; readonly surname: string };

export type GeneratedTree = {
  readonly treeId: string;
  /** Every person with their primary name, in insertion order. */
  readonly persons: readonly GeneratedPerson[];
  readonly counts: {
    readonly persons: number;
    readonly names: number;
    readonly events: number;
    readonly relationships: number;
    readonly places: number;
    readonly generations: number;
    /** Persons per generation (0: the founders). */
    readonly perGeneration: readonly number[];
  };
  /** Milliseconds: building the rows in memory, and inserting them. */
  readonly buildMs: number;
  readonly insertMs: number;
};

/** mulberry32: a small, fast, seedable PRNG (uniform in [0, 1)). */
export const seededRandom = (seed: number): (() => number) => {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};

type Rng = () => number;
const int = (rng: Rng, lo: number, hi: number): number => lo + Math.floor(rng() * (hi - lo + 1));
const pick = <A>(rng: Rng, xs: readonly A[]): A => xs[Math.floor(rng() * xs.length)]!;
const chance = (rng: Rng, p: number): boolean => rng() < p;

/** A valid UUID v7 (time-ordered by `ms`) whose random bits come from the PRNG. */
const uuidV7 = (rng: Rng, ms: number): string => {
  const hex = (n: number, width: number) => Math.floor(n).toString(16).padStart(width, '0');
  const time = hex(ms, 12);
  const r = () => hex(rng() * 0x10000, 4);
  const variant = (8 + int(rng, 0, 3)).toString(16) + hex(rng() * 0x1000, 3);
  return `${time.slice(0, 8)}-${time.slice(8, 12)}-7${hex(rng() * 0x1000, 3)}-${variant}-${r()}${r()}${r()}`;
};

type Sex = 'male' | 'female';
type Person = {
  readonly id: string;
  readonly sex: Sex;
  readonly gen: number;
  readonly birthYear: number;
  readonly given: string;
  readonly surname: string;
};

/** Mean children per couple, by the parents' generation (large families early, small late). */
const childMean = [5.2, 5, 4.8, 4.4, 4, 3.4, 2.8, 2.2, 2];
/**
 * Chance that a child's own family is in the tree (a partner married in, children of their own): most
 * lines are not followed, which keeps each generation about twice the previous one, as in real trees.
 */
const partnerChance = (gen: number, birthYear: number): number => (birthYear > 1998 ? 0.1 : gen < 4 ? 0.45 : 0.4);
const GENERATIONS = 8;
const LAST_YEAR = 2020;

/** Persons a founder couple yields on average over the generations: sizes the founder set. */
const expectedPerFounderCouple = (): number => {
  let couples = 1;
  let total = 2;
  for (let g = 1; g < GENERATIONS; g++) {
    const children = couples * childMean[g - 1]!;
    const partners = g < GENERATIONS - 1 ? children * partnerChance(g, 1900) : 0;
    total += children + partners;
    couples = partners;
  }
  return total;
};

class Columns {
  readonly cols: unknown[][];
  constructor(readonly width: number) {
    this.cols = Array.from({ length: width }, () => []);
  }
  push(...values: unknown[]): void {
    values.forEach((v, i) => this.cols[i]!.push(v));
  }
  get length(): number {
    return this.cols[0]!.length;
  }
}

export const generateTree = async (db: pg.ClientBase, options: GenerateOptions = {}): Promise<GeneratedTree> => {
  const target = options.persons ?? 100_000;
  const rng = seededRandom(options.seed ?? 20261122);
  const now = options.now ?? new Date();
  const chunk = options.chunk ?? 10_000;
  const started = performance.now();

  // Ids: UUID v7 with a synthetic clock that ticks once per id, so they are unique and in creation order.
  let clock = Date.UTC(2026, 0, 1);
  const nextId = () => uuidV7(rng, clock++);

  const treeId = nextId();
  const placeIds = new Map<string, string>();
  const placeOf = (): string => {
    const name = pick(rng, placeNames);
    let id = placeIds.get(name);
    if (id === undefined) placeIds.set(name, (id = nextId()));
    return id;
  };

  // Rows, column-wise, as the unnest inserts below take them.
  const persons = new Columns(5); // id, sex, is_living, privacy, notes
  const names = new Columns(6); // id, person_id, name_type, given_name, surname, is_primary
  const rels = new Columns(5); // id, type, person_a_id, person_b_id, qualifier
  const events = new Columns(6); // id, type, person_id, partnership_id, date (json text), place_id
  const generated: GeneratedPerson[] = [];
  const perGeneration: number[] = [];

  const dateOf = (year: number, kind: 'birth' | 'death' | 'marriage'): string => {
    const r = rng();
    if (kind === 'birth' && r < 0.1) return JSON.stringify({ qualifier: 'about', year });
    if (kind === 'birth' && r < 0.15) return JSON.stringify({ qualifier: 'before', year });
    if (kind === 'death' && r < 0.08) return JSON.stringify({ qualifier: 'about', year });
    if (r < 0.3) return JSON.stringify({ qualifier: 'exact', year });
    return JSON.stringify({ qualifier: 'exact', year, month: int(rng, 1, 12), day: int(rng, 1, 28) });
  };

  const givenNameFor = (sex: Sex): string => {
    const list = sex === 'male' ? maleGivenNames : femaleGivenNames;
    const first = pick(rng, list);
    return chance(rng, 0.15) ? `${first} ${pick(rng, list)}` : first;
  };

  const addPerson = (sex: Sex, gen: number, birthYear: number, surname: string): Person => {
    const p: Person = { id: nextId(), sex, gen, birthYear, given: givenNameFor(sex), surname };
    perGeneration[gen] = (perGeneration[gen] ?? 0) + 1;
    // Death: almost everyone born before 1930, some later (never after the present).
    const thisYear = now.getUTCFullYear();
    let deathYear: number | null = null;
    if (birthYear < 1930 ? chance(rng, 0.93) : chance(rng, 0.12)) {
      const age = chance(rng, 0.15) ? int(rng, 0, 15) : int(rng, 35, 96);
      deathYear = birthYear + age <= thisYear ? birthYear + age : null;
    }
    const explicitLiving = chance(rng, 0.05) ? (deathYear === null && birthYear >= 1930) : null;
    const privacy = chance(rng, 0.01) ? 'private' : chance(rng, 0.03) ? 'public' : 'default';
    persons.push(p.id, sex, explicitLiving, privacy, chance(rng, 0.05) ? `Synthetic note for ${p.given} ${surname}.` : '');
    names.push(nextId(), p.id, 'birth', p.given, surname, true);
    const nick = nicknames[p.given.split(' ')[0]!];
    if (nick !== undefined && chance(rng, 0.3)) names.push(nextId(), p.id, 'nickname', nick, surname, false);
    else if (chance(rng, 0.06)) names.push(nextId(), p.id, 'alias', pick(rng, sex === 'male' ? maleGivenNames : femaleGivenNames), surname, false);
    if (chance(rng, 0.9)) events.push(nextId(), 'birth', p.id, null, dateOf(birthYear, 'birth'), chance(rng, 0.85) ? placeOf() : null);
    if (deathYear !== null) events.push(nextId(), 'death', p.id, null, dateOf(deathYear, 'death'), chance(rng, 0.7) ? placeOf() : null);
    generated.push({ id: p.id, given: p.given, surname });
    return p;
  };

  /** A partnership (with a marriage event, usually) and, for married women, sometimes a married name. */
  const partner = (a: Person, b: Person, year: number): void => {
    const id = nextId();
    rels.push(id, 'partnership', a.id, b.id, null);
    if (chance(rng, 0.85)) events.push(nextId(), 'marriage', null, id, dateOf(year, 'marriage'), chance(rng, 0.8) ? placeOf() : null);
    const wife = a.sex === 'female' ? a : b.sex === 'female' ? b : null;
    const husband = wife === a ? b : a;
    if (wife && wife.surname !== husband.surname && chance(rng, 0.6))
      names.push(nextId(), wife.id, 'married', wife.given, husband.surname, false);
  };

  const founderCouples = (remaining: number) => Math.max(1, Math.round(remaining / expectedPerFounderCouple()));

  // Waves of founder couples, generation by generation (breadth first), until the target is reached.
  while (persons.length < target) {
    let couples: { a: Person; b: Person; year: number }[] = [];
    for (let i = founderCouples(target - persons.length); i > 0 && persons.length + 2 <= target; i--) {
      const hYear = int(rng, 1685, 1715);
      const a = addPerson('male', 0, hYear, pick(rng, surnames));
      const b = addPerson('female', 0, hYear + int(rng, -8, 3), pick(rng, surnames));
      const year = Math.max(a.birthYear, b.birthYear) + int(rng, 24, 34);
      partner(a, b, year);
      couples.push({ a, b, year });
    }
    if (couples.length === 0) {
      addPerson(chance(rng, 0.5) ? 'male' : 'female', 0, int(rng, 1685, 1715), pick(rng, surnames));
      continue;
    }
    for (let gen = 1; couples.length > 0 && persons.length < target; gen++) {
      const next: typeof couples = [];
      for (const c of couples) {
        const mean = childMean[Math.min(gen - 1, childMean.length - 1)]!;
        const kids = Math.max(0, Math.round(mean + (rng() + rng() + rng() - 1.5) * 2.2));
        let year = c.year + int(rng, 0, 3);
        const surname = (c.a.sex === 'male' ? c.a : c.b).surname;
        for (let k = 0; k < kids && persons.length < target && year <= LAST_YEAR; k++) {
          const child = addPerson(chance(rng, 0.51) ? 'male' : 'female', gen, year, surname);
          for (const parent of [c.a, c.b]) rels.push(nextId(), 'parent_child', parent.id, child.id, chance(rng, 0.01) ? 'adoptive' : 'biological');
          if (gen < GENERATIONS - 1 && persons.length < target && chance(rng, partnerChance(gen, child.birthYear))) {
            const spouseSex: Sex = child.sex === 'male' ? 'female' : 'male';
            const spouse = addPerson(spouseSex, gen, child.birthYear + int(rng, -6, 6), pick(rng, surnames));
            const marriage = Math.max(child.birthYear, spouse.birthYear) + int(rng, 24, 38);
            if (marriage <= LAST_YEAR) {
              partner(child, spouse, marriage);
              next.push({ a: child, b: spouse, year: marriage });
            }
          }
          year += int(rng, 2, 5);
        }
      }
      couples = next;
    }
  }
  const buildMs = performance.now() - started;

  // Insert: one transaction, chunks of `chunk` rows per statement, in foreign key order.
  const insertStarted = performance.now();
  const ts = now.toISOString();
  const bulk = async (sql: string, cols: readonly (readonly unknown[])[], extra: readonly unknown[]) => {
    const n = cols[0]!.length;
    for (let from = 0; from < n; from += chunk) {
      await db.query(sql, [...cols.map((c) => c.slice(from, from + chunk)), ...extra]);
    }
  };
  await db.query('begin');
  try {
    await db.query(
      `insert into trees (id, name, description, visibility, home_person_id, created_at, updated_at)
       values ($1, $2, $3, 'private', $4, $5, $5)`,
      [treeId, options.treeName ?? `Synthetic tree (${target} persons)`, 'Generated by spec/bench/generate-tree.ts', generated[generated.length - 1]?.id ?? null, ts],
    );
    await bulk(
      `insert into places (id, tree_id, name) select u.id, $3, u.name from unnest($1::uuid[], $2::text[]) as u(id, name)`,
      [[...placeIds.values()], [...placeIds.keys()]],
      [treeId],
    );
    await bulk(
      `insert into persons (id, tree_id, sex, is_living, privacy, notes, created_at, updated_at)
       select u.id, $6, u.sex, u.is_living, u.privacy, u.notes, $7, $7
       from unnest($1::uuid[], $2::text[], $3::boolean[], $4::text[], $5::text[]) as u(id, sex, is_living, privacy, notes)`,
      persons.cols,
      [treeId, ts],
    );
    await bulk(
      `insert into names (id, tree_id, person_id, name_type, given_name, surname, is_primary, created_at)
       select u.id, $7, u.person_id, u.name_type, u.given_name, u.surname, u.is_primary, $8
       from unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::text[], $6::boolean[])
         as u(id, person_id, name_type, given_name, surname, is_primary)`,
      names.cols,
      [treeId, ts],
    );
    await bulk(
      `insert into relationships (id, tree_id, type, person_a_id, person_b_id, qualifier, notes, created_at, updated_at)
       select u.id, $6, u.type, u.a, u.b, u.qualifier, '', $7, $7
       from unnest($1::uuid[], $2::text[], $3::uuid[], $4::uuid[], $5::text[]) as u(id, type, a, b, qualifier)`,
      rels.cols,
      [treeId, ts],
    );
    await bulk(
      `insert into events (id, tree_id, type, person_id, partnership_id, date, place_id, notes, detail, created_at, updated_at)
       select u.id, $7, u.type, u.person_id, u.partnership_id, u.date::jsonb, u.place_id, '', '', $8, $8
       from unnest($1::uuid[], $2::text[], $3::uuid[], $4::uuid[], $5::text[], $6::uuid[])
         as u(id, type, person_id, partnership_id, date, place_id)`,
      events.cols,
      [treeId, ts],
    );
    await db.query('commit');
  } catch (e) {
    await db.query('rollback').catch(() => undefined);
    throw e;
  }
  // Fresh statistics, as autovacuum would gather them soon after such a load.
  await db.query('analyze trees, places, persons, names, relationships, events');
  const insertMs = performance.now() - insertStarted;

  return {
    treeId,
    persons: generated,
    counts: {
      persons: persons.length,
      names: names.length,
      events: events.length,
      relationships: rels.length,
      places: placeIds.size,
      generations: perGeneration.length,
      perGeneration,
    },
    buildMs,
    insertMs,
  };
};
