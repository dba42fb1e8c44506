import { expect } from 'chai';
import { nestChart, type ChartNode, type NestStep } from '../../core/charts/nest.js';
import type { LineageDirection } from '../../core/charts/ports.js';
import { visibilityOfRows } from '../../core/privacy/person-visibility.js';
import type { VisibilityMap } from '../../core/privacy/engine.js';
import type { Person } from '../../core/people/model.js';
import { aPerson, sortedIds } from '../contracts/fixtures.js';

// The nesting is pure: persons and edges in, the chart a reader sees out. Persons are labelled so the
// expected charts read as text; ids ascend in label order of creation.

const NOW = new Date('2026-01-01T00:00:00Z');
const dead = { hasDeathFact: true, birthYear: 1800 } as const;
const member: VisibilityMap = { of: (id) => (id === null ? 'hidden' : 'full') };

type Fam = { readonly persons: Map<string, Person>; readonly label: Map<string, string> };

/** Persons by label, created with ascending ids in the order given. */
const family = (specs: Record<string, Partial<Person>>): Fam => {
  const ids = sortedIds(Object.keys(specs).length);
  const persons = new Map<string, Person>();
  const label = new Map<string, string>();
  Object.entries(specs).forEach(([name, over], i) => {
    const p = aPerson('tree', { id: ids[i]!, ...dead, ...over });
    persons.set(name, p);
    label.set(p.id, name);
  });
  return { persons, label };
};

/** Lineage steps over every person, with edges `parent>child`. */
const steps = (f: Fam, edges: readonly string[], direction: LineageDirection, leaveOut: readonly string[] = []): NestStep<Person>[] =>
  [...f.persons].filter(([name]) => !leaveOut.includes(name)).map(([name, person]) => ({
    person,
    next: edges
      .map((e) => e.split('>') as [string, string])
      .filter(([parent, child]) => (direction === 'up' ? child : parent) === name)
      .map(([parent, child]) => f.persons.get(direction === 'up' ? parent : child)!.id),
  }));

/** A chart as text: `name[next, ...]`, a reference `name*`, truncated `name![...]`. */
const text = (f: Fam, n: ChartNode<Person> | null): string => {
  if (n === null) return 'null';
  const name = f.label.get(n.person.id)!;
  if (n.ref) {
    expect(n).to.have.all.keys('person', 'ref');
    return `${name}*`;
  }
  return `${name}${n.truncated ? '!' : ''}[${n.next.map((c) => text(f, c)).join(', ')}]`;
};

const chart = (f: Fam, root: string, edges: readonly string[], generations: number, o: { direction?: LineageDirection; visibility?: VisibilityMap; leaveOut?: string[] } = {}) => {
  const direction = o.direction ?? 'up';
  return text(f, nestChart(f.persons.get(root)!.id, steps(f, edges, direction, o.leaveOut), generations, o.visibility ?? member, direction));
};

const nonMember = (f: Fam): VisibilityMap => visibilityOfRows([...f.persons.values()], NOW);

