import { expect } from 'chai';
import type { ApiClient } from '../../client/index.js';
import { registerUser, startTestService, type TestService } from '../support/service.js';
import { exportGedcomText, importGedcomFile, previewGedcomFile } from '../support/gedcom.js';

// GEDCOM preview and import over HTTP on PostgreSQL: the dry run writes nothing and scores
// look-alikes; each default_action and each resolution does what SPEC "Import rules" says; a
// relationship is never created twice; bad files and bad resolutions are 4xx and change nothing.

const pid = (id: string) => ({ params: { path: { id } } });
const code = (error: unknown): string | undefined => (error as { code?: string } | undefined)?.code;

const ged = (...records: string[]): string =>
  ['0 HEAD', '1 GEDC', '2 VERS 5.5.1', '2 FORM LINEAGE-LINKED', '1 CHAR UTF-8', ...records, '0 TRLR', ''].join('\n');

const FAMILY = ged(
  '0 @I1@ INDI', '1 NAME John /Smith/', '1 SEX M', '1 BIRT', '2 DATE 12 MAR 1850', '2 PLAC York', '1 NOTE Farmer at Acomb', '1 SOUR @S1@', '2 PAGE p. 4', '2 QUAY 2', '1 FAMS @F1@',
  '0 @I2@ INDI', '1 NAME Mary /Jones/', '1 SEX F', '1 BIRT', '2 DATE 1852', '2 PLAC york', '1 FAMS @F1@',
  '0 @I3@ INDI', '1 NAME Tom /Smith/', '1 BIRT', '2 DATE 1875', '1 FAMC @F1@',
  '0 @F1@ FAM', '1 HUSB @I1@', '1 WIFE @I2@', '1 CHIL @I3@', '1 MARR', '2 DATE 1874', '2 PLAC York',
  '0 @S1@ SOUR', '1 TITL Parish register of Acomb',
);

/** The same family as another program would send it: a nickname, an occupation, another note. */
const FAMILY_AGAIN = ged(
  '0 @P10@ INDI', '1 NAME John /Smith/', '2 NICK Jack', '1 SEX M', '1 BIRT', '2 DATE 12 MAR 1850', '2 PLAC York', '1 OCCU Farmer', '1 NOTE Moved to Leeds in 1880', '1 FAMS @X1@',
  '0 @P11@ INDI', '1 NAME Mary /Jones/', '1 SEX F', '1 BIRT', '2 DATE 1852', '1 FAMS @X1@',
  '0 @P12@ INDI', '1 NAME Tom /Smith/', '1 BIRT', '2 DATE 1875', '1 FAMC @X1@',
  '0 @X1@ FAM', '1 HUSB @P10@', '1 WIFE @P11@', '1 CHIL @P12@',
);

