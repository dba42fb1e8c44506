import { createHash, randomBytes } from 'node:crypto';
import { expect } from 'chai';
import type { Storage, Stores } from '../../core/stores.js';
import type { Id } from '../../core/kernel/ids.js';
import { E } from '../../core/kernel/either.js';
import type { BlobStore } from '../../core/media/blob-store.js';
import { BlobStoreUnavailableError } from '../../core/media/blob-store.js';
import type { ArchiveItem } from '../../core/accounts/archive.js';
import type { ArchiveFault, ArchiveSource } from '../../core/accounts/ports.js';
import { exportAccount } from '../../core/accounts/queries/export-account.js';
import { importAccount } from '../../core/accounts/commands/import-account.js';
import { createTree } from '../../core/trees/commands/create-tree.js';
import { uploadMedia } from '../../core/media/commands/upload-media.js';
import { memoryBlobStore } from '../../adapters/memory/blob-store.js';
import { right } from './support.js';
import { onEachStorage, year, type CleanupFixture } from './cleanup-support.js';

// Issue 12, all or nothing: a restore that fails half-way (the bulk writer or a media row throws,
// the object store refuses the second file, the backup breaks off after files were stored) leaves
// no tree or row, and every object it stored is removed again, or queued for removal when the store
// refuses that too. Run on memory and on PostgreSQL, with the source built from a real export.

const chunks = (bytes: Uint8Array) => (async function* () {
  yield bytes;
})();

/** Two trees with persons, events, places and two media files each, exported to a source held in memory. */
const backupOf = async (fx: CleanupFixture, blobs: BlobStore) => {
  const deps = { ...fx.deps, blobs };
  const second = right(await createTree(fx.deps)(fx.owner, { name: 'Second' }));
  for (const treeId of [fx.tree.id, second.id]) {
    await fx.person({ givenName: 'Ann', surname: 'Atomic', birth: { date: year(1900), place: 'Town' } }, treeId);
    await fx.person({ givenName: 'Bo', surname: 'Atomic' }, treeId);
    for (const n of [1, 2]) {
      const bytes = randomBytes(1000 + n);
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      right(await uploadMedia(deps)(fx.owner, treeId, { title: `f${n}`, file: { size: bytes.length, sha256, head: bytes.subarray(0, 64), declaredType: null, fileName: `f${n}.bin`, open: () => chunks(bytes) } }));
    }
  }
  const exported = right(await exportAccount(deps)(fx.owner));
  const items: (ArchiveItem | ArchiveFault)[] = [];
  for await (const chunk of exported.items()) items.push(...chunk);
  const files = new Map<Id, Buffer>();
  for await (const f of exported.files()) {
    const parts: Uint8Array[] = [];
    for await (const c of await f.open()) parts.push(c);
    files.set(f.mediaId, Buffer.concat(parts));
  }
  const source = (extra: readonly (ArchiveItem | ArchiveFault)[] = []): ArchiveSource => ({
    header: exported.header,
    items: async function* () {
      yield* items;
      yield* extra;
    },
    mediaFile: (id) => {
      const bytes = files.get(id);
      return bytes === undefined ? null : { size: bytes.length, open: async () => chunks(bytes) };
    },
    mediaIds: () => [...files.keys()],
  });
  return { source, trees: [fx.tree.id, second.id] };
};

/** The store as the import sees it: every put that succeeded is recorded; `failPut` and `failRemove` inject faults. */
const watched = (inner: ReturnType<typeof memoryBlobStore>) => {
  const stored: string[] = [];
  const faults = { putNumber: 0, removeFails: false };
  let puts = 0;
  const store: BlobStore = {
    ...inner,
    put: async (key, body, size) => {
      puts += 1;
      if (puts === faults.putNumber) throw new BlobStoreUnavailableError('the store went away');
      const r = await inner.put(key, body, size);
      stored.push(key);
      return r;
    },
    remove: async (key) => {
      if (faults.removeFails) throw new BlobStoreUnavailableError('the store is still away');
      await inner.remove(key);
    },
  };
  return { store, stored, faults };
};

/** The storage, with `sabotage` replacing functions of the stores in every unit of work; the trees each attempt inserted are recorded. */
const sabotaged = (storage: Storage, inserted: Id[], sabotage: (tx: Stores) => Partial<Stores>): Storage => ({
  ...storage,
  uow: {
    run: (work) => storage.uow.run((tx) => work({
      ...tx,
      trees: { ...tx.trees, insert: async (t) => (inserted.push(t.id), tx.trees.insert(t)) },
      ...sabotage(tx),
    })),
  },
});

/** Throws on the `n`th call, after `before` ran for it; passes through otherwise. */
const onCall = <A extends unknown[]>(n: number, pass: (...a: A) => Promise<void>, before = false) => {
  let calls = 0;
  return async (...a: A): Promise<void> => {
    calls += 1;
    if (calls !== n) return pass(...a);
    if (before) await pass(...a);
    throw new Error(`call ${n} failed`);
  };
};

