import { expect } from 'chai';
import type { ApiClient } from '../../client/index.js';
import { rawCaller } from '../support/raw-call.js';
import { registerUser, startTestService, type TestService } from '../support/service.js';

// What GEDCOM files carry beyond the first model, over HTTP on PostgreSQL (issue 14): person
// identifiers (REFN, AFN, unique ids), name notes, associations with a role, LDS ordinances with
// temple and status. Round trips, the 422s of each rule, and that associations are no kinship.

const pid = (id: string) => ({ params: { path: { id } } });
const code = (error: unknown): string | undefined => (error as { code?: string } | undefined)?.code;
const long = 'x'.repeat(256);

describe('HTTP GEDCOM model fields', () => {
  let svc: TestService;
  let c: ApiClient;
  let treeId: string;
  let token: string;

  const person = async (given: string, extra: Record<string, unknown> = {}) => {
    const r = await c.POST('/trees/{id}/persons', { ...pid(treeId), body: { given_name: given, surname: 'Fidel', ...extra } });
    expect(r.response.status, JSON.stringify(r.error)).to.equal(201);
    return r.data!;
  };
  const call = rawCaller(() => svc.baseUrl);
  const post = (path: string, body: unknown) => call('POST', path, token, body);
  const patch = (path: string, body: unknown) => call('PATCH', path, token, body);

  before(async () => {
    svc = await startTestService();
    const owner = await registerUser(svc, 'owner@example.org');
    c = svc.client(owner.token);
    token = owner.token;
    treeId = (await c.POST('/trees', { body: { name: 'Fidelity' } })).data!.id;
  });
  after(async () => {
    await svc.close();
  });

  describe('person identifiers', () => {
    const ids = [{ kind: 'refn' as const, value: 'A-17', type: 'Census index' }, { kind: 'uid' as const, value: 'F0E1D2C3', type: null }];

    it('are created, read, replaced whole by a patch, and emptied', async () => {
      const p = await person('Ida', { identifiers: ids });
      expect(p.identifiers).to.deep.equal(ids);
      expect((await c.GET('/persons/{id}', pid(p.id))).data!.identifiers).to.deep.equal(ids);
      const changed = await c.PATCH('/persons/{id}', { ...pid(p.id), body: { identifiers: [{ kind: 'afn', value: ' 1A2B-3C ', type: ' ' }] } });
      expect(changed.data!.identifiers, 'stored trimmed, a blank type is none').to.deep.equal([{ kind: 'afn', value: '1A2B-3C', type: null }]);
      const untyped = await post(`/trees/${treeId}/persons`, { given_name: 'Una', identifiers: [{ kind: 'uid', value: 'U-1' }] });
      expect(untyped.body.identifiers, 'type may be left out').to.deep.equal([{ kind: 'uid', value: 'U-1', type: null }]);
      const untouched = await c.PATCH('/persons/{id}', { ...pid(p.id), body: { notes: 'n' } });
      expect(untouched.data!.identifiers).to.deep.equal([{ kind: 'afn', value: '1A2B-3C', type: null }]);
      expect((await c.PATCH('/persons/{id}', { ...pid(p.id), body: { identifiers: [] } })).data!.identifiers).to.deep.equal([]);
    });

    it('refuse more than 100, a value or type over 255 characters, a blank value or an unknown kind (422)', async () => {
      const many = Array.from({ length: 101 }, (_, i) => ({ kind: 'refn', value: `R${i}`, type: null }));
      for (const identifiers of [many, [{ kind: 'refn', value: long, type: null }], [{ kind: 'refn', value: 'ok', type: long }], [{ kind: 'refn', value: '  ', type: null }], [{ kind: 'ssn', value: '1', type: null }]]) {
        const r = await post(`/trees/${treeId}/persons`, { given_name: 'Bad', identifiers });
        expect(r.status, JSON.stringify(identifiers).slice(0, 80)).to.equal(422);
      }
      const p = await person('Ok', { identifiers: Array.from({ length: 100 }, (_, i) => ({ kind: 'refn', value: `R${i}`, type: null })) });
      expect(p.identifiers).to.have.length(100);
      expect((await patch(`/persons/${p.id}`, { identifiers: many })).status).to.equal(422);
    });
  });

  describe('name notes', () => {
    it('are created, read and changed with the name', async () => {
      const p = await person('Nora');
      const created = await c.POST('/persons/{id}/names', { ...pid(p.id), body: { name_type: 'married', given_name: 'Nora', surname: 'Wed', notes: 'From the marriage record' } });
      expect(created.data).to.include({ notes: 'From the marriage record' });
      const names = (await c.GET('/persons/{id}/names', pid(p.id))).data!;
      expect(names.find((n) => n.id === created.data!.id)).to.include({ notes: 'From the marriage record' });
      expect(names.find((n) => n.is_primary)).to.include({ notes: '' });
      const changed = await c.PATCH('/persons/{id}/names/{name_id}', { params: { path: { id: p.id, name_id: created.data!.id } }, body: { notes: 'changed' } });
      expect(changed.data).to.include({ notes: 'changed', surname: 'Wed' });
    });
  });

  describe('LDS ordinances', () => {
    it('keep temple and ordinance_status; other types have both null', async () => {
      const p = await person('Lars');
      const r = await c.POST('/trees/{id}/events', { ...pid(treeId), body: { type: 'lds_endowment', person_id: p.id, temple: 'SLAKE', ordinance_status: 'COMPLETED' } });
      expect(r.response.status, JSON.stringify(r.error)).to.equal(201);
      expect(r.data).to.include({ type: 'lds_endowment', temple: 'SLAKE', ordinance_status: 'COMPLETED' });
      expect((await c.GET('/events/{id}', pid(r.data!.id))).data).to.include({ temple: 'SLAKE', ordinance_status: 'COMPLETED' });
      const status = await c.PATCH('/events/{id}', { ...pid(r.data!.id), body: { ordinance_status: 'DNS' } });
      expect(status.data).to.include({ temple: 'SLAKE', ordinance_status: 'DNS' });
      // Another type drops them, as they belong to the ordinance.
      const birth = await c.PATCH('/events/{id}', { ...pid(r.data!.id), body: { type: 'birth' } });
      expect(birth.data).to.include({ type: 'birth', temple: null, ordinance_status: null });
      const plain = await c.POST('/trees/{id}/events', { ...pid(treeId), body: { type: 'burial', person_id: p.id } });
      expect(plain.data).to.include({ temple: null, ordinance_status: null });
    });

    it('refuse a temple or status on another type, or over 255 characters (422)', async () => {
      const p = await person('Lena');
      for (const body of [{ type: 'baptism', temple: 'SLAKE' }, { type: 'marriage', ordinance_status: 'COMPLETED' }, { type: 'lds_baptism', temple: long }, { type: 'lds_baptism', ordinance_status: long }]) {
        const r = await post(`/trees/${treeId}/events`, { ...body, person_id: p.id });
        expect(r.status, JSON.stringify(body).slice(0, 80)).to.equal(422);
      }
      const e = (await c.POST('/trees/{id}/events', { ...pid(treeId), body: { type: 'christening', person_id: p.id } })).data!;
      const r = await patch(`/events/${e.id}`, { temple: 'LONDO' });
      expect(r.status).to.equal(422);
      expect(code(r.body)).to.equal('invalid_input');
    });
  });

  describe('associations', () => {
    it('hold a role, may repeat between one pair, and are no parent or partner to kinship', async () => {
      const [a, b] = [await person('Asa'), await person('Bo')];
      const godfather = await c.POST('/trees/{id}/relationships', { ...pid(treeId), body: { type: 'association', person_a_id: a.id, person_b_id: b.id, role: 'Godfather', notes: 'at the font' } });
      expect(godfather.response.status, JSON.stringify(godfather.error)).to.equal(201);
      expect(godfather.data).to.include({ type: 'association', person_a_id: a.id, person_b_id: b.id, role: 'Godfather', qualifier: null, notes: 'at the font' });
      const witness = await c.POST('/trees/{id}/relationships', { ...pid(treeId), body: { type: 'association', person_a_id: a.id, person_b_id: b.id, role: 'Witness' } });
      expect(witness.response.status, 'a second association between the pair').to.equal(201);
      const changed = await c.PATCH('/relationships/{id}', { ...pid(godfather.data!.id), body: { role: 'Godparent' } });
      expect(changed.data).to.include({ role: 'Godparent' });
      const ofA = (await c.GET('/persons/{id}/relationships', pid(a.id))).data!;
      expect(ofA.map((r) => r.role).sort()).to.deep.equal(['Godparent', 'Witness']);
      const kin = await c.GET('/trees/{id}/relationship', { params: { path: { id: treeId }, query: { from: a.id, to: b.id } } });
      expect(kin.data, 'associated persons are not kin').to.deep.include({ relationship: null, path: [] });
    });

    it('refuse a role on another type, a qualifier on an association, or a role over 255 characters (422)', async () => {
      const [a, b] = [await person('Cy'), await person('Di')];
      for (const body of [
        { type: 'parent_child', qualifier: 'biological', role: 'Godfather' }, { type: 'partnership', role: 'Witness' },
        { type: 'association', qualifier: 'biological' }, { type: 'association', role: long },
      ]) {
        const r = await post(`/trees/${treeId}/relationships`, { ...body, person_a_id: a.id, person_b_id: b.id });
        expect(r.status, JSON.stringify(body).slice(0, 80)).to.equal(422);
      }
      const partners = (await c.POST('/trees/{id}/relationships', { ...pid(treeId), body: { type: 'partnership', person_a_id: a.id, person_b_id: b.id } })).data!;
      expect((await patch(`/relationships/${partners.id}`, { role: 'Witness' })).status).to.equal(422);
    });

    it('a proposal creates an association with its role and a person with identifiers', async () => {
      const [a, b] = [await person('Ed'), await person('Flo')];
      const proposed = await c.POST('/trees/{id}/proposals', {
        ...pid(treeId),
        body: {
          operations: [
            { op: 'create', entity: 'relationship', data: { type: 'association', person_a_id: a.id, person_b_id: b.id, role: 'Witness' } },
            { op: 'update', entity: 'person', id: a.id, data: { identifiers: [{ kind: 'refn', value: 'P-1', type: null }] } },
          ],
        },
      });
      expect(proposed.response.status, JSON.stringify(proposed.error)).to.equal(201);
      const applied = await c.POST('/trees/{id}/proposals/{pid}/apply', { params: { path: { id: treeId, pid: proposed.data!.id } }, body: {} });
      expect(applied.data, JSON.stringify(applied.error)).to.include({ status: 'applied' });
      expect((await c.GET('/persons/{id}/relationships', pid(b.id))).data!.map((r) => r.role)).to.deep.equal(['Witness']);
      expect((await c.GET('/persons/{id}', pid(a.id))).data!.identifiers).to.deep.equal([{ kind: 'refn', value: 'P-1', type: null }]);
      const bad = await post(`/trees/${treeId}/proposals`, { operations: [{ op: 'create', entity: 'relationship', data: { type: 'partnership', person_a_id: a.id, person_b_id: b.id, role: long } }] });
      expect(bad.status).to.equal(422);
    });
  });
});
