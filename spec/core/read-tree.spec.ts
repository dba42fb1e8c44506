import { expect } from 'chai';
import { findDuplicates, findPairsInTurns, prepareFinder, type FinderInput } from '../../core/duplicates/finder.js';
import { foldName, nameParts } from '../../core/duplicates/names.js';
import type { DuplicateFact, DuplicateSubject } from '../../core/duplicates/ports.js';
import { readPrepared } from '../../core/duplicates/read-tree.js';
import type { CleanupEdge } from '../../core/cleanup/ports.js';
import type { Stores } from '../../core/stores.js';

// The finder's view of a tree is read a page of subjects at a time (read-tree.ts), so that a large
// tree is never held whole as rows: made that way it must be the view made from the whole reads at
// once, and find the same pairs.

const id = (n: number): string => `00000000-0000-7000-8000-${n.toString(16).padStart(12, '0')}`;
const GIVEN = ['Anna', 'Maria', 'Johann', 'Peter', 'Elisabeth', 'Anna Maria', 'J.', 'Unknown'];
const SURNAMES = ['Weber', 'Webber', 'Schmidt', 'Schmitt', 'Meyer', 'Maier', 'N.N.', ''];
const PLACES = ['Kassel, Hessen', 'kassel', 'Fulda', '  '];

const PERSONS = 1_000;
const subjects: DuplicateSubject[] = Array.from({ length: PERSONS }, (_, i) => ({
  id: id(i + 1), sex: (['male', 'female', null] as const)[i % 3]!,
  names: [
    { givenName: GIVEN[i % GIVEN.length]!, surname: SURNAMES[(i >> 3) % SURNAMES.length]!, nameType: 'birth' as const },
    ...(i % 5 === 0 ? [{ givenName: GIVEN[(i + 1) % GIVEN.length]!, surname: SURNAMES[i % SURNAMES.length]!, nameType: 'married' as const }] : []),
  ],
}));
const facts: DuplicateFact[] = subjects.flatMap((s, i) => [
  { personId: s.id, type: 'birth' as const, year: i % 7 === 0 ? null : 1800 + (i % 40), day: i % 4 === 0 ? `${1800 + (i % 40)}-3-${1 + (i % 28)}` : null, place: PLACES[i % PLACES.length]! },
  ...(i % 3 === 0 ? [{ personId: s.id, type: 'baptism' as const, year: 1800 + (i % 40), day: null, place: 'Fulda' }] : []),
  ...(i % 2 === 0 ? [{ personId: s.id, type: 'death' as const, year: 1850 + (i % 30), day: null, place: null }] : []),
]);
// Parents two generations up, one parent without a name (no subject: id 0) making siblings, a self-edge, an edge repeated.
const parentEdges: CleanupEdge[] = [
  ...subjects.slice(40).map((s, i) => ({ a: id(1 + (i % 40)), b: s.id })),
  { a: id(0), b: id(500) }, { a: id(0), b: id(501) }, { a: id(7), b: id(7) }, { a: id(1), b: id(41) },
];
const partnerEdges: CleanupEdge[] = subjects.slice(0, 300).map((s, i) => ({ a: s.id, b: id(301 + i) }));

/** The duplicates store and the cleanup edges over the arrays above, recording each page's limit and size. */
const storesOf = (pages: { limit: number; got: number }[]): Pick<Stores, 'duplicates' | 'cleanup'> => ({
  duplicates: {
    subjectsAfter: async (_tree: string, after: string | null, limit: number) => {
      const from = after === null ? 0 : subjects.findIndex((s) => s.id > after);
      const mine = from < 0 ? [] : subjects.slice(from, from + limit);
      pages.push({ limit, got: mine.length });
      const ids = new Set(mine.map((s) => s.id));
      return { subjects: mine, facts: facts.filter((f) => ids.has(f.personId)) };
    },
  } as unknown as Stores['duplicates'],
  cleanup: { edges: async (_tree: string, type: string) => (type === 'parent_child' ? parentEdges : partnerEdges) } as unknown as Stores['cleanup'],
});

