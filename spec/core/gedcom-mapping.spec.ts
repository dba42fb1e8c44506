import { expect } from 'chai';
import { notesHash } from '../../core/gedcom/extensions.js';
import { planOf } from '../../core/gedcom/read-plan.js';
import type { GedcomNode, ImportPlan, PlanPerson } from '../../core/gedcom/types.js';

// GEDCOM records -> import plan (SPEC "GEDCOM" Import rules and Mapping), on records built by hand.
// Fixture files through the streaming reader are in gedcom-mapping-fixtures.spec.ts.

type Draft = { tag: string; xref: string | null; value: string | null; pointer: boolean; line: number; children: Draft[] };

/** GEDCOM lines (`level [@xref@] TAG [value]`, blank lines ignored) as records, the way the reader hands them out. */
const ged = (src: string): GedcomNode[] => {
  const records: Draft[] = [];
  const stack: Draft[] = [];
  const lines = src.replace(/^\n/, '').split('\n');
  lines.forEach((raw, i) => {
    const m = /^(\d+) (?:(@[^@]+@) )?(\S+)(?: (.*))?$/.exec(raw);
    if (m === null) return;
    const level = Number(m[1]);
    const value = m[4] ?? null;
    const parent = stack[level - 1];
    if ((m[3] === 'CONT' || m[3] === 'CONC') && parent !== undefined) {
      parent.value = `${parent.value ?? ''}${m[3] === 'CONT' ? '\n' : ''}${value ?? ''}`;
      return;
    }
    const node: Draft = { tag: m[3] ?? '', xref: m[2] ?? null, value, pointer: value !== null && /^@[^@#][^@]*@$/.test(value), line: i + 1, children: [] };
    if (level === 0) records.push(node);
    else parent?.children.push(node);
    stack[level] = node;
    stack.length = level + 1;
  });
  return records;
};

const mapGed = (src: string): ImportPlan => planOf(ged(src));

const person = (plan: ImportPlan, xref: string): PlanPerson => {
  const p = plan.persons.find((x) => x.xref === xref);
  if (p === undefined) throw new Error(`no person ${xref}`);
  return p;
};
const family = (plan: ImportPlan, xref: string) => {
  const f = plan.families.find((x) => x.xref === xref);
  if (f === undefined) throw new Error(`no family ${xref}`);
  return f;
};
const warningAt = (plan: ImportPlan, line: number) => plan.warnings.filter((w) => w.line === line);
const unmapped = (plan: ImportPlan, tag: string) => plan.unmapped.find((u) => u.tag === tag);

describe('the spec helper that turns text into GEDCOM records', () => {
  it('nests by level, folds CONT/CONC, marks pointers and counts lines', () => {
    const [head, indi] = ged(`
0 HEAD
0 @I1@ INDI
1 NOTE one
2 CONT two
2 CONC three
1 FAMS @F1@`);
    expect(head?.tag).to.equal('HEAD');
    expect(indi).to.deep.include({ tag: 'INDI', xref: '@I1@', line: 2 });
    expect(indi?.children[0]).to.deep.include({ tag: 'NOTE', value: 'one\ntwothree', pointer: false });
    expect(indi?.children[1]).to.deep.include({ tag: 'FAMS', value: '@F1@', pointer: true, line: 6 });
  });
});

describe('GEDCOM mapping: persons', () => {
  it('reads SEX M and F (any case); U, X and an empty SEX leave the sex unset, without a warning, and are kept verbatim', () => {
    const plan = mapGed(`
0 HEAD
0 @I1@ INDI
1 SEX M
0 @I2@ INDI
1 SEX F
0 @I3@ INDI
1 SEX m
0 @I4@ INDI
1 SEX U
0 @I5@ INDI
1 SEX X
0 @I6@ INDI
1 SEX
0 @I7@ INDI
0 TRLR`);
    expect(plan.persons.map((p) => p.sex)).to.deep.equal(['male', 'female', 'male', null, null, null, null]);
    expect(plan.warnings).to.deep.equal([]);
    // Kept on the person, written back by export (extensions.ts).
    expect(plan.persons.map((p) => p.extra ?? null)).to.deep.equal([null, null, null, '[["",["SEX","U",0,[]]]]', '[["",["SEX","X",0,[]]]]', '[["",["SEX",null,0,[]]]]', null]);
    expect(plan.unmapped).to.deep.equal([{ tag: 'INDI.SEX', count: 3, firstLine: 9, keptLines: 3 }]);
  });

  it('makes a person private for RESN confidential or privacy (5.5.1 or a 7.0 list), not for locked alone', () => {
    const plan = mapGed(`
0 HEAD
0 @I1@ INDI
1 RESN confidential
0 @I2@ INDI
1 RESN privacy
0 @I3@ INDI
1 RESN CONFIDENTIAL, LOCKED
0 @I4@ INDI
1 RESN locked
0 @I5@ INDI
1 RESN PRIVACY`);
    expect(plan.persons.map((p) => p.privacy)).to.deep.equal(['private', 'private', 'private', 'default', 'private']);
    expect(plan.warnings).to.deep.equal([]);
    // Locked alone is kept as written (export writes it back), the others are the person's privacy.
    expect(plan.persons.map((p) => p.extra ?? null)).to.deep.equal([null, null, null, '[["",["RESN","locked",0,[]]]]', null]);
  });

  it('joins inline and shared person notes (5.5 NOTE and 7.0 SNOTE records, defined before or after) by blank lines', () => {
    const plan = mapGed(`
0 HEAD
0 @N0@ NOTE Defined before.
0 @I1@ INDI
1 NOTE First line
2 CONT second line
1 NOTE @N0@
1 SNOTE @N2@
1 NOTE @MISSING@
0 @N2@ SNOTE Defined after.
0 @N3@ NOTE Nobody refers to me.`);
    expect(person(plan, '@I1@').notes).to.equal('First line\nsecond line\n\nDefined before.\n\nDefined after.');
    expect(warningAt(plan, 8)).to.have.length(1);
    expect(unmapped(plan, 'NOTE')).to.deep.equal({ tag: 'NOTE', count: 1, firstLine: 10, keptLines: 1 });
  });

  it('maps a record without xref under a made-up one and leaves out a second record with the same xref', () => {
    const plan = mapGed(`
0 HEAD
0 INDI
1 NAME No /Xref/
0 @I1@ INDI
1 NAME First /One/
0 @I1@ INDI
1 NAME Second /One/`);
    expect(plan.persons.map((p) => p.xref)).to.deep.equal(['@#L2@', '@I1@']);
    expect(person(plan, '@I1@').names[0]?.givenName).to.equal('First');
    expect(warningAt(plan, 6)).to.have.length(1);
  });
});

describe('GEDCOM mapping: names', () => {
  const names = (src: string) => person(mapGed(`0 HEAD\n0 @I1@ INDI\n${src}`), '@I1@').names;

  it('reads `Given /Surname/ Suffix`, the text after the surname as the suffix', () => {
    expect(names('1 NAME John  Quincy /Adams/ Jr.')).to.deep.equal([
      { nameType: 'birth', givenName: 'John Quincy', surname: 'Adams', prefix: '', suffix: 'Jr.', surnamePrefix: '', isPrimary: true, notes: '', citations: [] },
    ]);
  });

  it('takes the whole value as given name when there are no slashes, and reads an unclosed surname', () => {
    expect(names('1 NAME Cher')[0]).to.include({ givenName: 'Cher', surname: '' });
    expect(names('1 NAME Mary /Smith')[0]).to.include({ givenName: 'Mary', surname: 'Smith' });
  });

  it('lets GIVN and SURN win, keeps NPFX, SPFX and NSFX as their own fields, and takes them out of the given name and surname', () => {
    expect(names(`1 NAME Jan /Dijk/
2 GIVN Johannes
2 SURN Dijk
2 SPFX van`)[0]).to.include({ givenName: 'Johannes', surname: 'Dijk', surnamePrefix: 'van', prefix: '', suffix: '' });
    expect(names(`1 NAME Jan /van Dijk/
2 SPFX van`)[0]).to.include({ givenName: 'Jan', surname: 'Dijk', surnamePrefix: 'van' });
    expect(names(`1 NAME Jan /van Dijk/
2 SURN van Dijk
2 SPFX van`)[0]).to.include({ givenName: 'Jan', surname: 'Dijk', surnamePrefix: 'van' });
    expect(names(`1 NAME Lt. Cmndr. Joseph "John" /de Allen/ jr.
2 NPFX Lt. Cmndr.
2 GIVN Joseph
2 SPFX de
2 SURN Allen
2 NSFX jr.`)[0]).to.include({ givenName: 'Joseph', surname: 'Allen', prefix: 'Lt. Cmndr.', surnamePrefix: 'de', suffix: 'jr.' });
    expect(names(`1 NAME Dr. John /Smith/ Sr.
2 NPFX Dr.
2 NSFX Sr.`)[0]).to.include({ givenName: 'John', surname: 'Smith', prefix: 'Dr.', suffix: 'Sr.' });
    expect(names(`1 NAME Dr. /Smith/
2 NPFX Dr.`)[0]).to.include({ givenName: '', surname: 'Smith', prefix: 'Dr.' });
    expect(names(`1 NAME George /WASHINGTON/
2 NSFX [FIRST U.S. PRESIDENT]`)[0]).to.include({ givenName: 'George', surname: 'WASHINGTON', suffix: '[FIRST U.S. PRESIDENT]' });
  });

  it('keeps every NAME TYPE: missing is birth, 5.5.1 lower and 7.0 upper case, OTHER + PHRASE, unknown is other with a warning', () => {
    const plan = mapGed(`0 HEAD
0 @I1@ INDI
1 NAME A /One/
1 NAME B /Two/
2 TYPE married
1 NAME C /Three/
2 TYPE MAIDEN
1 NAME D /Four/
2 TYPE aka
1 NAME E /Five/
2 TYPE OTHER
3 PHRASE nickname
1 NAME F /Six/
2 TYPE OTHER
3 PHRASE Name type phrase
1 NAME G /Seven/
2 TYPE weird
1 NAME H /Eight/
2 TYPE constructor
1 NAME I /Nine/
2 TYPE IMMIGRANT`);
    expect(person(plan, '@I1@').names.map((n) => n.nameType)).to.deep.equal(
      ['birth', 'married', 'maiden', 'alias', 'nickname', 'other', 'other', 'other', 'other']);
    expect(plan.warnings.map((w) => w.line)).to.deep.equal([17, 19]);
  });

  it('makes the first birth or maiden NAME primary (the maiden name stays primary), else the first NAME; exactly one', () => {
    const primary = (src: string) => names(src).filter((n) => n.isPrimary).map((n) => n.givenName);
    expect(primary(`1 NAME Jane /Smith/
2 TYPE married
1 NAME Jane /Doe/
2 TYPE maiden
1 NAME Janie /Doe/`)).to.deep.equal(['Jane']);
    expect(names(`1 NAME Jane /Smith/
2 TYPE married
1 NAME Jane /Doe/
2 TYPE maiden`).find((n) => n.isPrimary)?.surname).to.equal('Doe');
    expect(names(`1 NAME Prof /X/
2 TYPE professional
1 NAME Al /Y/
2 TYPE aka`).map((n) => n.isPrimary)).to.deep.equal([true, false]);
  });

  it('gives a person without NAME one empty primary birth name, beside any alias', () => {
    const parts = { prefix: '', suffix: '', surnamePrefix: '' };
    expect(names('1 SEX M')).to.deep.equal([{ nameType: 'birth', givenName: '', surname: '', ...parts, isPrimary: true, notes: '', citations: [] }]);
    const [birth, alias] = names('1 ALIA Bob');
    expect(birth).to.deep.equal({ nameType: 'birth', givenName: '', surname: '', ...parts, isPrimary: true, notes: '', citations: [] });
    // The ALIA as written, for export to write back while the name is this one (a structure form).
    const { extra, ...rest } = alias!;
    expect(rest).to.deep.equal({ nameType: 'alias', givenName: 'Bob', surname: '', ...parts, isPrimary: false, notes: '', citations: [] });
    expect(JSON.parse(extra!)).to.have.length(1);
    expect(JSON.parse(extra!)[0][1]).to.deep.equal(['ALIA', 'Bob', 0, []]);
  });

  it('turns _MARNM (INDI or NAME level, full or surname only), NICK, ALIA and _AKA text into typed alternates', () => {
    const plan = mapGed(`0 HEAD
0 @I1@ INDI
1 NAME Mary Ann /Doe/
2 NICK Polly
2 _MARNM Smith
2 _AKA Molly /Doe/
1 _MARNM Maria /Jones/
1 _MARNM Brown
1 ALIA Mother Mary
1 ALIA @I2@
0 @I2@ INDI`);
    expect(person(plan, '@I1@').names.map(({ nameType, givenName, surname, isPrimary }) => [nameType, givenName, surname, isPrimary])).to.deep.equal([
      ['birth', 'Mary Ann', 'Doe', true],
      ['nickname', 'Polly', '', false],
      ['married', 'Mary Ann', 'Smith', false],
      ['alias', 'Molly', 'Doe', false],
      ['married', 'Maria', 'Jones', false],
      ['married', 'Mary Ann', 'Brown', false],
      ['alias', 'Mother Mary', '', false],
    ]);
    expect(unmapped(plan, 'INDI.ALIA')).to.deep.equal({ tag: 'INDI.ALIA', count: 1, firstLine: 10, keptLines: 1 });
  });

  it('gives a _MARNM with only a surname the given name of the primary name, even when it comes first', () => {
    expect(names(`1 _MARNM Smith
1 NAME Anne /Doe/`).map((n) => [n.nameType, n.givenName, n.surname])).to.deep.equal([['married', 'Anne', 'Smith'], ['birth', 'Anne', 'Doe']]);
  });

  it('keeps citations on a name', () => {
    const plan = mapGed(`0 HEAD
0 @S1@ SOUR
1 TITL Parish register
0 @I1@ INDI
1 NAME Anne /Doe/
2 SOUR @S1@
3 PAGE folio 3`);
    expect(person(plan, '@I1@').names[0]?.citations).to.deep.equal([
      { sourceXref: '@S1@', inlineTitle: null, page: 'folio 3', detail: '', confidence: null, line: 6 },
    ]);
  });
});

describe('GEDCOM mapping: events', () => {
  const events = (src: string) => person(mapGed(`0 HEAD\n0 @I1@ INDI\n${src}`), '@I1@').events;

  it('maps every individual tag of EVENT_TAGS to its type, with date, trimmed place, notes and detail', () => {
    const plan = mapGed(`0 HEAD
0 @I1@ INDI
1 BIRT Y
2 DATE ABT 1850
2 PLAC   Leiden, Zuid-Holland  
2 NOTE Born at home.
2 SNOTE @N1@
1 DEAT
2 DATE 12 MAR 1901
2 PLAC
2 CAUS Fever
2 TYPE Sudden
1 _MILT
2 DATE 1870
1 BAPM
1 CHR
1 BURI
1 CREM
1 RESI
1 IMMI
1 EMIG
1 NATU
1 CENS
1 GRAD
1 PROB
1 WILL
0 @N1@ NOTE Shared.`);
    const es = person(plan, '@I1@').events;
    expect(es[0]).to.deep.equal({
      type: 'birth', customType: null, date: { qualifier: 'about', year: 1850 }, place: 'Leiden, Zuid-Holland',
      notes: 'Born at home.\n\nShared.', detail: '', cause: '', citations: [], temple: null, ordinanceStatus: null,
      // The two notes as written, to write back while the notes are these (note forms, extensions.ts).
      extra: JSON.stringify([['=', ['NOTE', 'Born at home.', 0, []]], ['=', ['SNOTE', '@N1@', 1, []]]]),
    });
    expect(es[1]).to.deep.include({ type: 'death', place: null, detail: 'Sudden', cause: 'Fever', date: { qualifier: 'exact', year: 1901, month: 3, day: 12 } });
    expect(es.map((e) => e.type)).to.deep.equal(['birth', 'death', 'military', 'baptism', 'christening', 'burial', 'cremation',
      'residence', 'immigration', 'emigration', 'naturalization', 'census', 'graduation', 'probate', 'will']);
  });

  it('keeps the value of OCCU, EDUC, RELI (a religion event) and attributes as the detail', () => {
    expect(events(`1 OCCU Miller
1 EDUC University of Leiden
1 RELI Catholic
2 TYPE Roman`).map((e) => [e.type, e.detail])).to.deep.equal([
      ['occupation', 'Miller'], ['education', 'University of Leiden'], ['religion', 'Catholic\n\nRoman']]);
  });

  it('maps CUSTOM_EVENT_TAGS to custom events and EVEN/FACT to custom events of their TYPE', () => {
    expect(events(`1 IDNO 12345
2 TYPE Passport
1 BARM
1 CONF
1 TITL Duke of Kent
1 EVEN Won the lottery
2 TYPE Luck
1 EVEN
1 FACT Brown
2 TYPE Eye colour
1 FACT`).map((e) => [e.type, e.customType, e.detail])).to.deep.equal([
      ['custom', 'Identity number', '12345\n\nPassport'],
      ['custom', 'Bar mitzvah', ''],
      ['custom', 'Confirmation', ''],
      ['custom', 'Title', 'Duke of Kent'],
      ['custom', 'Luck', 'Won the lottery'],
      ['custom', 'Event', ''],
      ['custom', 'Eye colour', 'Brown'],
      ['custom', 'Fact', ''],
    ]);
  });

  it('reads MARR, DIV and ENGA under INDI as events of the person (export writes a person\'s own marriage so)', () => {
    const plan = mapGed(`0 HEAD
0 @I1@ INDI
1 MARR
2 DATE 1900
2 PLAC Delft
1 DIV Y
1 ENGA
2 TYPE Promise`);
    expect(person(plan, '@I1@').events.map((e) => [e.type, e.customType, e.date?.year, e.place, e.detail])).to.deep.equal([
      ['marriage', null, 1900, 'Delft', ''],
      ['divorce', null, undefined, null, ''],
      ['engagement', null, undefined, null, 'Promise'],
    ]);
    expect(plan.unmapped).to.deep.equal([]);
  });

  it('leaves the custom family tags under INDI unmapped, and counts unused event substructures', () => {
    const plan = mapGed(`0 HEAD
0 @I1@ INDI
1 ANUL
2 DATE 1900
1 MARL
1 BIRT
2 AGE 0y
2 ADDR Main street
2 PLAC Delft
3 MAP
4 LATI N52.0
2 _UID 123
2 DATE 1 JAN 1900
3 TIME 10:00`);
    expect(person(plan, '@I1@').events.map((e) => e.type)).to.deep.equal(['birth']);
    expect(plan.unmapped).to.deep.equal([
      { tag: 'INDI.ANUL', count: 1, firstLine: 3, keptLines: 2 },
      { tag: 'INDI.BIRT.ADDR', count: 1, firstLine: 8, keptLines: 1 },
      { tag: 'INDI.BIRT.AGE', count: 1, firstLine: 7, keptLines: 1 },
      { tag: 'INDI.BIRT.DATE.TIME', count: 1, firstLine: 14, keptLines: 1 },
      { tag: 'INDI.BIRT.PLAC.MAP', count: 1, firstLine: 10, keptLines: 2 },
      { tag: 'INDI.BIRT._UID', count: 1, firstLine: 12, keptLines: 1 },
      { tag: 'INDI.MARL', count: 1, firstLine: 5, keptLines: 1 },
    ]);
  });

  it('keeps a date it cannot read as text with a warning, and a GEDCOM 7 DATE.PHRASE as the date text', () => {
    const plan = mapGed(`0 HEAD
0 @I1@ INDI
1 BIRT
2 DATE Deceased
1 BIRT
2 DATE (stillborn)
1 BIRT
2 DATE 1900
3 PHRASE The year of the flood
1 BIRT
2 DATE
3 PHRASE Long ago
1 BIRT
2 DATE 31 FEB 1900
3 PHRASE Feb the 31st`);
    expect(person(plan, '@I1@').events.map((e) => e.date)).to.deep.equal([
      { qualifier: 'text', text: 'Deceased' },
      { qualifier: 'text', text: 'stillborn' },
      { qualifier: 'exact', year: 1900, text: 'The year of the flood' },
      { qualifier: 'text', text: 'Long ago' },
      { qualifier: 'text', text: '31 FEB 1900 (Feb the 31st)' },
    ]);
    expect(plan.warnings.map((w) => w.line)).to.deep.equal([4, 14]);
  });

  it('takes a dual year back from a 7.0 PHRASE that is the DATE written with it (later or first year in DATE), phrase included', () => {
    const plan = mapGed(`0 HEAD
0 @I1@ INDI
1 BIRT
2 DATE 11 FEB 1751
3 PHRASE 11 FEB 1750/51
1 BIRT
2 DATE ABT 1750
3 PHRASE ABT 1750/51
1 BIRT
2 DATE BET 1700 AND 1702
3 PHRASE INT BET 1699/00 AND 1702 (per the register)
1 BIRT
2 DATE 1752
3 PHRASE 1750/51`);
    expect(person(plan, '@I1@').events.map((e) => e.date)).to.deep.equal([
      { qualifier: 'exact', dualYear: true, year: 1750, month: 2, day: 11 },
      { qualifier: 'about', dualYear: true, year: 1750 },
      { qualifier: 'between', dualYear: true, year: 1699, endYear: 1702, text: 'per the register' },
      { qualifier: 'exact', year: 1752, text: '1750/51' },
    ]);
    expect(plan.warnings).to.deep.equal([]);
  });
});

describe('GEDCOM mapping: sources and citations', () => {
  it('maps SOUR records: TITL (else ABBR), ABBR, AUTH, PUBL, NOTE and TEXT as notes, REPO links to REPO records', () => {
    const plan = mapGed(`0 HEAD
0 @S1@ SOUR
1 TITL Parish register
2 CONT of Leiden
1 ABBR PR
1 AUTH Church
1 PUBL Leiden, 1850
1 TEXT Entry 12
1 NOTE @N1@
1 REPO @R1@
0 @S2@ SOUR
1 ABBR Census 1851
0 @N1@ NOTE Microfilm.
0 @R1@ REPO
1 NAME Archive`);
    const none = { recordedEvents: [], agency: '', dataNotes: '' };
    expect(plan.sources).to.deep.equal([
      {
        xref: '@S1@', line: 2, title: 'Parish register\nof Leiden', author: 'Church', publication: 'Leiden, 1850', notes: 'Entry 12\n\nMicrofilm.', extra: JSON.stringify([['=', ['TEXT', 'Entry 12', 0, []]], ['=', ['NOTE', '@N1@', 1, []]]]),
        abbreviation: 'PR', ...none, repositories: [{ xref: '@R1@', callNumber: '', line: 10 }],
      },
      { xref: '@S2@', line: 11, title: 'Census 1851', author: '', publication: '', notes: '', abbreviation: 'Census 1851', ...none, repositories: [] },
    ]);
    expect(plan.unmapped).to.deep.equal([]);
  });

  it('maps a source reference: pointer, PAGE, QUAY, DATA.TEXT as detail, DATA.DATE as entry date, and notes', () => {
    const plan = mapGed(`0 HEAD
0 @I1@ INDI
1 SOUR @S1@
2 PAGE p. 12
2 QUAY 2
2 DATA
3 DATE 1 JAN 1850
3 TEXT Baptised John
2 NOTE Hard to read.
2 SNOTE @N1@
1 BIRT
2 SOUR @S1@
3 QUAY 5
0 @S1@ SOUR
1 TITL Register
0 @N1@ SNOTE Shared note.`);
    const p = person(plan, '@I1@');
    expect(p.citations).to.deep.equal([{
      sourceXref: '@S1@', inlineTitle: null, page: 'p. 12', detail: 'Baptised John', entryDate: '1 JAN 1850', notes: 'Hard to read.\n\nShared note.', confidence: 2, line: 3,
      extra: JSON.stringify([['=', ['NOTE', 'Hard to read.', 0, []]], ['=', ['SNOTE', '@N1@', 1, []]]]),
    }]);
    expect(p.events[0]?.citations[0]).to.include({ sourceXref: '@S1@', confidence: null });
    expect(warningAt(plan, 13)).to.have.length(1);
  });

  it('reads a 5.5 inline source (text with CONT, TEXT as detail), leaves out a pointer to no SOUR record and keeps SOUR @VOID@ as written', () => {
    const plan = mapGed(`0 HEAD
0 @I1@ INDI
1 SOUR Family bible
2 CONT of the Smiths
2 TEXT Page with births
2 PAGE front
1 SOUR @S9@
1 SOUR @VOID@
2 PAGE Entire source`);
    expect(person(plan, '@I1@').citations).to.deep.equal([
      {
        sourceXref: null, inlineTitle: 'Family bible\nof the Smiths', page: 'front', detail: 'Page with births', confidence: null, line: 3,
        // The TEXT was written under the citation, not as DATA.TEXT: kept so (a structure form bound to the detail).
        extra: JSON.stringify([[`~${notesHash('Page with births')}`, ['SOUR', null, 0, [['TEXT', 'Page with births', 0, []]]]]]),
      },
    ]);
    // The pointer to no SOUR record warns; 7.0 `SOUR @VOID@` (a source not in the file) is kept as written.
    expect(plan.warnings.map((w) => w.line)).to.deep.equal([7]);
    expect(person(plan, '@I1@').extra).to.equal(JSON.stringify([['', ['SOUR', '@VOID@', 1, [['PAGE', 'Entire source', 0, []]]]]]));
  });
});

describe('GEDCOM mapping: families', () => {
  it('takes HUSB then WIFE whatever their order, from INDI records that may come after the FAM', () => {
    const plan = mapGed(`0 HEAD
0 @F1@ FAM
1 WIFE @I2@
1 HUSB @I1@
0 @I1@ INDI
0 @I2@ INDI`);
    expect(family(plan, '@F1@').partners).to.deep.equal(['@I1@', '@I2@']);
    expect(plan.warnings).to.deep.equal([]);
  });

  it('links nothing by pointers to records not in the file (a warning on their line) nor by @VOID@ (kept verbatim, no warning)', () => {
    const plan = mapGed(`0 HEAD
0 @F1@ FAM
1 HUSB @I1@
1 WIFE @NOBODY@
1 CHIL @VOID@
1 CHIL @GHOST@
0 @F2@ FAM
1 HUSB @VOID@
1 WIFE @I1@
0 @I1@ INDI
1 FAMC @F404@`);
    expect(plan.warnings.map((w) => w.line)).to.deep.equal([4, 6, 11]);
    // Each is left with one partner and no child: a family that makes no row, kept whole for export.
    expect(plan.families).to.deep.equal([]);
    expect(plan.records?.map((r) => [r.xref, r.node[3].map((c) => `${c[0]} ${c[1]}`)])).to.deep.equal([
      ['@F1@', ['HUSB @I1@', 'WIFE @NOBODY@', 'CHIL @VOID@', 'CHIL @GHOST@']],
      ['@F2@', ['HUSB @VOID@', 'WIFE @I1@']],
    ]);
  });

  it('gives a child one qualifier per partner: _FREL/_MREL, else FAMC.PEDI, else an ADOP event, else biological', () => {
    const plan = mapGed(`0 HEAD
0 @H@ INDI
0 @W@ INDI
0 @F1@ FAM
1 HUSB @H@
1 WIFE @W@
1 CHIL @C1@
2 _FREL Natural
2 _MREL Step
1 CHIL @C2@
1 CHIL @C3@
1 CHIL @C4@
1 CHIL @C5@
1 CHIL @C6@
1 CHIL @C7@
2 _MREL Foster
1 CHIL @C8@
0 @C1@ INDI
1 FAMC @F1@
2 PEDI adopted
0 @C2@ INDI
1 FAMC @F1@
2 PEDI adopted
0 @C3@ INDI
1 FAMC @F1@
2 PEDI OTHER
3 PHRASE step
0 @C4@ INDI
1 FAMC @F1@
1 ADOP
2 FAMC @F1@
3 ADOP HUSB
0 @C5@ INDI
1 ADOP
2 DATE 1900
2 FAMC @F1@
3 ADOP BOTH
0 @C6@ INDI
1 FAMC @F1@
2 PEDI FOSTER
0 @C7@ INDI
1 FAMC @F1@
2 PEDI birth
0 @C8@ INDI
1 FAMC @F1@
2 PEDI nonsense`);
    expect(family(plan, '@F1@').children).to.deep.equal([
      { xref: '@C1@', qualifiers: ['biological', 'step'] },
      { xref: '@C2@', qualifiers: ['adoptive', 'adoptive'] },
      { xref: '@C3@', qualifiers: ['step', 'step'] },
      { xref: '@C4@', qualifiers: ['adoptive', 'biological'] },
      { xref: '@C5@', qualifiers: ['adoptive', 'adoptive'] },
      { xref: '@C6@', qualifiers: ['foster', 'foster'] },
      { xref: '@C7@', qualifiers: ['biological', 'foster'] },
      { xref: '@C8@', qualifiers: ['biological', 'biological'] },
    ]);
    expect(person(plan, '@C5@').events).to.deep.equal([{
      type: 'custom', customType: 'Adoption', date: { qualifier: 'exact', year: 1900 }, place: null, notes: '', detail: '', cause: '', citations: [],
      temple: null, ordinanceStatus: null,
    }]);
    expect(plan.warnings.map((w) => w.line)).to.deep.equal([46]);
  });

  it('counts a child listed on one side only (CHIL or FAMC), and a child listed twice once', () => {
    const plan = mapGed(`0 HEAD
0 @F1@ FAM
1 HUSB @H@
1 CHIL @C1@
1 CHIL @C1@
2 _FREL Adopted
0 @H@ INDI
1 FAMS @F1@
0 @C1@ INDI
1 FAMC @F1@
1 FAMC @F1@
0 @C2@ INDI
1 FAMC @F1@
2 PEDI foster`);
    expect(family(plan, '@F1@').children).to.deep.equal([
      { xref: '@C1@', qualifiers: ['adoptive'] },
      { xref: '@C2@', qualifiers: ['foster'] },
    ]);
  });

  it('adds a partner whose FAMS names the family when the family has room, else warns', () => {
    const plan = mapGed(`0 HEAD
0 @F1@ FAM
1 WIFE @W@
0 @F2@ FAM
1 HUSB @A@
1 WIFE @B@
0 @H@ INDI
1 FAMS @F1@
1 FAMS @F2@
0 @W@ INDI
0 @A@ INDI
0 @B@ INDI`);
    expect(family(plan, '@F1@').partners).to.deep.equal(['@H@', '@W@']);
    expect(family(plan, '@F2@').partners).to.deep.equal(['@A@', '@B@']);
    expect(plan.warnings.map((w) => w.line)).to.deep.equal([9]);
  });

  it('maps family events (MARR, DIV, ENGA, custom family tags, EVEN with TYPE, RESI, CENS, NCHI), notes and citations', () => {
    const plan = mapGed(`0 HEAD
0 @F1@ FAM
1 HUSB @H@
1 WIFE @W@
1 MARR
2 DATE 1 APR 1911
2 PLAC Delft
1 DIV Y
1 ENGA
1 MARB
1 EVEN
2 TYPE Separation
1 RESI Main street 1
1 NOTE Family note
1 SOUR @S1@
2 PAGE 7
1 _SEPR
1 CENS
1 NCHI 3
1 BARM
0 @S1@ SOUR
1 TITL Register
0 @H@ INDI
0 @W@ INDI`);
    const f = family(plan, '@F1@');
    expect(f.events.map((e) => [e.type, e.customType, e.detail])).to.deep.equal([
      ['marriage', null, ''], ['divorce', null, ''], ['engagement', null, ''], ['custom', 'Marriage banns', ''],
      ['custom', 'Separation', ''], ['residence', null, 'Main street 1'], ['census', null, ''], ['custom', 'Number of children', '3'],
    ]);
    expect(f.events[0]).to.deep.include({ date: { qualifier: 'exact', year: 1911, month: 4, day: 1 }, place: 'Delft' });
    expect(f.notes).to.equal('Family note');
    expect(f.citations).to.deep.equal([{ sourceXref: '@S1@', inlineTitle: null, page: '7', detail: '', confidence: null, line: 15 }]);
    expect(plan.unmapped).to.deep.equal([{ tag: 'FAM.BARM', count: 1, firstLine: 20, keptLines: 1 }, { tag: 'FAM._SEPR', count: 1, firstLine: 17, keptLines: 1 }]);
  });

  it('keeps the notes of a family of one partner as written (no partnership row takes them)', () => {
    const plan = mapGed(`0 HEAD
0 @F1@ FAM
1 WIFE @W@
1 CHIL @C@
1 NOTE Father unknown
2 CONT per the register
0 @W@ INDI
0 @C@ INDI`);
    const f = family(plan, '@F1@');
    expect(f.notes).to.equal('');
    expect(JSON.parse(f.extra!)).to.deep.equal([['', ['NOTE', 'Father unknown\nper the register', 0, []]]]);
    expect(plan.unmapped).to.deep.equal([{ tag: 'FAM.NOTE', count: 1, firstLine: 5, keptLines: 2 }]);
  });
});

describe('GEDCOM mapping: version and unmapped records', () => {
  it('takes the version from HEAD.GEDC.VERS', () => {
    expect(mapGed('0 HEAD\n1 GEDC\n2 VERS 5.5.1').version).to.equal('5.5.1');
    expect(mapGed('0 HEAD\n1 GEDC\n2 VERS 7.0.14').version).to.equal('7.0');
    expect(mapGed('0 HEAD\n1 GEDC\n2 VERS 5.5').version).to.equal('5.5');
    expect(mapGed('0 HEAD').version).to.equal(null);
    const odd = mapGed('0 HEAD\n1 GEDC\n2 VERS 4.0');
    expect(odd.version).to.equal(null);
    expect(warningAt(odd, 3)).to.have.length(1);
  });

  it('counts unmapped data by path with count, first line and lines kept verbatim; CHAN and TRLR are not counted', () => {
    const plan = mapGed(`0 HEAD
1 SOUR MyProgram
2 VERS 1.0
1 GEDC
2 VERS 5.5.1
1 CHAR UTF-8
1 NOTE Exported for cousin Anne
1 COPR Me
1 SUBM @U1@
0 @U1@ SUBM
1 NAME Researcher
0 @SUBN1@ SUBN
0 @I1@ INDI
1 ASSO @I2@
2 RELA Godfather
2 _X y
1 OBJE @O1@
1 CHAN
2 DATE 1 JAN 2020
1 _UID ABC
1 RIN 12
0 @I2@ INDI
1 OBJE @O1@
1 _FSFTID LZXX
0 @O1@ OBJE
1 FILE photo.jpg
0 @R1@ REPO
0 @L1@ _LOC
0 @U2@ SUBM
0 TRLR`);
    expect(plan.unmapped).to.deep.equal([
      // HEAD's own lines and its submitter are not kept (export writes its HEAD), everything else is, but CHAN.
      { tag: 'HEAD.COPR', count: 1, firstLine: 8, keptLines: 0 },
      { tag: 'HEAD.NOTE', count: 1, firstLine: 7, keptLines: 0 },
      { tag: 'INDI.ASSO._X', count: 1, firstLine: 16, keptLines: 1 },
      { tag: 'INDI.RIN', count: 1, firstLine: 21, keptLines: 1 },
      { tag: 'INDI._FSFTID', count: 1, firstLine: 24, keptLines: 1 },
      { tag: 'SUBM', count: 1, firstLine: 29, keptLines: 1 },
      { tag: 'SUBN', count: 1, firstLine: 12, keptLines: 1 },
      { tag: '_LOC', count: 1, firstLine: 28, keptLines: 1 },
    ]);
    expect(plan.warnings).to.deep.equal([]);
    expect(person(plan, '@I1@').associations).to.deep.equal([{ xref: '@I2@', role: 'Godfather', notes: '', citations: [], line: 14, extra: '[["",["_X","y",0,[]]]]' }]);
    expect(person(plan, '@I1@').identifiers).to.deep.equal([{ kind: 'uid', value: 'ABC', type: null }]);
  });
});
