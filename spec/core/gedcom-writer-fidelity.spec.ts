import { expect } from 'chai';
import { writeFamily, writeHeader, writeIndividual, type IndividualBundle, type WriterOptions, type Xrefs } from '../../core/gedcom/writer.js';
import type { EventType, Name, Person, Relationship, LifeEvent } from '../../core/people/model.js';
import type { Citation } from '../../core/sources/model.js';

/** A stored event with its place's name: the writer takes it as an ExportEvent (it reads a subset of its fields). */
type ExportEvent = LifeEvent & { readonly place: string | null };

// The writer gives back what import keeps beyond names, events and families: NAME.NOTE, identifiers,
// associations (ASSO) and LDS ordinances with TEMP and STAT, in 5.5.1 and 7.0.

const NOW = new Date('2026-03-04T05:06:07Z');
const base = { treeId: 'tree', createdAt: NOW, updatedAt: NOW, deletedAt: null, deletionId: null };
const options = (version: '5.5.1' | '7.0'): WriterOptions => ({ version, treeName: 'T', exportedAt: NOW, product: { name: 'G', version: '1' } });
const V551 = options('5.5.1');
const V70 = options('7.0');
const x: Xrefs = { person: (id) => `@I${id.slice(1)}@`, family: (key) => `@F${key}@`, source: (id) => `@S${id.slice(1)}@` };

const person = (over: Partial<Person> = {}): Person =>
  ({ ...base, id: 'p1', sex: null, isLiving: null, privacy: 'default', notes: '', identifiers: [], birthYear: null, hasDeathFact: false, mergedInto: null, ...over });
const name = (over: Partial<Name> = {}): Name =>
  ({ ...base, id: 'n1', personId: 'p1', nameType: 'birth', givenName: 'Ann', surname: 'Smith', prefix: '', suffix: '', surnamePrefix: '', isPrimary: true, notes: '', ...over });
const event = (id: string, type: EventType, over: Partial<ExportEvent> = {}): ExportEvent => ({
  ...base, id, type, customType: null, personId: 'p1', partnershipId: null, date: null, placeId: null, place: null, notes: '', detail: '', cause: '',
  temple: null, ordinanceStatus: null, ...over,
});
const assoc = (id: string, role: string | null, notes = ''): Relationship =>
  ({ ...base, id, type: 'association', personAId: 'p1', personBId: 'p2', qualifier: null, role, notes });
const cite = (id: string, kind: Citation['target']['kind'], target: string, page: string): Citation =>
  ({ ...base, id, sourceId: 's1', target: { kind, id: target }, page, detail: '', entryDate: '', notes: '', confidence: null });
const bundle = (over: Partial<IndividualBundle> = {}): IndividualBundle =>
  ({ person: person(), names: [name()], events: [], citations: [], famc: [], fams: [], ...over });
const lines = (s: string): string[] => s.split('\n').filter((l) => l !== '');
/** The lines after `0 ... INDI` and `1 NAME ...` with its GIVN and SURN. */
const body = (o: WriterOptions, b: IndividualBundle): string[] => lines(writeIndividual(o, x, b)).slice(4);

