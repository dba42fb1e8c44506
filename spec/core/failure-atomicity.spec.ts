import { expect } from 'chai';
import type { Storage, Stores } from '../../core/stores.js';
import type { Actor } from '../../core/kernel/actor.js';
import { E } from '../../core/kernel/either.js';
import { memoryStorage } from '../../adapters/memory/storage.js';
import { memoryBlobStore } from '../../adapters/memory/blob-store.js';
import { importGedcom } from '../../core/gedcom/commands/import-gedcom.js';
import { uploadMedia } from '../../core/media/commands/upload-media.js';
import { purgeExpired } from '../../core/cleanup/commands/purge-expired.js';
import { purgeTree } from '../../core/trees/commands/purge-tree.js';
import { removeQueuedBlobs } from '../../core/media/commands/remove-queued-blobs.js';
import { deleteMedia } from '../../core/media/commands/delete-media.js';
import { postgresStorage } from '../support/database.js';
import { aMembership, givenTree, givenUsers } from '../contracts/fixtures.js';

// Faults lose nothing: a GEDCOM import that fails half-way leaves the tree as it was; an upload
// whose metadata row cannot be written leaves no blob; purges take the objects with the rows, and
// what the store refuses stays queued until it takes it. Run on memory and on PostgreSQL.

const clock = { now: () => new Date('2026-06-01T00:00:00.000Z') };
const FILE = ['0 HEAD', '1 GEDC', '2 VERS 5.5.1', '0 @I1@ INDI', '1 NAME Ann /Atomic/', '1 FAMS @F1@', '0 @I2@ INDI', '1 NAME Bo /Atomic/', '1 FAMS @F1@', '0 @F1@ FAM', '1 HUSB @I2@', '1 WIFE @I1@', '1 MARR', '2 DATE 1900', '0 TRLR', ''].join('\n');
const bytes = (s: string) => (async function* () {
  yield new TextEncoder().encode(s);
})();
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 9, 9]);

/** The same storage, but every unit of work hands out stores where `sabotage` has replaced some functions. */
const sabotaged = (storage: Storage, sabotage: (tx: Stores) => Partial<Stores>): Storage => ({
  ...storage,
  uow: { run: (work) => storage.uow.run((tx) => work({ ...tx, ...sabotage(tx) })) },
});

