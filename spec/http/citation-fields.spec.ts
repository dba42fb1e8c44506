import { expect } from 'chai';
import type { ApiClient } from '../../client/index.js';
import { exportGedcomText, importGedcomFile } from '../support/gedcom.js';
import { registerUser, startTestService, type TestService } from '../support/service.js';

// Issue 28, "model what genealogists use": a citation's entry date (GEDCOM SOUR.DATA.DATE: when the
// source recorded the fact, as written) and its notes (SOUR.NOTE) are fields of their own,
// `entry_date` and `notes`, read and written by the API and written back as DATA.DATE and NOTE; only
// the text from the source (DATA.TEXT) is the citation's `detail`. The import used to join all four
// into the detail, which export wrote as one DATA.TEXT.

const FILE = `0 HEAD
1 GEDC
2 VERS 5.5.1
2 FORM LINEAGE-LINKED
1 CHAR UTF-8
0 @I1@ INDI
1 NAME John /Smith/
1 BIRT
2 DATE 1 JAN 1900
2 SOUR @S1@
3 PAGE Folio 12
3 DATA
4 DATE 3 JAN 1900
4 TEXT John, son of William
3 QUAY 2
3 NOTE Entry is faded.
0 @S1@ SOUR
1 TITL Parish register
0 TRLR
`;

for (const storage of ['memory', 'postgres'] as const) {
  describe(`citations have an entry date and notes (${storage})`, function () {
    this.timeout(60_000);
    let svc: TestService;
    let c: ApiClient;
    let trees = 0;
    const freshTree = async (): Promise<string> => {
      const r = await c.POST('/trees', { body: { name: `Citations ${++trees}` } });
      expect(r.response.status).to.equal(201);
      return r.data!.id;
    };

    before(async () => {
      svc = await startTestService({ storage });
      c = svc.client((await registerUser(svc, 'citations@example.org')).token);
    });
    after(async () => {
      await svc.close();
    });

    it('GEDCOM DATA.DATE and NOTE are the citation\'s entry_date and notes, written back as they were', async () => {
      const tree = await freshTree();
      const imported = await importGedcomFile(c, tree, FILE);
      expect(imported.response.status, JSON.stringify(imported.error)).to.equal(200);
      const list = await c.GET('/trees/{id}/citations', { params: { path: { id: tree } } });
      expect(list.data!.map((x) => ({ page: x.page, detail: x.detail, entry_date: x.entry_date, notes: x.notes, confidence: x.confidence }))).to.deep.equal([
        { page: 'Folio 12', detail: 'John, son of William', entry_date: '3 JAN 1900', notes: 'Entry is faded.', confidence: 2 },
      ]);
      for (const version of ['5.5.1', '7.0'] as const) {
        const { text } = await exportGedcomText(c, tree, version);
        const lines = text.split('\n');
        const at = lines.indexOf('3 PAGE Folio 12');
        expect(lines.slice(at, at + 6), `${version}:\n${text}`).to.include.members(['3 DATA', '4 DATE 3 JAN 1900', '4 TEXT John, son of William', '3 QUAY 2', '3 NOTE Entry is faded.']);
      }
    });

    it('the API creates and changes a citation\'s entry date and notes', async () => {
      const tree = await freshTree();
      const person = await c.POST('/trees/{id}/persons', { params: { path: { id: tree } }, body: { given_name: 'Ann', surname: 'Old' } });
      const source = await c.POST('/trees/{id}/sources', { params: { path: { id: tree } }, body: { title: 'Census 1901' } });
      const created = await c.POST('/trees/{id}/citations', {
        params: { path: { id: tree } }, body: { source_id: source.data!.id, person_id: person.data!.id, entry_date: '31 MAR 1901', notes: 'Household 12' },
      });
      expect(created.response.status, JSON.stringify(created.error)).to.equal(201);
      expect(created.data).to.deep.include({ entry_date: '31 MAR 1901', notes: 'Household 12', detail: '' });
      const changed = await c.PATCH('/citations/{id}', { params: { path: { id: created.data!.id } }, body: { notes: '' } });
      expect(changed.response.status, JSON.stringify(changed.error)).to.equal(200);
      expect(changed.data).to.deep.include({ entry_date: '31 MAR 1901', notes: '' });
      const tooLong = await c.PATCH('/citations/{id}', { params: { path: { id: created.data!.id } }, body: { entry_date: 'x'.repeat(101) } });
      expect(tooLong.response.status).to.equal(422);
    });
  });
}
