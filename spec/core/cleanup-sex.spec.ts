import { expect } from 'chai';
import iconv from 'iconv-lite';
import { previewSexFromSpouse } from '../../core/cleanup/queries/preview-sex-from-spouse.js';
import { previewSexFromFirstName } from '../../core/cleanup/queries/preview-sex-from-first-name.js';
import { previewSexFromGedcom } from '../../core/cleanup/queries/preview-sex-from-gedcom.js';
import { readIndividuals } from '../../core/cleanup/gedcom-individuals.js';
import { applySex } from '../../core/cleanup/commands/apply-sex.js';
import { createTree } from '../../core/trees/commands/create-tree.js';
import { deletePerson } from '../../core/people/commands/delete-person.js';
import { deleteRelationship } from '../../core/people/commands/relationship-commands.js';
import { newId } from '../../core/kernel/ids.js';
import { cleanupSetup, ids, year } from './cleanup-support.js';
import { left, right } from './support.js';

describe('cleanup: sex from spouse (core, memory)', () => {
  it('proposes the opposite of a partner of known sex, with the partner ids', async () => {
    const fx = await cleanupSetup();
    const wife = await fx.person({ givenName: 'Wife' });
    const husband = await fx.person({ givenName: 'Husband', sex: 'male' });
    await fx.partners(husband.id, wife.id);
    const man = await fx.person({ givenName: 'Man' });
    const first = await fx.person({ givenName: 'First', sex: 'female' });
    const second = await fx.person({ givenName: 'Second', sex: 'female' });
    await fx.partners(man.id, first.id);
    await fx.partners(second.id, man.id);
    const rows = right(await previewSexFromSpouse(fx.deps)(fx.owner, fx.tree.id));
    expect(rows.map((r) => [r.personId, r.proposed, r.sex])).to.deep.equal([[man.id, 'male', null], [wife.id, 'female', null]]);
    expect(rows[0]!.partnerIds).to.deep.equal([first.id, second.id].sort());
    expect(rows[1]!.partnerIds).to.deep.equal([husband.id]);
  });

  it('leaves out partners who disagree, listing them with proposed null only when asked', async () => {
    const fx = await cleanupSetup();
    const p = await fx.person({ givenName: 'Torn' });
    const he = await fx.person({ givenName: 'He', sex: 'male' });
    const she = await fx.person({ givenName: 'She', sex: 'female' });
    await fx.partners(p.id, he.id);
    await fx.partners(p.id, she.id);
    expect(right(await previewSexFromSpouse(fx.deps)(fx.owner, fx.tree.id))).to.deep.equal([]);
    const rows = right(await previewSexFromSpouse(fx.deps)(fx.owner, fx.tree.id, { includeAmbiguous: true }));
    expect(rows).to.have.length(1);
    expect(rows[0]).to.deep.include({ personId: p.id, proposed: null });
    expect(rows[0]!.partnerIds).to.have.members([he.id, she.id]);
    expect(rows[0]!.reason).to.match(/^ambiguous/);
  });

  it('does not list people with no partner, a partner of unknown sex, a deleted partner, or a sex set', async () => {
    const fx = await cleanupSetup();
    await fx.person({ givenName: 'Alone' });
    const a = await fx.person({ givenName: 'A' });
    const b = await fx.person({ givenName: 'B' });
    await fx.partners(a.id, b.id);
    const set = await fx.person({ givenName: 'Set', sex: 'female' });
    const other = await fx.person({ givenName: 'Other', sex: 'female' });
    await fx.partners(set.id, other.id);
    const widow = await fx.person({ givenName: 'Widow' });
    const gone = await fx.person({ givenName: 'Gone', sex: 'male' });
    await fx.partners(widow.id, gone.id);
    right(await deletePerson(fx.deps)(fx.owner, gone.id, false));
    const divorced = await fx.person({ givenName: 'Divorced' });
    const edge = await fx.partners(divorced.id, (await fx.person({ givenName: 'Ex', sex: 'male' })).id);
    right(await deleteRelationship(fx.deps)(fx.owner, edge.id));
    expect(right(await previewSexFromSpouse(fx.deps)(fx.owner, fx.tree.id, { includeAmbiguous: true }))).to.deep.equal([]);
  });
});