onEachStorage((kind) => `account import: all or nothing (${kind})`, (setup) => {
  let fx: CleanupFixture;
  let blobs: ReturnType<typeof memoryBlobStore>;
  let backup: Awaited<ReturnType<typeof backupOf>>;
  let inserted: Id[];
  let liveTrees: number;
  let objects: string[];
  const clock = { now: () => new Date('2026-06-01T00:00:00.000Z') };

  beforeEach(async () => {
    fx = await setup();
    blobs = memoryBlobStore();
    backup = await backupOf(fx, blobs);
    inserted = [];
    liveTrees = await fx.deps.storage.trees.count();
    objects = blobs.keys();
  });

  /** Runs the import as the outsider; answers whether it threw, or its Left's code. */
  const attempt = async (storage: Storage, store: BlobStore, source = backup.source()): Promise<string> => {
    try {
      const r = await importAccount({ storage, blobs: store, clock })(fx.outsider, source);
      return E.isLeft(r) ? `left:${'code' in r.left ? String(r.left.code) : r.left._tag}` : 'right';
    } catch {
      return 'thrown';
    }
  };
  /** Nothing of the attempt is left: no tree (nor any row of the trees it inserted), no object beyond those before. */
  const nothingLeft = async (): Promise<void> => {
    const s = fx.deps.storage;
    expect(inserted, 'the attempt inserted trees before it failed').not.to.deep.equal([]);
    expect(await s.trees.count()).to.equal(liveTrees);
    expect(await s.trees.listForMember(fx.outsider.userId, false)).to.deep.equal([]);
    expect(await s.trees.listForMember(fx.outsider.userId, true)).to.deep.equal([]);
    for (const id of inserted) {
      expect(await s.trees.byId(id)).to.equal(null);
      expect(await s.persons.listByTree(id, {})).to.deep.equal([]);
      expect(await s.archive.names(id, null, 100)).to.deep.equal([]);
      expect(await s.archive.events(id, null, 100)).to.deep.equal([]);
      expect(await s.media.listByTree(id, {})).to.deep.equal([]);
      expect(await s.memberships.list(id)).to.deep.equal([]);
    }
    for (const t of backup.trees) expect(await s.persons.listByTree(t, {})).to.have.length(2);
    expect(blobs.keys()).to.deep.equal(objects);
  };

  it('the control: the same backup restores whole', async () => {
    const w = watched(blobs);
    expect(await attempt(sabotaged(fx.deps.storage, inserted, () => ({})), w.store)).to.equal('right');
    expect(inserted).to.have.length(2);
    expect(w.stored).to.have.length(4);
    for (const id of inserted) expect(await fx.deps.storage.persons.listByTree(id, {})).to.have.length(2);
  });

  it('the bulk writer fails on the second tree, after its rows went in and the first tree\'s files were stored', async () => {
    const w = watched(blobs);
    const broken = sabotaged(fx.deps.storage, inserted, (tx) => ({ bulk: { insertAll: onCall(2, tx.bulk.insertAll, true), verify: tx.bulk.verify, settle: tx.bulk.settle } }));
    expect(await attempt(broken, w.store)).to.equal('thrown');
    expect(w.stored.length, 'objects stored before the failure').to.be.at.least(2);
    await nothingLeft();
  });

  it('a media row cannot be written half-way', async () => {
    const w = watched(blobs);
    const broken = sabotaged(fx.deps.storage, inserted, (tx) => ({ media: { ...tx.media, insert: onCall(3, tx.media.insert) } }));
    expect(await attempt(broken, w.store)).to.equal('thrown');
    expect(w.stored.length).to.be.at.least(3);
    await nothingLeft();
  });

  it('the object store refuses the second file', async () => {
    const w = watched(blobs);
    w.faults.putNumber = 2;
    expect(await attempt(sabotaged(fx.deps.storage, inserted, () => ({})), w.store)).to.equal('thrown');
    expect(w.stored).to.have.length(1);
    await nothingLeft();
  });

  it('the backup breaks off after every file was stored: a Left, and the objects are removed', async () => {
    const w = watched(blobs);
    const outcome = await attempt(sabotaged(fx.deps.storage, inserted, () => ({})), w.store, backup.source([{ kind: 'fault', reason: 'account.json is damaged' }]));
    expect(outcome).to.equal('left:invalid_archive');
    expect(w.stored).to.have.length(4);
    await nothingLeft();
  });

  it('when the store refuses the removal too, every object it stored is queued for the purge worker', async () => {
    const w = watched(blobs);
    w.faults.putNumber = 4;
    w.faults.removeFails = true;
    expect(await attempt(sabotaged(fx.deps.storage, inserted, () => ({})), w.store)).to.equal('thrown');
    expect(w.stored).to.have.length(3);
    const queued = await fx.deps.storage.blobRemovals.next(100);
    expect(queued).to.include.members(w.stored);
    expect(blobs.keys().filter((k) => !objects.includes(k)).sort()).to.deep.equal([...w.stored].sort());
  });
});
