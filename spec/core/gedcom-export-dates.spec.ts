import { expect } from 'chai';
import fc from 'fast-check';
import { dateQualifiers, type GenealogicalDate } from '../../core/kernel/date.js';
import { formatGedcomDate } from '../../core/kernel/gedcom-date.js';
import { dateLines } from '../../core/gedcom/writer-events.js';

// The export writes a plain date (Gregorian, no range, dual year or phrase) without the general
// formatter (writer-events.ts): its DATE lines must be what the general path writes, for every date.

const part = <A>(a: fc.Arbitrary<A>): fc.Arbitrary<A | undefined> => fc.option(a, { nil: undefined });

/** Gregorian dates without dual year or phrase, of every qualifier but `text`, with any parts (out of range ones too). */
const plainDates: fc.Arbitrary<GenealogicalDate> = fc.record({
  qualifier: fc.constantFrom(...dateQualifiers.filter((q) => q !== 'text')),
  dualYear: part(fc.constant(false)),
  year: part(fc.integer({ min: -50, max: 3000 })),
  month: part(fc.integer({ min: 0, max: 14 })),
  day: part(fc.integer({ min: 0, max: 32 })),
  endYear: part(fc.integer({ min: 1, max: 3000 })),
  endMonth: part(fc.integer({ min: 1, max: 12 })),
  endDay: part(fc.integer({ min: 1, max: 31 })),
}).map((d) => Object.fromEntries(Object.entries(d).filter(([, v]) => v !== undefined)) as unknown as GenealogicalDate);

describe('GEDCOM export: DATE lines of plain dates', () => {
  for (const seven of [false, true]) {
    it(`are the general formatter's value, in ${seven ? '7.0' : '5.5.1'}`, () => {
      fc.assert(fc.property(plainDates, fc.integer({ min: 1, max: 3 }), (date, level) => {
        const value = formatGedcomDate(date, seven ? '7.0' : '5.5.1');
        expect(dateLines(level, date, seven)).to.equal(value === '' ? '' : `${level} DATE ${value}\n`);
      }), { numRuns: 5000 });
    });
  }

  it('writes the common ones as before', () => {
    expect(dateLines(2, { qualifier: 'exact', year: 1712, month: 4, day: 29 }, false)).to.equal('2 DATE 29 APR 1712\n');
    expect(dateLines(2, { qualifier: 'about', year: 1850 }, true)).to.equal('2 DATE ABT 1850\n');
    expect(dateLines(2, { qualifier: 'before', month: 13, year: 1900 }, false)).to.equal('2 DATE BEF 1900\n');
    expect(dateLines(2, { qualifier: 'exact' }, false)).to.equal('');
    expect(dateLines(2, { qualifier: 'after' }, true)).to.equal('2 DATE AFT \n');
  });
});
