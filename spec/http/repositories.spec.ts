import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { ApiClient } from '../../client/index.js';
import { registerUser, startTestService, type TestService } from '../support/service.js';
import { exportZip, importZip } from '../support/account-archive.js';
import { importGedcomFile } from '../support/gedcom.js';

// Repositories over HTTP on PostgreSQL (issue 28): CRUD under the tree, members only; and what a
// source holds besides its title: abbreviation, recorded events, agency, data notes and its links to
// repositories with call numbers, each a live repository of the tree, named once.

const code = (error: unknown): string | undefined => (error as { code?: string } | undefined)?.code;
const pid = (id: string) => ({ params: { path: { id } } });

describe('HTTP repositories and source fields', () => {
  let svc: TestService;
  let c: ApiClient;
  let ownerToken: string;
  let stranger: ApiClient;
  let treeId: string;
  let otherTreeId: string;

  const repository = async (name: string, tree = treeId) => {
    const r = await c.POST('/trees/{id}/repositories', { ...pid(tree), body: { name } });
    expect(r.response.status).to.equal(201);
    return r.data!.id;
  };

  before(async () => {
    svc = await startTestService();
    ownerToken = (await registerUser(svc, 'repo-owner@example.org')).token;
    c = svc.client(ownerToken);
    stranger = svc.client((await registerUser(svc, 'repo-stranger@example.org')).token);
    treeId = (await c.POST('/trees', { body: { name: 'Held', visibility: 'public' } })).data!.id;
    otherTreeId = (await c.POST('/trees', { body: { name: 'Elsewhere' } })).data!.id;
  });
  after(async () => {
    await svc.close();
  });

  it('creates, reads, lists, updates and deletes a repository', async () => {
    const created = await c.POST('/trees/{id}/repositories', {
      ...pid(treeId), body: { name: ' Devon Heritage Centre ', address: 'Great Moor House\nExeter EX2 7NL', notes: 'Closed Mondays' },
    });
    expect(created.response.status).to.equal(201);
    expect(created.response.headers.get('location')).to.match(new RegExp(`/repositories/${created.data!.id}$`));
    expect(created.data).to.include({ tree_id: treeId, name: 'Devon Heritage Centre', address: 'Great Moor House\nExeter EX2 7NL', notes: 'Closed Mondays' });
    const id = created.data!.id;
    expect((await c.GET('/repositories/{id}', pid(id))).data).to.deep.equal(created.data);
    expect((await c.GET('/trees/{id}/repositories', pid(treeId))).data!.map((r) => r.id)).to.include(id);
    const patched = await c.PATCH('/repositories/{id}', { ...pid(id), body: { notes: 'Open daily' } });
    expect(patched.data).to.include({ name: 'Devon Heritage Centre', notes: 'Open daily' });
    expect((await c.PATCH('/repositories/{id}', { ...pid(id), body: { name: '  ' } })).response.status).to.equal(422);
    expect((await c.DELETE('/repositories/{id}', pid(id))).response.status).to.equal(204);
    expect((await c.GET('/repositories/{id}', pid(id))).response.status).to.equal(404);
    expect((await c.GET('/trees/{id}/repositories', pid(treeId))).data!.map((r) => r.id)).to.not.include(id);
  });

  it('keeps repositories from non-members, even of a public tree', async () => {
    const id = await repository('Parish chest');
    expect((await stranger.GET('/trees/{id}/repositories', pid(treeId))).response.status).to.equal(403);
    expect((await stranger.GET('/repositories/{id}', pid(id))).response.status).to.equal(403);
    expect((await svc.client().GET('/repositories/{id}', pid(id))).response.status).to.equal(401);
  });

  it('keeps abbreviation, recorded events, agency, data notes and repository links on a source', async () => {
    const archive = await repository('National Archives');
    const library = await repository('County Library');
    const created = await c.POST('/trees/{id}/sources', {
      ...pid(treeId),
      body: {
        title: 'Census of England, 1851', abbreviation: ' 1851 Census ', agency: 'General Register Office', data_notes: 'Piece 1869 is damaged.',
        recorded_events: [{ events: 'CENS', date: '30 MAR 1851', place: 'Exeter, Devon' }, { events: 'BIRT, DEAT' }],
        repositories: [{ repository_id: archive, call_number: 'HO 107/1869' }, { repository_id: library }],
      },
    });
    expect(created.response.status).to.equal(201);
    expect(created.data).to.deep.include({
      abbreviation: '1851 Census', agency: 'General Register Office', data_notes: 'Piece 1869 is damaged.',
      recorded_events: [{ events: 'CENS', date: '30 MAR 1851', place: 'Exeter, Devon' }, { events: 'BIRT, DEAT', date: '', place: '' }],
      repositories: [{ repository_id: archive, call_number: 'HO 107/1869' }, { repository_id: library, call_number: '' }],
    });
    const id = created.data!.id;
    expect((await c.GET('/sources/{id}', pid(id))).data).to.deep.equal(created.data);
    // A list sent replaces the list; fields not sent stay.
    const patched = await c.PATCH('/sources/{id}', { ...pid(id), body: { repositories: [{ repository_id: library, call_number: 'L 12' }] } });
    expect(patched.data).to.deep.include({ abbreviation: '1851 Census', repositories: [{ repository_id: library, call_number: 'L 12' }] });
    expect(patched.data!.recorded_events).to.have.length(2);
  });

  it('refuses a link to a repository that is not a live one of the tree, or one named twice', async () => {
    const foreign = await repository('Elsewhere office', otherTreeId);
    const gone = await repository('Gone office');
    await c.DELETE('/repositories/{id}', pid(gone));
    const here = await repository('Here office');
    for (const repositoryId of [foreign, gone, randomUUID()]) {
      const r = await c.POST('/trees/{id}/sources', { ...pid(treeId), body: { title: 'Bad link', repositories: [{ repository_id: here }, { repository_id: repositoryId }] } });
      expect(r.response.status).to.equal(422);
      expect(code(r.error)).to.equal('invalid_reference');
      expect(JSON.stringify(r.error)).to.include('repositories.1.repository_id');
    }
    const twice = await c.POST('/trees/{id}/sources', { ...pid(treeId), body: { title: 'Twice', repositories: [{ repository_id: here }, { repository_id: here, call_number: 'x' }] } });
    expect(twice.response.status).to.equal(422);
    expect(code(twice.error)).to.equal('invalid_input');
  });

  it('an account export carries repositories and source fields; the restored source links the restored repository (a deleted one left out)', async () => {
    const tree = (await c.POST('/trees', { body: { name: 'Archived' } })).data!.id;
    const kept = await repository('Kept archive', tree);
    await c.PATCH('/repositories/{id}', { ...pid(kept), body: { address: 'Line 1\nLine 2', notes: 'n' } });
    const gone = await repository('Gone archive', tree);
    await c.POST('/trees/{id}/sources', {
      ...pid(tree),
      body: {
        title: 'Register', abbreviation: 'Reg', agency: 'Vestry', data_notes: 'dn', recorded_events: [{ events: 'BIRT', date: 'FROM 1800 TO 1850', place: 'Leeds' }],
        repositories: [{ repository_id: kept, call_number: 'K 1' }, { repository_id: gone, call_number: 'G 1' }],
      },
    });
    await c.DELETE('/repositories/{id}', pid(gone));
    const heir = await registerUser(svc, 'repo-heir@example.org');
    const zip = await exportZip(svc, ownerToken);
    expect(zip.status).to.equal(200);
    const imported = await importZip(svc, heir.token, zip.bytes);
    expect(imported.status, JSON.stringify(imported.body)).to.equal(201);
    const restored = (imported.body.trees as { source_id: string; id: string; counts: { repositories: number } }[]).find((t) => t.source_id === tree)!;
    expect(restored.counts.repositories).to.equal(1);
    const h = svc.client(heir.token);
    const repositories = (await h.GET('/trees/{id}/repositories', pid(restored.id))).data!;
    expect(repositories.map((r) => [r.name, r.address, r.notes])).to.deep.equal([['Kept archive', 'Line 1\nLine 2', 'n']]);
    expect(repositories[0]!.id).to.not.equal(kept);
    const [source] = (await h.GET('/trees/{id}/sources', pid(restored.id))).data!;
    expect(source).to.deep.include({
      abbreviation: 'Reg', agency: 'Vestry', data_notes: 'dn', recorded_events: [{ events: 'BIRT', date: 'FROM 1800 TO 1850', place: 'Leeds' }],
      repositories: [{ repository_id: repositories[0]!.id, call_number: 'K 1' }],
    });
  });

  it('has a history, whose change can be restored; a GEDCOM import\'s repositories go when the import is undone', async () => {
    const id = await repository('Old name');
    await c.PATCH('/repositories/{id}', { ...pid(id), body: { name: 'New name', notes: 'n' } });
    const history = (await c.GET('/repositories/{id}/history', pid(id))).data!;
    expect(history.map((h) => h.action)).to.deep.equal(['update', 'create']);
    expect(history[0]!.changes).to.deep.include({ field: 'name', before: 'Old name', after: 'New name' });
    expect(history[0]!.record).to.deep.equal({ type: 'repository', id });
    const restored = await c.POST('/repositories/{id}/history/{change_id}/restore', { params: { path: { id, change_id: history[0]!.change_id } }, body: {} });
    expect(restored.response.status, JSON.stringify(restored.error)).to.equal(200);
    expect((await c.GET('/repositories/{id}', pid(id))).data).to.include({ name: 'Old name', notes: '' });
    expect((await stranger.GET('/repositories/{id}/history', pid(id))).response.status).to.equal(404);

    const tree = (await c.POST('/trees', { body: { name: 'Undone' } })).data!.id;
    const file = '0 HEAD\n1 GEDC\n2 VERS 5.5.1\n1 CHAR UTF-8\n0 @S1@ SOUR\n1 TITL T\n1 REPO @R1@\n2 CALN 7\n0 @R1@ REPO\n1 NAME Imported office\n0 TRLR\n';
    const report = await importGedcomFile(c, tree, file);
    expect(report.response.status, JSON.stringify(report.error)).to.equal(200);
    expect((report.data as { repositories: unknown }).repositories).to.deep.equal({ created: 1, reused: 0 });
    expect((await c.GET('/trees/{id}/repositories', pid(tree))).data!.map((r) => r.name)).to.deep.equal(['Imported office']);
    const undone = await c.POST('/trees/{id}/imports/{import_id}/undo', { params: { path: { id: tree, import_id: report.data!.import_id } }, body: {} });
    expect(undone.response.status, JSON.stringify(undone.error)).to.equal(200);
    expect(undone.data!.deleted).to.include({ repository: 1, source: 1 });
    expect((await c.GET('/trees/{id}/repositories', pid(tree))).data).to.deep.equal([]);
  });

  it('a deleted repository stays linked from its sources', async () => {
    const held = await repository('Soon gone');
    const s = (await c.POST('/trees/{id}/sources', { ...pid(treeId), body: { title: 'Held there', repositories: [{ repository_id: held, call_number: 'B 1' }] } })).data!;
    await c.DELETE('/repositories/{id}', pid(held));
    expect((await c.GET('/sources/{id}', pid(s.id))).data!.repositories).to.deep.equal([{ repository_id: held, call_number: 'B 1' }]);
    // A change of other fields keeps the link as it is.
    expect((await c.PATCH('/sources/{id}', { ...pid(s.id), body: { notes: 'n' } })).data!.repositories).to.deep.equal([{ repository_id: held, call_number: 'B 1' }]);
    // The list sent back as it was read is taken; a new link to it is not.
    const sentBack = await c.PATCH('/sources/{id}', { ...pid(s.id), body: { repositories: [{ repository_id: held, call_number: 'B 2' }] } });
    expect(sentBack.response.status, JSON.stringify(sentBack.error)).to.equal(200);
    const other = (await c.POST('/trees/{id}/sources', { ...pid(treeId), body: { title: 'Other' } })).data!;
    expect((await c.PATCH('/sources/{id}', { ...pid(other.id), body: { repositories: [{ repository_id: held }] } })).response.status).to.equal(422);
  });
});
