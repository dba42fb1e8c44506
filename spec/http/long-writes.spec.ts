import { expect } from 'chai';
import { gate } from '../../adapters/gate.js';
import { registerUser, startTestService, type TestService } from '../support/service.js';
import { pendingAfter, until } from '../support/waiting.js';
import { importGedcomFile, TINY_GEDCOM } from '../support/gedcom.js';
import { emptyBackup, exportZip, importZip } from '../support/account-archive.js';

// Long writes take turns (compose.ts LONG_WRITES_AT_ONCE): a GEDCOM import, the undo of one and an
// account restore each hold a pooled connection and a transaction for their whole run, so one
// account starting many of them must not take the pool from every other request. Here the gate has
// one slot and the spec holds it: the writes wait, everything else answers, a refusal answers at
// once, and they finish once the slot is free again.

describe('HTTP long writes take turns (imports, restores)', () => {
  const turns = gate(1);
  let svc: TestService;

  before(async () => {
    svc = await startTestService({ longWrites: turns });
  });
  after(async () => {
    await svc.close();
  });

  /** An owner (`c`, their client) with a tree named `name`, and a viewer of it, their emails from `tag`. */
  const ownerWithViewer = async (tag: string, name: string) => {
    const owner = await registerUser(svc, `${tag}@example.org`);
    const viewer = await registerUser(svc, `viewer-${tag}@example.org`);
    const c = svc.client(owner.token);
    const treeId = (await c.POST('/trees', { body: { name } })).data!.id;
    const invited = await c.POST('/trees/{id}/members', { params: { path: { id: treeId } }, body: { email: viewer.email, role: 'viewer' } });
    expect(invited.response.status, JSON.stringify(invited.error)).to.be.oneOf([200, 201]);
    return { owner, viewer, c, treeId };
  };

  it('with the slot free, an import and a restore answer at once (the gate does not stop them)', async () => {
    const owner = await registerUser(svc, 'free@example.org');
    const c = svc.client(owner.token);
    const treeId = (await c.POST('/trees', { body: { name: 'Free' } })).data!.id;
    const imported = await importGedcomFile(c, treeId, TINY_GEDCOM);
    expect(imported.response.status, JSON.stringify(imported.error)).to.equal(200);
    const restored = await importZip(svc, owner.token, await emptyBackup());
    expect(restored.status, JSON.stringify(restored.body)).to.equal(201);
  });

  it('while the slot is taken, an import waits, other requests and a refusal answer, and the import finishes once the slot is free', async () => {
    const { viewer, c, treeId } = await ownerWithViewer('waits', 'Waits');

    const leave = await turns.enter();
    let left = false;
    try {
      const importing = importGedcomFile(c, treeId, TINY_GEDCOM);
      expect(await pendingAfter(importing, 400), 'the import answered while the slot was taken').to.equal(true);
      // Meanwhile: a read of the tree answers, and a viewer's import is refused at once, not queued.
      const read = await c.GET('/trees/{id}/persons', { params: { path: { id: treeId } } });
      expect(read.response.status).to.equal(200);
      expect(read.data).to.have.length(0);
      const refused = await importGedcomFile(svc.client(viewer.token), treeId, TINY_GEDCOM);
      expect(refused.response.status).to.equal(403);
      expect(await pendingAfter(importing, 50)).to.equal(true);

      leave();
      left = true;
      const done = await importing;
      expect(done.response.status, JSON.stringify(done.error)).to.equal(200);
      const after = await c.GET('/trees/{id}/persons', { params: { path: { id: treeId } } });
      expect(after.data!.length).to.be.greaterThan(0);
    } finally {
      if (!left) leave();
    }
  });

  it('an import whose client goes away while it waits leaves the queue: it never runs, and the slot is free for the next', async () => {
    const owner = await registerUser(svc, 'gone@example.org');
    const c = svc.client(owner.token);
    const treeId = (await c.POST('/trees', { body: { name: 'Gone' } })).data!.id;
    const leave = await turns.enter();
    let left = false;
    try {
      const abort = new AbortController();
      const body = new FormData();
      body.append('file', new Blob([TINY_GEDCOM], { type: 'application/octet-stream' }), 'tree.ged');
      const gone = fetch(`${svc.baseUrl}/api/v1/trees/${treeId}/gedcom/import`, {
        method: 'POST', headers: { Authorization: `Bearer ${owner.token}` }, body, signal: abort.signal,
      }).then((r) => r.status, () => 'aborted');
      await until(() => turns.waiting() === 1, 'the import waits for the slot');
      abort.abort();
      expect(await gone).to.equal('aborted');
      await until(() => turns.waiting() === 0, 'the import left the queue when its client went away');
      leave();
      left = true;
      // Nobody else was in line: the slot is free at once, and nothing of the import was written.
      const next = turns.enter();
      expect(await pendingAfter(next, 300), 'the slot went to the import whose client had gone').to.equal(false);
      (await next)();
      const read = await c.GET('/trees/{id}/persons', { params: { path: { id: treeId } } });
      expect(read.response.status).to.equal(200);
      expect(read.data, 'the import ran though its client had gone').to.have.length(0);
      // The same import from a client that stays answers 200 and writes its persons.
      const done = await importGedcomFile(c, treeId, TINY_GEDCOM);
      expect(done.response.status, JSON.stringify(done.error)).to.equal(200);
      expect((await c.GET('/trees/{id}/persons', { params: { path: { id: treeId } } })).data!.length).to.be.greaterThan(0);
    } finally {
      if (!left) leave();
    }
  });

  it('while the slot is taken, an account restore waits and finishes once it is free; an export (no long write) does not wait', async () => {
    const owner = await registerUser(svc, 'restore-waits@example.org');
    const leave = await turns.enter();
    let left = false;
    try {
      const restoring = importZip(svc, owner.token, await emptyBackup());
      expect(await pendingAfter(restoring, 400), 'the restore answered while the slot was taken').to.equal(true);
      const exported = await exportZip(svc, owner.token);
      expect(exported.status).to.equal(200);
      leave();
      left = true;
      const done = await restoring;
      expect(done.status, JSON.stringify(done.body)).to.equal(201);
    } finally {
      if (!left) leave();
    }
  });

  it('while the slot is taken, the undo of an import waits and finishes once it is free; a viewer\'s undo is refused at once', async () => {
    const { viewer, c, treeId } = await ownerWithViewer('undo-waits', 'Undo waits');
    const imported = await importGedcomFile(c, treeId, TINY_GEDCOM);
    expect(imported.response.status, JSON.stringify(imported.error)).to.equal(200);
    const path = { id: treeId, import_id: imported.data!.import_id };
    const leave = await turns.enter();
    let left = false;
    try {
      const undoing = c.POST('/trees/{id}/imports/{import_id}/undo', { params: { path }, body: {} });
      await until(() => turns.waiting() === 1, 'the undo waits for the slot');
      expect(await pendingAfter(undoing, 200), 'the undo answered while the slot was taken').to.equal(true);
      const refused = await svc.client(viewer.token).POST('/trees/{id}/imports/{import_id}/undo', { params: { path }, body: {} });
      expect(refused.response.status).to.equal(403);
      expect(turns.waiting()).to.equal(1);
      leave();
      left = true;
      const done = await undoing;
      expect(done.response.status, JSON.stringify(done.error)).to.equal(200);
      expect(done.data!.deleted.person).to.equal(1);
      expect((await c.GET('/trees/{id}/persons', { params: { path: { id: treeId } } })).data).to.have.length(0);
    } finally {
      if (!left) leave();
    }
  });
});
