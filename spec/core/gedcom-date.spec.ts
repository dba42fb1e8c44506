import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import fc from 'fast-check';
import { checkDate, dateDisplay } from '../../core/people/date.js';
import { latestYear, type Calendar, type GenealogicalDate } from '../../core/kernel/date.js';
import { formatGedcomDate, parseGedcomDate } from '../../core/kernel/gedcom-date.js';
import { GEDCOM_FIXTURES } from '../support/fixture-files.js';

// GEDCOM DATE values <-> structured dates (core/kernel/gedcom-date.ts), and the calendar-aware display and
// checks of core/people/date.ts. Example cases first, then round-trip properties, then the
// FamilySearch 7.0 date fixture.

const FIXTURES = GEDCOM_FIXTURES;

describe('parseGedcomDate', () => {
  const cases: [string, GenealogicalDate | null][] = [
    ['12 MAR 1901', { qualifier: 'exact', year: 1901, month: 3, day: 12 }],
    ['MAR 1901', { qualifier: 'exact', year: 1901, month: 3 }],
    ['1901', { qualifier: 'exact', year: 1901 }],
    ['ABT 1850', { qualifier: 'about', year: 1850 }],
    ['EST 1 JAN 1800', { qualifier: 'estimated', year: 1800, month: 1, day: 1 }],
    ['CAL DEC 1799', { qualifier: 'calculated', year: 1799, month: 12 }],
    ['BEF 1900', { qualifier: 'before', year: 1900 }],
    ['AFT 5 MAY 1900', { qualifier: 'after', year: 1900, month: 5, day: 5 }],
    ['BET 1850 AND 1855', { qualifier: 'between', year: 1850, endYear: 1855 }],
    ['BET MAY 1979 AND 3 AUG 1979', { qualifier: 'between', year: 1979, month: 5, endYear: 1979, endMonth: 8, endDay: 3 }],
    ['FROM 1 JAN 1980 TO 1 FEB 1982', { qualifier: 'from_to', year: 1980, month: 1, day: 1, endYear: 1982, endMonth: 2, endDay: 1 }],
    ['FROM 1975', { qualifier: 'from_to', year: 1975 }],
    ['TO 31 DEC 1997', { qualifier: 'before', year: 1997, month: 12, day: 31 }],
    ['INT 31 DEC 1997 (a test)', { qualifier: 'exact', year: 1997, month: 12, day: 31, text: 'a test' }],
    ['INT 1995 (from estimated age)', { qualifier: 'exact', year: 1995, text: 'from estimated age' }],
    ['INT ABT 1900 (family story)', { qualifier: 'about', year: 1900, text: 'family story' }],
    ['INT 1900', { qualifier: 'exact', year: 1900 }],
    ['int. 1900   (x)', { qualifier: 'exact', year: 1900, text: 'x' }],
    ['INT\t1900 (a) (b)', { qualifier: 'exact', year: 1900, text: 'a) (b' }],
    ['INT 1900 ()', { qualifier: 'exact', year: 1900 }],
    ['INT 1900 (a\nb)', { qualifier: 'exact', year: 1900, text: 'a\nb' }],
    ['(Stillborn, after the flood)', { qualifier: 'text', text: 'Stillborn, after the flood' }],
    ['( spaced phrase )', { qualifier: 'text', text: 'spaced phrase' }],
    ['JAN 1740/41', { qualifier: 'exact', dualYear: true, year: 1740, month: 1 }],
    ['11 FEB 1731/1732', { qualifier: 'exact', dualYear: true, year: 1731, month: 2, day: 11 }],
    ['1699/00', { qualifier: 'exact', dualYear: true, year: 1699 }],
    ['BET 1750/51 AND 1752', { qualifier: 'between', dualYear: true, year: 1750, endYear: 1752 }],
    ['@#DJULIAN@ 1 MAR 1700', { qualifier: 'exact', calendar: 'julian', year: 1700, month: 3, day: 1 }],
    ['@#DJULIAN@ 29 FEB 1700', { qualifier: 'exact', calendar: 'julian', year: 1700, month: 2, day: 29 }],
    ['@#DGREGORIAN@ 1 MAR 1800', { qualifier: 'exact', year: 1800, month: 3, day: 1 }],
    ['@#DHEBREW@ 2 TVT 5758', { qualifier: 'exact', calendar: 'hebrew', year: 5758, month: 4, day: 2 }],
    ['INT @#DHEBREW@ 2 TVT 5758 (interpreted Hebrew date)', { qualifier: 'exact', calendar: 'hebrew', year: 5758, month: 4, day: 2, text: 'interpreted Hebrew date' }],
    ['@#DHEBREW@ ELL 5700', { qualifier: 'exact', calendar: 'hebrew', year: 5700, month: 13 }],
    ['@#DFRENCH R@ 1 VEND 2', { qualifier: 'exact', calendar: 'french_r', year: 2, month: 1, day: 1 }],
    ['@#DFRENCH R@ COMP 11', { qualifier: 'exact', calendar: 'french_r', year: 11, month: 13 }],
    ['FROM @#DHEBREW@ 25 SVN 5757 TO @#DHEBREW@ 26 IYR 5757', { qualifier: 'from_to', calendar: 'hebrew', year: 5757, month: 10, day: 25, endYear: 5757, endMonth: 9, endDay: 26 }],
    ['JULIAN 12 AUG 1401', { qualifier: 'exact', calendar: 'julian', year: 1401, month: 8, day: 12 }],
    ['GREGORIAN OCT 1601', { qualifier: 'exact', year: 1601, month: 10 }],
    ['ABT HEBREW 11 SVN 7', { qualifier: 'about', calendar: 'hebrew', year: 7, month: 10, day: 11 }],
    ['CAL FRENCH_R 21 COMP 29', { qualifier: 'calculated', calendar: 'french_r', year: 29, month: 13, day: 21 }],
    ['BET JULIAN 12 OCT 1950 AND JULIAN 1 MAR 1264', { qualifier: 'between', calendar: 'julian', year: 1950, month: 10, day: 12, endYear: 1264, endMonth: 3, endDay: 1 }],
    ['abt 12 mar 1901', { qualifier: 'about', year: 1901, month: 3, day: 12 }],
    ['Bet 6 Jan 1000 and 6 Jan 1001', { qualifier: 'between', year: 1000, month: 1, day: 6, endYear: 1001, endMonth: 1, endDay: 6 }],
    ['from 1900 to 1905', { qualifier: 'from_to', year: 1900, endYear: 1905 }],
    ['  BEF    OCT   1495  ', { qualifier: 'before', year: 1495, month: 10 }],
    ['BEF  8 JUL 1337', { qualifier: 'before', year: 1337, month: 7, day: 8 }],
    ['06 JUN 1966', { qualifier: 'exact', year: 1966, month: 6, day: 6 }],
    ['Abt. 1070', { qualifier: 'about', year: 1070 }],
    ['March 1901', { qualifier: 'exact', year: 1901, month: 3 }],
    ['', null],
    ['   ', null],
    ['()', null],
  ];
  for (const [value, expected] of cases) {
    it(`reads ${JSON.stringify(value)}`, () => expect(parseGedcomDate(value)).to.deep.equal(expected));
  }

  const asText: [string, string][] = [
    ['31 FEB 1900', '31 FEB 1900'],
    ['29 FEB 1900', '29 FEB 1900'],
    ['JULIAN 31 FEB 1700', 'JULIAN 31 FEB 1700'],
    ['@#DHEBREW@ 31 TSH 5700', '@#DHEBREW@ 31 TSH 5700'],
    ['1401 BCE', '1401 BCE'],
    ['44 B.C.', '44 B.C.'],
    ['ABT 100 BC', 'ABT 100 BC'],
    ['Deceased', 'Deceased'],
    ['BET 01 JAN AND 31 AUG 1977', 'BET 01 JAN AND 31 AUG 1977'],
    ['BET 5 APR 1712/13 AND 28 SEP 1714/15', 'BET 5 APR 1712/13 AND 28 SEP 1714/15'],
    ['1750/52', '1750/52'],
    ['@#DJULIAN@ 1750/51', '@#DJULIAN@ 1750/51'],
    ['BET JULIAN 1700 AND 1710', 'BET JULIAN 1700 AND 1710'],
    ['FROM HEBREW 13 TO FRENCH_R 90', 'FROM HEBREW 13 TO FRENCH_R 90'],
    ['_UNKNOWN 13 _MONTH 17', '_UNKNOWN 13 _MONTH 17'],
    ['@#DROMAN@ 1000', '@#DROMAN@ 1000'],
    ['HEBREW 1 JAN 5700', 'HEBREW 1 JAN 5700'],
    ['0', '0'],
    ['10000', '10000'],
    ['13 13 1900', '13 13 1900'],
    ['BET 1900', 'BET 1900'],
    ['FROM 1900 TO', 'FROM 1900 TO'],
    ['ABT', 'ABT'],
    ['INT garbage (phrase)', 'INT garbage (phrase)'],
    ['INT 1900 (x', 'INT 1900 (x'],
    ['INT 1900 x)', 'INT 1900 x)'],
    ['INT (x)', 'INT (x)'],
    ['INT.1900 (x)', 'INT.1900 (x)'],
    ['12/03/1901', '12/03/1901'],
  ];
  for (const [value, text] of asText) {
    it(`keeps ${JSON.stringify(value)} as text`, () => expect(parseGedcomDate(value)).to.deep.equal({ qualifier: 'text', text }));
  }
});