const cases = (name: string, make: () => Promise<{ storage: Storage; close: () => Promise<void> }>) =>
  describe(`faults lose nothing (${name})`, () => {
    let fx: { storage: Storage; close: () => Promise<void> };
    let actor: Actor;
    let treeId: string;
    beforeEach(async () => {
      fx = await make();
      const [u] = await givenUsers(fx.storage, 1);
      const t = await givenTree(fx.storage);
      await fx.storage.memberships.insert(aMembership(t.id, u!.id, 'owner'));
      actor = { kind: 'user', userId: u!.id, email: u!.email, emailVerified: true, sessionId: 's', clientAddress: '127.0.0.1' };
      treeId = t.id;
    });
    afterEach(async () => fx.close());

    it('an import that fails after writing rows leaves the tree exactly as it was', async () => {
      const read = { right: { open: () => bytes(FILE) } };
      const broken = sabotaged(fx.storage, (tx) => ({
        bulk: {
          insertAll: async (batch) => {
            await tx.bulk.insertAll(batch);
            throw new Error('disk full after the rows went in');
          },
          verify: () => tx.bulk.verify(),
          settle: () => tx.bulk.settle(),
        },
      }));
      let thrown = false;
      try {
        await importGedcom({ storage: broken, clock })(actor, treeId, read.right, { defaultAction: 'new', resolutions: {} });
      } catch {
        thrown = true;
      }
      expect(thrown).to.equal(true);
      expect(await fx.storage.persons.listByTree(treeId, {})).to.deep.equal([]);
      expect(await fx.storage.relationships.listByTree(treeId, {})).to.deep.equal([]);
      expect(await fx.storage.events.listByTree(treeId, {})).to.deep.equal([]);
      expect(await fx.storage.places.listByTree(treeId)).to.deep.equal([]);
      expect((await fx.storage.audit.listForTree(treeId, {})).filter((a) => a.action === 'gedcom.import')).to.deep.equal([]);
      const ok = await importGedcom({ storage: fx.storage, clock })(actor, treeId, read.right, { defaultAction: 'new', resolutions: {} });
      expect(E.isRight(ok) && ok.right.persons.created).to.equal(2);
    });

    it('an upload whose metadata row cannot be written removes its blob again; a row never points at a missing blob', async () => {
      const blobs = memoryBlobStore();
      const broken = sabotaged(fx.storage, () => ({ media: { ...fx.storage.media, insert: async () => { throw new Error('insert failed'); } } }));
      const file = { size: PNG.length, sha256: 'x'.repeat(64), head: PNG, declaredType: 'image/png', fileName: 'a.png', open: () => bytes(String.fromCharCode(...PNG)) };
      let thrown = false;
      try {
        await uploadMedia({ storage: broken, clock, blobs })(actor, treeId, { file: { ...file, open: () => (async function* () { yield PNG; })() } });
      } catch {
        thrown = true;
      }
      expect(thrown).to.equal(true);
      expect(blobs.keys()).to.deep.equal([]);
      expect(await fx.storage.media.listByTree(treeId, {})).to.deep.equal([]);

      blobs.down(true);
      let unavailable = false;
      try {
        await uploadMedia({ storage: fx.storage, clock, blobs })(actor, treeId, { file: { ...file, open: () => (async function* () { yield PNG; })() } });
      } catch (err) {
        unavailable = (err as Error).name === 'BlobStoreUnavailableError';
      }
      expect(unavailable).to.equal(true);
      expect(await fx.storage.media.listByTree(treeId, {})).to.deep.equal([]);
    });

    it('the purge worker removes expired media rows and their objects; a refused removal stays queued and is retried', async () => {
      const blobs = memoryBlobStore();
      const deps = { storage: fx.storage, clock: { now: () => new Date('2026-01-01T00:00:00.000Z') }, blobs };
      const up = await uploadMedia(deps)(actor, treeId, { file: { size: PNG.length, sha256: 'y'.repeat(64), head: PNG, declaredType: null, fileName: null, open: () => (async function* () { yield PNG; })() } });
      if (E.isLeft(up)) throw new Error('upload failed');
      await deleteMedia(deps)(actor, up.right.id);
      expect(blobs.keys()).to.deep.equal([up.right.storageKey]);
      blobs.down(true);
      const refused = await purgeExpired({ ...deps, clock, purgeAfterDays: 30 })();
      expect(refused.ran && refused.counts.media).to.equal(1);
      expect(refused.ran && refused.blobsPending).to.equal(true);
      blobs.down(false);
      expect(blobs.keys()).to.deep.equal([up.right.storageKey]);
      const retried = await purgeExpired({ ...deps, clock, purgeAfterDays: 30 })();
      expect(retried.ran && retried.blobsRemoved).to.equal(1);
      expect(blobs.keys()).to.deep.equal([]);
      expect(await fx.storage.blobRemovals.next(10)).to.deep.equal([]);
    });

    it('purging a tree removes its media objects after the rows', async () => {
      const blobs = memoryBlobStore();
      const deps = { storage: fx.storage, clock, blobs };
      for (let i = 0; i < 3; i += 1)
        await uploadMedia(deps)(actor, treeId, { file: { size: PNG.length, sha256: 'z'.repeat(64), head: PNG, declaredType: null, fileName: null, open: () => (async function* () { yield PNG; })() } });
      expect(blobs.keys()).to.have.length(3);
      const tree = (await fx.storage.trees.byId(treeId))!;
      await fx.storage.trees.update({ ...tree, deletedAt: clock.now() });
      const purged = await purgeTree({ ...deps, reclaimBlobs: () => removeQueuedBlobs(deps)() })(actor, treeId, { name: tree.name });
      expect(E.isRight(purged)).to.equal(true);
      expect(blobs.keys()).to.deep.equal([]);
    });
  });

cases('memory', async () => {
  const storage = memoryStorage();
  return { storage, close: () => storage.close() };
});
cases('postgres', () => postgresStorage());