describe('cleanup: sex from first name (core, memory)', () => {
  const propose = async (fx: Awaited<ReturnType<typeof cleanupSetup>>, includeAmbiguous = false) =>
    new Map(right(await previewSexFromFirstName(fx.deps)(fx.owner, fx.tree.id, { includeAmbiguous })).map((r) => [r.personId, r]));

  it('proposes from the dictionary, case- and accent-insensitively, on the first given name', async () => {
    const fx = await cleanupSetup();
    const expected = new Map<string, string>();
    for (const [given, sex] of [['Maria', 'female'], ['Johann', 'male'], ['Jürgen', 'male'], ['JURGEN', 'male'], ['friedrich', 'male'],
      ['Maria Johann', 'female'], ['Johann Maria', 'male'], ['Hans-Peter', 'male']] as const) {
      expected.set((await fx.person({ givenName: given, surname: 'Huber' })).id, sex);
    }
    const rows = await propose(fx);
    expect(new Map([...rows].map(([id, r]) => [id, r.proposed]))).to.deep.equal(expected);
    const jurgen = [...rows.values()].find((r) => r.displayName === 'JURGEN Huber');
    expect(jurgen).to.deep.include({ sex: null, firstName: 'JURGEN' });
  });

  it('never proposes a dictionary-ambiguous name, and lists it with proposed null only when asked', async () => {
    const fx = await cleanupSetup();
    const toni = await fx.person({ givenName: 'Toni' });
    const kim = await fx.person({ givenName: 'Kim' });
    for (const g of ['Robin', 'Sascha', 'Jean', 'Evelyn']) await fx.person({ givenName: g });
    expect([...(await propose(fx)).values()]).to.deep.equal([]);
    const rows = await propose(fx, true);
    expect(rows.size).to.equal(6);
    for (const r of rows.values()) expect(r.proposed).to.equal(null);
    expect(rows.get(toni.id)?.reason).to.match(/^ambiguous/);
    expect(rows.get(kim.id)?.reason).to.match(/^ambiguous/);
  });

  it('never proposes a name this tree uses for both sexes', async () => {
    const fx = await cleanupSetup();
    await fx.person({ givenName: 'Anna', surname: 'A', sex: 'female' });
    await fx.person({ givenName: 'anna', surname: 'B', sex: 'male' });
    const unset = await fx.person({ givenName: 'Anna', surname: 'C' });
    // Also through an alternate name, and for the first part of a hyphenated name.
    const grete = await fx.person({ givenName: 'Grete', surname: 'D' });
    const karl = await fx.person({ givenName: 'Karl', surname: 'E', sex: 'male' });
    await fx.alternateName(karl.id, 'Grete', 'E');
    await fx.person({ givenName: 'Grete', surname: 'F', sex: 'female' });
    const hansPeter = await fx.person({ givenName: 'Hans-Peter', surname: 'G' });
    await fx.person({ givenName: 'Hans', surname: 'H', sex: 'female' });
    await fx.person({ givenName: 'Hans', surname: 'I', sex: 'male' });
    // Accents and case aside: Jürgen and JURGEN are one name.
    await fx.person({ givenName: 'Jürgen', surname: 'K', sex: 'female' });
    await fx.person({ givenName: 'JURGEN', surname: 'L', sex: 'male' });
    const jurgen = await fx.person({ givenName: 'Jurgen', surname: 'M' });
    const maria = await fx.person({ givenName: 'Maria', surname: 'J' });
    expect([...(await propose(fx)).keys()]).to.deep.equal([maria.id]);
    const all = await propose(fx, true);
    for (const id of [unset.id, grete.id, hansPeter.id, jurgen.id]) expect(all.get(id)).to.deep.include({ proposed: null });
    expect(all.get(unset.id)?.reason).to.match(/^ambiguous: this tree/);
  });

  it('does not list unknown names, empty given names, or people whose sex is set', async () => {
    const fx = await cleanupSetup();
    await fx.person({ givenName: 'Xqzwv' });
    await fx.person({ givenName: '', surname: 'Nobody' });
    await fx.person({ givenName: 'Maria', sex: 'male' });
    expect(right(await previewSexFromFirstName(fx.deps)(fx.owner, fx.tree.id, { includeAmbiguous: true }))).to.deep.equal([]);
  });
});

