import { expect } from 'chai';
import type { ApiClient } from '../../client/index.js';
import { registerUser, startTestService, type TestService } from '../support/service.js';
import { importGedcomFile, previewGedcomFile } from '../support/gedcom.js';

// Hostile GEDCOM uploads over HTTP on PostgreSQL (issue 9, findings 5 and 6): a NUL byte anywhere in
// a value, warnings by the hundred thousand, a record or a line without end. Never a 500; what
// cannot be read whole is 422 with the line, and nothing is imported.

const pid = (id: string) => ({ params: { path: { id } } });

const ged = (...records: string[]): string =>
  ['0 HEAD', '1 GEDC', '2 VERS 5.5.1', '2 FORM LINEAGE-LINKED', '1 CHAR UTF-8', ...records, '0 TRLR', ''].join('\n');

const NUL = '\u0000';

describe('HTTP GEDCOM bounds: NUL, warnings, huge records and lines', () => {
  let svc: TestService;
  let c: ApiClient;

  const newTree = async (name = 'Bounds') => (await c.POST('/trees', { body: { name } })).data!.id;
  const persons = async (treeId: string) => (await c.GET('/trees/{id}/persons', pid(treeId))).data!;

  before(async () => {
    svc = await startTestService();
    c = svc.client((await registerUser(svc, 'bounds@example.org')).token);
  });
  after(async () => {
    await svc.close();
  });

  it('a NUL byte inside a NAME: preview and import answer 200, the stored name has no NUL, and a warning names the line', async () => {
    const treeId = await newTree();
    const file = ged('0 @I1@ INDI', `1 NAME Jo${NUL}hn /Sm${NUL}ith/`, '1 SEX M');
    const preview = await previewGedcomFile(c, treeId, file);
    const imported = await importGedcomFile(c, treeId, file);
    expect([preview.response.status, imported.response.status], JSON.stringify(imported.error)).to.deep.equal([200, 200]);
    expect(preview.data!.warnings.map((w) => w.line)).to.include(7);
    expect(imported.data!.warnings.find((w) => w.line === 7)?.message).to.match(/NUL/);
    expect((await persons(treeId)).map((p) => p.display_name)).to.deep.equal(['John Smith']);
  });

  it('NUL bytes in every other kind of value (xref, note, place, date, source, page, tag, family) never reach the database', async () => {
    const treeId = await newTree();
    const file = ged(
      `0 @I${NUL}1@ INDI`, '1 NAME Ann /Lee/', `1 NOTE a${NUL}b`, `2 CONT c${NUL}d`, `2 CONC e${NUL}`, '1 BIRT', `2 DATE 1 JAN 19${NUL}00`, `2 PLAC Yo${NUL}rk`,
      `1 SOUR @S${NUL}1@`, `2 PAGE p${NUL}4`, `1 OCCU Far${NUL}mer`, `1 _X${NUL}Y z`, `1 FAMS @F1@`,
      '0 @I2@ INDI', '1 NAME Bob /Lee/', '1 FAMS @F1@',
      `0 @F1@ FAM`, `1 HUSB @I${NUL}1@`, '1 WIFE @I2@', '1 MARR', `2 PLAC Le${NUL}eds`, `1 NOTE fam${NUL}ily`,
      `0 @S${NUL}1@ SOUR`, `1 TITL Reg${NUL}ister`, `1 AUTH A${NUL}B`, `1 PUBL P${NUL}Q`, `1 TEXT t${NUL}u`,
      `0 @N${NUL}1@ NOTE shared${NUL}note`,
    );
    expect((await previewGedcomFile(c, treeId, file)).response.status).to.equal(200);
    const imported = await importGedcomFile(c, treeId, file);
    expect(imported.response.status, JSON.stringify(imported.error)).to.equal(200);
    expect(imported.data!.persons.created).to.equal(2);
    expect(imported.data!.relationships.created).to.equal(1);
    const stored = JSON.stringify([
      await persons(treeId),
      (await c.GET('/trees/{id}/events', pid(treeId))).data,
      (await c.GET('/trees/{id}/sources', pid(treeId))).data,
      (await c.GET('/trees/{id}/citations', pid(treeId))).data,
      (await c.GET('/trees/{id}/relationships', pid(treeId))).data,
    ]);
    expect(stored).not.to.include('\\u0000');
    expect(stored).to.include('Farmer').and.to.include('York').and.to.include('Leeds').and.to.include('Register').and.to.include('ab\\ncde');
  });

  it('a UTF-16 file with unpaired surrogates (in a name, a date phrase, a place) imports without a 500', async () => {
    const treeId = await newTree();
    const text = ged('0 @I1@ INDI', '1 NAME Ann\uD800 /Lee\uDC00/', '1 BIRT', '2 DATE (about\uDBFF)', '2 PLAC Yo\uD800rk', '1 NOTE n\uDFFF');
    const bytes = Buffer.from(`\uFEFF${text}`, 'utf16le');
    expect((await previewGedcomFile(c, treeId, bytes)).response.status).to.equal(200);
    const imported = await importGedcomFile(c, treeId, bytes);
    expect(imported.response.status, JSON.stringify(imported.error)).to.equal(200);
    const stored = JSON.stringify([await persons(treeId), (await c.GET('/trees/{id}/events', pid(treeId))).data]);
    expect(stored).to.include('Ann\uFFFD').and.to.include('Yo\uFFFDrk').and.to.include('about\uFFFD');
  });

  it('a resolution for the xref "__proto__" is refused like any xref the file lacks, not silently dropped', async () => {
    const treeId = await newTree();
    const r = await importGedcomFile(c, treeId, ged('0 @I1@ INDI', '1 NAME Ann /Lee/'), { resolutions: JSON.parse('{"__proto__":{"action":"new"}}') as unknown });
    expect(r.response.status).to.equal(422);
    expect((r.error as { code?: string }).code).to.equal('invalid_resolution');
    expect(await persons(treeId)).to.deep.equal([]);
  });

  it('values longer than an index can hold (a 6,000-character place, source title, name) import without a 500', async () => {
    const treeId = await newTree();
    // Random letters: PostgreSQL compresses a repeated letter below the index limit.
    let seed = 1;
    const long = (c0: string) => c0 + Array.from({ length: 6000 }, () => String.fromCharCode(97 + ((seed = (seed * 48271) % 2147483647) % 26))).join('');
    const file = ged(
      '0 @I1@ INDI', `1 NAME ${long('g')} /${long('s')}/`, '1 BIRT', `2 PLAC ${long('p')}`, '1 SOUR @S1@', `2 PAGE ${long('q')}`, `1 NOTE ${long('n')}`,
      '0 @S1@ SOUR', `1 TITL ${long('t')}`, `1 AUTH ${long('a')}`,
    );
    expect((await previewGedcomFile(c, treeId, file)).response.status).to.equal(200);
    const imported = await importGedcomFile(c, treeId, file);
    expect(imported.response.status, JSON.stringify(imported.error)).to.equal(200);
    expect(imported.data!.persons.created).to.equal(1);
    expect(imported.data!.warnings.find((w) => w.line === 9)?.message).to.match(/PLAC longer than 500 characters/);
    const events = (await c.GET('/trees/{id}/events', pid(treeId))).data!;
    expect(events[0]!.place).to.have.length(500);
  });

  it('200,000 junk lines: 200, at most 1,000 warnings listed and warning_count exact', async () => {
    const treeId = await newTree();
    const junk = 'junk\n'.repeat(200_000);
    const file = ged('0 @I1@ INDI', '1 NAME Ann /Lee/') + junk;
    for (const r of [await previewGedcomFile(c, treeId, file), await importGedcomFile(c, treeId, file)]) {
      expect(r.response.status, JSON.stringify(r.error)).to.equal(200);
      expect(r.data!.warning_count).to.equal(200_000);
      expect(r.data!.warnings).to.have.length(1000);
      expect(r.data!.warnings[0]!.line).to.equal(9);
    }
  });

  it('one level-0 record of more than 100,000 lines is 422 naming its line, and nothing is imported', async () => {
    const treeId = await newTree();
    const file = ged('0 @I1@ INDI', '1 NAME Ann /Lee/', '0 @I2@ INDI', '1 NAME Big /Lee/', '1 _X y\n'.repeat(100_000));
    for (const r of [await previewGedcomFile(c, treeId, file), await importGedcomFile(c, treeId, file)]) {
      expect(r.response.status).to.equal(422);
      expect((r.error as { code?: string }).code).to.equal('gedcom_too_large');
      expect((r.error as { detail?: string }).detail).to.match(/line 8\b/);
    }
    expect(await persons(treeId)).to.deep.equal([]);
  });

  it('a line longer than 1 MiB characters is 422 naming its line, and nothing is imported', async () => {
    const treeId = await newTree();
    const file = ged('0 @I1@ INDI', '1 NAME Ann /Lee/', `1 NOTE ${'x'.repeat(1024 * 1024 + 1)}`);
    for (const r of [await previewGedcomFile(c, treeId, file), await importGedcomFile(c, treeId, file)]) {
      expect(r.response.status).to.equal(422);
      expect((r.error as { code?: string }).code).to.equal('gedcom_too_large');
      expect((r.error as { detail?: string }).detail).to.match(/line 8\b/);
    }
    expect(await persons(treeId)).to.deep.equal([]);
  });
});
