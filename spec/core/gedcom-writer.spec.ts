import { expect } from 'chai';
import { NO_SOURCE_EXTRAS } from '../../core/sources/source-fields.js';
import { parseGedcomDate } from '../../core/kernel/gedcom-date.js';
import { readPlan } from '../../core/gedcom/read-plan.js';
import { readGedcom } from '../../core/gedcom/reader.js';
import { CUSTOM_EVENT_TAGS, CUSTOM_FAMILY_TAGS, EVENT_TAGS, NAME_TYPES_IN, PEDI_IN, type GedcomDiagnostic, type GedcomNode } from '../../core/gedcom/types.js';
import {
  writeFamily, writeHeader, writeIndividual, writeSource, writeTrailer,
  type FamilyBundle, type IndividualBundle, type WriterOptions, type Xrefs,
} from '../../core/gedcom/writer.js';
import { eventTypes, nameTypes, parentChildQualifiers, type EventType, type Name, type NameType, type Person, type LifeEvent } from '../../core/people/model.js';
import type { Citation, Source } from '../../core/sources/model.js';

/** A stored event with its place's name: the writer takes it as an ExportEvent (it reads a subset of its fields). */
type ExportEvent = LifeEvent & { readonly place: string | null };

// The GEDCOM writer (SPEC "GEDCOM": export keeps the name TYPE and derives families from the edges).
// Exact text for a small person, family and source in 5.5.1 and 7.0, then each mapping table, then a
// whole file read back by the streaming reader.

const NOW = new Date('2026-03-04T05:06:07Z');
const base = { treeId: 'tree', createdAt: NOW, updatedAt: NOW, deletedAt: null, deletionId: null };
const options = (version: '5.5.1' | '7.0'): WriterOptions => ({
  version, treeName: 'Smith family', exportedAt: NOW, product: { name: 'Genealogy Service', version: '0.1.0' },
});
const V551 = options('5.5.1');
const V70 = options('7.0');
const x: Xrefs = { person: (id) => `@I${id.slice(1)}@`, family: (key) => `@F${key}@`, source: (id) => `@S${id.slice(1)}@` };

const person = (id: string, over: Partial<Person> = {}): Person => ({ ...base, id, sex: null, isLiving: null, privacy: 'default', notes: '', identifiers: [], birthYear: null, hasDeathFact: false, mergedInto: null, ...over });
const name = (id: string, nameType: NameType, givenName: string, surname: string, isPrimary = false): Name =>
  ({ ...base, id, personId: 'p1', nameType, givenName, surname, prefix: '', suffix: '', surnamePrefix: '', isPrimary, notes: '' });
const event = (id: string, type: EventType, over: Partial<ExportEvent> = {}): ExportEvent => ({
  ...base, id, type, customType: null, personId: 'p1', partnershipId: null, date: null, placeId: null, place: null, notes: '', detail: '', cause: '', temple: null, ordinanceStatus: null, ...over,
});
const cite = (id: string, kind: Citation['target']['kind'], target: string, over: Partial<Citation> = {}): Citation =>
  ({ ...base, id, sourceId: 's1', target: { kind, id: target }, page: '', detail: '', entryDate: '', notes: '', confidence: null, ...over });
const bundle = (over: Partial<IndividualBundle> = {}): IndividualBundle => ({
  person: person('p1'), names: [name('n1', 'birth', 'John', 'Smith', true)], events: [], citations: [], famc: [], fams: [], ...over,
});

const john = bundle({
  person: person('p1', { sex: 'male', privacy: 'private', notes: 'Farmer\nof Kent' }),
  names: [name('n1', 'birth', 'John', 'Smith', true), name('n2', 'alias', 'Jack', '')],
  events: [
    event('e1', 'birth', { date: { qualifier: 'about', year: 1900, month: 3 }, place: 'Dover, Kent', notes: 'At home' }),
    event('e2', 'occupation', { detail: 'Farmer' }),
    event('e3', 'death', { date: { qualifier: 'text', text: 'in the war' } }),
  ],
  citations: [
    cite('c1', 'name', 'n1', { page: 'p. 4', detail: 'John Smith, son of Tom', confidence: 3 }),
    cite('c2', 'event', 'e1', { page: 'f. 12' }),
    cite('c3', 'person', 'p1', { confidence: 1 }),
    cite('c4', 'relationship', 'r9'),
  ],
  famc: [{ familyKey: '1', qualifier: 'adoptive' }],
  fams: ['2'],
});