const head = (char: string) => `0 HEAD\r\n1 GEDC\r\n2 VERS 5.5.1\r\n1 CHAR ${char}\r\n`;
const indi = (xref: string, names: readonly string[], sex: string | null, born: number | null = null): string =>
  `0 ${xref} INDI\r\n${names.map((n) => `1 NAME ${n}\r\n`).join('')}${sex === null ? '' : `1 SEX ${sex}\r\n`}${born === null ? '' : `1 BIRT\r\n2 DATE ${born}\r\n`}`;
async function* once(bytes: Uint8Array): AsyncGenerator<Uint8Array> {
  yield bytes;
}
/** The file as the route hands it over: bytes that can be read again for each preview. */
const individuals = async (bytes: Uint8Array): Promise<AsyncIterable<Uint8Array>> => ({ [Symbol.asyncIterator]: () => once(bytes) });
const utf8 = (...records: string[]): Uint8Array => Buffer.from(`${head('UTF-8')}${records.join('')}0 TRLR\r\n`, 'utf8');

describe('cleanup: sex from a source GEDCOM (core, memory)', () => {
  it('matches by primary and alternate names on either side, case and accents aside', async () => {
    const fx = await cleanupSetup();
    const maria = await fx.person({ givenName: 'Maria', surname: 'Huber', birth: { date: year(1850) } });
    const anna = await fx.person({ givenName: 'Anna', surname: 'Schmidt' });
    await fx.alternateName(anna.id, 'Anna', 'Weber');
    const carl = await fx.person({ givenName: 'Carl', surname: 'Brown' });
    const jurgen = await fx.person({ givenName: 'jurgen', surname: 'MULLER' });
    const file = await individuals(utf8(
      indi('@I1@', ['Maria /Huber/'], 'F', 1850),
      indi('@I2@', ['Anna /Weber/'], 'F'),
      indi('@I3@', ['Karl /Braun/', 'Carl /Brown/'], 'M'),
      indi('@I4@', ['Jürgen /Müller/'], 'M'),
    ));
    const rows = right(await previewSexFromGedcom(fx.deps)(fx.owner, fx.tree.id, file));
    expect(rows.map((r) => [r.personId, r.proposed, r.matchedXref])).to.have.deep.members([
      [maria.id, 'female', '@I1@'], [anna.id, 'female', '@I2@'], [carl.id, 'male', '@I3@'], [jurgen.id, 'male', '@I4@'],
    ]);
    expect(rows.map((r) => r.displayName)).to.deep.equal(['Anna Schmidt', 'Carl Brown', 'jurgen MULLER', 'Maria Huber']);
  });

  it('uses the birth year as a guard only when both sides have one', async () => {
    const fx = await cleanupSetup();
    await fx.person({ givenName: 'Otto', surname: 'Lang', birth: { date: year(1900) } });
    const emil = await fx.person({ givenName: 'Emil', surname: 'Roth' });
    const ida = await fx.person({ givenName: 'Ida', surname: 'Kern', birth: { date: year(1870) } });
    const early = await fx.person({ givenName: 'Fritz', surname: 'Klein', birth: { date: year(1850) } });
    await fx.person({ givenName: 'Fritz', surname: 'Klein', birth: { date: year(1880) } });
    const file = await individuals(utf8(
      indi('@I1@', ['Otto /Lang/'], 'M', 1901), indi('@I2@', ['Emil /Roth/'], 'M', 1880), indi('@I3@', ['Ida /Kern/'], 'F'),
      indi('@I4@', ['Fritz /Klein/'], 'M', 1850),
    ));
    const rows = right(await previewSexFromGedcom(fx.deps)(fx.owner, fx.tree.id, file, { includeAmbiguous: true }));
    expect(rows.map((r) => [r.personId, r.proposed])).to.have.deep.members([[emil.id, 'male'], [ida.id, 'female'], [early.id, 'male']]);
  });

  it('leaves out a name borne by two people of the tree, or by two INDI records', async () => {
    const fx = await cleanupSetup();
    const fritz1 = await fx.person({ givenName: 'Fritz', surname: 'Klein' });
    const fritz2 = await fx.person({ givenName: 'Fritz', surname: 'Klein' });
    const paul = await fx.person({ givenName: 'Paul', surname: 'Gross' });
    // A deleted namesake is no rival.
    const lotte = await fx.person({ givenName: 'Lotte', surname: 'Berg' });
    right(await deletePerson(fx.deps)(fx.owner, (await fx.person({ givenName: 'Lotte', surname: 'Berg' })).id, false));
    const file = await individuals(utf8(
      indi('@I1@', ['Fritz /Klein/'], 'M'), indi('@I7@', ['Paul /Gross/'], 'M'), indi('@I8@', ['Paul /Gross/'], 'M'), indi('@I9@', ['Lotte /Berg/'], 'F'),
    ));
    expect(right(await previewSexFromGedcom(fx.deps)(fx.owner, fx.tree.id, file)).map((r) => [r.personId, r.proposed])).to.deep.equal([[lotte.id, 'female']]);
    const rows = right(await previewSexFromGedcom(fx.deps)(fx.owner, fx.tree.id, file, { includeAmbiguous: true }));
    expect(rows.map((r) => [r.personId, r.proposed, r.matchedXref])).to.have.deep.members([
      [fritz1.id, null, '@I1@'], [fritz2.id, null, '@I1@'], [paul.id, null, null], [lotte.id, 'female', '@I9@'],
    ]);
    for (const r of rows.filter((x) => x.proposed === null)) expect(r.reason).to.match(/^ambiguous/);
  });

  it('proposes nothing for a person whose sex is set, or from an INDI without SEX', async () => {
    const fx = await cleanupSetup();
    await fx.person({ givenName: 'Lena', surname: 'Vogel', sex: 'female' });
    await fx.person({ givenName: 'Rudi', surname: 'Fink' });
    const file = await individuals(utf8(indi('@I1@', ['Lena /Vogel/'], 'M'), indi('@I2@', ['Rudi /Fink/'], null)));
    expect(right(await previewSexFromGedcom(fx.deps)(fx.owner, fx.tree.id, file, { includeAmbiguous: true }))).to.deep.equal([]);
  });

  it('reads a Windows-1252 or ANSEL file and matches its umlaut names', async () => {
    const fx = await cleanupSetup();
    const jurgen = await fx.person({ givenName: 'Jürgen', surname: 'Müller' });
    const kaethe = await fx.person({ givenName: 'Käthe', surname: 'Böhm' });
    const ansi = await individuals(iconv.encode(`${head('ANSI')}${indi('@I1@', ['Jürgen /Müller/'], 'M')}0 TRLR\r\n`, 'windows-1252'));
    // ANSEL puts the combining diaeresis (0xE8) before its letter.
    const ansel = await individuals(Buffer.concat([
      Buffer.from(`${head('ANSEL')}0 @I2@ INDI\r\n1 NAME K`, 'latin1'), Buffer.from([0xe8]), Buffer.from('athe /B', 'latin1'),
      Buffer.from([0xe8]), Buffer.from(`ohm/\r\n1 SEX F\r\n0 TRLR\r\n`, 'latin1'),
    ]));
    const rows = [...right(await previewSexFromGedcom(fx.deps)(fx.owner, fx.tree.id, ansi)), ...right(await previewSexFromGedcom(fx.deps)(fx.owner, fx.tree.id, ansel))];
    expect(rows.map((r) => [r.personId, r.proposed, r.matchedXref])).to.have.deep.members([[jurgen.id, 'male', '@I1@'], [kaethe.id, 'female', '@I2@']]);
  });

  it('refuses bytes that are not GEDCOM as not_gedcom, and viewers as 403', async () => {
    const fx = await cleanupSetup();
    expect(left(await readIndividuals(once(Buffer.from('name,sex\nMaria,F\n', 'utf8'))))).to.include({ _tag: 'InvalidInput', code: 'not_gedcom' });
    expect(left(await previewSexFromGedcom(fx.deps)(fx.viewer, fx.tree.id, await individuals(utf8())))._tag).to.equal('Forbidden');
    expect(left(await previewSexFromGedcom(fx.deps)(fx.outsider, fx.tree.id, await individuals(utf8())))._tag).to.equal('Forbidden');
  });
});