describe('GEDCOM writer: what import keeps beyond names, events and families', () => {
  it('writes a name\'s notes as NAME.NOTE', () => {
    expect(body(V551, bundle({ names: [name({ notes: 'Spelt Anne\nin the register' })] }))).to.deep.equal(['2 NOTE Spelt Anne', '3 CONT in the register']);
  });

  it('writes identifiers: REFN with TYPE; AFN (7.0: EXID of the AFN type); a uid as 5.5.1 _UID and 7.0 UID', () => {
    const ids = bundle({ person: person({ identifiers: [
      { kind: 'refn', value: '42', type: 'Card index' }, { kind: 'refn', value: '43', type: null }, { kind: 'afn', value: '9X8Y', type: null }, { kind: 'uid', value: 'ABC', type: null },
    ] }) });
    expect(body(V551, ids)).to.deep.equal(['1 REFN 42', '2 TYPE Card index', '1 REFN 43', '1 AFN 9X8Y', '1 _UID ABC']);
    expect(body(V70, ids)).to.deep.equal(['1 REFN 42', '2 TYPE Card index', '1 REFN 43', '1 EXID 9X8Y', '2 TYPE https://gedcom.io/terms/v7/AFN', '1 UID ABC']);
  });

  it('writes associations as ASSO with RELA (5.5.1) or ROLE (7.0: enumeration, else OTHER with PHRASE), notes and their citations', () => {
    const b = bundle({
      associations: [assoc('r1', 'Godfather', 'At the font'), assoc('r2', 'WITN'), assoc('r3', null)],
      citations: [cite('c1', 'relationship', 'r1', '4'), cite('c2', 'person', 'p1', '9')],
    });
    expect(body(V551, b)).to.deep.equal([
      '1 ASSO @I2@', '2 RELA Godfather', '2 NOTE At the font', '2 SOUR @S1@', '3 PAGE 4', '1 ASSO @I2@', '2 RELA WITN', '1 ASSO @I2@', '1 SOUR @S1@', '2 PAGE 9',
    ]);
    expect(body(V70, b)).to.deep.equal([
      '1 ASSO @I2@', '2 ROLE OTHER', '3 PHRASE Godfather', '2 NOTE At the font', '2 SOUR @S1@', '3 PAGE 4', '1 ASSO @I2@', '2 ROLE WITN',
      '1 ASSO @I2@', '2 ROLE OTHER', '1 SOUR @S1@', '2 PAGE 9',
    ]);
  });

  it('writes LDS ordinances with TEMP and STAT (dated the export, 5.5.1 or 7.0 spelling, 7.0 _STAT outside the enumeration), no TYPE', () => {
    const b = bundle({
      events: [
        event('e1', 'lds_baptism', { temple: 'SLAKE', ordinanceStatus: 'COMPLETED', date: { qualifier: 'exact', year: 1900 } }),
        event('e2', 'lds_endowment', { ordinanceStatus: 'DNS_CAN', detail: 'By proxy' }),
        event('e3', 'lds_confirmation', { ordinanceStatus: 'Cleared' }),
      ],
    });
    expect(body(V551, b)).to.deep.equal([
      '1 BAPL', '2 DATE 1900', '2 TEMP SLAKE', '2 STAT COMPLETED', '3 DATE 4 MAR 2026',
      '1 ENDL', '2 STAT DNS/CAN', '3 DATE 4 MAR 2026', '2 NOTE By proxy', '1 CONL', '2 STAT Cleared', '3 DATE 4 MAR 2026',
    ]);
    expect(body(V70, b)).to.deep.equal([
      '1 BAPL', '2 DATE 1900', '2 TEMP SLAKE', '2 STAT COMPLETED', '3 DATE 4 MAR 2026',
      '1 ENDL', '2 STAT DNS_CAN', '3 DATE 4 MAR 2026', '2 NOTE By proxy', '1 CONL', '2 _STAT Cleared',
    ]);
    expect(writeHeader(V70)).to.include('2 TAG _STAT ');
  });

  it('writes SLGC with FAMC: the birth family first, else the first; 7.0 @VOID@ without one; and SLGS on FAM', () => {
    const sealing = [event('e1', 'lds_child_sealing', { temple: 'LOGAN' })];
    const famc = [{ familyKey: '1', qualifier: 'adoptive' as const }, { familyKey: '2', qualifier: 'biological' as const }];
    expect(body(V551, bundle({ events: sealing, famc }))).to.deep.equal(['1 SLGC', '2 FAMC @F2@', '2 TEMP LOGAN', '1 FAMC @F1@', '2 PEDI adopted', '1 FAMC @F2@', '2 PEDI birth']);
    expect(body(V551, bundle({ events: sealing }))).to.deep.equal(['1 SLGC', '2 TEMP LOGAN']);
    expect(body(V70, bundle({ events: sealing }))).to.deep.equal(['1 SLGC', '2 FAMC @VOID@', '2 TEMP LOGAN']);
    const fam = writeFamily(V70, x, {
      family: { key: '3', partnership: null, partners: ['p1', 'p2'], roles: ['HUSB', 'WIFE'], children: [] },
      events: [event('e2', 'lds_spouse_sealing', { personId: null, partnershipId: 'r1', temple: 'SLAKE', ordinanceStatus: 'SUBMITTED' })], citations: [], notes: '',
    });
    expect(lines(fam).slice(3)).to.deep.equal(['1 SLGS', '2 TEMP SLAKE', '2 STAT SUBMITTED', '3 DATE 4 MAR 2026']);
  });
});