describe('formatGedcomDate', () => {
  const cases: [GenealogicalDate, string, string][] = [
    [{ qualifier: 'exact', year: 1901, month: 3, day: 12 }, '12 MAR 1901', '12 MAR 1901'],
    [{ qualifier: 'about', year: 1850 }, 'ABT 1850', 'ABT 1850'],
    [{ qualifier: 'between', year: 1850, endYear: 1855, endMonth: 6 }, 'BET 1850 AND JUN 1855', 'BET 1850 AND JUN 1855'],
    [{ qualifier: 'from_to', year: 1850 }, 'FROM 1850', 'FROM 1850'],
    [{ qualifier: 'from_to', year: 1850, endYear: 1860 }, 'FROM 1850 TO 1860', 'FROM 1850 TO 1860'],
    [{ qualifier: 'exact', dualYear: true, year: 1750, month: 2 }, 'FEB 1750/51', 'FEB 1750'],
    [{ qualifier: 'exact', dualYear: true, year: 1699 }, '1699/00', '1699'],
    [{ qualifier: 'exact', calendar: 'julian', year: 1700, month: 3, day: 1 }, '@#DJULIAN@ 1 MAR 1700', 'JULIAN 1 MAR 1700'],
    [{ qualifier: 'between', calendar: 'hebrew', year: 5700, month: 13, endYear: 5701 }, 'BET @#DHEBREW@ ELL 5700 AND @#DHEBREW@ 5701', 'BET HEBREW ELL 5700 AND HEBREW 5701'],
    [{ qualifier: 'before', calendar: 'french_r', year: 2, month: 1, day: 1 }, 'BEF @#DFRENCH R@ 1 VEND 2', 'BEF FRENCH_R 1 VEND 2'],
    [{ qualifier: 'text', text: 'about the time of the flood' }, '(about the time of the flood)', ''],
    [{ qualifier: 'exact', year: 1997, text: 'a test' }, 'INT 1997 (a test)', '1997'],
    [{ qualifier: 'about', year: 1900, text: 'family story' }, 'INT ABT 1900 (family story)', 'ABT 1900'],
  ];
  for (const [date, v551, v70] of cases) {
    it(`writes ${JSON.stringify(date)}`, () => {
      expect(formatGedcomDate(date, '5.5.1')).to.equal(v551);
      expect(formatGedcomDate(date, '7.0')).to.equal(v70);
    });
  }
});

