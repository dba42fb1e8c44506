import { expect } from 'chai';
import type { ApiClient } from '../../client/index.js';
import { exportGedcomText, importGedcomFile } from '../support/gedcom.js';
import { registerUser, startTestService, type TestService } from '../support/service.js';

// Issue 28, "model what genealogists use": an event's cause (GEDCOM CAUS: a death's "pneumonia") is
// a field of its own, `cause`, read and written by the API and written back as CAUS, not joined into
// the event's detail (which export writes as TYPE: a cause written as a death's TYPE said something else).

const FILE = `0 HEAD
1 GEDC
2 VERS 5.5.1
2 FORM LINEAGE-LINKED
1 CHAR UTF-8
0 @I1@ INDI
1 NAME John /Smith/
1 DEAT
2 DATE 3 MAR 1918
2 CAUS Pneumonia
1 OCCU Blacksmith
2 CAUS Family trade
0 TRLR
`;

for (const storage of ['memory', 'postgres'] as const) {
  describe(`events have a cause (${storage})`, function () {
    this.timeout(60_000);
    let svc: TestService;
    let c: ApiClient;
    let trees = 0;
    const freshTree = async (visibility: 'private' | 'public' = 'private'): Promise<string> => {
      const r = await c.POST('/trees', { body: { name: `Cause ${++trees}`, visibility } });
      expect(r.response.status).to.equal(201);
      return r.data!.id;
    };

    before(async () => {
      svc = await startTestService({ storage });
      c = svc.client((await registerUser(svc, 'cause@example.org')).token);
    });
    after(async () => {
      await svc.close();
    });

    it('GEDCOM CAUS is the event\'s cause, and is written back as CAUS in 5.5.1 and 7.0', async () => {
      const tree = await freshTree();
      const imported = await importGedcomFile(c, tree, FILE);
      expect(imported.response.status, JSON.stringify(imported.error)).to.equal(200);
      const persons = await c.GET('/trees/{id}/persons', { params: { path: { id: tree } } });
      const john = persons.data![0]!;
      const events = await c.GET('/persons/{id}/events', { params: { path: { id: john.id } } });
      const death = events.data!.find((e) => e.type === 'death')!;
      expect(death).to.deep.include({ cause: 'Pneumonia', detail: '' });
      const occupation = events.data!.find((e) => e.type === 'occupation')!;
      expect(occupation).to.deep.include({ cause: 'Family trade', detail: 'Blacksmith' });
      for (const version of ['5.5.1', '7.0'] as const) {
        const { text } = await exportGedcomText(c, tree, version);
        const lines = text.split('\n');
        const deat = lines.indexOf('1 DEAT');
        expect(lines.slice(deat, deat + 4), `${version}:\n${text}`).to.include('2 CAUS Pneumonia');
        expect(text, version).to.not.include('TYPE Pneumonia');
        expect(lines, version).to.include('2 CAUS Family trade');
        expect(lines, version).to.include('1 OCCU Blacksmith');
      }
    });

    it('the API creates and changes an event\'s cause; the public read shows it only with the event', async () => {
      const tree = await freshTree('public');
      const person = await c.POST('/trees/{id}/persons', { params: { path: { id: tree } }, body: { given_name: 'Ann', surname: 'Old', is_living: false } });
      expect(person.response.status, JSON.stringify(person.error)).to.equal(201);
      const created = await c.POST('/trees/{id}/events', {
        params: { path: { id: tree } }, body: { type: 'death', person_id: person.data!.id, cause: 'Old age' },
      });
      expect(created.response.status, JSON.stringify(created.error)).to.equal(201);
      expect(created.data!.cause).to.equal('Old age');
      const changed = await c.PATCH('/events/{id}', { params: { path: { id: created.data!.id } }, body: { cause: 'Influenza' } });
      expect(changed.response.status, JSON.stringify(changed.error)).to.equal(200);
      expect(changed.data!.cause).to.equal('Influenza');
      const anonymous = svc.client();
      const shown = await anonymous.GET('/public/persons/{id}/events', { params: { path: { id: person.data!.id } } });
      expect(shown.response.status).to.equal(200);
      expect(shown.data!.map((e) => e.cause)).to.deep.equal(['Influenza']);
      const tooLong = await c.PATCH('/events/{id}', { params: { path: { id: created.data!.id } }, body: { cause: 'x'.repeat(2001) } });
      expect(tooLong.response.status).to.equal(422);
    });
  });
}
