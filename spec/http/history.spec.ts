import { expect } from 'chai';
import { rawCaller } from '../support/raw-call.js';
import { registerUser, startTestService, type TestService } from '../support/service.js';
import { importGedcomFile } from '../support/gedcom.js';

// Issue 29: the history of every record, the tree's change feed and restore, through HTTP, on both
// storages (postgres records changes by trigger, memory when a unit of work commits).

type User = Awaited<ReturnType<typeof registerUser>>;
type Entry = {
  change_id: string; at: string; actor: { id: string | null; display: string | null }; action: string; origin: string;
  record: { type: string; id: string }; changes: { field: string; before: unknown; after: unknown }[];
};

for (const storage of ['postgres', 'memory'] as const) {
  describe(`record history and restore (HTTP, ${storage})`, function () {
    this.timeout(60_000);
    let svc: TestService;
    let owner: User;
    let viewer: User;
    let stranger: User;
    let treeId: string;
    const call = rawCaller(() => svc.baseUrl);
    const ok = async (method: string, path: string, token: string, body?: unknown, status = 200): Promise<any> => {
      const r = await call(method, path, token, body);
      if (r.status !== status) throw new Error(`${method} ${path}: ${r.status} ${r.text}`);
      return r.body;
    };
    const history = async (path: string, token = owner.token): Promise<Entry[]> => ok('GET', `${path}/history`, token);
    const field = (e: Entry, f: string) => e.changes.find((c) => c.field === f);

    before(async () => {
      svc = await startTestService({ storage });
      owner = await registerUser(svc, 'owner@example.org');
      viewer = await registerUser(svc, 'viewer@example.org');
      stranger = await registerUser(svc, 'stranger@example.org');
      treeId = (await ok('POST', '/trees', owner.token, { name: 'Kept', visibility: 'public' }, 201)).id;
      await ok('POST', `/trees/${treeId}/members`, owner.token, { email: viewer.email, role: 'viewer' }, 201);
    });
    after(async () => svc?.close());

    it('a person\'s history holds its own changes, its names\' and its events\', newest first, with who, why and each field before and after', async () => {
      const p = await ok('POST', `/trees/${treeId}/persons`, owner.token, { given_name: 'Ada', surname: 'Byron', notes: 'first' }, 201);
      await ok('PATCH', `/persons/${p.id}`, owner.token, { surname: 'King', notes: 'second' });
      const ev = await ok('POST', `/trees/${treeId}/events`, owner.token, { type: 'birth', person_id: p.id, date: { qualifier: 'exact', year: 1815 }, place: 'London' }, 201);
      await ok('PATCH', `/events/${ev.id}`, owner.token, { place: 'Piccadilly' });

      const h = await history(`/persons/${p.id}`);
      expect(h.every((e) => e.actor.id === owner.id && e.actor.display === owner.email && e.origin === 'api')).to.equal(true);
      expect(h.map((e) => new Date(e.at).getTime())).to.deep.equal([...h.map((e) => new Date(e.at).getTime())].sort((a, b) => b - a));
      const placeChange = h.find((e) => e.record.type === 'event' && e.action === 'update');
      expect(field(placeChange!, 'place')).to.deep.equal({ field: 'place', before: 'London', after: 'Piccadilly' });
      const created = h.find((e) => e.record.type === 'event' && e.action === 'create')!;
      expect(field(created, 'date')?.after).to.include({ qualifier: 'exact', year: 1815 });
      const renamed = h.find((e) => e.record.type === 'name' && e.action === 'update')!;
      expect(field(renamed, 'surname')).to.deep.equal({ field: 'surname', before: 'Byron', after: 'King' });
      const noted = h.find((e) => e.record.type === 'person' && e.action === 'update')!;
      expect(field(noted, 'notes')).to.deep.equal({ field: 'notes', before: 'first', after: 'second' });
      expect(h.filter((e) => e.action === 'create').map((e) => e.record.type).sort()).to.deep.equal(['event', 'name', 'person']);
      // The event's own history holds its two changes.
      expect((await history(`/events/${ev.id}`)).map((e) => e.action)).to.deep.equal(['update', 'create']);
    });

    it('members read history; a stranger gets 404 as for an unknown id, anonymous 401', async () => {
      const p = await ok('POST', `/trees/${treeId}/persons`, owner.token, { given_name: 'Seen', surname: 'ByMembers' }, 201);
      expect((await call('GET', `/persons/${p.id}/history`, viewer.token)).status).to.equal(200);
      expect((await call('GET', `/persons/${p.id}/history`, stranger.token)).status).to.equal(404);
      expect((await call('GET', '/persons/00000000-0000-4000-8000-000000000000/history', stranger.token)).status).to.equal(404);
      expect((await call('GET', `/persons/${p.id}/history`)).status).to.equal(401);
      expect((await call('GET', `/trees/${treeId}/changes`, viewer.token)).status).to.equal(200);
      expect((await call('GET', `/trees/${treeId}/changes`, stranger.token)).status).to.equal(404);
    });

    it('restore puts the fields back as one new change of origin restore; a field changed since is 409 naming it, unless force', async () => {
      const p = await ok('POST', `/trees/${treeId}/persons`, owner.token, { given_name: 'Rest', surname: 'Ored', notes: 'one' }, 201);
      await ok('PATCH', `/persons/${p.id}`, owner.token, { notes: 'two', sex: 'female' });
      const two = (await history(`/persons/${p.id}`)).find((e) => e.record.type === 'person' && e.action === 'update')!;
      await ok('PATCH', `/persons/${p.id}`, owner.token, { notes: 'three' });
      // A viewer may not restore.
      expect((await call('POST', `/persons/${p.id}/history/${two.change_id}/restore`, viewer.token, {})).status).to.equal(403);
      const refused = await call('POST', `/persons/${p.id}/history/${two.change_id}/restore`, owner.token, {});
      expect(refused.status).to.equal(409);
      expect(refused.body.code).to.equal('history_conflict');
      expect(refused.body.errors.map((e: { path: string }) => e.path)).to.deep.equal(['notes']);
      expect((await ok('GET', `/persons/${p.id}`, owner.token)).notes).to.equal('three');

      const restored: Entry = await ok('POST', `/persons/${p.id}/history/${two.change_id}/restore`, owner.token, { force: true });
      expect(restored.origin).to.equal('restore');
      expect(restored.actor.id).to.equal(owner.id);
      expect(restored.changes.map((c) => c.field).sort()).to.deep.equal(['notes', 'sex']);
      const now = await ok('GET', `/persons/${p.id}`, owner.token);
      expect(now.notes).to.equal('one');
      expect(now.sex).to.equal(null);
    });

    it('restoring a name change from the person\'s history, and a deletion: the record comes back', async () => {
      const p = await ok('POST', `/trees/${treeId}/persons`, owner.token, { given_name: 'Nam', surname: 'Before' }, 201);
      await ok('PATCH', `/persons/${p.id}`, owner.token, { surname: 'After' });
      const renamed = (await history(`/persons/${p.id}`)).find((e) => e.record.type === 'name' && e.action === 'update')!;
      await ok('POST', `/persons/${p.id}/history/${renamed.change_id}/restore`, owner.token, {});
      expect((await ok('GET', `/persons/${p.id}`, owner.token)).surname).to.equal('Before');

      expect((await call('DELETE', `/persons/${p.id}`, owner.token)).status).to.equal(200);
      expect((await call('GET', `/persons/${p.id}`, owner.token)).status).to.equal(404);
      const deleted = (await history(`/persons/${p.id}`)).find((e) => e.record.type === 'person' && e.action === 'delete')!;
      expect(deleted).to.not.equal(undefined);
      const undone: Entry = await ok('POST', `/persons/${p.id}/history/${deleted.change_id}/restore`, owner.token);
      expect(undone.action).to.equal('undelete');
      expect((await call('GET', `/persons/${p.id}`, owner.token)).status).to.equal(200);
    });

    it('the tree\'s change feed: newest first, paged by cursor, filtered by kind and author; a GEDCOM import\'s changes say so', async () => {
      const imported = await importGedcomFile(svc.client(owner.token), treeId, ['0 HEAD', '1 CHAR UTF-8', '0 @I1@ INDI', '1 NAME Gedcom /Person/', '0 TRLR', ''].join('\n'));
      expect(imported.response.status).to.equal(200);
      const feed: Entry[] = await ok('GET', `/trees/${treeId}/changes?kind=name&limit=2`, owner.token);
      expect(feed).to.have.length(2);
      expect(feed.every((e) => e.record.type === 'name')).to.equal(true);
      expect(feed[0]!.origin).to.equal('gedcom_import');
      const r = await fetch(`${svc.baseUrl}/api/v1/trees/${treeId}/changes?kind=name&limit=2`, { headers: { Authorization: `Bearer ${owner.token}` } });
      const cursor = r.headers.get('x-next-cursor');
      expect(cursor).to.be.a('string');
      const next = await call('GET', `/trees/${treeId}/changes?kind=name&limit=2&cursor=${cursor}`, owner.token);
      expect(next.status).to.equal(200);
      expect(next.body.map((e: Entry) => e.change_id)).to.not.include.members(feed.map((e) => e.change_id));
      expect((await ok('GET', `/trees/${treeId}/changes?actor=${viewer.id}`, owner.token))).to.deep.equal([]);
      expect((await call('GET', `/trees/${treeId}/changes?cursor=bm9wZQ`, owner.token)).status).to.equal(422);
    });

    it('an imported person\'s history: the creations of the person, its name and its birth, by the import and its author; restoring the person\'s creation deletes it', async () => {
      const imported = await importGedcomFile(svc.client(owner.token), treeId, ['0 HEAD', '1 CHAR UTF-8', '0 @I1@ INDI', '1 NAME Carried /Creation/', '1 BIRT', '2 DATE 1901', '0 TRLR', ''].join('\n'));
      expect(imported.response.status).to.equal(200);
      const person = (await ok('GET', `/trees/${treeId}/persons`, owner.token)).find((p: { given_name: string }) => p.given_name === 'Carried');
      const entries = await history(`/persons/${person.id}`);
      expect(entries.map((e) => [e.record.type, e.action, e.origin, e.actor.id]).sort()).to.deep.equal([
        ['event', 'create', 'gedcom_import', owner.id], ['name', 'create', 'gedcom_import', owner.id], ['person', 'create', 'gedcom_import', owner.id],
      ]);
      const created = entries.find((e) => e.record.type === 'person')!;
      // A viewer reads it too; restoring is an editor's.
      expect((await call('GET', `/persons/${person.id}/history`, viewer.token)).status).to.equal(200);
      expect((await call('POST', `/persons/${person.id}/history/${created.change_id}/restore`, viewer.token, {})).status).to.equal(403);
      const restored: Entry = await ok('POST', `/persons/${person.id}/history/${created.change_id}/restore`, owner.token, {});
      expect([restored.action, restored.origin]).to.deep.equal(['delete', 'restore']);
      expect((await call('GET', `/persons/${person.id}`, owner.token)).status).to.equal(404);
    });

    it('an import is listed and undone: what it created is deleted, what it merged into an existing person is put back, what someone changed since is left unless force', async () => {
      const existing = await ok('POST', `/trees/${treeId}/persons`, owner.token, { given_name: 'Existing', surname: 'Keeper', notes: 'kept notes' }, 201);
      const file = ['0 HEAD', '1 CHAR UTF-8', '0 @I1@ INDI', '1 NAME Existing /Keeper/', '1 NOTE merged in from the file',
        '0 @I2@ INDI', '1 NAME New /One/', '0 @I3@ INDI', '1 NAME New /Two/', '0 @F1@ FAM', '1 HUSB @I2@', '1 WIFE @I3@', '0 TRLR', ''].join('\n');
      const imported = await importGedcomFile(svc.client(owner.token), treeId, file, { resolutions: { '@I1@': { action: 'merge', target_id: existing.id } } });
      expect(imported.response.status).to.equal(200);
      const importId = (imported.data as { import_id: string }).import_id;
      expect((await ok('GET', `/persons/${existing.id}`, owner.token)).notes).to.include('merged in from the file');
      const listed = await ok('GET', `/trees/${treeId}/imports`, viewer.token);
      const mine = listed.find((i: { import_id: string }) => i.import_id === importId);
      expect(mine).to.include({ file_name: 'tree.ged', undone_at: null });
      expect(mine.actor).to.deep.equal({ id: owner.id, display: owner.email });
      expect(mine.counts.persons).to.include({ created: 2, merged: 1 });

      const all = await ok('GET', `/trees/${treeId}/persons`, owner.token);
      const one = all.find((p: { given_name: string; surname: string }) => p.given_name === 'New' && p.surname === 'One').id;
      const two = all.find((p: { given_name: string; surname: string }) => p.given_name === 'New' && p.surname === 'Two').id;
      // Someone changes one of the imported persons after the import.
      await ok('PATCH', `/persons/${two}`, owner.token, { notes: 'edited since' });
      expect((await call('POST', `/trees/${treeId}/imports/${importId}/undo`, viewer.token, {})).status).to.equal(403);

      const undone = await ok('POST', `/trees/${treeId}/imports/${importId}/undo`, owner.token, {});
      expect(undone.deleted.person).to.equal(1);
      expect(undone.reverted).to.be.greaterThan(0);
      expect(undone.left).to.deep.include({ type: 'person', id: two });
      expect((await call('GET', `/persons/${one}`, owner.token)).status).to.equal(404);
      expect((await call('GET', `/persons/${two}`, owner.token)).status).to.equal(200);
      expect((await ok('GET', `/persons/${existing.id}`, owner.token)).notes).to.equal('kept notes');
      const feed: Entry[] = await ok('GET', `/trees/${treeId}/changes?limit=5`, owner.token);
      expect(feed[0]!.origin).to.equal('restore');
      expect((await ok('GET', `/trees/${treeId}/imports`, owner.token)).find((i: { import_id: string }) => i.import_id === importId).undone_at).to.be.a('string');
      const again = await call('POST', `/trees/${treeId}/imports/${importId}/undo`, owner.token, { force: true });
      expect(again.status).to.equal(409);
      expect(again.body.code).to.equal('import_undone');
    });

    it('undo with force takes what was changed since too', async () => {
      const imported = await importGedcomFile(svc.client(owner.token), treeId, ['0 HEAD', '1 CHAR UTF-8', '0 @I1@ INDI', '1 NAME Forced /Away/', '0 TRLR', ''].join('\n'));
      const importId = (imported.data as { import_id: string }).import_id;
      const all = await ok('GET', `/trees/${treeId}/persons`, owner.token);
      const forced = all.find((p: { given_name: string }) => p.given_name === 'Forced').id;
      await ok('PATCH', `/persons/${forced}`, owner.token, { notes: 'edited since' });
      const undone = await ok('POST', `/trees/${treeId}/imports/${importId}/undo`, owner.token, { force: true });
      expect(undone.left).to.deep.equal([]);
      expect(undone.deleted.person).to.equal(1);
      expect((await call('GET', `/persons/${forced}`, owner.token)).status).to.equal(404);
    });

    it('each write path names its origin: a proposal apply, a cleanup apply, a merge', async () => {
      const p = await ok('POST', `/trees/${treeId}/persons`, owner.token, { given_name: 'Origin', surname: 'Paths' }, 201);
      const proposal = await ok('POST', `/trees/${treeId}/proposals`, owner.token, { summary: 'a note', operations: [{ op: 'update', entity: 'person', id: p.id, data: { notes: 'proposed' } }] }, 201);
      await ok('POST', `/trees/${treeId}/proposals/${proposal.id}/apply`, owner.token, {});
      await ok('POST', `/trees/${treeId}/cleanup/deceased`, owner.token, { person_ids: [p.id] });
      const twin = await ok('POST', `/trees/${treeId}/persons`, owner.token, { given_name: 'Origin', surname: 'Paths', notes: 'the twin' }, 201);
      await ok('POST', `/persons/${p.id}/merge`, owner.token, { other_id: twin.id });
      const own = (await history(`/persons/${p.id}`)).filter((e) => e.record.type === 'person' && e.record.id === p.id && e.action === 'update');
      const origins = own.map((e) => e.origin);
      expect(origins).to.include.members(['proposal', 'cleanup', 'merge']);
      expect(field(own.find((e) => e.origin === 'proposal')!, 'notes')).to.deep.equal({ field: 'notes', before: '', after: 'proposed' });
      expect(field(own.find((e) => e.origin === 'cleanup')!, 'is_living')).to.deep.equal({ field: 'is_living', before: null, after: false });
      // The merged twin's deletion is in its own history, from the merge.
      expect((await history(`/persons/${twin.id}`)).find((e) => e.record.id === twin.id && e.action === 'delete')?.origin).to.equal('merge');
    });
  });
}
