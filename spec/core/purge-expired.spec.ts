import { expect } from 'chai';
import type { Storage } from '../../core/stores.js';
import { purgeExpired, PURGE_LOCK } from '../../core/cleanup/commands/purge-expired.js';
import { memoryStorage } from '../../adapters/memory/storage.js';
import { memoryBlobStore } from '../../adapters/memory/blob-store.js';
import { postgresStorage } from '../support/database.js';
import { at, givenPerson, givenTree } from '../contracts/fixtures.js';

const DAY = 24 * 3600 * 1000;
const now = at('2026-06-01T00:00:00.000Z');
const clock = { now: () => now };

const cases = (name: string, make: () => Promise<{ storage: Storage; close: () => Promise<void> }>) =>
  describe(`purge of expired records (${name})`, () => {
    let fx: { storage: Storage; close: () => Promise<void> };
    beforeEach(async () => (fx = await make()));
    afterEach(async () => fx.close());

    it('removes what was deleted more than PURGE_AFTER_DAYS ago, keeps the rest, and is idempotent', async () => {
      const s = fx.storage;
      const tree = await givenTree(s);
      const old = await givenPerson(s, tree.id, { deletedAt: new Date(now.getTime() - 31 * DAY) });
      const recent = await givenPerson(s, tree.id, { deletedAt: new Date(now.getTime() - 29 * DAY) });
      const live = await givenPerson(s, tree.id);
      const oldTree = await givenTree(s, { deletedAt: new Date(now.getTime() - 40 * DAY) });
      const first = await purgeExpired({ storage: s, clock, purgeAfterDays: 30, blobs: memoryBlobStore() })();
      expect(first).to.deep.include({ ran: true });
      expect(first.ran && first.counts).to.include({ persons: 1, trees: 1 });
      expect(await s.persons.byId(old.id)).to.equal(null);
      expect(await s.persons.byId(recent.id)).to.not.equal(null);
      expect(await s.persons.byId(live.id)).to.not.equal(null);
      expect(await s.trees.byId(oldTree.id)).to.equal(null);
      const again = await purgeExpired({ storage: s, clock, purgeAfterDays: 30, blobs: memoryBlobStore() })();
      expect(again.ran && Object.values(again.counts).every((n) => n === 0)).to.equal(true);
    });

    it('does nothing while another instance holds the purge lock', async () => {
      const s = fx.storage;
      const tree = await givenTree(s);
      const old = await givenPerson(s, tree.id, { deletedAt: new Date(now.getTime() - 31 * DAY) });
      const inner = await s.exclusive(PURGE_LOCK, () => purgeExpired({ storage: s, clock, purgeAfterDays: 30, blobs: memoryBlobStore() })());
      expect(inner).to.deep.equal({ ran: false });
      expect(await s.persons.byId(old.id)).to.not.equal(null);
    });
  });

cases('memory', async () => {
  const storage = memoryStorage();
  return { storage, close: () => storage.close() };
});
cases('postgres', async () => postgresStorage());
