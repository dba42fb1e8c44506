import { expect } from 'chai';
import { readPlan } from '../../core/gedcom/read-plan.js';
import type { ImportPlan, PlanPerson } from '../../core/gedcom/types.js';

// The mapping keeps what the model can hold: citations under DATE and PLAC, NAME.NOTE, ASSO,
// identifiers, LDS ordinances; the file's own SUBM is bookkeeping. Read through the real reader.

const mapText = async (text: string): Promise<ImportPlan> => {
  async function* bytes(): AsyncGenerator<Uint8Array> {
    yield new TextEncoder().encode(text);
  }
  const read = await readPlan(bytes());
  if (read._tag === 'Left') throw new Error('not read');
  return read.right.plan;
};
const HEAD = '0 HEAD\n1 GEDC\n2 VERS 5.5.1\n1 CHAR UTF-8\n';
const person = (plan: ImportPlan, xref: string): PlanPerson => plan.persons.find((p) => p.xref === xref)!;

describe('GEDCOM mapping: what the model holds beyond names, events and families', () => {
  it('takes citations under an event\'s DATE and PLAC as citations of the event; other DATE/PLAC substructures stay unmapped', async () => {
    const plan = await mapText(`${HEAD}0 @S1@ SOUR\n0 @I1@ INDI\n1 BIRT\n2 DATE 1850\n3 SOUR @S1@\n4 PAGE d\n2 PLAC Leiden\n3 SOUR @S1@\n4 PAGE p\n3 MAP\n2 SOUR @S1@\n0 TRLR\n`);
    expect(person(plan, '@I1@').events[0]!.citations.map((c) => [c.page, c.line])).to.deep.equal([['d', 9], ['p', 12], ['', 15]]);
    expect(plan.unmapped).to.deep.equal([{ tag: 'INDI.BIRT.PLAC.MAP', count: 1, firstLine: 14, keptLines: 1 }]);
  });

  it('takes an EVEN\'s first TYPE as its custom type and keeps a second (Heredis writes two) or an empty TYPE verbatim, as an empty TYPE of another event', async () => {
    const plan = await mapText(`${HEAD}0 @I1@ INDI\n1 EVEN\n2 TYPE Acquisition\n2 TYPE Paris\n2 PLAC Paris\n1 EVEN\n2 TYPE\n1 OCCU Baker\n2 TYPE\n2 TYPE Master\n0 TRLR\n`);
    expect(person(plan, '@I1@').events.map((e) => [e.type, e.customType, e.detail])).to.deep.equal([['custom', 'Acquisition', ''], ['custom', 'Event', ''], ['occupation', null, 'Baker\n\nMaster']]);
    expect(plan.unmapped).to.deep.equal([{ tag: 'INDI.EVEN.TYPE', count: 2, firstLine: 8, keptLines: 2 }, { tag: 'INDI.OCCU.TYPE', count: 1, firstLine: 13, keptLines: 1 }]);
  });

  it('keeps NAME.NOTE (inline and shared) as the name\'s notes; alternates made from the NAME have none', async () => {
    const plan = await mapText(`${HEAD}0 @I1@ INDI\n1 NAME Ann /Smith/\n2 NOTE Spelt Anne\n2 NICK Nan\n2 NOTE @N1@\n0 @N1@ NOTE Shared\n0 TRLR\n`);
    expect(person(plan, '@I1@').names.map((n) => [n.nameType, n.notes])).to.deep.equal([['birth', 'Spelt Anne\n\nShared'], ['nickname', '']]);
    expect(plan.unmapped).to.deep.equal([]);
  });

  it('reads ASSO (also under an INDI event) with 5.5.1 RELA, 7.0 ROLE (a PHRASE wins, OTHER alone is no role), notes and citations; @VOID@, 5.5 TYPE FAM and a FAM\'s ASSO stay unmapped', async () => {
    const plan = await mapText(`${HEAD}0 @S1@ SOUR\n0 @I1@ INDI\n1 ASSO @I2@\n2 RELA Godfather\n2 NOTE At the font\n2 SOUR @S1@\n3 PAGE 4
1 ASSO @I2@\n2 ROLE GODP\n3 PHRASE Godmother\n1 ASSO @I2@\n2 ROLE WITN\n1 ASSO @I2@\n2 ROLE OTHER\n1 ASSO @I2@\n2 TYPE INDI\n2 RELA Friend
1 ASSO @VOID@\n2 ROLE CLERGY\n1 ASSO @F1@\n2 TYPE FAM\n1 BAPM\n2 ASSO @I2@\n3 ROLE GODP\n0 @I2@ INDI\n0 @F2@ FAM\n1 MARR\n2 ASSO @I2@\n3 ROLE WITN\n0 TRLR\n`);
    expect(person(plan, '@I1@').associations.map((a) => [a.xref, a.role, a.notes, a.citations.map((c) => c.page)])).to.deep.equal([
      ['@I2@', 'Godfather', 'At the font', ['4']], ['@I2@', 'Godmother', '', []], ['@I2@', 'WITN', '', []], ['@I2@', '', '', []], ['@I2@', 'Friend', '', []],
      ['@I2@', 'GODP', '', []],
    ]);
    // @F2@ has no partner: it makes no row, so it is kept whole (its MARR with it), each line counted once.
    expect(plan.unmapped).to.deep.equal([
      { tag: 'FAM', count: 1, firstLine: 30, keptLines: 2 }, { tag: 'FAM.MARR.ASSO', count: 1, firstLine: 32, keptLines: 2 }, { tag: 'INDI.ASSO', count: 2, firstLine: 22, keptLines: 4 },
    ]);
  });

  it('reads REFN with TYPE, AFN, _UID, 7.0 UID and an EXID of the AFN type as identifiers, once each; other EXIDs stay unmapped', async () => {
    const plan = await mapText(`${HEAD}0 @I1@ INDI\n1 REFN 42\n2 TYPE Card index\n1 REFN 43\n1 AFN 9X8Y\n1 _UID ABC\n1 UID ABC\n1 UID DEF
1 EXID 77\n2 TYPE https://gedcom.io/terms/v7/AFN\n1 EXID LZ-1\n2 TYPE https://www.familysearch.org/ark:/61903/\n1 REFN\n0 @F1@ FAM\n1 _UID XYZ\n0 TRLR\n`);
    expect(person(plan, '@I1@').identifiers).to.deep.equal([
      { kind: 'refn', value: '42', type: 'Card index' }, { kind: 'refn', value: '43', type: null }, { kind: 'afn', value: '9X8Y', type: null },
      { kind: 'uid', value: 'ABC', type: null }, { kind: 'uid', value: 'DEF', type: null }, { kind: 'afn', value: '77', type: null },
    ]);
    // The FAM makes no row (no partner, child or event): kept whole, its _UID with it, each line counted once.
    expect(plan.unmapped).to.deep.equal([
      { tag: 'FAM', count: 1, firstLine: 18, keptLines: 1 }, { tag: 'FAM._UID', count: 1, firstLine: 19, keptLines: 1 }, { tag: 'INDI.EXID', count: 1, firstLine: 15, keptLines: 2 },
    ]);
    expect(plan.records?.map((r) => r.xref)).to.deep.equal(['@F1@']);
  });

  it('reads LDS ordinances with TEMP and STAT (known values in 7.0 spelling, others as written, STAT.DATE not kept); SLGC.FAMC links the child', async () => {
    const plan = await mapText(`${HEAD}0 @I1@ INDI\n1 BAPL\n2 TEMP SLAKE\n2 STAT completed\n3 DATE 1 JAN 1990\n1 CONL Y\n2 STAT Cleared\n1 ENDL\n2 STAT DNS/CAN
1 INIL\n2 _STAT Qualified\n1 SLGC\n2 FAMC @F1@\n2 STAT PRE-1970\n1 BIRT\n2 TEMP SLAKE\n0 @I2@ INDI\n1 FAMS @F1@\n0 @F1@ FAM\n1 HUSB @I2@
1 SLGS\n2 TEMP LOGAN\n2 STAT DNS_CAN\n0 TRLR\n`);
    expect(person(plan, '@I1@').events.map((e) => [e.type, e.temple, e.ordinanceStatus, e.detail])).to.deep.equal([
      ['lds_baptism', 'SLAKE', 'COMPLETED', ''], ['lds_confirmation', null, 'Cleared', ''], ['lds_endowment', null, 'DNS_CAN', ''],
      ['lds_initiatory', null, 'Qualified', ''], ['lds_child_sealing', null, 'PRE_1970', ''], ['birth', null, null, ''],
    ]);
    const f = plan.families.find((x) => x.xref === '@F1@')!;
    expect(f.children.map((c) => c.xref)).to.deep.equal(['@I1@']);
    expect(f.events.map((e) => [e.type, e.temple, e.ordinanceStatus])).to.deep.equal([['lds_spouse_sealing', 'LOGAN', 'DNS_CAN']]);
    expect(plan.unmapped).to.deep.equal([{ tag: 'INDI.BIRT.TEMP', count: 1, firstLine: 20, keptLines: 1 }]);
  });

  it('keeps a SUBM record whole unless HEAD.SUBM points to it (export writes its own submitter)', async () => {
    const plan = await mapText('0 HEAD\n1 GEDC\n2 VERS 7.0\n1 SUBM @U1@\n0 @U1@ SUBM\n1 NAME Me\n0 @U2@ SUBM\n1 NAME Other\n0 TRLR\n');
    expect(plan.unmapped).to.deep.equal([{ tag: 'SUBM', count: 1, firstLine: 7, keptLines: 2 }]);
    expect(plan.records?.map((r) => [r.xref, r.node[0], r.node[3].map((c) => c[1])])).to.deep.equal([['@U2@', 'SUBM', ['Other']]]);
  });
});
