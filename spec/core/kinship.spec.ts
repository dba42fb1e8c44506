import { expect } from 'chai';
import fc from 'fast-check';
import { bloodTerm, kinshipTerm } from '../../core/kinship/terms.js';
import { findRelationship } from '../../core/kinship/queries/find-relationship.js';
import type { Sex } from '../../core/people/model.js';
import { cleanupSetup, type CleanupFixture } from './cleanup-support.js';
import { left, right } from './support.js';

// The relationship calculator (issue 11): terms, and a hand-built family of several generations
// with a second marriage, half-siblings, in-laws, step-relations and cousins to third cousin twice removed.

describe('kinship terms (pure)', () => {
  it('names blood relations through a common ancestor', () => {
    const t = (up: number, down: number, sex: Sex | null = 'male') => bloodTerm(up, down, sex, false);
    expect([t(1, 0), t(2, 0, 'female'), t(4, 0), t(0, 1, null), t(0, 3, 'female')]).to.deep.equal(['father', 'grandmother', 'great-great-grandfather', 'child', 'great-granddaughter']);
    expect([t(1, 1, 'female'), t(2, 1), t(3, 1, 'female'), t(1, 2), t(1, 3, 'female')]).to.deep.equal(['sister', 'uncle', 'great-aunt', 'nephew', 'great-niece']);
    expect([t(2, 2), t(2, 3), t(3, 2), t(3, 3), t(4, 6), t(5, 5)]).to.deep.equal([
      'first cousin', 'first cousin once removed', 'first cousin once removed', 'second cousin', 'third cousin twice removed', 'fourth cousin',
    ]);
    expect(bloodTerm(1, 1, 'male', true)).to.equal('half-brother');
  });

  it('names spouses, in-laws, step-relations, and chains the rest', () => {
    expect(kinshipTerm(['partner'], 'female', false)).to.equal('wife');
    expect(kinshipTerm(['partner', 'parent'], 'male', false)).to.equal('father-in-law');
    expect(kinshipTerm(['child', 'partner'], 'female', false)).to.equal('daughter-in-law');
    expect(kinshipTerm(['parent', 'child', 'partner'], 'male', false)).to.equal('brother-in-law');
    expect(kinshipTerm(['parent', 'partner'], 'female', false)).to.equal('stepmother');
    expect(kinshipTerm(['partner', 'child'], 'male', false)).to.equal('stepson');
    expect(kinshipTerm(['partner', 'parent', 'parent', 'child', 'child'], 'female', false)).to.equal("spouse's first cousin");
  });
});

type Family = Record<string, string>;

/** Builds the family: names to ids. */
const buildFamily = async (fx: CleanupFixture): Promise<Family> => {
  const f: Family = {};
  const add = async (name: string, sex: Sex) => {
    f[name] = (await fx.person({ givenName: name, sex })).id;
  };
  for (const [n, s] of [['Adam', 'male'], ['Eve', 'female'], ['Bob', 'male'], ['Carol', 'female'], ['Dana', 'female'], ['Gina', 'female'], ['Ian', 'male'],
    ['Ed', 'male'], ['Fay', 'female'], ['Hal', 'male'], ['Jay', 'male'], ['Kim', 'female'], ['Lou', 'male']] as const) await add(n, s);
  const child = async (parents: string[], kid: string) => {
    for (const p of parents) await fx.parentOf(f[p]!, f[kid]!);
  };
  await fx.partners(f['Adam']!, f['Eve']!);
  await child(['Adam', 'Eve'], 'Bob');
  await child(['Adam', 'Eve'], 'Carol');
  await fx.partners(f['Bob']!, f['Dana']!);
  await fx.partners(f['Bob']!, f['Gina']!);
  await fx.partners(f['Carol']!, f['Ian']!);
  await child(['Bob', 'Dana'], 'Ed');
  await child(['Bob', 'Dana'], 'Fay');
  await child(['Bob', 'Gina'], 'Hal');
  await child(['Carol', 'Ian'], 'Jay');
  await child(['Ed'], 'Kim');
  await child(['Jay'], 'Lou');
  // Two lines from one couple: A1..A4 and B1..B6 (A4 and B6: third cousins twice removed).
  await add('R1', 'male');
  await add('R2', 'female');
  let [a, b] = ['', ''];
  for (let i = 1; i <= 6; i++) {
    if (i <= 4) await add(`A${i}`, 'female');
    await add(`B${i}`, 'male');
    if (i <= 4) await child(i === 1 ? ['R1', 'R2'] : [a], `A${i}`);
    await child(i === 1 ? ['R1', 'R2'] : [b], `B${i}`);
    if (i <= 4) a = `A${i}`;
    b = `B${i}`;
  }
  return f;
};

