import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import { dictionarySex, firstGivenName, nameKey } from '../../core/cleanup/given-names.js';
import { buildGivenNames, DATA_MODULE, germanEntries, readSources } from '../../tools/build-given-names.js';

// The bundled given-name dictionary of the "sex from first name" cleanup tool (issue 10, item 4):
// the hand-checked sample, the comparison rules, and that the committed module is what the builder
// makes from the installed sources.

describe('dictionarySex: the hand-checked sample', () => {
  const sample: [string, string, string][] = [
    ['Maria', 'female', 'en female, de female'],
    ['Anna', 'female', 'en female, de female'],
    ['Johann', 'male', 'en male, de male'],
    ['Friedrich', 'male', 'en male, de male'],
    ['Heike', 'ambiguous', 'not in en; de lists it as male and as female'],
    ['Inge', 'ambiguous', 'en female; de lists it as male and as female'],
    ['Kirsten', 'ambiguous', 'en female; de lists it as male and as female'],
    ['Evelyn', 'ambiguous', 'en male and female; de male and female'],
    ['Kim', 'ambiguous', 'en male and female; de female'],
    ['Jean', 'ambiguous', 'en male and female; de male and female'],
    ['Robin', 'ambiguous', 'en male and female; de male'],
    ['Sascha', 'ambiguous', 'en male and female; de male'],
    ['Toni', 'ambiguous', 'en female, de male'],
  ];
  for (const [name, sex, why] of sample) {
    it(`${name} is ${sex} (${why})`, () => {
      expect(dictionarySex(name)).to.equal(sex);
    });
  }
});

describe('dictionarySex: comparison', () => {
  it('ignores accents and case: Jürgen, JÜRGEN, Jurgen and jurgen are one male name (de)', () => {
    expect(dictionarySex('Jürgen')).to.equal('male');
    for (const spelling of ['JÜRGEN', 'Jurgen', 'jurgen', ' jürgen ']) expect(dictionarySex(spelling)).to.equal('male');
  });

  it('finds a name written decomposed (u + combining diaeresis) like the composed one', () => {
    expect(dictionarySex('Ju\u0308rgen')).to.equal('male');
    expect(dictionarySex('Zoe\u0308')).to.equal('female');
  });

  it('looks a hyphenated name up whole first, then by its first part', () => {
    expect(dictionarySex('Anna-Maria')).to.equal('female'); // listed whole (en)
    expect(dictionarySex('Hans-Peter')).to.equal('male'); // not listed: Hans
    expect(dictionarySex('Heike-Marie')).to.equal('ambiguous'); // not listed: Heike
    expect(dictionarySex('Xqzy-Anna')).to.equal(null); // the fallback is the first part only
  });

  it('answers null for an unknown or empty name', () => {
    expect(dictionarySex('Xqzyvw')).to.equal(null);
    expect(dictionarySex('')).to.equal(null);
    expect(dictionarySex('   ')).to.equal(null);
  });
});

describe('nameKey', () => {
  it('drops accents, lower-cases, trims and spells ß as ss', () => {
    expect(nameKey(' Jürgen ')).to.equal('jurgen');
    expect(nameKey('JÜRGEN')).to.equal('jurgen');
    expect(nameKey('François')).to.equal('francois');
    expect(nameKey('Joß')).to.equal('joss');
    expect(nameKey('JOẞ')).to.equal('joss');
  });
});

describe('firstGivenName', () => {
  const cases: [string, string | null][] = [
    ['Anna Maria', 'Anna'],
    ['"Hans" Peter', 'Hans'],
    ['  Karl\tFriedrich ', 'Karl'],
    ['Johann, Georg', 'Johann'],
    ['Joh. Georg', 'Joh'],
    ['(Maria) Anna', 'Maria'],
    ['„Grete“', 'Grete'],
    ['Hans-Peter Müller', 'Hans-Peter'],
    ['? Anna', 'Anna'],
    ['', null],
    ['   ', null],
    ['" ( ,', null],
  ];
  for (const [given, first] of cases) {
    it(`${JSON.stringify(given)} -> ${JSON.stringify(first)}`, () => {
      expect(firstGivenName(given)).to.equal(first);
    });
  }
});

describe('the bundled dictionary module', () => {
  it('is what `npm run dictionary` builds from the installed sources now', () => {
    expect(readFileSync(DATA_MODULE, 'utf8')).to.equal(buildGivenNames(readSources()));
  });

  it('keeps a German name listed with both sexes as both', () => {
    const heike = germanEntries(readSources().de).filter(([name]) => name === 'heike').map(([, sex]) => sex);
    expect(heike.sort()).to.deep.equal(['f', 'm']);
  });

  it('refuses a German entry it cannot read instead of dropping it', () => {
    const de = { package: 'de.js', version: '0', text: "new Map([\n  ['anna', 'female'],\n  ['kim', 'unisex'],\n]);" };
    expect(() => germanEntries(de)).to.throw(/unexpected entry/);
  });

  it('marks a name ambiguous when two spellings with one key disagree', () => {
    const source = (text: string) => ({ package: 'x', version: '0', text });
    const built = buildGivenNames({
      enMale: source('Rene\n'),
      enFemale: source('Anna\n'),
      de: source("new Map([\n  ['rené', 'female'],\n  ['änna', 'female'],\n]);"),
    });
    expect(built).to.include('anna\\tf\\ten:f,de:f\n');
    expect(built).to.include('rene\\ta\\ten:m,de:f\n');
  });
});
