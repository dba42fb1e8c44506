import { expect } from 'chai';
import { findDuplicates, type FinderInput } from '../../core/duplicates/finder.js';
import { foldName, givenRelation, phonetic, surnameRelation, wordsOf } from '../../core/duplicates/names.js';
import type { DuplicateFact, DuplicateSubject } from '../../core/duplicates/ports.js';

// The finder's pure parts: name folding and phonetic keys, blocking (a common name is not compared
// with every namesake), the relation rules and dismissals.

const id = (n: number): string => `00000000-0000-7000-8000-${n.toString(16).padStart(12, '0')}`;
const subject = (n: number, given: string, surname: string, sex: DuplicateSubject['sex'] = null): DuplicateSubject =>
  ({ id: id(n), sex, names: [{ givenName: given, surname, nameType: 'birth' }] });
const born = (n: number, year: number, place: string | null = null): DuplicateFact => ({ personId: id(n), type: 'birth', year, day: null, place });
const input = (over: Partial<FinderInput>): FinderInput => ({ subjects: [], facts: [], parentEdges: [], partnerEdges: [], dismissed: [], ...over });

describe('Duplicate finder (pure)', () => {
  it('folds accents and ligatures and keys names that sound alike together', () => {
    expect(wordsOf('Müller-Lüdenscheidt, Straße')).to.deep.equal(['muller', 'ludenscheidt', 'strasse']);
    for (const [a, b] of [['schmidt', 'schmitt'], ['meyer', 'maier'], ['catharina', 'katharina'], ['elisabeth', 'elizabeth'], ['muller', 'mueller']] as const)
      expect(phonetic(a), `${a} ~ ${b}`).to.equal(phonetic(b));
    for (const [a, b] of [['weber', 'wagner'], ['anna', 'maria'], ['peter', 'paul']] as const) expect(phonetic(a), `${a} ≁ ${b}`).not.to.equal(phonetic(b));
    expect(givenRelation(foldName('Anna Maria', 'Weber'), foldName('Maria Anna', 'Weber'))).to.equal('swapped');
    expect(givenRelation(foldName('J.', 'Smith'), foldName('John', 'Smith'))).to.equal('similar');
    expect(givenRelation(foldName('Johann Georg', 'Bach'), foldName('Johann Michael', 'Bach'))).to.equal('different');
    expect(givenRelation(foldName('Johann Georg', 'Bach'), foldName('Johann G.', 'Bach'))).to.equal('first');
    expect(givenRelation(foldName('Johann Georg', 'Bach'), foldName('Johann Geor', 'Bach'))).to.equal('first');
    expect(givenRelation(foldName('Mary Ann', 'Smith'), foldName('Mary', 'Smith'))).to.equal('first');
    expect(givenRelation(foldName('Son_1', 'Grey'), foldName('Son_2', 'Grey'))).to.equal('different');
    expect(foldName('Unknown', 'N.N.').text).to.equal('');
    expect(surnameRelation(foldName('Jan', 'van der Berg'), foldName('Jan', 'Vanderberg'))).to.equal('same');
    expect(surnameRelation(foldName('Mary', 'Smith'), foldName('Mary', 'Jones'))).to.equal('different');
  });

  it('pairs a name written with composed accents and the same name written decomposed (NFD, as macOS and some GEDCOM files write it)', () => {
    const composed = 'Jos\u00e9 Garc\u00eda \u00d6d\u00f6n';
    const decomposed = composed.normalize('NFD');
    expect(decomposed).to.not.equal(composed);
    expect(wordsOf(decomposed)).to.deep.equal(wordsOf(composed));
    expect(wordsOf(decomposed)).to.deep.equal(['jose', 'garcia', 'odon']);
    const pairs = findDuplicates(input({
      subjects: [subject(1, 'Jos\u00e9', 'Garc\u00eda'), subject(2, 'Jos\u00e9'.normalize('NFD'), 'Garc\u00eda'.normalize('NFD'))],
      facts: [born(1, 1850), born(2, 1850)],
    }));
    expect(pairs.map((p) => p.personIds)).to.deep.equal([[id(1), id(2)]]);
  });

  it('compares a common name only among namesakes born within two years (blocking), and still finds the pair', () => {
    // 300 namesakes, one every year: each meets at most the four born within two years of them.
    const subjects = Array.from({ length: 300 }, (_, i) => subject(i + 1, 'John', 'Smith'));
    const facts = subjects.map((_, i) => born(i + 1, 1600 + i));
    const pairs = findDuplicates(input({ subjects, facts }));
    // Adjacent years score medium (4 + 1); two years apart score 4 (medium); never three or more apart.
    expect(pairs.length).to.equal(299 + 298);
    const years = new Map(subjects.map((s, i) => [s.id, 1600 + i]));
    for (const p of pairs) expect(Math.abs(years.get(p.personIds[0])! - years.get(p.personIds[1])!)).to.be.at.most(2);
  });

  it('leaves out dismissed pairs, parents and children, partners, and siblings born in different years', () => {
    const subjects = [subject(1, 'Otto', 'Fischer'), subject(2, 'Otto', 'Fischer'), subject(3, 'Otto', 'Fischer'), subject(4, 'Otto', 'Fischer')];
    const facts = [born(1, 1900), born(2, 1900), born(3, 1902), born(4, 1901)];
    const all = findDuplicates(input({ subjects, facts }));
    expect(all.map((p) => p.personIds.map((x) => Number.parseInt(x.slice(-4), 16)))).to.have.deep.members([[1, 2], [1, 3], [1, 4], [2, 3], [2, 4], [3, 4]]);
    const pairs = findDuplicates(input({
      subjects, facts,
      parentEdges: [{ a: id(1), b: id(3) }, { a: id(9), b: id(2) }, { a: id(9), b: id(4) }],
      partnerEdges: [{ a: id(2), b: id(3) }],
      dismissed: [[id(2), id(1)]],
    }));
    // 1-3 parent and child; 2-3 partners; 2-4 siblings (parent 9 is not a subject, still a parent) born in different years; 1-2 dismissed.
    expect(pairs.map((p) => p.personIds.map((x) => Number.parseInt(x.slice(-4), 16)))).to.have.deep.members([[1, 4], [3, 4]]);
  });

  it('rules out different recorded sexes and birth or death years more than two apart', () => {
    const subjects = [subject(1, 'Sam', 'Lee', 'male'), subject(2, 'Sam', 'Lee', 'female'), subject(3, 'Sam', 'Lee'), subject(4, 'Sam', 'Lee')];
    const facts: DuplicateFact[] = [born(1, 1900), born(2, 1900), born(3, 1903), born(4, 1900), { personId: id(4), type: 'death', year: 1980, day: null, place: null }, { personId: id(1), type: 'burial', year: 1960, day: null, place: null }];
    const pairs = findDuplicates(input({ subjects, facts })).map((p) => p.personIds.map((x) => Number.parseInt(x.slice(-4), 16)));
    expect(pairs).to.have.deep.members([[2, 4]]);
  });

  it('ranks high before medium, then by points', () => {
    const subjects = [subject(1, 'Ada', 'Byron'), subject(2, 'Ada', 'Byron'), subject(3, 'Karl', 'Marx'), subject(4, 'Carl', 'Marx')];
    const facts = [born(1, 1815, 'London'), born(2, 1815, 'London'), { personId: id(1), type: 'death', year: 1852, day: null, place: null } as DuplicateFact,
      { personId: id(2), type: 'death', year: 1852, day: null, place: null } as DuplicateFact, born(3, 1818), born(4, 1818)];
    const pairs = findDuplicates(input({ subjects, facts }));
    expect(pairs.map((p) => p.level)).to.deep.equal(['high', 'medium']);
    expect(pairs[0]!.reasons).to.deep.equal(['the same name (Ada Byron)', 'born in 1815 on both sides', 'died in 1852 on both sides', 'born in London on both sides']);
  });
});
