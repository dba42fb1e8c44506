import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { ApiClient } from '../../client/index.js';
import { registerUser, startTestService, type TestService } from '../support/service.js';

// Sources and citations over HTTP on PostgreSQL: source CRUD; citations with exactly one live target
// and a live source of the same tree, confidence 0..3, the whole-tree list, patch and delete; a
// deleted source takes its citations out of the list.

const code = (error: unknown): string | undefined => (error as { code?: string } | undefined)?.code;
const pid = (id: string) => ({ params: { path: { id } } });

describe('HTTP sources and citations', () => {
  let svc: TestService;
  let c: ApiClient;
  let treeId: string;
  let otherTreeId: string;
  // Facts of the tree to cite.
  let personId: string;
  let nameId: string;
  let eventId: string;
  let relationshipId: string;

  const source = async (title: string, tree = treeId) => {
    const r = await c.POST('/trees/{id}/sources', { ...pid(tree), body: { title } });
    expect(r.response.status).to.equal(201);
    return r.data!.id;
  };
  const person = async (given: string, tree = treeId) => (await c.POST('/trees/{id}/persons', { ...pid(tree), body: { given_name: given } })).data!.id;
  /** Bodies that break the schema on purpose go through unchecked. */
  const cite = (body: Record<string, unknown>, tree = treeId) =>
    c.POST('/trees/{id}/citations', { ...pid(tree), body: body as never });
  const citationIds = async (tree = treeId) => {
    const r = await c.GET('/trees/{id}/citations', pid(tree));
    expect(r.response.status).to.equal(200);
    return r.data!.map((x) => x.id);
  };

  before(async () => {
    svc = await startTestService();
    c = svc.client((await registerUser(svc, 'owner@example.org')).token);
    treeId = (await c.POST('/trees', { body: { name: 'Sourced' } })).data!.id;
    otherTreeId = (await c.POST('/trees', { body: { name: 'Elsewhere' } })).data!.id;
    personId = await person('Cited');
    const partner = await person('Partner');
    nameId = (await c.GET('/persons/{id}/names', pid(personId))).data![0]!.id;
    eventId = (await c.POST('/trees/{id}/events', { ...pid(treeId), body: { type: 'census', person_id: personId } })).data!.id;
    relationshipId = (await c.POST('/trees/{id}/relationships', { ...pid(treeId), body: { type: 'partnership', person_a_id: personId, person_b_id: partner } })).data!.id;
  });
  after(async () => {
    await svc.close();
  });

  describe('sources', () => {
    it('create, read, list, update, delete', async () => {
      const created = await c.POST('/trees/{id}/sources', { ...pid(treeId), body: { title: ' 1850 Census ', author: 'US Census Bureau', publication: 'NARA', notes: 'roll 5' } });
      expect(created.response.status).to.equal(201);
      expect(created.data).to.include({ tree_id: treeId, title: '1850 Census', author: 'US Census Bureau', publication: 'NARA', notes: 'roll 5' });
      const id = created.data!.id;
      expect((await c.GET('/sources/{id}', pid(id))).data).to.deep.equal(created.data);
      expect((await c.GET('/trees/{id}/sources', pid(treeId))).data?.map((s) => s.id)).to.include(id);
      const patched = await c.PATCH('/sources/{id}', { ...pid(id), body: { title: '1850 US Census', notes: 'roll 6' } });
      expect(patched.response.status).to.equal(200);
      expect(patched.data).to.include({ title: '1850 US Census', notes: 'roll 6', author: 'US Census Bureau' });
      expect((await c.GET('/sources/{id}', pid(id))).data?.title).to.equal('1850 US Census');
      const del = await c.DELETE('/sources/{id}', pid(id));
      expect(del.response.status).to.equal(204);
      expect((await c.GET('/sources/{id}', pid(id))).response.status).to.equal(404);
      expect((await c.GET('/trees/{id}/sources', pid(treeId))).data?.map((s) => s.id)).to.not.include(id);
      expect((await c.PATCH('/sources/{id}', { ...pid(id), body: { title: 'Zombie' } })).response.status).to.equal(404);
    });

    it('a blank title is 422', async () => {
      expect((await c.POST('/trees/{id}/sources', { ...pid(treeId), body: { title: '  ' } })).response.status).to.equal(422);
      const id = await source('Titled');
      expect((await c.PATCH('/sources/{id}', { ...pid(id), body: { title: '' } })).response.status).to.equal(422);
    });
  });

  describe('citations', () => {
    it('cites each kind of target: 201 with the record naming that target only', async () => {
      const s = await source('Register');
      for (const [field, id] of [['person_id', personId], ['event_id', eventId], ['name_id', nameId], ['relationship_id', relationshipId]] as const) {
        const { data, response, error } = await cite({ source_id: s, [field]: id, page: 'p. 3', detail: 'entry 12', confidence: 3 });
        expect(response.status, `${field}: ${JSON.stringify(error)}`).to.equal(201);
        expect(data).to.include({ tree_id: treeId, source_id: s, [field]: id, page: 'p. 3', detail: 'entry 12', confidence: 3 });
        for (const other of ['person_id', 'event_id', 'name_id', 'relationship_id'].filter((f) => f !== field)) expect((data as Record<string, unknown>)[other], other).to.equal(null);
        expect((await c.GET('/citations/{id}', pid(data!.id))).data).to.deep.equal(data);
      }
    });

    it('no target, or two targets, is 422', async () => {
      const s = await source('Ambiguous');
      const before = await citationIds();
      const none = await cite({ source_id: s });
      expect(none.response.status).to.equal(422);
      const two = await cite({ source_id: s, person_id: personId, event_id: eventId });
      expect(two.response.status).to.equal(422);
      expect(await citationIds()).to.deep.equal(before);
    });

    it('a target or a source of another tree, missing or deleted, is 422', async () => {
      const s = await source('Local');
      const foreignSource = await source('Foreign', otherTreeId);
      const foreignPerson = await person('Foreign', otherTreeId);
      const cases: [string, Record<string, unknown>][] = [
        ['target of another tree', { source_id: s, person_id: foreignPerson }],
        ['source of another tree', { source_id: foreignSource, person_id: personId }],
        ['unknown target', { source_id: s, event_id: randomUUID() }],
        ['unknown source', { source_id: randomUUID(), person_id: personId }],
      ];
      const gone = await person('Gone');
      expect((await c.DELETE('/persons/{id}', pid(gone))).response.status).to.equal(200);
      cases.push(['deleted target', { source_id: s, person_id: gone }]);
      const goneSource = await source('Gone');
      expect((await c.DELETE('/sources/{id}', pid(goneSource))).response.status).to.equal(204);
      cases.push(['deleted source', { source_id: goneSource, person_id: personId }]);
      const goneEvent = (await c.POST('/trees/{id}/events', { ...pid(treeId), body: { type: 'residence', person_id: personId } })).data!.id;
      expect((await c.DELETE('/events/{id}', pid(goneEvent))).response.status).to.equal(204);
      cases.push(['deleted event', { source_id: s, event_id: goneEvent }]);
      const before = await citationIds();
      for (const [what, body] of cases) {
        const r = await cite(body);
        expect(r.response.status, what).to.equal(422);
        expect(code(r.error), what).to.equal('invalid_reference');
      }
      expect(await citationIds()).to.deep.equal(before);
    });

    it('confidence is 0..3: 0 and 3 are taken, 4 and -1 are 422 (create and patch)', async () => {
      const s = await source('Quality');
      expect((await cite({ source_id: s, person_id: personId, confidence: 0 })).data?.confidence).to.equal(0);
      const three = await cite({ source_id: s, person_id: personId, confidence: 3 });
      expect(three.data?.confidence).to.equal(3);
      expect((await cite({ source_id: s, person_id: personId, confidence: 4 })).response.status).to.equal(422);
      expect((await cite({ source_id: s, person_id: personId, confidence: -1 })).response.status).to.equal(422);
      expect((await c.PATCH('/citations/{id}', { ...pid(three.data!.id), body: { confidence: 4 as never } })).response.status).to.equal(422);
      expect((await c.GET('/citations/{id}', pid(three.data!.id))).data?.confidence).to.equal(3);
    });

    it('the list returns every citation of the tree in one call (and none of another tree)', async () => {
      const listTree = (await c.POST('/trees', { body: { name: 'Many' } })).data!.id;
      const s = await source('Bulk', listTree);
      const p = await person('Bulk', listTree);
      const made: string[] = [];
      for (let i = 0; i < 25; i++) made.push((await cite({ source_id: s, person_id: p, page: `p. ${i}` }, listTree)).data!.id);
      const { data, response } = await c.GET('/trees/{id}/citations', pid(listTree));
      expect(response.status).to.equal(200);
      expect(response.headers.get('x-next-cursor')).to.equal(null);
      expect(data?.map((x) => x.id).sort()).to.deep.equal([...made].sort());
      expect(await citationIds()).to.not.include(made[0]);
    });

    it('PATCH changes page, detail and confidence; DELETE removes it', async () => {
      const s = await source('Patchable');
      const ct = (await cite({ source_id: s, person_id: personId, page: 'p. 1', confidence: 1 })).data!;
      const patched = await c.PATCH('/citations/{id}', { ...pid(ct.id), body: { page: 'p. 2', detail: 'line 4', confidence: null } });
      expect(patched.response.status).to.equal(200);
      expect(patched.data).to.include({ page: 'p. 2', detail: 'line 4', confidence: null, person_id: personId, source_id: s });
      const del = await c.DELETE('/citations/{id}', pid(ct.id));
      expect(del.response.status).to.equal(204);
      expect((await c.GET('/citations/{id}', pid(ct.id))).response.status).to.equal(404);
      expect(await citationIds()).to.not.include(ct.id);
      expect((await c.PATCH('/citations/{id}', { ...pid(ct.id), body: { page: 'p. 9' } })).response.status).to.equal(404);
    });

    it('deleting a source hides its citations from the list (and from single reads)', async () => {
      const s = await source('Doomed');
      const keep = await source('Kept');
      const doomed = (await cite({ source_id: s, person_id: personId })).data!;
      const kept = (await cite({ source_id: keep, event_id: eventId })).data!;
      expect(await citationIds()).to.include.members([doomed.id, kept.id]);
      expect((await c.DELETE('/sources/{id}', pid(s))).response.status).to.equal(204);
      const after = await citationIds();
      expect(after).to.include(kept.id);
      expect(after).to.not.include(doomed.id);
      expect((await c.GET('/citations/{id}', pid(doomed.id))).response.status).to.equal(404);
    });
  });
});
