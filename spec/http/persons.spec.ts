import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { ApiClient } from '../../client/index.js';
import { registerUser, startTestService, type TestService } from '../support/service.js';

// Persons over HTTP on PostgreSQL: create with vitals, read with names, patch (name parts, death,
// birth removal), date validation, list order, batches by id, fuzzy search, paging, the tree's
// home person and the user's self person.

const code = (error: unknown): string | undefined => (error as { code?: string } | undefined)?.code;
const pid = (id: string) => ({ params: { path: { id } } });

describe('HTTP persons', () => {
  let svc: TestService;
  let owner: Awaited<ReturnType<typeof registerUser>>;
  let stranger: Awaited<ReturnType<typeof registerUser>>;
  let c: ApiClient;
  let treeId: string;
  let otherTreeId: string;

  const create = async (body: Record<string, unknown>, tree = treeId) => {
    const r = await c.POST('/trees/{id}/persons', { ...pid(tree), body });
    expect(r.response.status, `create person ${JSON.stringify(r.error)}`).to.equal(201);
    return r.data!;
  };

  before(async () => {
    svc = await startTestService();
    owner = await registerUser(svc, 'owner@example.org');
    stranger = await registerUser(svc, 'stranger@example.org');
    c = svc.client(owner.token);
    treeId = (await c.POST('/trees', { body: { name: 'Smiths' } })).data!.id;
    otherTreeId = (await c.POST('/trees', { body: { name: 'Others' } })).data!.id;
  });
  after(async () => {
    await svc.close();
  });

  describe('create and read', () => {
    it('answers 201 with the record: name parts, display name, flags and the birth as given', async () => {
      const { data, response } = await c.POST('/trees/{id}/persons', {
        ...pid(treeId),
        body: {
          given_name: 'John', surname: 'Smith', sex: 'male', is_living: false, privacy: 'public', notes: 'A blacksmith.',
          birth: { date: { qualifier: 'about', year: 1850 }, place: 'Boston' },
        },
      });
      expect(response.status).to.equal(201);
      expect(data).to.include({
        tree_id: treeId, display_name: 'John Smith', given_name: 'John', surname: 'Smith', sex: 'male', is_living: false, privacy: 'public',
        notes: 'A blacksmith.', redacted: false, death: null,
      });
      expect(data?.id).to.match(/^[0-9a-f-]{36}$/);
      expect(data?.birth).to.include({ date_display: 'ABT 1850', place: 'Boston' });
      expect(data?.birth?.date).to.deep.equal({ qualifier: 'about', year: 1850 });
      expect(data?.birth?.event_id).to.match(/^[0-9a-f-]{36}$/);
      // The birth is an event of the person: one source of truth.
      const events = await c.GET('/persons/{id}/events', pid(data!.id));
      expect(events.data?.map((e) => [e.id, e.type, e.place])).to.deep.equal([[data!.birth!.event_id, 'birth', 'Boston']]);
    });

    it('GET /persons/{id} includes the names', async () => {
      const p = await create({ given_name: 'Mary', surname: 'Jones' });
      const { data, response } = await c.GET('/persons/{id}', pid(p.id));
      expect(response.status).to.equal(200);
      expect(data?.display_name).to.equal('Mary Jones');
      expect(data?.names?.map((n) => ({ person_id: n.person_id, given_name: n.given_name, surname: n.surname, is_primary: n.is_primary, name_type: n.name_type }))).to.deep.equal([
        { person_id: p.id, given_name: 'Mary', surname: 'Jones', is_primary: true, name_type: 'birth' },
      ]);
    });

    it('an unknown person, or a path id that is not a UUID, is 404', async () => {
      expect((await c.GET('/persons/{id}', pid(randomUUID()))).response.status).to.equal(404);
      expect((await c.GET('/persons/{id}', pid('not-a-uuid'))).response.status).to.equal(404);
    });

    it('refuses an impossible date with 422 (month 13; between without end_year)', async () => {
      const month = await c.POST('/trees/{id}/persons', { ...pid(treeId), body: { given_name: 'Bad', birth: { date: { qualifier: 'exact', year: 1850, month: 13 } } } });
      expect(month.response.status).to.equal(422);
      const between = await c.POST('/trees/{id}/persons', { ...pid(treeId), body: { given_name: 'Bad', birth: { date: { qualifier: 'between', year: 1850 } } } });
      expect(between.response.status).to.equal(422);
      expect(code(between.error)).to.be.oneOf(['invalid_date', 'invalid_input']);
      const p = await create({ given_name: 'Good' });
      const patch = await c.PATCH('/persons/{id}', { ...pid(p.id), body: { death: { date: { qualifier: 'exact', year: 1900, month: 2, day: 30 } } } });
      expect(patch.response.status, 'February 30th').to.equal(422);
      const list = await c.GET('/trees/{id}/persons', { params: { path: { id: treeId }, query: { q: 'Bad' } } });
      expect(list.data?.map((x) => x.given_name), 'nothing was created').to.not.include('Bad');
    });
  });

  describe('update', () => {
    it('changes the primary name parts and sets the death', async () => {
      const p = await create({ given_name: 'Will', surname: 'Brown', birth: { date: { qualifier: 'exact', year: 1820 } } });
      const { data, response } = await c.PATCH('/persons/{id}', {
        ...pid(p.id), body: { given_name: 'William', surname: 'Browne', death: { date: { qualifier: 'exact', year: 1901, month: 3, day: 12 }, place: 'Salem' } },
      });
      expect(response.status).to.equal(200);
      expect(data).to.include({ given_name: 'William', surname: 'Browne', display_name: 'William Browne' });
      expect(data?.death).to.include({ date_display: '12 MAR 1901', place: 'Salem' });
      expect(data?.birth?.date_display, 'birth untouched').to.equal('1820');
      const names = await c.GET('/persons/{id}/names', pid(p.id));
      expect(names.data?.map((n) => [n.given_name, n.surname, n.is_primary])).to.deep.equal([['William', 'Browne', true]]);
      const again = await c.GET('/persons/{id}', pid(p.id));
      expect(again.data?.death?.date_display).to.equal('12 MAR 1901');
    });

    it('birth: null removes the birth', async () => {
      const p = await create({ given_name: 'Born', birth: { date: { qualifier: 'exact', year: 1830 }, place: 'Leeds' } });
      const { data, response } = await c.PATCH('/persons/{id}', { ...pid(p.id), body: { birth: null } });
      expect(response.status).to.equal(200);
      expect(data?.birth).to.equal(null);
      expect((await c.GET('/persons/{id}', pid(p.id))).data?.birth).to.equal(null);
      const events = await c.GET('/persons/{id}/events', pid(p.id));
      expect(events.data?.filter((e) => e.type === 'birth')).to.deep.equal([]);
    });

    it('absent fields stay as they are', async () => {
      const p = await create({ given_name: 'Keep', surname: 'Me', sex: 'female', notes: 'kept' });
      const { data } = await c.PATCH('/persons/{id}', { ...pid(p.id), body: { is_living: true } });
      expect(data).to.include({ given_name: 'Keep', surname: 'Me', sex: 'female', notes: 'kept', is_living: true });
    });
  });

  describe('list', () => {
    let listTree: string;
    let made: { id: string; given_name: string | null }[];

    before(async () => {
      listTree = (await c.POST('/trees', { body: { name: 'List' } })).data!.id;
      made = [];
      for (const [g, s] of [['John', 'Smith'], ['Jane', 'Doe'], ['Peter', 'Parker'], ['Anna', 'Karenina'], ['Otto', 'Lilienthal']]) made.push(await create({ given_name: g, surname: s }, listTree));
      const johnny = made[1]!;
      // An alternate name of Jane Doe: search matches it too.
      const alt = await c.POST('/persons/{id}/names', { ...pid(johnny.id), body: { name_type: 'married', given_name: 'Jane', surname: 'Featherstonehaugh' } });
      expect(alt.response.status).to.equal(201);
    });

    it('returns every person of the tree ordered by id', async () => {
      const { data, response } = await c.GET('/trees/{id}/persons', pid(listTree));
      expect(response.status).to.equal(200);
      const ids = made.map((p) => p.id).sort();
      expect(data?.map((p) => p.id)).to.deep.equal(ids);
    });

    it('?ids=a,b returns those persons with their names; unknown and other-tree ids are skipped', async () => {
      const foreign = await create({ given_name: 'Foreign' }, otherTreeId);
      const want = [made[0]!.id, made[1]!.id];
      const { data, response } = await c.GET('/trees/{id}/persons', {
        params: { path: { id: listTree }, query: { ids: [...want, randomUUID(), foreign.id].join(',') } },
      });
      expect(response.status).to.equal(200);
      expect(data?.map((p) => p.id).sort()).to.deep.equal([...want].sort());
      const jane = data?.find((p) => p.id === made[1]!.id);
      expect(jane?.names?.map((n) => n.surname).sort()).to.deep.equal(['Doe', 'Featherstonehaugh']);
      expect(data?.every((p) => Array.isArray(p.names))).to.equal(true);
    });

    it('?ids with a value that is not a UUID is 422', async () => {
      const { response, error } = await c.GET('/trees/{id}/persons', { params: { path: { id: listTree }, query: { ids: `${made[0]!.id},nope` } } });
      expect(response.status).to.equal(422);
      expect(code(error)).to.equal('invalid_input');
    });

    it('?q=Jhon Smyth finds John Smith first (typo tolerant)', async () => {
      const { data, response } = await c.GET('/trees/{id}/persons', { params: { path: { id: listTree }, query: { q: 'Jhon Smyth' } } });
      expect(response.status).to.equal(200);
      expect(data?.[0]?.id).to.equal(made[0]!.id);
      expect(data?.map((p) => p.id)).to.not.include(made[4]!.id);
    });

    it('?q matches an alternate name', async () => {
      const { data } = await c.GET('/trees/{id}/persons', { params: { path: { id: listTree }, query: { q: 'Featherstonehaugh' } } });
      expect(data?.map((p) => p.id)).to.deep.equal([made[1]!.id]);
      expect(data?.[0]?.display_name, 'shown by the primary name').to.equal('Jane Doe');
    });

    it('?q finds a name whether it or the query carries its accents composed (NFC) or decomposed (NFD)', async () => {
      const accents = (await c.POST('/trees', { body: { name: 'Accents' } })).data!.id;
      const composed = await create({ given_name: '\u00d6d\u00f6n', surname: 'Kov\u00e1cs' }, accents);
      const decomposed = await create({ given_name: 'O\u0308do\u0308n', surname: 'Kova\u0301cs' }, accents);
      // Before, the decomposed name was posted as the words o, do, n, kova and cs: no query found both.
      for (const q of ['\u00d6d\u00f6n', 'O\u0308do\u0308n', 'O\u0308do\u0308n Kov\u00e1cs', 'kova\u0301cs']) {
        const { data, response } = await c.GET('/trees/{id}/persons', { params: { path: { id: accents }, query: { q } } });
        expect(response.status, q).to.equal(200);
        expect(data?.map((p) => p.id), q).to.have.members([composed.id, decomposed.id]);
      }
    });

    it('limit and cursor walk every person once, in id order', async () => {
      const seen: string[] = [];
      let cursor: string | undefined;
      let pages = 0;
      do {
        const { data, response } = await c.GET('/trees/{id}/persons', { params: { path: { id: listTree }, query: { limit: 2, ...(cursor ? { cursor } : {}) } } });
        expect(response.status).to.equal(200);
        expect(data!.length).to.be.at.most(2);
        seen.push(...data!.map((p) => p.id));
        cursor = response.headers.get('x-next-cursor') ?? undefined;
        if (cursor) expect(response.headers.get('link')).to.contain('rel="next"');
        pages++;
      } while (cursor && pages < 10);
      expect(seen).to.deep.equal(made.map((p) => p.id).sort());
      expect(pages).to.be.within(3, 4);
    });

    it('a cursor this service did not give out is 422', async () => {
      const { response } = await c.GET('/trees/{id}/persons', { params: { path: { id: listTree }, query: { limit: 2, cursor: 'garbage' } } });
      expect(response.status).to.equal(422);
    });
  });

  describe('home person and self person', () => {
    it('the tree home_person_id takes a live person of the tree, 422 for one of another tree', async () => {
      const p = await create({ given_name: 'Home' });
      const ok = await c.PATCH('/trees/{id}', { ...pid(treeId), body: { home_person_id: p.id } });
      expect(ok.response.status).to.equal(200);
      expect(ok.data?.home_person_id).to.equal(p.id);
      const foreign = await create({ given_name: 'Away' }, otherTreeId);
      const bad = await c.PATCH('/trees/{id}', { ...pid(treeId), body: { home_person_id: foreign.id } });
      expect(bad.response.status).to.equal(422);
      const missing = await c.PATCH('/trees/{id}', { ...pid(treeId), body: { home_person_id: randomUUID() } });
      expect(missing.response.status).to.equal(422);
      expect((await c.GET('/trees/{id}', pid(treeId))).data?.home_person_id, 'unchanged by the refusals').to.equal(p.id);
    });

    it('PATCH /users/me/self-person takes a person of a viewable tree, 422 otherwise; null clears; GET /users/me shows it', async () => {
      const p = await create({ given_name: 'Me' });
      const set = await c.PATCH('/users/me/self-person', { body: { person_id: p.id } });
      expect(set.response.status).to.equal(200);
      expect(set.data?.self_person_id).to.equal(p.id);
      expect((await c.GET('/users/me')).data?.self_person_id).to.equal(p.id);

      // The stranger cannot claim a person of a private tree they cannot view.
      const s = svc.client(stranger.token);
      const refused = await s.PATCH('/users/me/self-person', { body: { person_id: p.id } });
      expect(refused.response.status).to.equal(422);
      expect((await s.GET('/users/me')).data?.self_person_id).to.equal(null);
      expect((await s.PATCH('/users/me/self-person', { body: { person_id: randomUUID() } })).response.status, 'unknown person').to.equal(422);

      const cleared = await c.PATCH('/users/me/self-person', { body: { person_id: null } });
      expect(cleared.response.status).to.equal(200);
      expect(cleared.data?.self_person_id).to.equal(null);
      expect((await c.GET('/users/me')).data?.self_person_id).to.equal(null);
    });

    // Only a person the caller sees in full may be claimed (a redacted one answers like an unknown id:
    // spec/http/self-person.spec.ts), so the claimed person here is marked deceased.
    it('a non-member may claim a fully visible person of a public tree', async () => {
      const pub = (await c.POST('/trees', { body: { name: 'Open', visibility: 'public' } })).data!.id;
      const p = await create({ given_name: 'Public', is_living: false }, pub);
      const s = svc.client(stranger.token);
      const set = await s.PATCH('/users/me/self-person', { body: { person_id: p.id } });
      expect(set.response.status).to.equal(200);
      expect((await s.GET('/users/me')).data?.self_person_id).to.equal(p.id);
      await s.PATCH('/users/me/self-person', { body: { person_id: null } });
    });
  });
});
