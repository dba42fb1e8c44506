import { expect } from 'chai';
import { importGedcomFile } from '../support/gedcom.js';
import { rawCaller } from '../support/raw-call.js';
import { registerUser, startTestService, type TestService } from '../support/service.js';

// Issue 30: nobody is their own ancestor. A parent/child edge that would close a loop, through any
// qualifier and any number of generations, is 422 `relationship_cycle`; the walk ends on a cycle a
// GEDCOM file brought in, too.

for (const storage of ['postgres', 'memory'] as const) {
  describe(`parent/child cycles (HTTP, ${storage})`, function () {
    this.timeout(30_000);
    let svc: TestService;
    let token: string;
    let treeId: string;
    const call = rawCaller(() => svc.baseUrl);
    const person = async (given: string, year: number): Promise<string> => {
      const r = await call('POST', `/trees/${treeId}/persons`, token, { given_name: given, surname: 'Line', birth: { date: { qualifier: 'exact', year } } });
      expect(r.status).to.equal(201);
      return r.body.id;
    };
    const parent = (a: string, b: string, qualifier = 'biological') => call('POST', `/trees/${treeId}/relationships`, token, { type: 'parent_child', person_a_id: a, person_b_id: b, qualifier });

    before(async () => {
      svc = await startTestService({ storage });
      token = (await registerUser(svc, 'cycles@example.org')).token;
      treeId = (await call('POST', '/trees', token, { name: 'Lines' })).body.id;
    });
    after(async () => svc?.close());

    it('a man born 1714 made father of his grandfather born 1645 is 422 relationship_cycle; other edges still go', async () => {
      const grandfather = await person('Grand', 1645);
      const father = await person('Father', 1680);
      const man = await person('Man', 1714);
      const cousin = await person('Cousin', 1716);
      expect((await parent(grandfather, father)).status).to.equal(201);
      expect((await parent(father, man, 'adoptive')).status).to.equal(201);
      for (const [a, b] of [[man, grandfather], [man, father]] as const) {
        const r = await parent(a, b, 'step');
        expect(r.status).to.equal(422);
        expect(r.body.code).to.equal('relationship_cycle');
        expect(r.body.errors.map((e: { path: string }) => e.path)).to.deep.equal(['person_b_id']);
      }
      // The same persons in the other direction, and a second parent, are fine.
      expect((await parent(grandfather, cousin)).status).to.equal(201);
      expect((await parent(cousin, man, 'foster')).status).to.equal(201);
    });

    it('a tree that already holds a loop (from a GEDCOM file) is walked to its end: the answer comes', async () => {
      const file = ['0 HEAD', '1 CHAR UTF-8', '0 @I1@ INDI', '1 NAME Loop /One/', '0 @I2@ INDI', '1 NAME Loop /Two/', '0 @I3@ INDI', '1 NAME Loop /Three/',
        '0 @F1@ FAM', '1 HUSB @I1@', '1 CHIL @I2@', '0 @F2@ FAM', '1 HUSB @I2@', '1 CHIL @I1@', '0 @F3@ FAM', '1 HUSB @I3@', '0 TRLR', ''].join('\n');
      const imported = await importGedcomFile(svc.client(token), treeId, file);
      expect(imported.response.status).to.equal(200);
      const all = await call('GET', `/trees/${treeId}/persons`, token);
      const id = (name: string) => all.body.find((p: { surname: string }) => p.surname === name).id;
      const r = await parent(id('Three'), id('One'));
      expect(r.status).to.equal(201);
      expect((await parent(id('One'), id('Three'))).body.code).to.equal('relationship_cycle');
    });
  });
}