const family: FamilyBundle = {
  family: {
    key: '2', partnership: null, partners: ['p1', 'p2'], roles: ['HUSB', 'WIFE'],
    children: [{ id: 'p3', qualifier: 'biological', edgeIds: ['r1', 'r2'] }],
  },
  events: [
    event('e4', 'marriage', { personId: null, partnershipId: 'r0', date: { qualifier: 'exact', year: 1925, month: 6, day: 12 }, place: 'Canterbury' }),
    event('e5', 'custom', { personId: null, partnershipId: 'r0', customType: 'Marriage licence' }),
  ],
  citations: [cite('c5', 'relationship', 'r0', { page: 'No. 7' }), cite('c6', 'event', 'e4')],
  notes: 'Met at @church',
};

const source: Source = { ...base, id: 's1', title: 'Parish register of St Mary', author: 'Rev. Brown', publication: '', notes: 'Film 123\nItem 4', ...NO_SOURCE_EXTRAS };

describe('GEDCOM writer', () => {
  describe('exact records', () => {
    it('5.5.1: header with SUBM, a person, a family, a source and the trailer', () => {
      expect(writeHeader(V551)).to.equal([
        '0 HEAD', '1 SOUR Genealogy_Service', '2 VERS 0.1.0', '2 NAME Genealogy Service', '2 DATA Smith family', '1 DATE 4 MAR 2026', '2 TIME 05:06:07',
        '1 SUBM @U1@', '1 GEDC', '2 VERS 5.5.1', '2 FORM LINEAGE-LINKED', '1 CHAR UTF-8',
        '0 @U1@ SUBM', '1 NAME Genealogy Service', '',
      ].join('\n'));
      expect(writeIndividual(V551, x, john)).to.equal([
        '0 @I1@ INDI', '1 RESN confidential',
        '1 NAME John /Smith/', '2 GIVN John', '2 SURN Smith',
        '2 SOUR @S1@', '3 PAGE p. 4', '3 DATA', '4 TEXT John Smith, son of Tom', '3 QUAY 3',
        '1 NAME Jack //', '2 TYPE aka', '2 GIVN Jack',
        '1 SEX M',
        '1 BIRT', '2 DATE ABT MAR 1900', '2 PLAC Dover, Kent', '2 NOTE At home', '2 SOUR @S1@', '3 PAGE f. 12',
        '1 OCCU Farmer',
        '1 DEAT', '2 DATE (in the war)',
        '1 FAMC @F1@', '2 PEDI adopted', '1 FAMS @F2@',
        '1 NOTE Farmer', '2 CONT of Kent',
        '1 SOUR @S1@', '2 QUAY 1', '1 SOUR @S1@', '',
      ].join('\n'));
      expect(writeFamily(V551, x, family)).to.equal([
        '0 @F2@ FAM', '1 HUSB @I1@', '1 WIFE @I2@', '1 CHIL @I3@', '2 _FREL Natural', '2 _MREL Natural',
        '1 MARR', '2 DATE 12 JUN 1925', '2 PLAC Canterbury', '2 SOUR @S1@',
        '1 MARL',
        '1 NOTE Met at @@church', '1 SOUR @S1@', '2 PAGE No. 7', '',
      ].join('\n'));
      expect(writeSource(V551, x, source)).to.equal([
        '0 @S1@ SOUR', '1 TITL Parish register of St Mary', '1 AUTH Rev. Brown', '1 NOTE Film 123', '2 CONT Item 4', '',
      ].join('\n'));
      expect(writeTrailer()).to.equal('0 TRLR\n');
    });

    it('7.0: header with GEDC first, SCHMA and no CHAR or SUBM; enumerations in upper case with PHRASE', () => {
      expect(writeHeader(V70)).to.equal([
        '0 HEAD', '1 GEDC', '2 VERS 7.0', '1 SCHMA', '2 TAG _MILT urn:x-genealogy-service:gedcom:_MILT', '2 TAG _STAT urn:x-genealogy-service:gedcom:_STAT',
        '1 SOUR Genealogy_Service', '2 VERS 0.1.0', '2 NAME Genealogy Service', '2 DATA Smith family', '1 DATE 4 MAR 2026', '2 TIME 05:06:07Z', '',
      ].join('\n'));
      expect(writeIndividual(V70, x, john)).to.equal([
        '0 @I1@ INDI', '1 RESN CONFIDENTIAL',
        '1 NAME John /Smith/', '2 GIVN John', '2 SURN Smith',
        '2 SOUR @S1@', '3 PAGE p. 4', '3 DATA', '4 TEXT John Smith, son of Tom', '3 QUAY 3',
        '1 NAME Jack //', '2 TYPE AKA', '2 GIVN Jack',
        '1 SEX M',
        '1 BIRT', '2 DATE ABT MAR 1900', '2 PLAC Dover, Kent', '2 NOTE At home', '2 SOUR @S1@', '3 PAGE f. 12',
        '1 OCCU Farmer',
        '1 DEAT', '2 DATE', '3 PHRASE in the war',
        '1 FAMC @F1@', '2 PEDI ADOPTED', '1 FAMS @F2@',
        '1 NOTE Farmer', '2 CONT of Kent',
        '1 SOUR @S1@', '2 QUAY 1', '1 SOUR @S1@', '',
      ].join('\n'));
      expect(writeFamily(V70, x, family)).to.equal([
        '0 @F2@ FAM', '1 HUSB @I1@', '1 WIFE @I2@', '1 CHIL @I3@',
        '1 MARR', '2 DATE 12 JUN 1925', '2 PLAC Canterbury', '2 SOUR @S1@',
        '1 MARL Y',
        '1 NOTE Met at @church', '1 SOUR @S1@', '2 PAGE No. 7', '',
      ].join('\n'));
      expect(writeSource(V70, x, source)).to.equal(writeSource(V551, x, source));
    });
  });

  describe('persons', () => {
    it('SEX is M or F, and left out when unknown (SEX U reads back as a warning per person)', () => {
      const sexOf = (o: WriterOptions, sex: Person['sex']): string | undefined =>
        writeIndividual(o, x, bundle({ person: person('p1', { sex }) })).split('\n').find((l) => l.startsWith('1 SEX'));
      for (const o of [V551, V70]) {
        expect([sexOf(o, 'male'), sexOf(o, 'female'), sexOf(o, null)]).to.deep.equal(['1 SEX M', '1 SEX F', undefined]);
      }
    });

    it('a kept RESN (locked) is written for a person who is not private, left out beside the RESN of one made private since', () => {
      const locked = '[["",["RESN","locked",0,[]]]]';
      const resn = (privacy: Person['privacy']) => writeIndividual(V551, x, bundle({ person: person('p1', { privacy, gedcomExtra: locked }) })).split('\n').filter((l) => l.startsWith('1 RESN'));
      expect(resn('default')).to.deep.equal(['1 RESN locked']);
      expect(resn('private')).to.deep.equal(['1 RESN confidential']);
    });

    it('RESN only for a private person', () => {
      for (const privacy of ['default', 'public'] as const) {
        expect(writeIndividual(V551, x, bundle({ person: person('p1', { privacy }) }))).to.not.include('RESN');
      }
    });

    it('writes every name as its own NAME record, in the given order, with empty parts left out', () => {
      const out = writeIndividual(V551, x, bundle({
        names: [name('n1', 'married', 'Ann', 'Lee', true), name('n2', 'birth', '', 'Brown'), name('n3', 'birth', '', '')],
      }));
      expect(out.split('\n').filter((l) => / (NAME|TYPE|GIVN|SURN) /.test(l) || l === '1 NAME //')).to.deep.equal([
        '1 NAME Ann /Lee/', '2 TYPE married', '2 GIVN Ann', '2 SURN Lee',
        '1 NAME /Brown/', '2 SURN Brown',
        '1 NAME //',
      ]);
    });

    it('keeps a slash inside a name part out of the NAME value (GIVN and SURN carry it), so import reads the same parts back', async () => {
      const names = [name('n1', 'birth', 'Gerald R Ford/', 'Jr', true), name('n2', 'alias', 'A/B', 'Smith/Jones'), name('n3', 'nickname', '/', '')];
      for (const o of [V551, V70]) {
        const out = writeIndividual(o, x, bundle({ names }));
        expect(out.split('\n').filter((l) => l.startsWith('1 NAME'))).to.deep.equal(['1 NAME Gerald R Ford /Jr/', '1 NAME A B /Smith Jones/']);
        // A nickname that is a given name alone is NICK of the primary NAME (issue 28: NAME.NICK comes back).
        expect(out.split('\n')).to.include('2 NICK /');
        async function* bytes(): AsyncGenerator<Uint8Array> {
          yield new TextEncoder().encode(writeHeader(o) + out + writeTrailer());
        }
        const read = await readPlan(bytes());
        if (read._tag === 'Left') throw new Error('not read');
        const parts = (ns: readonly { nameType: string; givenName: string | null; surname: string }[]) => ns.map((n) => [n.nameType, n.givenName, n.surname].join('|')).sort();
        expect(parts(read.right.plan.persons[0]!.names)).to.deep.equal(parts(names));
      }
    });

    it('writes the primary name first, as import makes the first NAME primary', () => {
      const out = writeIndividual(V70, x, bundle({
        names: [name('n1', 'birth', 'A', 'One'), name('n2', 'married', 'B', 'Two'), name('n3', 'birth', 'C', 'Three', true), name('n4', 'alias', 'D', 'Four')],
        citations: [cite('c1', 'name', 'n3', { page: 'three' }), cite('c2', 'name', 'n1', { page: 'one' })],
      }));
      expect(out.split('\n').filter((l) => /^1 NAME|PAGE/.test(l))).to.deep.equal([
        '1 NAME C /Three/', '3 PAGE three', '1 NAME A /One/', '3 PAGE one', '1 NAME B /Two/', '1 NAME D /Four/',
      ]);
    });

    const typeLines = (o: WriterOptions, t: NameType): string[] => writeIndividual(o, x, bundle({ names: [name('n1', t, 'A', 'B', true)] }))
      .split('\n').filter((l) => l.startsWith('2 TYPE') || l.startsWith('3 PHRASE'));

    it('NAME TYPE for each name type in 5.5.1, and the import table reads each back', () => {
      const expected: Record<NameType, string[]> = {
        birth: [], maiden: ['2 TYPE maiden'], married: ['2 TYPE married'], alias: ['2 TYPE aka'], nickname: ['2 TYPE nickname'],
        religious: ['2 TYPE religious'], professional: ['2 TYPE professional'], other: ['2 TYPE other'],
      };
      for (const t of nameTypes) {
        expect(typeLines(V551, t), t).to.deep.equal(expected[t]);
        if (t !== 'birth') expect(NAME_TYPES_IN[expected[t][0]!.slice('2 TYPE '.length).toLowerCase()]).to.equal(t);
      }
    });

    it('NAME TYPE for each name type in 7.0, OTHER with PHRASE for the rest, and the import table reads each back', () => {
      const expected: Record<NameType, string[]> = {
        birth: [], maiden: ['2 TYPE MAIDEN'], married: ['2 TYPE MARRIED'], alias: ['2 TYPE AKA'], professional: ['2 TYPE PROFESSIONAL'],
        nickname: ['2 TYPE OTHER', '3 PHRASE nickname'], religious: ['2 TYPE OTHER', '3 PHRASE religious'], other: ['2 TYPE OTHER', '3 PHRASE other'],
      };
      for (const t of nameTypes) {
        expect(typeLines(V70, t), t).to.deep.equal(expected[t]);
        if (t !== 'birth') expect(NAME_TYPES_IN[expected[t].at(-1)!.replace(/^\d \w+ /, '').toLowerCase()]).to.equal(t);
      }
    });

    it('PEDI for each qualifier in both versions, and the import table reads each back', () => {
      const pedi = (o: WriterOptions, q: (typeof parentChildQualifiers)[number]): string[] =>
        writeIndividual(o, x, bundle({ famc: [{ familyKey: '1', qualifier: q }] })).split('\n').filter((l) => /^(2 PEDI|3 PHRASE)/.test(l));
      const v551 = { biological: 'birth', adoptive: 'adopted', foster: 'foster', step: 'step', donor: 'donor', guardian: 'guardian' };
      const v70 = { biological: ['BIRTH'], adoptive: ['ADOPTED'], foster: ['FOSTER'], step: ['OTHER', 'step'], donor: ['OTHER', 'donor'], guardian: ['OTHER', 'guardian'] };
      for (const q of parentChildQualifiers) {
        expect(pedi(V551, q), q).to.deep.equal([`2 PEDI ${v551[q]}`]);
        expect(PEDI_IN[v551[q]]).to.equal(q);
        const [value, phrase] = v70[q];
        expect(pedi(V70, q), q).to.deep.equal(phrase === undefined ? [`2 PEDI ${value}`] : [`2 PEDI ${value}`, `3 PHRASE ${phrase}`]);
        expect(PEDI_IN[(phrase ?? value!).toLowerCase()]).to.equal(q);
      }
    });

    it('puts citations under their name or event, and person, parent-child and unplaced ones under INDI', () => {
      const out = writeIndividual(V551, x, bundle({
        events: [event('e1', 'burial')],
        citations: [cite('c1', 'relationship', 'r1', { page: 'rel' }), cite('c2', 'event', 'e1', { page: 'ev' }),
          cite('c3', 'name', 'n1', { page: 'nm' }), cite('c4', 'event', 'gone', { page: 'lost' }), cite('c5', 'person', 'p1', { page: 'own' })],
      }));
      expect(out.split('\n').filter((l) => /SOUR|PAGE|NAME|BURI/.test(l))).to.deep.equal([
        '1 NAME John /Smith/', '2 SOUR @S1@', '3 PAGE nm',
        '1 BURI', '2 SOUR @S1@', '3 PAGE ev',
        '1 SOUR @S1@', '2 PAGE rel', '1 SOUR @S1@', '2 PAGE lost', '1 SOUR @S1@', '2 PAGE own',
      ]);
    });

    it('writes QUAY only for 0..3', () => {
      for (const [confidence, expected] of [[0, true], [3, true], [4, false], [null, false]] as const) {
        expect(writeIndividual(V70, x, bundle({ citations: [cite('c1', 'person', 'p1', { confidence })] })).includes('QUAY'), String(confidence)).to.equal(expected);
      }
    });
  });

  describe('events', () => {
    const eventLines = (o: WriterOptions, e: ExportEvent): string[] => writeIndividual(o, x, bundle({ events: [e] }))
      .split('\n').filter((l) => /^[123] /.test(l) && !/^(1 NAME|2 GIVN|2 SURN|1 SEX)/.test(l)).filter((l) => l !== '');

    it('writes the first EVENT_TAGS tag of every built-in type, _MILT for military', () => {
      for (const type of eventTypes.filter((t): t is Exclude<EventType, 'custom'> => t !== 'custom')) {
        expect(eventLines(V551, event('e1', type, { notes: 'n' }))[0]!.split(' ')[1], type).to.equal(EVENT_TAGS[type][0]);
      }
      expect(EVENT_TAGS.military[0]).to.equal('_MILT');
      expect(writeHeader(V70)).to.include('2 TAG _MILT ');
    });

    it('detail is the value of OCCU, EDUC and RELI, and TYPE of other events', () => {
      for (const [type, tag] of [['occupation', 'OCCU'], ['education', 'EDUC'], ['religion', 'RELI']] as const) {
        expect(eventLines(V551, event('e1', type, { detail: 'x y' }))).to.deep.equal([`1 ${tag} x y`]);
      }
      expect(eventLines(V551, event('e1', 'residence', { detail: 'With parents' }))).to.deep.equal(['1 RESI', '2 TYPE With parents']);
      expect(eventLines(V70, event('e1', 'military', { detail: 'Navy' }))).to.deep.equal(['1 _MILT', '2 TYPE Navy']);
    });

    it('marks a bare event with Y where the version allows it', () => {
      expect(eventLines(V551, event('e1', 'death'))).to.deep.equal(['1 DEAT Y']);
      expect(eventLines(V551, event('e1', 'burial'))).to.deep.equal(['1 BURI']);
      expect(eventLines(V70, event('e1', 'burial'))).to.deep.equal(['1 BURI Y']);
      expect(eventLines(V70, event('e1', 'burial', { notes: 'n' }))).to.deep.equal(['1 BURI', '2 NOTE n']);
    });

    it('custom events: each CUSTOM_EVENT_TAGS meaning goes back to its tag, on INDI or on FAM as the tag belongs', () => {
      const meanings = Object.values(CUSTOM_EVENT_TAGS);
      expect(new Set(meanings).size, 'meanings are unique, so the reverse lookup is well defined').to.equal(meanings.length);
      for (const [tag, meaning] of Object.entries(CUSTOM_EVENT_TAGS)) {
        const e = event('e1', 'custom', { customType: meaning, notes: 'n' });
        const onIndi = eventLines(V551, e)[0];
        const onFam = writeFamily(V551, x, { ...family, events: [e], citations: [] }).split('\n').find((l) => / [A-Z]{3,4}$/.test(l) && l.startsWith('1 ') && !/HUSB|WIFE|CHIL/.test(l));
        if (CUSTOM_FAMILY_TAGS.includes(tag)) {
          expect(onFam, tag).to.equal(`1 ${tag}`);
          expect(onIndi, tag).to.equal('1 EVEN');
        } else {
          expect(onIndi, tag).to.equal(`1 ${tag}`);
          // NCHI is a FAM's structure too (5.5.1 FAM_RECORD, 7.0 FAMILY_ATTRIBUTE_STRUCTURE).
          expect(onFam, tag).to.equal(tag === 'NCHI' ? '1 NCHI' : '1 EVEN');
        }
      }
    });

    it('any other custom event is EVEN with TYPE customType and the detail as its value, on INDI and on FAM', () => {
      const e = event('e1', 'custom', { customType: 'Knighted', detail: 'KBE', date: { qualifier: 'exact', year: 1950 } });
      expect(eventLines(V70, e)).to.deep.equal(['1 EVEN KBE', '2 TYPE Knighted', '2 DATE 1950']);
      expect(writeFamily(V551, x, { ...family, events: [{ ...e, customType: 'adoption' }], citations: [], notes: '' }).split('\n').slice(6))
        .to.deep.equal(['1 EVEN KBE', '2 TYPE adoption', '2 DATE 1950', '']);
    });

    it('dates: 5.5.1 keeps calendar escapes and doubles @ in the phrase; 7.0 puts the phrase in PHRASE', () => {
      const e = event('e1', 'birth', { date: { qualifier: 'exact', calendar: 'julian', year: 1750, text: 'by @ the old style' } });
      expect(eventLines(V551, e)).to.deep.equal(['1 BIRT', '2 DATE INT @#DJULIAN@ 1750 (by @@ the old style)']);
      expect(eventLines(V70, e)).to.deep.equal(['1 BIRT', '2 DATE JULIAN 1750', '3 PHRASE by @ the old style']);
      expect(eventLines(V551, event('e1', 'birth', { date: { qualifier: 'text', text: '' } }))).to.deep.equal(['1 BIRT Y']);
    });

    it('dates: a dual year, which 7.0 lacks, is the later year in DATE and the date as written in PHRASE (the GEDCOM 7 way)', () => {
      const dual = event('e1', 'birth', { date: { qualifier: 'exact', dualYear: true, year: 1750, month: 2, day: 11 } });
      expect(eventLines(V551, dual)).to.deep.equal(['1 BIRT', '2 DATE 11 FEB 1750/51']);
      expect(eventLines(V70, dual)).to.deep.equal(['1 BIRT', '2 DATE 11 FEB 1751', '3 PHRASE 11 FEB 1750/51']);
      const range = event('e1', 'birth', { date: { qualifier: 'between', dualYear: true, year: 1699, endYear: 1702, text: 'per the register' } });
      expect(eventLines(V70, range)).to.deep.equal(['1 BIRT', '2 DATE BET 1700 AND 1702', '3 PHRASE INT BET 1699/00 AND 1702 (per the register)']);
    });
  });

  describe('a whole file read back by the streaming reader', () => {
    const oldStyle = event('e9', 'christening', { date: { qualifier: 'exact', calendar: 'julian', year: 1750, month: 3, day: 1, text: 'by @ the old style' } });
    const file = (o: WriterOptions): string => writeHeader(o) + writeIndividual(o, x, john)
      + writeIndividual(o, x, bundle({ person: person('p2', { sex: 'female', notes: `@start\n${'long '.repeat(120)}end` }), fams: ['2'], events: [oldStyle],
        names: [name('n3', 'birth', 'Mary', 'Jones', true), name('n4', 'nickname', 'M@ry', '')] }))
      + writeIndividual(o, x, bundle({ person: person('p3'), famc: [{ familyKey: '2', qualifier: 'step' }] }))
      + writeFamily(o, x, family) + writeIndividual(o, x, bundle({ person: person('p4'), fams: ['1'] }))
      + writeFamily(o, x, { family: { key: '1', partnership: null, partners: ['p4'], roles: ['WIFE'], children: [{ id: 'p1', qualifier: 'adoptive', edgeIds: ['r5'] }] }, events: [], citations: [], notes: '' })
      + writeSource(o, x, source) + writeTrailer();

    const read = async (text: string): Promise<{ records: GedcomNode[]; diagnostics: GedcomDiagnostic[] }> => {
      const bytes = new TextEncoder().encode(text);
      async function* chunks(): AsyncGenerator<Uint8Array> {
        for (let i = 0; i < bytes.length; i += 97) yield bytes.subarray(i, i + 97);
      }
      const diagnostics: GedcomDiagnostic[] = [];
      const records: GedcomNode[] = [];
      for await (const r of readGedcom(chunks(), { onDiagnostic: (d) => diagnostics.push(d) })) records.push(r);
      return { records, diagnostics };
    };
    const child = (n: GedcomNode | undefined, tag: string): GedcomNode | undefined => n?.children.find((c) => c.tag === tag);

    for (const o of [V551, V70]) {
      it(`${o.version}: no diagnostics, and the values come back whole`, async () => {
        const { records, diagnostics } = await read(file(o));
        expect(diagnostics).to.deep.equal([]);
        expect(records.map((r) => r.xref ?? r.tag)).to.deep.equal(['HEAD', ...(o.version === '5.5.1' ? ['@U1@'] : []), '@I1@', '@I2@', '@I3@', '@F2@', '@I4@', '@F1@', '@S1@', 'TRLR']);
        const mary = records.find((r) => r.xref === '@I2@');
        expect(child(mary, 'NOTE')?.value).to.equal(`@start\n${'long '.repeat(120)}end`);
        expect(mary?.children.filter((c) => c.tag === 'NAME').map((c) => c.value)).to.deep.equal(['Mary /Jones/']);
        expect(child(child(mary, 'NAME'), 'NICK')?.value).to.equal('M@ry');
        const fam = records.find((r) => r.xref === '@F2@');
        expect(fam?.children.map((c) => `${c.tag} ${c.value ?? ''}`.trim())).to.deep.equal(['HUSB @I1@', 'WIFE @I2@', 'CHIL @I3@', 'MARR', o.version === '7.0' ? 'MARL Y' : 'MARL', 'NOTE Met at @church', 'SOUR @S1@']);
        expect(child(fam, 'HUSB')?.pointer).to.equal(true);
        const date = child(child(mary, 'CHR'), 'DATE');
        if (o.version === '7.0') expect({ ...parseGedcomDate(date!.value!), text: child(date, 'PHRASE')?.value }).to.deep.equal(oldStyle.date);
        else expect(parseGedcomDate(date!.value!)).to.deep.equal(oldStyle.date);
        const death = records.find((r) => r.xref === '@I1@')?.children.find((c) => c.tag === 'DEAT');
        expect(o.version === '7.0' ? child(child(death, 'DATE'), 'PHRASE')?.value : child(death, 'DATE')?.value).to.equal(o.version === '7.0' ? 'in the war' : '(in the war)');
      });
    }
  });
});
