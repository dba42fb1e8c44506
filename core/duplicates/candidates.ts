import type { Id } from '../kernel/ids.js';
import { blockKeys, MAX_YEAR_BLOCK, reachOf, SMALL_BLOCK, type Blocks, type Prepared } from './finder.js';
import { ruledOut, scorePair, YEAR_GUARD, type Scored, type Side } from './score.js';

// One person against a prepared tree (the GEDCOM import's look-alikes): the finder's blocks and the
// finder's scorer, asked from one side. The person comes with its own list (`all`, the side first,
// then the relatives its parents and partners index), so its relatives need not be in the tree.

export type Candidate = Scored & { readonly personId: Id; /** Index of the candidate in the prepared sides. */ readonly index: number };

export type CandidateLookup = {
  /** Indexes of the tree's persons that share a block with `side` and pass the cheap tests (ruledOut). */
  readonly pool: (side: Side) => readonly number[];
  /** The best `max` candidates for `side` (high before medium, then by points, then by id). */
  readonly candidatesFor: (side: Side, all: readonly Side[], max: number) => readonly Candidate[];
};

const near = (x: number | null, y: number | null): boolean => x !== null && y !== null && Math.abs(x - y) <= YEAR_GUARD;

/** Over the tree's blocks (finder.ts blocksOf, made once): each lookup touches only the blocks the side names, as the finder does. */
export const candidateLookup = (tree: Prepared, { named, yearly }: Blocks): CandidateLookup => {
  const { sides } = tree;
  const pool = (side: Side): number[] => {
    const found = new Set<number>();
    const take = (i: number): void => {
      if (!found.has(i) && !ruledOut(side, sides[i]!)) found.add(i);
    };
    blockKeys(
      side,
      (key) => {
        const members = named.get(key) ?? [];
        // A large block (a common name): only persons born, or else died, within the year guard, as in the finder.
        if (members.length <= SMALL_BLOCK) for (const i of members) take(i);
        else for (const i of members) if (near(side.birthYear, sides[i]!.birthYear) || near(side.deathYear, sides[i]!.deathYear)) take(i);
      },
      (stem, year) => {
        const reach = reachOf(stem);
        for (let y = year - reach; y <= year + reach; y++) for (const i of (yearly.get(`${stem}|${y}`) ?? []).slice(0, MAX_YEAR_BLOCK)) take(i);
      },
    );
    return [...found];
  };
  return {
    pool,
    candidatesFor: (side, all, max) => {
      const found: Candidate[] = [];
      for (const i of pool(side)) {
        const s = scorePair(side, sides[i]!, all, sides);
        if (s !== null) found.push({ ...s, personId: sides[i]!.id, index: i });
      }
      const rank = (c: Candidate) => (c.level === 'high' ? 0 : 1);
      return found.sort((a, b) => rank(a) - rank(b) || b.points - a.points || (a.personId < b.personId ? -1 : 1)).slice(0, max);
    },
  };
};
