import path from 'node:path';
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { registerUser, startTestService, type TestService } from '../support/service.js';
import { importGedcomFile } from '../support/gedcom.js';
import { GEDCOM_FIXTURES } from '../support/fixture-files.js';

// The finder on a real file (royal92.ged, 3,010 European royals: many namesakes, few surnames, numbered
// placeholder children, unknown parents): imported once it proposes little at high; imported twice
// (default_action new) it pairs nearly every person with their copy. Imports give ids counted up per
// import, so the n-th person of the first import (by id) is the copy of the n-th of the second.

const FILE = path.join(GEDCOM_FIXTURES, '5.5/royal92.ged');
const tree = (id: string) => ({ params: { path: { id } } });

describe('HTTP duplicates on royal92.ged', function () {
  this.timeout(300_000);
  let svc: TestService;
  let owner: Awaited<ReturnType<TestService['client']>>;
  before(async () => {
    svc = await startTestService();
    owner = svc.client((await registerUser(svc, 'owner@example.org')).token);
  });
  after(() => svc.close());

  const imported = async (times: number) => {
    const id = (await owner.POST('/trees', { body: { name: `royal92 x${times}` } })).data!.id;
    for (let i = 0; i < times; i++) {
      const r = await importGedcomFile(owner, id, readFileSync(FILE), { default_action: 'new' });
      expect(r.response.status, JSON.stringify(r.error)).to.be.oneOf([200, 201]);
    }
    const persons = (await owner.GET('/trees/{id}/persons', tree(id))).data!;
    const pairs = (await owner.GET('/trees/{id}/duplicates', tree(id))).data!;
    return { persons, pairs };
  };

  it('imported once: few pairs, at most 10 at high (the file holds a handful of real duplicates, such as Rudolf / Rudolph of Austria 1858-1889)', async () => {
    const { persons, pairs } = await imported(1);
    expect(persons).to.have.length(3010);
    const high = pairs.filter((p) => p.score === 'high');
    console.log(`      royal92 once: ${pairs.length} pairs, ${high.length} high`);
    expect(high.length).to.be.at.most(10);
    expect(pairs.length).to.be.below(300);
  });

  it('imported twice: at least 95% of the persons paired with their copy, and the copies are most of what is proposed', async () => {
    const { persons, pairs } = await imported(2);
    const ids = persons.map((p) => p.id).sort();
    const half = ids.length / 2;
    const found = new Set(pairs.map((p) => p.person_ids.join('|')));
    const copies = ids.slice(0, half).filter((id, i) => found.has([id, ids[half + i]!].sort().join('|'))).length;
    console.log(`      royal92 twice: ${copies}/${half} copies paired, ${pairs.length} pairs proposed`);
    expect(copies / half).to.be.at.least(0.95);
    expect(copies / pairs.length).to.be.at.least(0.8);
  });
});