// --- Properties -------------------------------------------------------------------------------

const calendarArb: fc.Arbitrary<Calendar | undefined> = fc.constantFrom(undefined, 'julian', 'hebrew', 'french_r');

const partArb = (calendar: Calendar | undefined) =>
  fc.record({
    year: fc.integer({ min: 1, max: 9999 }),
    month: fc.option(fc.integer({ min: 1, max: calendar === 'hebrew' || calendar === 'french_r' ? 13 : 12 }), { nil: undefined }),
    day: fc.option(fc.integer({ min: 1, max: 31 }), { nil: undefined }),
  }).map(({ year, month, day }) => ({ year, month, day: month === undefined ? undefined : day }))
    .filter((p) => checkDate({ qualifier: 'exact', calendar, ...p }, 'd') === null);

const compact = <T extends object>(o: T): T => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
const phraseArb = fc.string({ minLength: 1, maxLength: 20 }).map((s) => s.replace(/\s+/g, ' ').trim()).filter((s) => s !== '');

/** Every structured date checkDate accepts (INT phrases included). */
const dateArb: fc.Arbitrary<GenealogicalDate> = calendarArb.chain((calendar) =>
  fc.record({
    qualifier: fc.constantFrom('exact', 'about', 'estimated', 'calculated', 'before', 'after', 'between', 'from_to', 'text' as const),
    start: partArb(calendar),
    end: fc.option(partArb(calendar), { nil: undefined }),
    dual: fc.boolean(),
    text: fc.option(phraseArb, { nil: undefined }),
  }).map(({ qualifier, start, end, dual, text }): GenealogicalDate => {
    if (qualifier === 'text') return { qualifier, text: text ?? 'phrase' };
    const ranged = qualifier === 'between' || (qualifier === 'from_to' && end !== undefined);
    const e = qualifier === 'between' ? (end ?? start) : ranged ? end : undefined;
    return compact({
      qualifier, calendar, dualYear: dual && calendar === undefined && start.year < 9999 ? true : undefined,
      year: start.year, month: start.month, day: start.day,
      endYear: e?.year, endMonth: e?.month, endDay: e?.day, text,
    });
  }),
);

