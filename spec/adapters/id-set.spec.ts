import { expect } from 'chai';
import { createIdSet, type IdSet } from '../../adapters/postgres/id-set.js';
import { idSequence } from '../../core/gedcom/commands/import-rows.js';
import { newId } from '../../core/kernel/ids.js';

// The set the bulk writer checks an import's references with (adapters/postgres/bulk.ts): it must
// answer as a Set of the same strings would, whether it keeps a prefix's ids as strings or as bits.

/** A deterministic generator (mulberry32), so a failure can be run again. */
const random = (seed: number): (() => number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

const PREFIX = '0190f3c2-7a1b-7c3d-8e4f-';
/** The id of PREFIX whose last 12 hex digits are `value`. */
const at = (value: number): string => PREFIX + value.toString(16).padStart(12, '0');

const both = (): { set: IdSet; model: Set<string>; add: (id: string) => void } => {
  const set = createIdSet();
  const model = new Set<string>();
  return { set, model, add: (id) => (set.add(id), model.add(id)) };
};

const agrees = (set: IdSet, model: ReadonlySet<string>, probes: readonly string[]): void => {
  expect(set.size()).to.equal(model.size);
  const wrong = probes.filter((id) => set.has(id) !== model.has(id));
  expect(wrong, 'ids answered otherwise than a Set').to.deep.equal([]);
};

const sorted = (ids: Iterable<string>): string[] => [...ids].sort();

describe('IdSet (the ids an import wrote and named)', () => {
  it('answers as a Set over sequence ids, random ids and other strings, before and after a prefix turns to bits', () => {
    const next = random(7);
    const seqA = idSequence();
    const seqB = idSequence();
    const { set, model, add } = both();
    const probes: string[] = ['', 'x', 'not-a-uuid-at-all-but-36-characters', PREFIX.toUpperCase() + '00000000000A'];
    for (let round = 0; round < 5; round++) {
      for (let i = 0; i < 3_000; i++) {
        const r = next();
        const id = r < 0.45 ? seqA(Math.floor(next() * 20_000)) : r < 0.9 ? seqB(Math.floor(next() * 200_000)) : r < 0.97 ? newId() : r < 0.99 ? newId().toUpperCase() : `other-${Math.floor(next() * 50)}`;
        add(id);
        probes.push(id, seqA(Math.floor(next() * 20_000)), seqB(Math.floor(next() * 200_000)), newId());
      }
      agrees(set, model, probes);
    }
    // Adding again changes nothing.
    for (const id of [...model].slice(0, 500)) set.add(id);
    agrees(set, model, probes);
  });

  it('keeps ids across a block\'s edge and the 48-bit wrap of a sequence apart', () => {
    const { set, model, add } = both();
    const edges = [0, 1, 65_535, 65_536, 65_537, 2 ** 24 - 1, 2 ** 24, 2 ** 32 + 31, 2 ** 32 + 32, 2 ** 48 - 2, 2 ** 48 - 1];
    for (const v of edges) add(at(v));
    // Past LOOSE ids of the prefix: bits from here on.
    for (let v = 1_000; v < 1_200; v++) add(at(v));
    const probes = [...edges.flatMap((v) => [at(v), ...(v > 0 ? [at(v - 1)] : []), ...(v < 2 ** 48 - 1 ? [at(v + 1)] : [])]), at(999), at(1_200), at(2 ** 40)];
    agrees(set, model, probes);
    expect(sorted(set.missingFrom(createIdSet()))).to.deep.equal(sorted(model));
  });

  it('finds the ids another set lacks, bits against bits, bits against strings and strings against bits', () => {
    const next = random(11);
    const seq = idSequence();
    const shapes: readonly (readonly [string, number, number])[] = [['bits against bits', 5_000, 5_000], ['bits against strings', 5_000, 20], ['strings against bits', 20, 5_000], ['strings against strings', 30, 30]];
    for (const [label, mine, theirs] of shapes) {
      const a = both();
      const b = both();
      for (let i = 0; i < mine; i++) a.add(seq(Math.floor(next() * mine * 1.5)));
      for (let i = 0; i < theirs; i++) b.add(seq(Math.floor(next() * mine * 1.5)));
      a.add(newId());
      a.add('other');
      b.add('other');
      const expected = sorted([...a.model].filter((id) => !b.model.has(id)));
      expect(expected.length, label).to.be.above(0);
      expect(sorted(a.set.missingFrom(b.set)), label).to.deep.equal(expected);
    }
  });
});