describe('The finder reads a tree a page at a time', () => {
  it('makes, page by page, the view made from the whole reads at once, and the same pairs', async () => {
    const pages: { limit: number; got: number }[] = [];
    const { prepared, index } = await readPrepared(storesOf(pages), 'tree', { page: 128 });
    expect(pages.map((p) => p.limit)).to.deep.equal(Array.from({ length: 8 }, () => 128));
    expect(pages.map((p) => p.got)).to.deep.equal([128, 128, 128, 128, 128, 128, 128, 104]);
    const whole: FinderInput = { subjects, facts, parentEdges, partnerEdges, dismissed: [] };
    const once = prepareFinder(whole);
    expect(prepared.sides).to.deep.equal(once.sides);
    expect([...prepared.parentIds]).to.deep.equal([...once.parentIds]);
    expect(index.get(id(500))).to.equal(499);
    // The nameless parent is one number for both its children: they are siblings.
    const nameless = prepared.parentIds.get(499)!.filter((n) => n < 0);
    expect(nameless).to.have.length(1);
    expect(prepared.parentIds.get(500)).to.include(nameless[0]);
    const pairs = await findPairsInTurns(prepared, []);
    expect(pairs.length).to.be.greaterThan(10);
    expect(pairs).to.deep.equal(findDuplicates(whole));
  });

  it('a page that comes back full is followed by one more; an empty tree is one read', async () => {
    const pages: { limit: number; got: number }[] = [];
    await readPrepared(storesOf(pages), 'tree', { page: 500 });
    expect(pages.map((p) => p.got)).to.deep.equal([500, 500, 0]);
    const none: { limit: number; got: number }[] = [];
    const empty = storesOf(none);
    const { prepared } = await readPrepared({ ...empty, duplicates: { ...empty.duplicates, subjectsAfter: async () => ({ subjects: [], facts: [] }) } }, 'tree');
    expect(prepared.sides).to.deep.equal([]);
  });

  it('a page read that fails while the one before is made fails the read, and is never an unhandled rejection', async () => {
    const unhandled: unknown[] = [];
    const note = (e: unknown): void => void unhandled.push(e);
    process.prependListener('unhandledRejection', note);
    try {
      // Pages large enough that making one takes several turns of the event loop (a rejection left
      // unhandled across a turn is reported).
      const many: DuplicateSubject[] = Array.from({ length: 40_000 }, (_, i) => ({ id: id(i + 1), sex: null, names: [{ givenName: `G${i % 997}`, surname: `S${i % 1009}`, nameType: 'birth' }] }));
      let calls = 0;
      const failing = {
        ...storesOf([]),
        duplicates: {
          subjectsAfter: async () => {
            calls += 1;
            if (calls === 2) throw new Error('connection lost');
            return { subjects: many.slice(0, 20_000), facts: [] };
          },
        } as unknown as Stores['duplicates'],
      };
      let failed: unknown = null;
      await readPrepared(failing, 'tree', { page: 20_000 }).catch((e: unknown) => { failed = e; });
      await new Promise((r) => setTimeout(r, 20));
      expect((failed as Error | null)?.message).to.equal('connection lost');
      expect(unhandled).to.deep.equal([]);
    } finally {
      process.removeListener('unhandledRejection', note);
    }
  });

  it('a name folded with the parts of others is the name folded alone, its parts held once', () => {
    const parts = nameParts();
    const names = GIVEN.flatMap((g) => SURNAMES.map((s) => [g, s] as const));
    for (const [g, s] of names) for (const marital of [false, true]) expect(foldName(g, s, marital, parts), `${g} ${s}`).to.deep.equal(foldName(g, s, marital));
    const [a, b] = [foldName('Anna Maria', 'Weber', false, parts), foldName('Anna Maria', 'Schmidt', false, parts)];
    expect(a.given).to.equal(b.given);
    expect(a.givenKeys).to.equal(b.givenKeys);
    expect(foldName('Peter', 'Weber', false, parts).surnameKey).to.equal(a.surnameKey);
  });
});
