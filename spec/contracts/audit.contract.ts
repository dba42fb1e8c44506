import { expect } from 'chai';
import { newId } from '../../core/kernel/ids.js';
import { anAuditEntry, givenTree, withStorage, type MakeStorage } from './fixtures.js';

export const auditContract = (name: string, make: MakeStorage): Mocha.Suite =>
  describe(`AuditLog contract (${name})`, () => {
    const storage = withStorage(make);

    it('lists a tree’s entries newest first (by id), and only that tree’s', async () => {
      const t = await givenTree(storage());
      const other = await givenTree(storage());
      const entries = Array.from({ length: 4 }, () => anAuditEntry(t.id, { entityId: newId() }));
      for (const i of [2, 0, 3, 1]) await storage().audit.record(entries[i]!);
      await storage().audit.record(anAuditEntry(other.id));
      expect(await storage().audit.listForTree(t.id, {})).to.deep.equal([...entries].reverse());
    });

    it('pages with `after` (strictly older entries) and `limit`', async () => {
      const t = await givenTree(storage());
      const entries = Array.from({ length: 5 }, () => anAuditEntry(t.id));
      for (const e of entries) await storage().audit.record(e);
      const ids = async (page: { limit?: number; after?: string }) =>
        (await storage().audit.listForTree(t.id, page)).map((e) => e.id);
      expect(await ids({ limit: 2 })).to.deep.equal([entries[4]!.id, entries[3]!.id]);
      expect(await ids({ limit: 2, after: entries[3]!.id })).to.deep.equal([entries[2]!.id, entries[1]!.id]);
      expect(await ids({ after: entries[1]!.id })).to.deep.equal([entries[0]!.id]);
      expect(await ids({ after: entries[0]!.id })).to.deep.equal([]);
    });

    it('recordMany writes every entry as record does', async () => {
      const t = await givenTree(storage());
      const entries = Array.from({ length: 3 }, (_, i) => anAuditEntry(t.id, { entityId: newId(), details: { i, text: `a "q" \\ {b}`, list: [null, true] } }));
      await storage().audit.recordMany(entries);
      await storage().audit.recordMany([]);
      expect(await storage().audit.listForTree(t.id, {})).to.deep.equal([...entries].reverse());
    });

    it('returns an empty list for a tree without entries', async () => {
      expect(await storage().audit.listForTree(newId(), {})).to.deep.equal([]);
    });

    it('keeps every field, nested JSON details and a missing actor intact', async () => {
      const t = await givenTree(storage());
      const e = anAuditEntry(t.id, {
        actorId: null,
        action: 'member.add',
        entityType: 'membership',
        details: { role: 'editor', n: 3, ok: true, none: null, list: ['a', `b'?\\`], nested: { at: '2025-01-01T00:00:00.000Z' } },
      });
      const withActor = anAuditEntry(t.id, { actorId: newId() });
      await storage().audit.record(e);
      await storage().audit.record(withActor);
      expect(await storage().audit.listForTree(t.id, {})).to.deep.equal([withActor, e]);
    });
  });
