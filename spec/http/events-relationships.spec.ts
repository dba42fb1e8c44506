import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { ApiClient } from '../../client/index.js';
import { registerUser, startTestService, type TestService } from '../support/service.js';

// Events and relationships over HTTP on PostgreSQL: the one-subject rule, tenant checks, custom
// types, place deduplication, partnership events in both partners' lists; relationship qualifier
// rules, duplicates (symmetric partnerships), self-edges, patch and delete.

const code = (error: unknown): string | undefined => (error as { code?: string } | undefined)?.code;
const pid = (id: string) => ({ params: { path: { id } } });

describe('HTTP events and relationships', () => {
  let svc: TestService;
  let c: ApiClient;
  let treeId: string;
  let otherTreeId: string;

  const person = async (given: string, tree = treeId) => {
    const r = await c.POST('/trees/{id}/persons', { ...pid(tree), body: { given_name: given, surname: 'Test' } });
    expect(r.response.status).to.equal(201);
    return r.data!.id;
  };
  const partnership = async (a: string, b: string) => {
    const r = await c.POST('/trees/{id}/relationships', { ...pid(treeId), body: { type: 'partnership', person_a_id: a, person_b_id: b } });
    expect(r.response.status, JSON.stringify(r.error)).to.equal(201);
    return r.data!;
  };

  before(async () => {
    svc = await startTestService();
    c = svc.client((await registerUser(svc, 'owner@example.org')).token);
    treeId = (await c.POST('/trees', { body: { name: 'Events' } })).data!.id;
    otherTreeId = (await c.POST('/trees', { body: { name: 'Elsewhere' } })).data!.id;
  });
  after(async () => {
    await svc.close();
  });

  describe('events', () => {
    it('creates an event of a person: 201 with the record, date_display composed', async () => {
      const p = await person('Eve');
      const { data, response } = await c.POST('/trees/{id}/events', {
        ...pid(treeId), body: { type: 'occupation', person_id: p, date: { qualifier: 'between', year: 1850, end_year: 1855 }, place: 'Leeds', detail: 'Weaver', notes: 'n' },
      });
      expect(response.status).to.equal(201);
      expect(data).to.include({ tree_id: treeId, type: 'occupation', person_id: p, partnership_id: null, custom_type: null, place: 'Leeds', detail: 'Weaver', notes: 'n', date_display: 'BET 1850 AND 1855' });
      const got = await c.GET('/events/{id}', pid(data!.id));
      expect(got.data).to.deep.equal(data);
    });

    it('an event with both subjects, or with neither, is 422', async () => {
      const a = await person('A');
      const b = await person('B');
      const rel = await partnership(a, b);
      const both = await c.POST('/trees/{id}/events', { ...pid(treeId), body: { type: 'marriage', person_id: a, partnership_id: rel.id } });
      expect(both.response.status).to.equal(422);
      const neither = await c.POST('/trees/{id}/events', { ...pid(treeId), body: { type: 'marriage' } });
      expect(neither.response.status).to.equal(422);
      const all = await c.GET('/trees/{id}/events', pid(treeId));
      expect(all.data?.filter((e) => e.type === 'marriage')).to.deep.equal([]);
      // PATCH cannot make an event subject-less either.
      const e = (await c.POST('/trees/{id}/events', { ...pid(treeId), body: { type: 'residence', person_id: a } })).data!;
      expect((await c.PATCH('/events/{id}', { ...pid(e.id), body: { person_id: null } })).response.status).to.equal(422);
    });

    it('a subject of another tree (or unknown, or a parent_child edge as partnership) is 422', async () => {
      const foreign = await person('Foreign', otherTreeId);
      const r = await c.POST('/trees/{id}/events', { ...pid(treeId), body: { type: 'birth', person_id: foreign } });
      expect(r.response.status).to.equal(422);
      expect(code(r.error)).to.equal('invalid_reference');
      expect((await c.POST('/trees/{id}/events', { ...pid(treeId), body: { type: 'birth', person_id: randomUUID() } })).response.status).to.equal(422);
      const parent = await person('Parent');
      const child = await person('Child');
      const pc = (await c.POST('/trees/{id}/relationships', { ...pid(treeId), body: { type: 'parent_child', qualifier: 'biological', person_a_id: parent, person_b_id: child } })).data!;
      expect((await c.POST('/trees/{id}/events', { ...pid(treeId), body: { type: 'marriage', partnership_id: pc.id } })).response.status).to.equal(422);
      expect((await c.GET('/persons/{id}/events', pid(foreign))).data).to.deep.equal([]);
    });

    it('type custom needs custom_type', async () => {
      const p = await person('Custom');
      const missing = await c.POST('/trees/{id}/events', { ...pid(treeId), body: { type: 'custom', person_id: p } });
      expect(missing.response.status).to.equal(422);
      const blank = await c.POST('/trees/{id}/events', { ...pid(treeId), body: { type: 'custom', custom_type: '  ', person_id: p } });
      expect(blank.response.status).to.equal(422);
      const ok = await c.POST('/trees/{id}/events', { ...pid(treeId), body: { type: 'custom', custom_type: 'Knighted', person_id: p } });
      expect(ok.response.status).to.equal(201);
      expect(ok.data).to.include({ type: 'custom', custom_type: 'Knighted' });
    });

    it('place text is deduplicated per tree: " boston" and "Boston" share a place_id; another tree has its own', async () => {
      const p = await person('Placed');
      const q = await person('Foreign', otherTreeId);
      const one = (await c.POST('/trees/{id}/events', { ...pid(treeId), body: { type: 'residence', person_id: p, place: ' boston' } })).data!;
      const two = (await c.POST('/trees/{id}/events', { ...pid(treeId), body: { type: 'census', person_id: p, place: 'Boston' } })).data!;
      const three = (await c.POST('/trees/{id}/events', { ...pid(otherTreeId), body: { type: 'census', person_id: q, place: 'Boston' } })).data!;
      expect(one.place_id).to.be.a('string');
      expect(two.place_id).to.equal(one.place_id);
      expect(three.place_id).to.be.a('string').and.not.equal(one.place_id);
      const other = (await c.POST('/trees/{id}/events', { ...pid(treeId), body: { type: 'residence', person_id: p, place: 'Salem' } })).data!;
      expect(other.place_id).to.not.equal(one.place_id);
      // PATCH of the place goes through the same dedup.
      const moved = await c.PATCH('/events/{id}', { ...pid(other.id), body: { place: 'BOSTON ' } });
      expect(moved.data?.place_id).to.equal(one.place_id);
    });

    it('PATCH changes type, date, notes; DELETE removes the event from the lists', async () => {
      const p = await person('Patched');
      const e = (await c.POST('/trees/{id}/events', { ...pid(treeId), body: { type: 'residence', person_id: p } })).data!;
      const patched = await c.PATCH('/events/{id}', { ...pid(e.id), body: { type: 'education', date: { qualifier: 'after', year: 1900 }, notes: 'school', detail: 'Eton' } });
      expect(patched.response.status).to.equal(200);
      expect(patched.data).to.include({ type: 'education', date_display: 'AFT 1900', notes: 'school', detail: 'Eton' });
      expect((await c.PATCH('/events/{id}', { ...pid(e.id), body: { date: { qualifier: 'exact', year: 1900, month: 13 } } })).response.status).to.equal(422);
      const del = await c.DELETE('/events/{id}', pid(e.id));
      expect(del.response.status).to.equal(204);
      expect((await c.GET('/events/{id}', pid(e.id))).response.status).to.equal(404);
      expect((await c.GET('/persons/{id}/events', pid(p))).data?.map((x) => x.id)).to.not.include(e.id);
      expect((await c.GET('/trees/{id}/events', pid(treeId))).data?.map((x) => x.id)).to.not.include(e.id);
    });

    it('a partnership event is listed in GET /persons/{id}/events of both partners', async () => {
      const a = await person('Husband');
      const b = await person('Wife');
      const outsider = await person('Outsider');
      const rel = await partnership(a, b);
      const marriage = await c.POST('/trees/{id}/events', { ...pid(treeId), body: { type: 'marriage', partnership_id: rel.id, date: { qualifier: 'exact', year: 1875 } } });
      expect(marriage.response.status).to.equal(201);
      expect(marriage.data).to.include({ partnership_id: rel.id, person_id: null });
      for (const p of [a, b]) expect((await c.GET('/persons/{id}/events', pid(p))).data?.map((e) => e.id), p).to.deep.equal([marriage.data!.id]);
      expect((await c.GET('/persons/{id}/events', pid(outsider))).data).to.deep.equal([]);
      expect((await c.GET('/trees/{id}/events', pid(treeId))).data?.map((e) => e.id)).to.include(marriage.data!.id);
    });
  });

  describe('relationships', () => {
    it('parent_child needs a qualifier (422); with one it is created', async () => {
      const [p, ch] = [await person('P'), await person('C')];
      const without = await c.POST('/trees/{id}/relationships', { ...pid(treeId), body: { type: 'parent_child', person_a_id: p, person_b_id: ch } });
      expect(without.response.status).to.equal(422);
      const { data, response } = await c.POST('/trees/{id}/relationships', { ...pid(treeId), body: { type: 'parent_child', qualifier: 'adoptive', person_a_id: p, person_b_id: ch, notes: 'n' } });
      expect(response.status).to.equal(201);
      expect(data).to.include({ tree_id: treeId, type: 'parent_child', person_a_id: p, person_b_id: ch, qualifier: 'adoptive', notes: 'n' });
      expect((await c.GET('/relationships/{id}', pid(data!.id))).data).to.deep.equal(data);
    });

    it('a partnership must not have a qualifier (422)', async () => {
      const [a, b] = [await person('A'), await person('B')];
      const r = await c.POST('/trees/{id}/relationships', { ...pid(treeId), body: { type: 'partnership', qualifier: 'biological', person_a_id: a, person_b_id: b } });
      expect(r.response.status).to.equal(422);
      expect((await c.GET('/persons/{id}/relationships', pid(a))).data).to.deep.equal([]);
    });

    it('the same edge twice is 409; a partnership is symmetric ((b, a) after (a, b) is 409)', async () => {
      const [a, b] = [await person('A'), await person('B')];
      const first = await partnership(a, b);
      const again = await c.POST('/trees/{id}/relationships', { ...pid(treeId), body: { type: 'partnership', person_a_id: a, person_b_id: b } });
      expect(again.response.status).to.equal(409);
      const reversed = await c.POST('/trees/{id}/relationships', { ...pid(treeId), body: { type: 'partnership', person_a_id: b, person_b_id: a } });
      expect(reversed.response.status).to.equal(409);
      const [p, ch] = [await person('P'), await person('C')];
      const pc = { type: 'parent_child' as const, qualifier: 'biological' as const, person_a_id: p, person_b_id: ch };
      expect((await c.POST('/trees/{id}/relationships', { ...pid(treeId), body: pc })).response.status).to.equal(201);
      expect((await c.POST('/trees/{id}/relationships', { ...pid(treeId), body: { ...pc, qualifier: 'step' } })).response.status, 'same parent_child edge').to.equal(409);
      expect((await c.GET('/persons/{id}/relationships', pid(a))).data?.map((r) => r.id)).to.deep.equal([first.id]);
    });

    it('a self-edge is 422', async () => {
      const a = await person('Self');
      expect((await c.POST('/trees/{id}/relationships', { ...pid(treeId), body: { type: 'partnership', person_a_id: a, person_b_id: a } })).response.status).to.equal(422);
      expect((await c.POST('/trees/{id}/relationships', { ...pid(treeId), body: { type: 'parent_child', qualifier: 'biological', person_a_id: a, person_b_id: a } })).response.status).to.equal(422);
    });

    it('a person of another tree (or unknown) is 422', async () => {
      const a = await person('Home');
      const foreign = await person('Foreign', otherTreeId);
      const r = await c.POST('/trees/{id}/relationships', { ...pid(treeId), body: { type: 'partnership', person_a_id: a, person_b_id: foreign } });
      expect(r.response.status).to.equal(422);
      expect(code(r.error)).to.equal('invalid_reference');
      expect((await c.POST('/trees/{id}/relationships', { ...pid(treeId), body: { type: 'partnership', person_a_id: randomUUID(), person_b_id: a } })).response.status).to.equal(422);
      expect((await c.GET('/trees/{id}/relationships', pid(otherTreeId))).data).to.deep.equal([]);
    });

    it('PATCH changes qualifier and notes; a partnership cannot get a qualifier, nor a parent_child lose it', async () => {
      const [p, ch] = [await person('P'), await person('C')];
      const rel = (await c.POST('/trees/{id}/relationships', { ...pid(treeId), body: { type: 'parent_child', qualifier: 'biological', person_a_id: p, person_b_id: ch } })).data!;
      const patched = await c.PATCH('/relationships/{id}', { ...pid(rel.id), body: { qualifier: 'foster', notes: 'fostered 1901' } });
      expect(patched.response.status).to.equal(200);
      expect(patched.data).to.include({ qualifier: 'foster', notes: 'fostered 1901', person_a_id: p, person_b_id: ch });
      expect((await c.GET('/relationships/{id}', pid(rel.id))).data).to.include({ qualifier: 'foster', notes: 'fostered 1901' });
      expect((await c.PATCH('/relationships/{id}', { ...pid(rel.id), body: { qualifier: null } })).response.status).to.equal(422);
      const [a, b] = [await person('A'), await person('B')];
      const part = await partnership(a, b);
      expect((await c.PATCH('/relationships/{id}', { ...pid(part.id), body: { qualifier: 'step' } })).response.status).to.equal(422);
    });

    it('DELETE removes the edge from the tree and person lists; GET is then 404', async () => {
      const [a, b] = [await person('A'), await person('B')];
      const rel = await partnership(a, b);
      expect((await c.GET('/trees/{id}/relationships', pid(treeId))).data?.map((r) => r.id)).to.include(rel.id);
      const del = await c.DELETE('/relationships/{id}', pid(rel.id));
      expect(del.response.status).to.equal(204);
      expect((await c.GET('/relationships/{id}', pid(rel.id))).response.status).to.equal(404);
      expect((await c.GET('/trees/{id}/relationships', pid(treeId))).data?.map((r) => r.id)).to.not.include(rel.id);
      expect((await c.GET('/persons/{id}/relationships', pid(a))).data).to.deep.equal([]);
      expect((await c.GET('/persons/{id}/relationships', pid(b))).data).to.deep.equal([]);
      // The edge may be made again once deleted.
      expect((await c.POST('/trees/{id}/relationships', { ...pid(treeId), body: { type: 'partnership', person_a_id: b, person_b_id: a } })).response.status).to.equal(201);
    });
  });
});
