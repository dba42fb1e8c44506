import { expect } from 'chai';
import { TreeIndexes, type TreeIndex } from '../../adapters/postgres/tree-indexes.js';

// What each instance keeps of the public trees' surname indexes and counts (tree-indexes.ts): by
// version and year, for at most a while, and at most so many surnames in all.

const indexOf = (n: number): TreeIndex => {
  const surnames = Array.from({ length: n }, (_, i) => ({ surname: `S${i}`, count: 1 }));
  return { letters: [{ letter: 'S', surnames: n, persons: n }], surnames, byLetter: new Map([['S', surnames]]) };
};

describe('TreeIndexes (kept in the process)', () => {
  let clock = 0;
  const kept = (o: { maxSurnames?: number } = {}) => new TreeIndexes({ now: () => clock, keepMs: 1000, ...o });
  beforeEach(() => (clock = 1_000_000));

  it('answers what it kept for the tree and year, with its version, until its time is up', () => {
    const k = kept();
    k.keepIndex('t', { version: '7', year: 2026, value: indexOf(3) });
    expect(k.index('t', 2026)?.version).to.equal('7');
    expect(k.index('t', 2027)).to.equal(undefined);
    expect(k.index('other', 2026)).to.equal(undefined);
    clock += 1001;
    expect(k.index('t', 2026)).to.equal(undefined);
    expect(k.size).to.equal(0);
  });

  it('keeps one index per tree, the last, and the trees\' counts beside them', () => {
    const k = kept();
    k.keepIndex('t', { version: '7', year: 2026, value: indexOf(3) });
    k.keepIndex('t', { version: '9', year: 2026, value: indexOf(2) });
    expect(k.index('t', 2026)?.version).to.equal('9');
    expect(k.size).to.equal(2);
    k.keepCounts('u', { version: '4', year: 2026, value: { shown: 5, full: 1 } });
    expect(k.counts('u', 2026)).to.deep.equal({ version: '4', year: 2026, value: { shown: 5, full: 1 } });
    expect(k.counts('u', 2027)).to.equal(undefined);
    expect(k.counts('t', 2026)).to.equal(undefined);
    clock += 1001;
    expect(k.counts('u', 2026)).to.equal(undefined);
  });

  it('keeps at most maxSurnames surnames in all: the oldest trees go first, and a tree with more is not kept', () => {
    const k = kept({ maxSurnames: 10 });
    k.keepIndex('a', { version: '1', year: 2026, value: indexOf(4) });
    k.keepIndex('b', { version: '1', year: 2026, value: indexOf(4) });
    k.keepIndex('c', { version: '1', year: 2026, value: indexOf(4) });
    expect(k.index('a', 2026)).to.equal(undefined);
    expect(k.index('b', 2026)?.version).to.equal('1');
    expect(k.index('c', 2026)?.version).to.equal('1');
    expect(k.size).to.equal(8);
    k.keepIndex('big', { version: '1', year: 2026, value: indexOf(11) });
    expect(k.index('big', 2026)).to.equal(undefined);
    expect(k.size).to.equal(8);
  });

  it('sweeps what is older than its time every sweepMs, whether or not anyone asks for it, and stops when nothing is kept', async () => {
    let now = 0;
    const k = new TreeIndexes({ now: () => now, keepMs: 1000, sweepMs: 20 });
    k.keepIndex('t', { version: '1', year: 2026, value: indexOf(3) });
    k.keepCounts('u', { version: '1', year: 2026, value: { shown: 1, full: 1 } });
    await new Promise((r) => setTimeout(r, 60));
    expect(k.size, 'not yet old').to.equal(3);
    now = 1001;
    await new Promise((r) => setTimeout(r, 60));
    expect(k.size, 'swept without being asked for').to.equal(0);
    now = 0;
    expect(k.counts('u', 2026)).to.equal(undefined);
    k.close();
  });
});