describe('cleanup: apply sex (core, memory)', () => {
  it('sets the sex of the kept rows, skips a sex set by now, and audits each change', async () => {
    const fx = await cleanupSetup();
    const a = await fx.person({ givenName: 'A' });
    const b = await fx.person({ givenName: 'B' });
    const set = await fx.person({ givenName: 'Set', sex: 'male' });
    const result = right(await applySex(fx.deps)(fx.editor, fx.tree.id, [
      { personId: a.id, sex: 'female' }, { personId: b.id, sex: 'male' }, { personId: set.id, sex: 'female' },
    ]));
    expect(result).to.deep.equal({ updated: 2, skipped: [{ personId: set.id, reason: 'sex_already_set' }] });
    expect([(await fx.stored(a.id)).sex, (await fx.stored(b.id)).sex, (await fx.stored(set.id)).sex]).to.deep.equal(['female', 'male', 'male']);
    expect((await fx.audit('person.update')).map((e) => [e.entityId, e.details])).to.have.deep.members([[a.id, { sex: 'female' }], [b.id, { sex: 'male' }]]);
    expect((await fx.audit('cleanup.apply')).map((e) => e.details)).to.deep.equal([{ tool: 'gender', requested: 3, updated: 2, skipped: 1 }]);
  });

  it('refuses unknown ids, persons of another tree and a repeated person as InvalidInput, changing nothing', async () => {
    const fx = await cleanupSetup();
    const a = await fx.person({ givenName: 'A' });
    const other = right(await createTree(fx.deps)(fx.owner, { name: 'Other' }));
    const stranger = await fx.person({ givenName: 'Stranger' }, other.id);
    for (const bad of [newId(), stranger.id]) {
      const err = left(await applySex(fx.deps)(fx.owner, fx.tree.id, [{ personId: a.id, sex: 'male' }, { personId: bad, sex: 'male' }]));
      expect(err).to.include({ _tag: 'InvalidInput', code: 'unknown_person' });
      expect(err._tag === 'InvalidInput' && err.errors?.map((e) => e.path)).to.deep.equal(['changes[1].person_id']);
    }
    const twice = left(await applySex(fx.deps)(fx.owner, fx.tree.id, [{ personId: a.id, sex: 'male' }, { personId: a.id, sex: 'female' }]));
    expect(twice).to.include({ _tag: 'InvalidInput', code: 'duplicate_person' });
    expect(twice._tag === 'InvalidInput' && twice.errors?.map((e) => e.path)).to.deep.equal(['changes[1].person_id']);
    expect([(await fx.stored(a.id)).sex, (await fx.stored(stranger.id)).sex]).to.deep.equal([null, null]);
    expect(await fx.audit('person.update')).to.deep.equal([]);
    expect(await fx.audit('cleanup.apply')).to.deep.equal([]);
    expect(left(await applySex(fx.deps)(fx.viewer, fx.tree.id, [{ personId: a.id, sex: 'male' }]))._tag).to.equal('Forbidden');
  });

  it('changes what the previews proposed, so they no longer list it', async () => {
    const fx = await cleanupSetup();
    const maria = await fx.person({ givenName: 'Maria' });
    const rows = right(await previewSexFromFirstName(fx.deps)(fx.owner, fx.tree.id));
    expect(ids(rows)).to.deep.equal([maria.id]);
    right(await applySex(fx.deps)(fx.owner, fx.tree.id, rows.map((r) => ({ personId: r.personId, sex: r.proposed! }))));
    expect((await fx.stored(maria.id)).sex).to.equal('female');
    expect(right(await previewSexFromFirstName(fx.deps)(fx.owner, fx.tree.id))).to.deep.equal([]);
  });
});