/** What a 7.0 DATE value alone (no PHRASE) keeps of a date. */
const without70 = (d: GenealogicalDate): GenealogicalDate | null => {
  if (d.qualifier === 'text') return null;
  const { dualYear: _dual, text: _text, ...rest } = d;
  return rest;
};

/** Well-formed DATE values in either syntax, with random case and spacing. */
const MONTHS: Record<string, readonly string[]> = {
  none: ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'],
  hebrew: ['TSH', 'CSH', 'KSL', 'TVT', 'SHV', 'ADR', 'ADS', 'NSN', 'IYR', 'SVN', 'TMZ', 'AAV', 'ELL'],
  french_r: ['VEND', 'BRUM', 'FRIM', 'NIVO', 'PLUV', 'VENT', 'GERM', 'FLOR', 'PRAI', 'MESS', 'THER', 'FRUC', 'COMP'],
};
const valueArb: fc.Arbitrary<string> = fc.record({
  cal: fc.constantFrom('', '@#DGREGORIAN@', 'GREGORIAN', '@#DJULIAN@', 'JULIAN', '@#DHEBREW@', 'HEBREW', '@#DFRENCH R@', 'FRENCH_R'),
  shape: fc.constantFrom('', 'ABT', 'EST', 'CAL', 'BEF', 'AFT', 'TO', 'BET', 'FROM', 'FROMTO', 'INT'),
  a: fc.record({ year: fc.integer({ min: 1, max: 9999 }), month: fc.integer({ min: 0, max: 13 }), day: fc.integer({ min: 0, max: 28 }) }),
  b: fc.record({ year: fc.integer({ min: 1, max: 9999 }), month: fc.integer({ min: 0, max: 13 }), day: fc.integer({ min: 0, max: 28 }) }),
  dual: fc.boolean(),
  phrase: phraseArb.filter((s) => !s.includes('(')),
  lower: fc.boolean(),
  spaces: fc.constantFrom(' ', '  ', '   '),
}).map(({ cal, shape, a, b, dual, phrase, lower, spaces }) => {
  const kind = /JULIAN|GREGORIAN|^$/.test(cal) ? 'none' : /HEBREW/.test(cal) ? 'hebrew' : 'french_r';
  const months = MONTHS[kind] ?? [];
  const gregorian = cal === '' || cal.includes('GREGORIAN');
  const part = (p: { year: number; month: number; day: number }, mayDual: boolean): string => {
    const month = p.month === 0 ? undefined : months[(p.month - 1) % months.length];
    const year = mayDual && dual && gregorian && p.year < 9999 ? `${p.year}/${String((p.year + 1) % 100).padStart(2, '0')}` : String(p.year);
    return [cal, month !== undefined && p.day > 0 ? String(p.day) : '', month ?? '', year].filter((x) => x !== '').join(' ');
  };
  const s = part(a, true);
  const e = part(b, false);
  const text = shape === 'BET' ? `BET ${s} AND ${e}` : shape === 'FROMTO' ? `FROM ${s} TO ${e}` : shape === 'INT' ? `INT ${s} (${phrase})` : shape === '' ? s : `${shape} ${s}`;
  // Widen the spaces before the phrase only (split at its `(`: the former `/ (?![^(]*\))/g` rescanned the rest at every space).
  const open = text.indexOf('(');
  const spaced = open < 0 ? text.replaceAll(' ', spaces) : text.slice(0, open).replaceAll(' ', spaces) + text.slice(open);
  return lower ? spaced.toLowerCase() : spaced;
});

