import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import type { ApiClient } from '../../client/index.js';
import { mergePersons } from '../../core/merge/commands/merge-persons.js';
import type { Actor } from '../../core/kernel/actor.js';
import type { Storage, Stores } from '../../core/stores.js';
import { registerUser, startTestService, type TestService } from '../support/service.js';
import { upload } from '../support/media.js';

// Merge (issue 15, point 2): preview, merge, undo by restoring the merged person; on PostgreSQL.

const must = async <T>(what: string, p: Promise<{ data?: T; response: Response; error?: unknown }>): Promise<T> => {
  const { data, response, error } = await p;
  if (data === undefined) throw new Error(`setup: ${what} ${response.status} ${JSON.stringify(error)}`);
  return data;
};
const pid = (id: string) => ({ params: { path: { id } } });
const y = (year: number) => ({ qualifier: 'exact' as const, year });
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

describe('HTTP merge persons', function () {
  this.timeout(120_000);
  let svc: TestService;
  let owner: Awaited<ReturnType<typeof registerUser>>;
  let viewer: Awaited<ReturnType<typeof registerUser>>;
  let c: ApiClient;
  let treeId: string;

  before(async () => {
    svc = await startTestService();
    owner = await registerUser(svc, 'merge-owner@example.org');
    viewer = await registerUser(svc, 'merge-viewer@example.org');
    c = svc.client(owner.token);
    treeId = (await must('tree', c.POST('/trees', { body: { name: 'Merge' } }))).id;
    await must('viewer', c.POST('/trees/{id}/members', { ...pid(treeId), body: { email: viewer.email, role: 'viewer' } }));
  });
  after(async () => svc.close());

  const person = async (given: string, surname: string, extra: Record<string, unknown> = {}) =>
    (await must('person', c.POST('/trees/{id}/persons', { ...pid(treeId), body: { given_name: given, surname, ...extra } }))).id;
  const edge = async (type: 'partnership' | 'parent_child', a: string, b: string, qualifier?: 'biological' | 'adoptive') =>
    (await must('edge', c.POST('/trees/{id}/relationships', { ...pid(treeId), body: { type, person_a_id: a, person_b_id: b, ...(qualifier ? { qualifier } : {}) } }))).id;

  /** Two records of Johann Weber with names, events, edges, citations and media, as three cousins' files leave them. */
  const family = async () => {
    const K = await person('Johann', 'Weber', { sex: 'male', notes: 'From the parish book.', birth: { date: y(1850), place: 'Graz' } });
    const O = await person('johann', 'WEBER', { is_living: false, privacy: 'private', notes: 'From the census.', birth: { date: y(1850), place: 'Graz' } });
    const alt = (await must('name', c.POST('/persons/{id}/names', { ...pid(O), body: { name_type: 'alias', given_name: 'Hans', surname: 'Weber' } }))).id;
    const death = (await must('event', c.POST('/trees/{id}/events', { ...pid(treeId), body: { type: 'death', person_id: O, date: y(1910) } }))).id;
    const [father, wife, child] = [await person('Karl', 'Weber'), await person('Maria', 'Huber'), await person('Anna', 'Weber')];
    const kFather = await edge('parent_child', father, K, 'biological');
    const oFather = await edge('parent_child', father, O, 'adoptive');
    const oWife = await edge('partnership', O, wife);
    const oChild = await edge('parent_child', O, child, 'biological');
    const self = await edge('partnership', K, O);
    const source = (await must('source', c.POST('/trees/{id}/sources', { ...pid(treeId), body: { title: 'Census 1900' } }))).id;
    const onPerson = (await must('citation', c.POST('/trees/{id}/citations', { ...pid(treeId), body: { source_id: source, person_id: O } }))).id;
    const onEdge = (await must('citation', c.POST('/trees/{id}/citations', { ...pid(treeId), body: { source_id: source, relationship_id: oFather } }))).id;
    const media = (await must('media', upload(c, treeId, PNG, { person_id: O, type: 'image/png', name: 'johann.png' }))).id;
    return { K, O, alt, death, father, wife, child, kFather, oFather, oWife, oChild, self, onPerson, onEdge, media };
  };

  const names = async (id: string) => must('names', c.GET('/persons/{id}/names', pid(id)));
  const events = async (id: string) => must('events', c.GET('/persons/{id}/events', pid(id)));
  const edges = async (id: string) => must('edges', c.GET('/persons/{id}/relationships', pid(id)));
  const citations = async () => must('citations', c.GET('/trees/{id}/citations', pid(treeId)));
  const mediaList = async () => must('media', c.GET('/trees/{id}/media', pid(treeId)));
  const snapshot = async (id: string) => ({
    person: (await c.GET('/persons/{id}', pid(id))).data, names: await names(id), events: await events(id), edges: await edges(id),
  });

  it('previews exactly what the merge then does, and the merge moves names, events, edges, citations and media', async () => {
    const f = await family();
    const preview = await must('preview', c.GET('/persons/{id}/merge-preview', { params: { path: { id: f.K }, query: { other_id: f.O } } }));
    expect(preview.person.id).to.equal(f.K);
    expect(preview.other.id).to.equal(f.O);
    expect(preview.names.moved.map((n) => [n.id, n.person_id, n.is_primary])).to.deep.equal([[f.alt, f.K, false]]);
    expect(preview.names.duplicates).to.have.length(1);
    expect(preview.events.moved.map((e) => e.id)).to.deep.equal([f.death]);
    expect(preview.events.duplicates.map((e) => e.type)).to.deep.equal(['birth']);
    expect(preview.relationships.moved.map((r) => r.id).sort()).to.deep.equal([f.oWife, f.oChild].sort());
    expect(preview.relationships.dropped.map((d) => [d.relationship.id, d.reason]).sort()).to.deep.equal([[f.oFather, 'duplicate'], [f.self, 'self']].sort());
    expect(preview.relationships.conflicts).to.deep.equal([{ relationship_id: f.oFather, kept_relationship_id: f.kFather, field: 'qualifier', kept: 'biological', other: 'adoptive' }]);
    expect(preview.citations).to.equal(2);
    expect(preview.media).to.equal(1);
    expect(preview.fills).to.deep.equal({ is_living: false });
    expect(preview.notes).to.equal('From the parish book.\n\nFrom the census.');
    // The preview wrote nothing.
    expect((await c.GET('/persons/{id}', pid(f.O))).response.status).to.equal(200);

    const merged = await must('merge', c.POST('/persons/{id}/merge', { ...pid(f.K), body: { other_id: f.O } }));
    expect(merged).to.include({ id: f.K, is_living: false, privacy: 'private', sex: 'male', notes: preview.notes, merged_into: null });
    expect(merged.names?.map((n) => n.id)).to.include(f.alt);
    const kNames = await names(f.K);
    expect(kNames.map((n) => n.id).sort()).to.deep.equal([...preview.names.moved.map((n) => n.id), merged.names!.find((n) => n.is_primary)!.id].sort());
    expect(kNames.find((n) => n.id === f.alt)).to.include({ is_primary: false, given_name: 'Hans' });
    const kEvents = await events(f.K);
    expect(kEvents.filter((e) => e.type === 'birth')).to.have.length(1);
    expect(kEvents.map((e) => e.id)).to.include(f.death);
    expect(merged.death?.event_id).to.equal(f.death);
    const kEdges = await edges(f.K);
    for (const r of preview.relationships.moved) expect(kEdges.find((e) => e.id === r.id)).to.deep.equal(r);
    expect(kEdges.map((e) => e.id)).to.not.include.members([f.oFather, f.self]);
    expect(kEdges.filter((e) => e.type === 'parent_child' && e.person_a_id === f.father)).to.have.length(1);
    const cites = await citations();
    expect(cites.find((x) => x.id === f.onPerson)?.person_id).to.equal(f.K);
    expect(cites.find((x) => x.id === f.onEdge)?.relationship_id).to.equal(f.kFather);
    expect((await mediaList()).find((m) => m.id === f.media)?.person_id).to.equal(f.K);

    expect((await c.GET('/persons/{id}', pid(f.O))).response.status).to.equal(404);
    const deleted = await must('deleted', c.GET('/trees/{id}/persons', { params: { path: { id: treeId }, query: { deleted: 'true' } } }));
    expect(deleted.find((p) => p.id === f.O)?.merged_into).to.equal(f.K);
  });

  it('moves self and home pointers and writes one person.merge audit entry naming the persons and the deletion, never their content', async () => {
    const f = await family();
    await must('self', c.PATCH('/users/me/self-person', { body: { person_id: f.O } }));
    await must('home', c.PATCH('/trees/{id}', { ...pid(treeId), body: { home_person_id: f.O } }));
    await must('merge', c.POST('/persons/{id}/merge', { ...pid(f.K), body: { other_id: f.O } }));
    expect((await must('me', c.GET('/users/me'))).self_person_id).to.equal(f.K);
    expect((await must('tree', c.GET('/trees/{id}', pid(treeId)))).home_person_id).to.equal(f.K);
    const audit = await must('audit', c.GET('/trees/{id}/audit', pid(treeId)));
    const entries = audit.filter((a) => a.action === 'person.merge' && a.entity_id === f.K);
    expect(entries).to.have.length(1);
    // Ids only (issue 29): the entry outlives both persons. What moved is the PersonMerge's, which
    // the undo below reads.
    const details = entries[0]!.details as { other_id: string; deletion_id: string };
    expect(Object.keys(details).sort()).to.deep.equal(['deletion_id', 'other_id']);
    expect(details.other_id).to.equal(f.O);
    expect(details.deletion_id).to.be.a('string');
    expect(JSON.stringify(entries[0])).to.not.include('From the census.');
  });

  it('restoring the merged person undoes the merge', async () => {
    const f = await family();
    const before = { K: await snapshot(f.K), O: await snapshot(f.O), citations: await citations(), media: await mediaList() };
    await must('merge', c.POST('/persons/{id}/merge', { ...pid(f.K), body: { other_id: f.O } }));
    expect((await names(f.K)).map((n) => n.id)).to.include(f.alt);
    expect((await citations()).find((x) => x.id === f.onPerson)?.person_id).to.equal(f.K);
    const restored = await must('restore', c.POST('/persons/{id}/restore', pid(f.O)));
    expect(restored.merged_into).to.equal(null);
    const after = { K: await snapshot(f.K), O: await snapshot(f.O), citations: await citations(), media: await mediaList() };
    const stable = (s: Awaited<ReturnType<typeof snapshot>>) => ({
      person: { ...s.person, updated_at: null }, names: s.names, events: s.events.map((e) => e.id).sort(), edges: s.edges.map((e) => [e.id, e.person_a_id, e.person_b_id]).sort(),
    });
    expect(stable(after.K)).to.deep.equal(stable(before.K));
    expect(stable(after.O)).to.deep.equal(stable(before.O));
    const targets = (xs: readonly { id: string; person_id: string | null; relationship_id?: string | null }[]) => xs.map((x) => [x.id, x.person_id, x.relationship_id ?? null]).sort();
    expect(targets(after.citations)).to.deep.equal(targets(before.citations));
    expect(targets(after.media)).to.deep.equal(targets(before.media));
    const audit = await must('audit', c.GET('/trees/{id}/audit', pid(treeId)));
    expect(audit.find((a) => a.action === 'person.restore' && a.entity_id === f.O)?.details).to.include({ unmerged: true });
  });

  it('restoring the merged person after the kept one was deleted brings them back with what stayed on them', async () => {
    const f = await family();
    await must('merge', c.POST('/persons/{id}/merge', { ...pid(f.K), body: { other_id: f.O } }));
    await must('delete kept', c.DELETE('/persons/{id}', pid(f.K)));
    const restored = await must('restore', c.POST('/persons/{id}/restore', pid(f.O)));
    expect(restored).to.include({ id: f.O, merged_into: null });
    expect((await names(f.O)).map((n) => n.id)).to.not.include(f.alt);
    expect((await edges(f.O)).map((e) => e.id)).to.include(f.oFather);
  });

  it('answers 422 at other_id for itself, an unknown, a deleted or another tree\'s person; 404 for an unknown id; 403 for a viewer', async () => {
    const K = await person('Lena', 'Stein');
    const gone = await person('Lena', 'Stein');
    await must('delete', c.DELETE('/persons/{id}', pid(gone)));
    const otherTree = (await must('tree', c.POST('/trees', { body: { name: 'Elsewhere' } }))).id;
    const foreign = (await must('person', c.POST('/trees/{id}/persons', { ...pid(otherTree), body: { given_name: 'Lena', surname: 'Stein' } }))).id;
    for (const other of [K, randomUUID(), gone, foreign]) {
      for (const r of [
        await c.POST('/persons/{id}/merge', { ...pid(K), body: { other_id: other } }),
        await c.GET('/persons/{id}/merge-preview', { params: { path: { id: K }, query: { other_id: other } } }),
      ]) {
        expect(r.response.status).to.equal(422);
        expect((r.error as { code: string; errors: { path: string }[] }).code).to.equal('invalid_input');
        expect((r.error as { errors: { path: string }[] }).errors.map((e) => e.path)).to.deep.equal(['other_id']);
      }
    }
    const raw = await fetch(`${svc.baseUrl}/api/v1/persons/${K}/merge`, { method: 'POST', headers: { Authorization: `Bearer ${owner.token}`, 'Content-Type': 'application/json' }, body: JSON.stringify({ other_id: 'nope' }) });
    expect(raw.status).to.equal(422);
    const O = await person('Lena', 'Stein');
    expect((await c.POST('/persons/{id}/merge', { ...pid(randomUUID()), body: { other_id: O } })).response.status).to.equal(404);
    // The viewer reads both (200) but may not merge them.
    expect((await svc.client(viewer.token).GET('/persons/{id}', pid(O))).response.status).to.equal(200);
    expect((await svc.client(viewer.token).POST('/persons/{id}/merge', { ...pid(K), body: { other_id: O } })).response.status).to.equal(403);
    expect((await svc.client(viewer.token).GET('/persons/{id}/merge-preview', { params: { path: { id: K }, query: { other_id: O } } })).response.status).to.equal(403);
    expect((await c.GET('/persons/{id}', pid(O))).response.status).to.equal(200);
  });

  it('concurrent merges of overlapping pairs: one wins, the other is refused (never a 500), one person stays live', async () => {
    for (const shape of ['crossed', 'shared other'] as const) {
      const f = await family();
      const k2 = await person('Johann', 'Weber');
      const [first, second] = await Promise.all([
        c.POST('/persons/{id}/merge', { ...pid(f.K), body: { other_id: f.O } }),
        shape === 'crossed' ? c.POST('/persons/{id}/merge', { ...pid(f.O), body: { other_id: f.K } }) : c.POST('/persons/{id}/merge', { ...pid(k2), body: { other_id: f.O } }),
      ]);
      const statuses = [first.response.status, second.response.status].sort();
      expect(statuses[0], shape).to.equal(200);
      expect([404, 409, 422], `${shape}: ${statuses.join(',')}`).to.include(statuses[1]);
      const live = await Promise.all([f.K, f.O].map(async (id) => (await c.GET('/persons/{id}', pid(id))).response.status));
      expect(live.filter((x) => x === 200), shape).to.have.length(1);
      // The winner's kept person holds everything, the other's alias name included.
      const winner = first.response.status === 200 ? f.K : shape === 'crossed' ? f.O : k2;
      expect((await names(winner)).map((n) => n.id), shape).to.include(f.alt);
    }
  });

  it('a failure half-way leaves both persons untouched', async () => {
    const f = await family();
    const before = { K: await snapshot(f.K), O: await snapshot(f.O), citations: await citations() };
    const sabotaged: Storage = {
      ...svc.storage,
      uow: { run: (work) => svc.storage.uow.run((tx) => work({ ...tx, merges: { ...tx.merges, insert: async () => { throw new Error('disk full'); } } } as Stores)) },
    };
    const actor: Actor = { kind: 'user', userId: owner.id, email: owner.email, emailVerified: true, sessionId: 's', clientAddress: '127.0.0.1' };
    let thrown = false;
    try {
      await mergePersons({ storage: sabotaged, clock: { now: () => new Date() } })(actor, f.K, f.O);
    } catch {
      thrown = true;
    }
    expect(thrown).to.equal(true);
    expect(await snapshot(f.K)).to.deep.equal(before.K);
    expect(await snapshot(f.O)).to.deep.equal(before.O);
    expect(await citations()).to.deep.equal(before.citations);
  });
});