describe('HTTP GEDCOM preview and import', () => {
  let svc: TestService;
  let c: ApiClient;
  let stranger: ApiClient;

  const newTree = async (name = 'Imported') => (await c.POST('/trees', { body: { name } })).data!.id;
  const persons = async (treeId: string, deleted = false) =>
    (await c.GET('/trees/{id}/persons', { params: { path: { id: treeId }, query: deleted ? { deleted: 'true' } : {} } })).data!;
  const byName = async (treeId: string, display: string) => (await persons(treeId)).filter((p) => p.display_name === display);
  const relationships = async (treeId: string) => (await c.GET('/trees/{id}/relationships', pid(treeId))).data!;

  before(async () => {
    svc = await startTestService();
    c = svc.client((await registerUser(svc, 'importer@example.org')).token);
    stranger = svc.client((await registerUser(svc, 'stranger@example.org')).token);
  });
  after(async () => {
    await svc.close();
  });

  it('imports a family: persons, names, events, places once, the couple and its child, the source and citation; one audit entry', async () => {
    const treeId = await newTree();
    const r = await importGedcomFile(c, treeId, FAMILY);
    expect(r.response.status, JSON.stringify(r.error)).to.equal(200);
    expect(r.data).to.deep.include({
      persons: { created: 3, merged: 0, skipped: 0, overwritten: 0 },
      names: { created: 3, skipped: 0 },
      events: { created: 4, skipped: 0 },
      relationships: { created: 3, skipped: 0 },
      sources: { created: 1, reused: 0 },
      citations: { created: 1, skipped: 0 },
      places: { created: 1, reused: 0 },
    });
    const john = (await byName(treeId, 'John Smith'))[0]!;
    expect(john).to.deep.include({ sex: 'male', notes: 'Farmer at Acomb' });
    expect(john.birth).to.deep.include({ date: { qualifier: 'exact', year: 1850, month: 3, day: 12 }, place: 'York' });
    const rels = await relationships(treeId);
    expect(rels.map((x) => `${x.type}:${x.qualifier}`).sort()).to.deep.equal(['parent_child:biological', 'parent_child:biological', 'partnership:null']);
    const events = (await c.GET('/trees/{id}/events', pid(treeId))).data!;
    expect(events.find((e) => e.type === 'marriage')).to.deep.include({ place: 'York', date_display: '1874' });
    const citations = (await c.GET('/trees/{id}/citations', pid(treeId))).data!;
    expect(citations).to.have.length(1);
    expect(citations[0]).to.deep.include({ page: 'p. 4', confidence: 2 });
    const audit = (await c.GET('/trees/{id}/audit', pid(treeId))).data!.filter((a) => a.action === 'gedcom.import');
    expect(audit).to.have.length(1);
    expect(audit[0]!.details).to.deep.include({ default_action: 'new' });
    expect((audit[0]!.details as { persons: { created: number } }).persons.created).to.equal(3);
  });

  it('preview writes nothing and scores look-alikes high (same name and birth year) with reasons', async () => {
    const treeId = await newTree();
    const empty = await previewGedcomFile(c, treeId, FAMILY);
    expect(empty.response.status).to.equal(200);
    expect(empty.data).to.deep.include({ counts: { persons: 3, families: 1, sources: 1 }, matches: [] });
    expect(await persons(treeId)).to.deep.equal([]);
    expect((await c.GET('/trees/{id}/audit', pid(treeId))).data!.filter((a) => a.action.startsWith('gedcom'))).to.deep.equal([]);

    await importGedcomFile(c, treeId, FAMILY);
    const again = await previewGedcomFile(c, treeId, FAMILY_AGAIN);
    const john = again.data!.matches.find((m) => m.xref === '@P10@')!;
    expect(john.candidates[0]).to.deep.include({ score: 'high', display_name: 'John Smith', birth_year: 1850, person_id: (await byName(treeId, 'John Smith'))[0]!.id });
    expect(john.candidates[0]!.reasons.join(' ')).to.match(/same name/).and.match(/1850/);
    expect(again.data!.matches.map((m) => m.xref).sort()).to.deep.equal(['@P10@', '@P11@', '@P12@']);
    expect(await persons(treeId)).to.have.length(3);
  });

  it('a look-alike born years apart is no candidate (the birth-year guard)', async () => {
    const treeId = await newTree();
    await importGedcomFile(c, treeId, FAMILY);
    const far = ged('0 @A@ INDI', '1 NAME John /Smith/', '1 BIRT', '2 DATE 1890');
    expect((await previewGedcomFile(c, treeId, far)).data!.matches).to.deep.equal([]);
    const near = ged('0 @A@ INDI', '1 NAME Jon /Smith/', '1 BIRT', '2 DATE 1851');
    const m = (await previewGedcomFile(c, treeId, near)).data!.matches;
    expect(m).to.have.length(1);
    expect(m[0]!.candidates[0]!.score).to.be.oneOf(['high', 'medium']);
  });

  it('default_action skip links to the existing people, copies nothing, and never doubles a relationship', async () => {
    const treeId = await newTree();
    await importGedcomFile(c, treeId, FAMILY);
    const before = await relationships(treeId);
    const r = await importGedcomFile(c, treeId, FAMILY_AGAIN, { default_action: 'skip' });
    expect(r.data).to.deep.include({ persons: { created: 0, merged: 0, skipped: 3, overwritten: 0 } });
    expect(r.data!.relationships).to.deep.equal({ created: 0, skipped: 3 });
    expect((await relationships(treeId)).map((x) => x.id).sort()).to.deep.equal(before.map((x) => x.id).sort());
    expect((await byName(treeId, 'John Smith'))[0]!.notes).to.equal('Farmer at Acomb');
    expect((await c.GET('/persons/{id}/names', pid((await byName(treeId, 'John Smith'))[0]!.id))).data).to.have.length(1);
  });

  it('default_action merge attaches names as alternates, new events and notes to the existing person', async () => {
    const treeId = await newTree();
    await importGedcomFile(c, treeId, FAMILY);
    const john = (await byName(treeId, 'John Smith'))[0]!;
    const r = await importGedcomFile(c, treeId, FAMILY_AGAIN, { default_action: 'merge' });
    expect(r.data!.persons).to.deep.equal({ created: 0, merged: 3, skipped: 0, overwritten: 0 });
    const names = (await c.GET('/persons/{id}/names', pid(john.id))).data!;
    expect(names.map((n) => `${n.name_type}:${n.given_name} ${n.surname}:${n.is_primary}`).sort()).to.deep.equal(['birth:John Smith:true', 'nickname:Jack :false']);
    const events = (await c.GET('/persons/{id}/events', pid(john.id))).data!;
    expect(events.map((e) => e.type).sort()).to.deep.equal(['birth', 'marriage', 'occupation']);
    const merged = (await c.GET('/persons/{id}', pid(john.id))).data!;
    expect(merged.notes).to.equal('Farmer at Acomb\n\nMoved to Leeds in 1880');
    expect(await persons(treeId)).to.have.length(3);
    expect(r.data!.relationships.created).to.equal(0);
  });

  it('default_action overwrite soft-deletes the existing person and imports the incoming one fresh', async () => {
    const treeId = await newTree();
    await importGedcomFile(c, treeId, FAMILY);
    const old = (await byName(treeId, 'John Smith'))[0]!;
    const r = await importGedcomFile(c, treeId, FAMILY_AGAIN, { default_action: 'overwrite' });
    expect(r.data!.persons).to.deep.equal({ created: 3, merged: 0, skipped: 0, overwritten: 3 });
    expect((await c.GET('/persons/{id}', pid(old.id))).response.status).to.equal(404);
    expect((await persons(treeId, true)).map((p) => p.id)).to.include(old.id);
    const now = await byName(treeId, 'John Smith');
    expect(now).to.have.length(1);
    expect(now[0]!.id).to.not.equal(old.id);
    expect((await relationships(treeId)).length).to.equal(3);
  });

  it('resolutions decide per xref and win over default_action; a medium look-alike without one is created new', async () => {
    const treeId = await newTree();
    await importGedcomFile(c, treeId, FAMILY);
    const mary = (await byName(treeId, 'Mary Jones'))[0]!;
    const r = await importGedcomFile(c, treeId, FAMILY_AGAIN, {
      default_action: 'merge',
      resolutions: { '@P10@': { action: 'new' }, '@P11@': { action: 'skip', target_id: mary.id } },
    });
    expect(r.data!.persons).to.deep.equal({ created: 1, merged: 1, skipped: 1, overwritten: 0 });
    expect(await byName(treeId, 'John Smith')).to.have.length(2);
  });

  it('refuses bad resolutions with 422 and leaves the tree as it was', async () => {
    const treeId = await newTree();
    await importGedcomFile(c, treeId, FAMILY);
    const otherTree = await newTree('Other');
    await importGedcomFile(c, otherTree, FAMILY);
    const foreign = (await byName(otherTree, 'John Smith'))[0]!.id;
    const before = (await persons(treeId)).length;
    for (const resolutions of [{ '@NOPE@': { action: 'new' } }, { '@P10@': { action: 'merge' } }, { '@P10@': { action: 'merge', target_id: foreign } }, { '@P10@': { action: 'fold' } }]) {
      const r = await importGedcomFile(c, treeId, FAMILY_AGAIN, { resolutions });
      expect(r.response.status, JSON.stringify(resolutions)).to.equal(422);
    }
    const notJson = await c.POST('/trees/{id}/gedcom/import', {
      ...pid(treeId), body: {} as never,
      bodySerializer: () => {
        const f = new FormData();
        f.append('file', new Blob([FAMILY_AGAIN]), 'x.ged');
        f.append('resolutions', '{not json');
        return f;
      },
    });
    expect(notJson.response.status).to.equal(422);
    expect((await persons(treeId)).length).to.equal(before);
  });

  it('a file that is not GEDCOM is 422 not_gedcom and changes nothing; a missing file is 422', async () => {
    const treeId = await newTree();
    for (const bytes of ['{"json": true}', '', '\u0089PNG\r\n\u001a\n binary']) {
      const r = await importGedcomFile(c, treeId, bytes);
      expect(r.response.status, JSON.stringify(bytes)).to.equal(422);
      expect(code(r.error)).to.equal('not_gedcom');
      expect((await previewGedcomFile(c, treeId, bytes)).response.status).to.equal(422);
    }
    expect(await persons(treeId)).to.deep.equal([]);
  });

  it('reports unmapped tags with counts, first line and kept lines, and malformed lines as warnings, without failing', async () => {
    const treeId = await newTree();
    const odd = ged('0 @I1@ INDI', '1 NAME Ann /Odd/', '1 _WEIRD x', '1 _WEIRD y', 'this is not a line', '1 SEX U');
    const r = await importGedcomFile(c, treeId, odd);
    expect(r.response.status).to.equal(200);
    // Kept verbatim (issue 28): both _WEIRD lines, and SEX U (an unknown sex, no warning).
    expect(r.data!.unmapped_tags).to.deep.include({ tag: 'INDI._WEIRD', count: 2, first_line: 8, kept_lines: 2 });
    expect(r.data!.unmapped_tags).to.deep.include({ tag: 'INDI.SEX', count: 1, first_line: 11, kept_lines: 1 });
    expect(r.data!.warnings.map((w) => w.line)).to.deep.equal([10]);
    expect(r.data!.warning_count).to.equal(r.data!.warnings.length);
  });

  it('is for editors; export is for members and streams GEDCOM 5.5.1 (UTF-8) or 7.0', async () => {
    const treeId = await newTree('Export Ökonomie');
    await importGedcomFile(c, treeId, FAMILY);
    expect((await importGedcomFile(stranger, treeId, FAMILY)).response.status).to.equal(403);
    expect((await previewGedcomFile(stranger, treeId, FAMILY)).response.status).to.equal(403);
    const e551 = await exportGedcomText(c, treeId);
    expect(e551.status).to.equal(200);
    expect(e551.headers.get('content-type')).to.equal('application/x-gedcom; charset=utf-8');
    expect(e551.headers.get('content-disposition')).to.contain("filename*=UTF-8''Export%20%C3%96konomie.ged");
    expect(e551.text).to.match(/^0 HEAD\n/).and.match(/\n2 VERS 5\.5\.1\n/).and.match(/\n1 CHAR UTF-8\n/).and.match(/0 TRLR\n$/);
    expect(e551.text.match(/^0 @[^@]+@ INDI/gm)).to.have.length(3);
    expect(e551.text.match(/^0 @[^@]+@ FAM/gm)).to.have.length(1);
    const e70 = await exportGedcomText(c, treeId, '7.0');
    expect(e70.headers.get('content-type')).to.equal('text/vnd.familysearch.gedcom; charset=utf-8');
    expect(e70.text).to.match(/\n2 VERS 7\.0\n/);
    expect(e70.text).to.not.match(/\n1 CHAR /);
  });
});

describe('HTTP GEDCOM: MAX_UPLOAD_BYTES', () => {
  let svc: TestService;
  let c: ApiClient;
  before(async () => {
    svc = await startTestService({ env: { MAX_UPLOAD_BYTES: '2000' } });
    c = svc.client((await registerUser(svc, 'big@example.org')).token);
  });
  after(async () => {
    await svc.close();
  });

  it('a file over the limit is 413 on preview and import, and nothing is imported', async () => {
    const treeId = (await c.POST('/trees', { body: { name: 'Small' } })).data!.id;
    const big = ged(...Array.from({ length: 200 }, (_, i) => `0 @I${i}@ INDI\n1 NAME Person${i} /Big/`));
    expect((await importGedcomFile(c, treeId, big)).response.status).to.equal(413);
    expect((await previewGedcomFile(c, treeId, big)).response.status).to.equal(413);
    expect((await c.GET('/trees/{id}/persons', pid(treeId))).data).to.deep.equal([]);
  });
});