describe('GEDCOM date round trips (properties)', () => {
  it('every structured date survives formatting as 5.5.1 and reading back', () => {
    fc.assert(fc.property(dateArb, (d) => {
      expect(parseGedcomDate(formatGedcomDate(d, '5.5.1'))).to.deep.equal(d);
    }), { numRuns: 2000 });
  });

  it('as 7.0 it keeps everything but the dual year and the phrase (which the writer puts in PHRASE)', () => {
    fc.assert(fc.property(dateArb, (d) => {
      const value = formatGedcomDate(d, '7.0');
      expect(value === '' ? null : parseGedcomDate(value)).to.deep.equal(without70(d));
    }), { numRuns: 2000 });
  });

  it('formatGedcomDate(parseGedcomDate(x)) is an equivalent value for every well-formed x', () => {
    fc.assert(fc.property(valueArb, (x) => {
      const d = parseGedcomDate(x);
      expect(d, x).to.not.equal(null);
      expect(d?.qualifier, x).to.not.equal('text');
      if (d === null) return;
      expect(parseGedcomDate(formatGedcomDate(d, '5.5.1')), x).to.deep.equal(d);
      expect(parseGedcomDate(formatGedcomDate(d, '7.0')), x).to.deep.equal(without70(d));
    }), { numRuns: 3000 });
  });

  it('never throws, and what it returns is null, a phrase, or a date checkDate accepts', () => {
    const tokens = fc.constantFrom('ABT', 'BET', 'AND', 'FROM', 'TO', 'INT', '(', ')', 'JAN', 'ELL', 'COMP', '@#DJULIAN@', '@#DFRENCH', 'R@', 'HEBREW', '29', '31', '1900', '1750/51', '0', 'BCE', '/', ' ');
    const arb = fc.oneof(fc.string({ maxLength: 40 }), fc.array(tokens, { maxLength: 8 }).map((t) => t.join(' ')));
    fc.assert(fc.property(arb, (x) => {
      const d = parseGedcomDate(x);
      if (d === null) return;
      expect(checkDate(d, 'date'), `${x} -> ${JSON.stringify(d)}`).to.equal(null);
    }), { numRuns: 5000 });
  });
});

describe('the FamilySearch 7.0 date fixture', () => {
  const values = readFileSync(`${FIXTURES}/7.0/date.ged`, 'utf8').split(/\r?\n/).filter((l) => l.startsWith('2 DATE ')).map((l) => l.slice(7));
  /** The calendar each end names (GREGORIAN is the default), for a value in the fixture's grammar. */
  const calendarsOf = (v: string): string[] =>
    v.replace(/^(BET|FROM|TO|ABT|EST|CAL|BEF|AFT) /, '').split(/ AND | TO /).map((side) => /^(JULIAN|HEBREW|FRENCH_R|_UNKNOWN)\b/.exec(side)?.[1] ?? '');

  it('has the hundreds of values this test expects', () => expect(values.length).to.be.greaterThan(1000));

  it('reads every value: BCE, _UNKNOWN and mixed calendars as text, everything else as a date that round-trips', () => {
    let structured = 0;
    for (const v of values) {
      const d = parseGedcomDate(v);
      const cals = calendarsOf(v);
      const representable = !/BCE|_UNKNOWN/.test(v) && cals.every((c) => c === cals[0]);
      if (!representable) {
        expect(d, v).to.deep.equal({ qualifier: 'text', text: v });
        continue;
      }
      expect(d?.qualifier, v).to.not.equal('text');
      expect(parseGedcomDate(formatGedcomDate(d!, '7.0')), v).to.deep.equal(d);
      expect(parseGedcomDate(formatGedcomDate(d!, '5.5.1')), v).to.deep.equal(d);
      structured++;
    }
    expect(structured).to.be.greaterThan(150);
  });
});

