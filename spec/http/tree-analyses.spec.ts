import { expect } from 'chai';
import { analysesGate } from '../../bootstrap/compose.js';
import { registerUser, startTestService, type TestService } from '../support/service.js';
import { pendingAfter, until } from '../support/waiting.js';
import { importGedcomFile, previewGedcomFile, TINY_GEDCOM } from '../support/gedcom.js';

// Tree-wide analyses take turns (compose.ts ANALYSES_AT_ONCE): the duplicate finder, a GEDCOM
// preview's matching and a cleanup preview each hold the whole tree in memory (about 230 MB at 100,000 persons) and a core
// for seconds, so one account asking for many at once must not take the service's memory. Here the
// gate has one slot and the spec holds it: the analyses wait, everything else answers, a refusal
// answers at once, and they finish once the slot is free again.

describe('HTTP tree-wide analyses take turns (duplicates, GEDCOM and cleanup previews)', () => {
  // The service's own gate (two per account), with one slot.
  const turns = analysesGate(1);
  let svc: TestService;

  before(async () => {
    svc = await startTestService({ analyses: turns });
  });
  after(async () => {
    await svc.close();
  });

  /** A tree with the tiny file's persons twice over (so the finder has pairs to find), and a viewer. */
  const treeWithViewer = async (name: string) => {
    const owner = await registerUser(svc, `${name}@example.org`);
    const viewer = await registerUser(svc, `viewer-${name}@example.org`);
    const stranger = await registerUser(svc, `stranger-${name}@example.org`);
    const c = svc.client(owner.token);
    const treeId = (await c.POST('/trees', { body: { name } })).data!.id;
    for (let i = 0; i < 2; i++) expect((await importGedcomFile(c, treeId, TINY_GEDCOM)).response.status).to.equal(200);
    const invited = await c.POST('/trees/{id}/members', { params: { path: { id: treeId } }, body: { email: viewer.email, role: 'viewer' } });
    expect(invited.response.status, JSON.stringify(invited.error)).to.be.oneOf([200, 201]);
    return { c, treeId, viewer: svc.client(viewer.token), viewerToken: viewer.token, stranger: svc.client(stranger.token) };
  };

  it('with the slot free, the duplicates, a GEDCOM preview and a cleanup preview answer at once (the gate does not stop them)', async () => {
    const { c, treeId, viewer } = await treeWithViewer('free');
    const pairs = await viewer.GET('/trees/{id}/duplicates', { params: { path: { id: treeId } } });
    expect(pairs.response.status, JSON.stringify(pairs.error)).to.equal(200);
    expect(pairs.data!.length, 'the tiny file imported twice has duplicates').to.be.greaterThan(0);
    const preview = await previewGedcomFile(c, treeId, TINY_GEDCOM);
    expect(preview.response.status, JSON.stringify(preview.error)).to.equal(200);
    expect(preview.data!.matches.length).to.be.greaterThan(0);
    const cleanup = await c.GET('/trees/{id}/cleanup/deceased-by-birth-year', { params: { path: { id: treeId }, query: { born_on_or_before: 2100 } } });
    expect(cleanup.response.status, JSON.stringify(cleanup.error)).to.equal(200);
  });

  it('while the slot is taken, the duplicates and the previews wait, other requests and refusals answer (past two of one account: 429), and all three finish once the slot is free', async () => {
    const { c, treeId, viewer, stranger } = await treeWithViewer('waits');
    const leave = await turns.enter();
    let left = false;
    try {
      const finding = viewer.GET('/trees/{id}/duplicates', { params: { path: { id: treeId } } });
      const previewing = previewGedcomFile(c, treeId, TINY_GEDCOM);
      const cleaning = c.GET('/trees/{id}/cleanup/deceased-by-birth-year', { params: { path: { id: treeId }, query: { born_on_or_before: 2100 } } });
      await until(() => turns.waiting() === 3, 'the three analyses wait for the slot');
      expect(await pendingAfter(finding, 200), 'the duplicates answered while the slot was taken').to.equal(true);
      expect(await pendingAfter(previewing, 0), 'the preview answered while the slot was taken').to.equal(true);
      expect(await pendingAfter(cleaning, 0), 'the cleanup preview answered while the slot was taken').to.equal(true);
      // Meanwhile: a read of the tree answers, and refusals come at once, not queued.
      const read = await viewer.GET('/trees/{id}/persons', { params: { path: { id: treeId } } });
      expect(read.response.status).to.equal(200);
      const refused = await stranger.GET('/trees/{id}/duplicates', { params: { path: { id: treeId } } });
      expect(refused.response.status).to.equal(403);
      const refusedPreview = await previewGedcomFile(viewer, treeId, TINY_GEDCOM);
      expect(refusedPreview.response.status).to.equal(403);
      const refusedCleanup = await viewer.GET('/trees/{id}/cleanup/broken-names', { params: { path: { id: treeId } } });
      expect(refusedCleanup.response.status).to.equal(403);
      // The owner has two waiting: a third is refused at once (429), not queued; the viewer's one still waits.
      const third = await c.GET('/trees/{id}/cleanup/broken-names', { params: { path: { id: treeId } } });
      expect(third.response.status).to.equal(429);
      expect((third.error as { code?: string }).code).to.equal('too_many_analyses');
      expect(third.response.headers.get('retry-after')).to.equal('5');
      expect(turns.waiting()).to.equal(3);

      leave();
      left = true;
      const [found, previewed, cleaned] = await Promise.all([finding, previewing, cleaning]);
      expect(cleaned.response.status, JSON.stringify(cleaned.error)).to.equal(200);
      expect(cleaned.data, 'the persons of the tiny file are deceased: none to mark').to.deep.equal([]);
      expect(found.response.status, JSON.stringify(found.error)).to.equal(200);
      expect(found.data!.length).to.be.greaterThan(0);
      expect(previewed.response.status, JSON.stringify(previewed.error)).to.equal(200);
      expect(previewed.data!.matches.length).to.be.greaterThan(0);
      // Done, the owner may ask again.
      const again = await c.GET('/trees/{id}/cleanup/broken-names', { params: { path: { id: treeId } } });
      expect(again.response.status, JSON.stringify(again.error)).to.equal(200);
    } finally {
      if (!left) leave();
    }
  });

  it('the duplicates whose client goes away while they wait leave the queue, and the slot is free for the next', async () => {
    const { treeId, viewerToken } = await treeWithViewer('gone');
    const leave = await turns.enter();
    let left = false;
    try {
      const abort = new AbortController();
      const gone = fetch(`${svc.baseUrl}/api/v1/trees/${treeId}/duplicates`, { headers: { Authorization: `Bearer ${viewerToken}` }, signal: abort.signal })
        .then((r) => r.status, () => 'aborted');
      await until(() => turns.waiting() === 1, 'the duplicates wait for the slot');
      abort.abort();
      expect(await gone).to.equal('aborted');
      await until(() => turns.waiting() === 0, 'the duplicates left the queue when their client went away');
      leave();
      left = true;
      const next = turns.enter();
      expect(await pendingAfter(next, 300), 'the slot went to the request whose client had gone').to.equal(false);
      (await next)();
    } finally {
      if (!left) leave();
    }
  });
});