const INVERSE: Record<string, string> = {
  parent: 'child', sibling: 'sibling', 'half-sibling': 'half-sibling', 'aunt or uncle': 'niece or nephew', spouse: 'spouse',
  'parent-in-law': 'child-in-law', 'sibling-in-law': 'sibling-in-law', stepparent: 'stepchild', stepsibling: 'stepsibling', self: 'self',
};
/** The term with the sex taken out, so that a term and its inverse can be compared. */
const neutral = (term: string): string =>
  term
    .replace(/(?:father|mother)\b/g, 'parent').replace(/(?:son|daughter)\b/g, 'child').replace(/(?:brother|sister)\b/g, 'sibling')
    .replace(/\b(?:uncle|aunt)\b/g, 'aunt or uncle').replace(/\b(?:nephew|niece)\b/g, 'niece or nephew').replace(/\b(?:husband|wife)\b/g, 'spouse')
    .replace('aunt or aunt or uncle', 'aunt or uncle').replace('niece or niece or nephew', 'niece or nephew');
const inv = (word: string): string | undefined => INVERSE[word] ?? Object.entries(INVERSE).find(([, v]) => v === word)?.[0];
const inverseOf = (term: string): string => {
  const greatGrand = /^((?:great-)*)grand(parent|child)$/.exec(term);
  if (greatGrand) return `${greatGrand[1]}grand${greatGrand[2] === 'parent' ? 'child' : 'parent'}`;
  const greatUncle = /^((?:great-)*)(aunt or uncle|niece or nephew)$/.exec(term);
  if (greatUncle) return `${greatUncle[1]}${inv(greatUncle[2]!)}`;
  if (/cousin/.test(term)) return term;
  return inv(term) ?? `(no inverse for ${term})`;
};

describe('findRelationship (core, memory): a hand-built family', () => {
  let fx: CleanupFixture;
  let f: Family;
  before(async () => {
    fx = await cleanupSetup();
    f = await buildFamily(fx);
  });
  const rel = async (from: string, to: string) => right(await findRelationship(fx.deps)(fx.viewer, fx.tree.id, f[from]!, f[to]!));
  const term = async (from: string, to: string) => (await rel(from, to)).relationship;

  it('parents, grandparents, siblings, half-siblings, aunts, nephews and cousins', async () => {
    const cases: [string, string, string][] = [
      ['Ed', 'Bob', 'father'], ['Ed', 'Adam', 'grandfather'], ['Adam', 'Ed', 'grandson'], ['Ed', 'Fay', 'sister'], ['Ed', 'Hal', 'half-brother'],
      ['Hal', 'Fay', 'half-sister'], ['Ed', 'Carol', 'aunt'], ['Carol', 'Ed', 'nephew'], ['Ed', 'Jay', 'first cousin'], ['Ed', 'Lou', 'first cousin once removed'],
      ['Kim', 'Lou', 'second cousin'], ['Kim', 'Adam', 'great-grandfather'], ['A4', 'B4', 'third cousin'], ['A4', 'B6', 'third cousin twice removed'],
      ['B6', 'A4', 'third cousin twice removed'], ['Ed', 'Ed', 'self'],
    ];
    for (const [a, b, want] of cases) expect(await term(a, b), `${a} -> ${b}`).to.equal(want);
  });

  it('spouses, in-laws and step-relations through a second marriage', async () => {
    const cases: [string, string, string][] = [
      ['Bob', 'Dana', 'wife'], ['Dana', 'Bob', 'husband'], ['Dana', 'Adam', 'father-in-law'], ['Adam', 'Dana', 'daughter-in-law'],
      ['Dana', 'Carol', 'sister-in-law'], ['Hal', 'Dana', 'stepmother'], ['Dana', 'Hal', 'stepson'], ['Ed', 'Gina', 'stepmother'],
    ];
    for (const [a, b, want] of cases) expect(await term(a, b), `${a} -> ${b}`).to.equal(want);
  });

  it('answers the shortest path and the common ancestors', async () => {
    const r = await rel('Ed', 'Jay');
    expect(r.path.map((p) => p.step)).to.deep.equal([null, 'parent', 'parent', 'child', 'child']);
    expect(r.path[0]!.personId).to.equal(f['Ed']);
    expect(r.path.at(-1)!.personId).to.equal(f['Jay']);
    expect([...r.commonAncestorIds].sort()).to.deep.equal([f['Adam'], f['Eve']].sort());
    expect((await rel('Ed', 'Hal')).commonAncestorIds).to.deep.equal([f['Bob']]);
  });

  it('null for people not connected; 404 for a person of no such tree; 403 for non-members', async () => {
    const lonely = (await fx.person({ givenName: 'Lonely' })).id;
    expect(right(await findRelationship(fx.deps)(fx.viewer, fx.tree.id, f['Ed']!, lonely))).to.deep.equal({ relationship: null, path: [], commonAncestorIds: [] });
    expect(left(await findRelationship(fx.deps)(fx.viewer, fx.tree.id, f['Ed']!, '00000000-0000-4000-8000-000000000000'))._tag).to.equal('NotFound');
    expect(left(await findRelationship(fx.deps)(fx.outsider, fx.tree.id, f['Ed']!, f['Fay']!))._tag).to.equal('Forbidden');
  });

  it('property: the term from a to b is the inverse of the term from b to a', async () => {
    const names = Object.keys(f);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...names), fc.constantFrom(...names), async (a, b) => {
        const there = await term(a, b);
        const back = await term(b, a);
        if (there === null || back === null) return there === back;
        if (there.includes("'s")) return true; // chained descriptions have no single inverse word
        return inverseOf(neutral(there)) === neutral(back);
      }),
      { numRuns: 300 },
    );
  });
});
