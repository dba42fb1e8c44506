import { createReadStream, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import { readPlan } from '../../core/gedcom/read-plan.js';
import type { ImportPlan } from '../../core/gedcom/types.js';
import { GEDCOM_FIXTURES } from '../support/fixture-files.js';

// The mapping on the real-world fixtures (spec/fixtures/gedcom), read by the streaming reader.

const FIXTURES = GEDCOM_FIXTURES;

const filesUnder = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : path.endsWith('.ged') ? [path] : [];
  });

const mapFile = async (path: string): Promise<ImportPlan> => {
  const read = await readPlan(createReadStream(path));
  if (read._tag === 'Left') throw new Error(`${path} not read`);
  return read.right.plan;
};

const partnerships = (plan: ImportPlan) => plan.families.map((f) => [f.xref, f.partners, f.events.map((e) => e.type)]);

describe('GEDCOM mapping of the fixture files', () => {
  const files = filesUnder(FIXTURES);

  it('finds the fixture files', () => expect(files.length).to.be.greaterThan(35));

  for (const path of files) {
    it(`maps ${path.slice(FIXTURES.length + 1)} into a plan that keeps its invariants`, async () => {
      const plan = await mapFile(path);
      const sources = new Set(plan.sources.map((s) => s.xref));
      const persons = new Set(plan.persons.map((p) => p.xref));
      for (const p of plan.persons) {
        expect(p.names.filter((n) => n.isPrimary), p.xref).to.have.length(1);
        for (const c of [...p.citations, ...p.names.flatMap((n) => n.citations), ...p.events.flatMap((e) => e.citations)]) {
          if (c.sourceXref !== null) expect(sources.has(c.sourceXref), c.sourceXref).to.equal(true);
          else expect(c.inlineTitle).to.be.a('string').and.not.equal('');
        }
      }
      for (const f of plan.families) {
        expect(f.partners.length).to.be.at.most(2);
        for (const x of f.partners) expect(persons.has(x), x).to.equal(true);
        for (const c of f.children) {
          expect(persons.has(c.xref), c.xref).to.equal(true);
          expect(c.qualifiers).to.have.length(f.partners.length);
        }
        expect(new Set(f.children.map((c) => c.xref)).size).to.equal(f.children.length);
      }
    });
  }

  for (const name of ['5.5/royal92.ged', '5.5/pres2020.ged']) {
    it(`maps every INDI of ${name} to a person`, async () => {
      const expected = readFileSync(join(FIXTURES, name), 'latin1').split(/\r?\n/).filter((l) => /^0 @[^@]*@ INDI/.test(l)).length;
      expect(expected).to.be.greaterThan(2000);
      expect((await mapFile(join(FIXTURES, name))).persons).to.have.length(expected);
    });
  }

  it('keeps a divorce and a remarriage of one couple in one family (7.0 remarriage1)', async () => {
    expect(partnerships(await mapFile(join(FIXTURES, '7.0/remarriage1.ged')))).to.deep.equal([
      ['@F1@', ['@I1@', '@I2@'], ['marriage', 'divorce', 'marriage']],
      ['@F2@', ['@I1@', '@I3@'], ['marriage']],
    ]);
  });

  it('keeps a remarriage of one couple as a second family (7.0 remarriage2)', async () => {
    expect(partnerships(await mapFile(join(FIXTURES, '7.0/remarriage2.ged')))).to.deep.equal([
      ['@F1@', ['@I1@', '@I2@'], ['marriage', 'divorce']],
      ['@F2@', ['@I1@', '@I3@'], ['marriage']],
      ['@F3@', ['@I1@', '@I2@'], ['marriage']],
    ]);
  });

  it('keeps a same-sex partnership (7.0 same-sex-marriage)', async () => {
    const plan = await mapFile(join(FIXTURES, '7.0/same-sex-marriage.ged'));
    expect(partnerships(plan)).to.deep.equal([['@F1@', ['@I1@', '@I2@'], []]]);
    expect(plan.persons.map((p) => p.sex)).to.deep.equal(['male', 'male']);
  });

  it('links nothing by @VOID@ pointers and keeps them verbatim, without a warning (7.0 voidptr)', async () => {
    const plan = await mapFile(join(FIXTURES, '7.0/voidptr.ged'));
    expect(plan.families).to.deep.equal([{
      xref: '@F1@', line: 14, partners: ['@I1@', '@I2@'], children: [], events: [], notes: '', citations: [], extra: '[["",["CHIL","@VOID@",1,[]],7]]',
    }]);
    expect(plan.warnings).to.deep.equal([]);
  });

  it('gives the qualifiers of vendors/relationships-complex.ged (FTM _FREL/_MREL: Natural, Step)', async () => {
    const path = join(FIXTURES, 'vendors/relationships-complex.ged');
    const plan = await mapFile(path);
    const chil = readFileSync(path, 'latin1').split(/\r?\n/).filter((l) => l.startsWith('1 CHIL ')).length;
    expect(plan.families.flatMap((f) => f.children)).to.have.length(chil);
    const qualifiers = (fam: string) => plan.families.find((f) => f.xref === fam)?.children.map((c) => [c.xref, c.qualifiers]);
    // Theresa: Robert's natural daughter, Sylvia's stepdaughter; with Sonia both natural.
    expect(qualifiers('@F00003@')).to.deep.equal([['@I00015@', ['biological', 'step']], ['@I00003@', ['biological', 'biological']]]);
    expect(qualifiers('@F00006@')).to.deep.equal([['@I00015@', ['biological', 'biological']]]);
    // Single parents: the one partner's qualifier only.
    expect(qualifiers('@F00017@')).to.deep.equal([['@I00044@', ['biological']], ['@I00043@', ['biological']], ['@I00042@', ['biological']]]);
    expect(qualifiers('@F00010@')).to.deep.equal([['@I00025@', ['biological']]]);
    const edges = plan.families.flatMap((f) => f.children.flatMap((c) => c.qualifiers));
    expect(edges.filter((q) => q !== 'biological')).to.deep.equal(['step']);
    expect(plan.families.find((f) => f.xref === '@F00018@')?.partners).to.deep.equal(['@I00045@', '@I00042@']);
  });

  it('reads FTM _FREL Step and _MREL Guardian (vendors/vendor-ftm.ged)', async () => {
    const plan = await mapFile(join(FIXTURES, 'vendors/vendor-ftm.ged'));
    expect(plan.families[0]?.children).to.deep.equal([{ xref: '@I1@', qualifiers: ['step', 'guardian'] }]);
  });

  it('reads every SEX variant of vendors/sex-value-variants.ged without a warning (U, X and none say what an unset sex says)', async () => {
    const plan = await mapFile(join(FIXTURES, 'vendors/sex-value-variants.ged'));
    expect(plan.persons.map((p) => p.sex)).to.deep.equal(['male', 'female', null, null, null, 'male', null]);
    expect(plan.warnings).to.deep.equal([]);
  });

  it('reads the 7.0 date fixture: a warning for each date kept as text, every other date structured', async () => {
    const plan = await mapFile(join(FIXTURES, '7.0/date.ged'));
    const dates = plan.persons.flatMap((p) => p.events.map((e) => e.date));
    const asText = dates.filter((d) => d?.qualifier === 'text');
    expect(dates).to.have.length(readFileSync(join(FIXTURES, '7.0/date.ged'), 'utf8').split(/\n/).filter((l) => l.startsWith('2 DATE ')).length);
    expect(asText.length).to.be.greaterThan(0);
    expect(plan.warnings).to.have.length(asText.length);
    expect(dates.filter((d) => d?.calendar === 'hebrew').length).to.be.greaterThan(10);
  });

  it('keeps the names, privacy and family events of 7.0 maximal70', async () => {
    const plan = await mapFile(join(FIXTURES, '7.0/maximal70.ged'));
    const i1 = plan.persons.find((p) => p.xref === '@I1@');
    expect(i1?.privacy).to.equal('private');
    expect(i1?.names[0]).to.include({ prefix: 'Lt. Cmndr.', surnamePrefix: 'de', suffix: 'jr.' });
    expect(i1?.names.map((n) => [n.nameType, n.givenName, n.surname, n.isPrimary])).to.deep.equal([
      ['other', 'Joseph', 'Allen', false],
      ['nickname', 'John', '', false],
      ['birth', 'John', 'Doe', true],
      ['alias', 'Aka', '', false],
      ['other', 'Immigrant Name', '', false],
    ]);
    const marriage = plan.families.find((f) => f.xref === '@F1@')?.events.find((e) => e.type === 'marriage');
    expect(marriage).to.deep.include({ date: { qualifier: 'exact', year: 2022, month: 3, day: 27, text: 'Afternoon' }, place: 'Place', notes: 'Shared note 1' });
    expect(plan.unmapped.find((u) => u.tag === 'INDI.ASSO')).to.deep.include({ count: 9 });
  });
});