describe('charts: nesting (pure)', () => {
  it('a full four-generation pedigree: parents male, female, unknown; then birth year (unknown last); then id', () => {
    const f = family({
      root: {}, mum: { sex: 'female' }, dad: { sex: 'male' },
      mgm: { sex: 'female' }, mgf: { sex: 'male' }, pgu: {}, pgf: { sex: 'male', birthYear: 1750 }, pgf2: { sex: 'male', birthYear: 1740 },
      x: { birthYear: null }, y: { birthYear: 1700 },
    });
    const edges = ['mum>root', 'dad>root', 'mgm>mum', 'mgf>mum', 'pgu>dad', 'pgf>dad', 'pgf2>dad', 'x>pgu', 'y>pgu'];
    expect(chart(f, 'root', edges, 4)).to.equal('root[dad[pgf2[], pgf[], pgu[y[], x[]]], mum[mgf[], mgm[]]]');
  });

  it('children by birth year, unknown last, then id', () => {
    const f = family({ root: {}, c1: { birthYear: 1830 }, c2: { birthYear: null }, c3: { birthYear: 1820 }, c4: { birthYear: 1830 }, g: {} });
    expect(chart(f, 'root', ['root>c1', 'root>c2', 'root>c3', 'root>c4', 'c2>g'], 3, { direction: 'down' })).to.equal('root[c3[], c1[], c4[], c2[g[]]]');
  });

  it('generations count the root: 1 is the root alone, 2 adds the parents', () => {
    const f = family({ root: {}, dad: { sex: 'male' }, gf: { sex: 'male' } });
    const edges = ['dad>root', 'gf>dad'];
    expect(chart(f, 'root', edges, 1)).to.equal('root[]');
    expect(chart(f, 'root', edges, 2)).to.equal('root[dad[]]');
    expect(chart(f, 'root', edges, 3)).to.equal('root[dad[gf[]]]');
  });

  it('pedigree collapse: cousins who married share grandparents, expanded once (first line) and referenced in the other', () => {
    const f = family({ root: {}, dad: { sex: 'male' }, mum: { sex: 'female' }, gf: { sex: 'male' }, gm: { sex: 'female' }, uncle: { sex: 'male' }, aunt: { sex: 'female' }, ggf: { sex: 'male' } });
    // dad and mum are first cousins: dad's father and mum's mother are siblings, children of gf and gm.
    const edges = ['dad>root', 'mum>root', 'uncle>dad', 'aunt>mum', 'gf>uncle', 'gm>uncle', 'gf>aunt', 'gm>aunt', 'ggf>gf'];
    expect(chart(f, 'root', edges, 5)).to.equal('root[dad[uncle[gf[ggf[]], gm[]]], mum[aunt[gf*, gm*]]]');
  });

  it('the same ancestor at two depths is expanded at the shallowest and referenced deeper', () => {
    const f = family({ root: {}, dad: { sex: 'male' }, mum: { sex: 'female' }, gm: { sex: 'female' } });
    // mum is root's mother and (bad data, or a second marriage line) dad's mother too.
    const edges = ['dad>root', 'mum>root', 'mum>dad', 'gm>mum'];
    expect(chart(f, 'root', edges, 4)).to.equal('root[dad[mum*], mum[gm[]]]');
  });

  it('a cycle in bad data ends with a reference', () => {
    const f = family({ a: {}, b: { sex: 'male' }, c: { sex: 'male' } });
    expect(chart(f, 'a', ['b>a', 'c>b', 'a>c'], 10)).to.equal('a[b[c[a*]]]');
    expect(chart(f, 'a', ['a>a'], 10)).to.equal('a[a*]');
  });

  it('a non-member: a hidden person is left out with everyone reachable only through them', () => {
    const f = family({ root: {}, dad: { sex: 'male', privacy: 'private' }, mum: { sex: 'female' }, pgf: { sex: 'male' }, shared: { sex: 'female' } });
    // pgf is reachable only through the hidden dad; `shared` both through dad and through mum.
    const edges = ['dad>root', 'mum>root', 'pgf>dad', 'shared>dad', 'shared>mum'];
    expect(chart(f, 'root', edges, 4)).to.equal('root[dad[pgf[], shared[]], mum[shared*]]');
    expect(chart(f, 'root', edges, 4, { visibility: nonMember(f) })).to.equal('root[mum[shared[]]]');
  });

  it('a non-member: a living person is kept (redacted) and the chart goes on through them, after the others by id', () => {
    const f = family({
      root: { birthYear: 2000, hasDeathFact: false }, living: { sex: 'male', birthYear: 1970, hasDeathFact: false },
      other: { sex: 'female' }, gp: { sex: 'male' },
    });
    const edges = ['living>root', 'other>root', 'gp>living'];
    expect(chart(f, 'root', edges, 3)).to.equal('root[living[gp[]], other[]]');
    const v = nonMember(f);
    expect(v.of(f.persons.get('living')!.id)).to.equal('redacted');
    // The male parent would come first: redacted, he goes after the others (his sex is not told by the order).
    expect(chart(f, 'root', edges, 3, { visibility: v })).to.equal('root[other[], living[gp[]]]');
  });

  it('a hidden or missing root gives no chart', () => {
    const f = family({ root: { privacy: 'private' }, dad: { sex: 'male' } });
    expect(chart(f, 'root', ['dad>root'], 4, { visibility: nonMember(f) })).to.equal('null');
    expect(chart(f, 'dad', [], 4, { leaveOut: ['dad'] })).to.equal('null');
  });

  it('a next person the read cut off (the cap) marks the node truncated; beyond the generations it does not', () => {
    const f = family({ root: {}, a: { birthYear: 1820 }, b: { birthYear: 1821 }, g: {} });
    const edges = ['root>a', 'root>b', 'a>g'];
    expect(chart(f, 'root', edges, 3, { direction: 'down', leaveOut: ['b'] })).to.equal('root![a[g[]]]');
    expect(chart(f, 'root', edges, 2, { direction: 'down', leaveOut: ['g'] })).to.equal('root[a[], b[]]');
  });
});