describe('dateDisplay, checkDate and latestYear with calendars, dual years and INT phrases', () => {
  it('displays the 5.5.1 form, unchanged for plain Gregorian dates', () => {
    expect(dateDisplay({ qualifier: 'about', year: 1850 })).to.equal('ABT 1850');
    expect(dateDisplay({ qualifier: 'between', year: 1850, endYear: 1855 })).to.equal('BET 1850 AND 1855');
    expect(dateDisplay({ qualifier: 'exact', year: 1901, month: 3, day: 12 })).to.equal('12 MAR 1901');
    expect(dateDisplay({ qualifier: 'text', text: 'a phrase' })).to.equal('(a phrase)');
    expect(dateDisplay({ qualifier: 'exact', calendar: 'julian', year: 1700, month: 3, day: 1 })).to.equal('@#DJULIAN@ 1 MAR 1700');
    expect(dateDisplay({ qualifier: 'exact', dualYear: true, year: 1750, month: 2, day: 11 })).to.equal('11 FEB 1750/51');
    expect(dateDisplay({ qualifier: 'exact', year: 1901, text: 'from the census' })).to.equal('INT 1901 (from the census)');
    expect(dateDisplay(null)).to.equal(null);
  });

  it('accepts months 1..13 and days 1..30 in the Hebrew and French Republican calendars only', () => {
    expect(checkDate({ qualifier: 'exact', calendar: 'hebrew', year: 5700, month: 13, day: 30 }, 'd')).to.equal(null);
    expect(checkDate({ qualifier: 'exact', calendar: 'french_r', year: 3, month: 13, day: 5 }, 'd')).to.equal(null);
    expect(checkDate({ qualifier: 'exact', calendar: 'hebrew', year: 5700, month: 14 }, 'd')).to.not.equal(null);
    expect(checkDate({ qualifier: 'exact', calendar: 'hebrew', year: 5700, month: 1, day: 31 }, 'd')).to.not.equal(null);
    expect(checkDate({ qualifier: 'exact', year: 1900, month: 13 }, 'd')).to.not.equal(null);
    expect(checkDate({ qualifier: 'exact', calendar: 'julian', year: 1700, month: 13 }, 'd')).to.not.equal(null);
  });

  it('follows the Julian leap-year rule for Julian dates and the Gregorian one otherwise', () => {
    expect(checkDate({ qualifier: 'exact', calendar: 'julian', year: 1700, month: 2, day: 29 }, 'd')).to.equal(null);
    expect(checkDate({ qualifier: 'exact', year: 1700, month: 2, day: 29 }, 'd')).to.not.equal(null);
    expect(checkDate({ qualifier: 'exact', year: 2000, month: 2, day: 29 }, 'd')).to.equal(null);
    expect(checkDate({ qualifier: 'exact', calendar: 'julian', year: 1701, month: 2, day: 29 }, 'd')).to.not.equal(null);
  });

  it('accepts a phrase on any qualifier, a dual year only on a Gregorian start, and no unknown calendar', () => {
    expect(checkDate({ qualifier: 'about', year: 1900, text: 'family story' }, 'd')).to.equal(null);
    expect(checkDate({ qualifier: 'exact', dualYear: true, year: 1750 }, 'd')).to.equal(null);
    expect(checkDate({ qualifier: 'exact', dualYear: true, calendar: 'julian', year: 1750 }, 'd')).to.not.equal(null);
    expect(checkDate({ qualifier: 'exact', calendar: 'roman' as Calendar, year: 1750 }, 'd')).to.not.equal(null);
  });

  it('gives the latest Gregorian year of dates in other calendars', () => {
    expect(latestYear({ qualifier: 'exact', year: 1900 })).to.equal(1900);
    expect(latestYear({ qualifier: 'exact', calendar: 'hebrew', year: 5785 })).to.equal(2025);
    expect(latestYear({ qualifier: 'exact', calendar: 'french_r', year: 12, month: 1 })).to.equal(1804);
    expect(latestYear({ qualifier: 'exact', calendar: 'julian', year: 1700, month: 12 })).to.equal(1701);
    expect(latestYear({ qualifier: 'exact', calendar: 'julian', year: 1700, month: 6 })).to.equal(1700);
    expect(latestYear({ qualifier: 'exact', dualYear: true, year: 1750 })).to.equal(1751);
    expect(latestYear({ qualifier: 'between', calendar: 'hebrew', year: 5700, endYear: 5701 })).to.equal(1941);
  });
});
