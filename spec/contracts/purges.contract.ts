import { expect } from 'chai';
import { newId, type Id } from '../../core/kernel/ids.js';
import type { Storage } from '../../core/stores.js';
import type { PurgeCounts } from '../../core/people/ports.js';
import {
  aCitation, aMembership, aName, anAuditEntry, anEmailToken, anEvent, aSession, at, aUser, givenEdge, givenPerson, givenRepository, givenSource, givenTree, givenUsers,
  withStorage, type MakeStorage,
} from './fixtures.js';

const cutoff = at('2025-04-01T00:00:00.000Z');
const before = (): { deletedAt: Date; deletionId: Id } => ({ deletedAt: at('2025-03-31T23:59:59.999Z'), deletionId: newId() });
const atCutoff = (): { deletedAt: Date; deletionId: Id } => ({ deletedAt: cutoff, deletionId: newId() });
const none: PurgeCounts = { trees: 0, persons: 0, names: 0, events: 0, relationships: 0, sources: 0, citations: 0, media: 0, users: 0, repositories: 0 };

/** One row of every kind the tree owns, all live; answers a check that each is still there (true) or gone (false). */
const givenEverything = async (s: Storage, treeId: Id): Promise<() => Promise<boolean[]>> => {
  const [u] = await givenUsers(s, 1);
  await s.memberships.insert(aMembership(treeId, u!.id, 'owner'));
  const p = await givenPerson(s, treeId);
  const q = await givenPerson(s, treeId);
  const n = aName(p);
  await s.names.insert(n);
  const place = await s.places.ensure(treeId, 'York', newId());
  const e = anEvent(treeId, { personId: p.id }, { placeId: place.id });
  await s.events.insert(e);
  const r = await givenEdge(s, treeId, 'partnership', p.id, q.id);
  const src = await givenSource(s, treeId);
  const c = aCitation(treeId, src.id, { kind: 'event', id: e.id });
  await s.citations.insert(c);
  await s.audit.record(anAuditEntry(treeId));
  return async () => [
    (await s.memberships.get(treeId, u!.id)) !== null,
    (await s.persons.byId(p.id)) !== null,
    (await s.persons.byId(q.id)) !== null,
    (await s.names.byId(n.id)) !== null,
    (await s.places.byIds([place.id])).length === 1,
    (await s.events.byId(e.id)) !== null,
    (await s.relationships.byId(r.id)) !== null,
    (await s.sources.byId(src.id)) !== null,
    (await s.citations.byId(c.id)) !== null,
  ];
};
const all = (v: boolean): boolean[] => Array.from({ length: 9 }, () => v);

export const purgesContract = (name: string, make: MakeStorage): Mocha.Suite =>
  describe(`PurgeRepository contract (${name})`, () => {
    const storage = withStorage(make);

    it('answers zero counts and removes nothing when nothing is deleted', async () => {
      const t = await givenTree(storage());
      const check = await givenEverything(storage(), t.id);
      expect(await storage().purges.purgeDeletedBefore(cutoff)).to.deep.equal(none);
      expect(await check()).to.deep.equal(all(true));
    });

    it('removes records soft-deleted before the cutoff, counted by kind, and keeps those deleted at or after it', async () => {
      const t = await givenTree(storage());
      const p = await givenPerson(storage(), t.id);
      const q = await givenPerson(storage(), t.id);
      const src = await givenSource(storage(), t.id);
      const gone = {
        name: aName(p, before()),
        event: anEvent(t.id, { personId: p.id }, before()),
        citation: aCitation(t.id, src.id, { kind: 'person', id: p.id }, before()),
      };
      const kept = {
        name: aName(p, atCutoff()),
        event: anEvent(t.id, { personId: p.id }, atCutoff()),
        citation: aCitation(t.id, src.id, { kind: 'person', id: p.id }, atCutoff()),
        liveName: aName(p),
      };
      for (const x of [gone.name, kept.name, kept.liveName]) await storage().names.insert(x);
      for (const x of [gone.event, kept.event]) await storage().events.insert(x);
      for (const x of [gone.citation, kept.citation]) await storage().citations.insert(x);
      const goneEdge = await givenEdge(storage(), t.id, 'parent_child', p.id, q.id, before());
      const keptEdge = await givenEdge(storage(), t.id, 'parent_child', q.id, p.id, atCutoff());
      const goneSource = await givenSource(storage(), t.id, before());
      const keptSource = await givenSource(storage(), t.id, atCutoff());
      const goneRepository = await givenRepository(storage(), t.id, before());
      const keptRepository = await givenRepository(storage(), t.id, atCutoff());
      const gonePerson = await givenPerson(storage(), t.id, before());
      const keptPerson = await givenPerson(storage(), t.id, atCutoff());
      const goneTree = await givenTree(storage(), { deletedAt: before().deletedAt });
      const keptTree = await givenTree(storage(), { deletedAt: cutoff });

      expect(await storage().purges.purgeDeletedBefore(cutoff)).to.deep.equal({
        trees: 1, persons: 1, names: 1, events: 1, relationships: 1, sources: 1, citations: 1, media: 0, users: 0, repositories: 1,
      });
      expect(await storage().names.byId(gone.name.id)).to.equal(null);
      expect(await storage().events.byId(gone.event.id)).to.equal(null);
      expect(await storage().citations.byId(gone.citation.id)).to.equal(null);
      expect(await storage().relationships.byId(goneEdge.id)).to.equal(null);
      expect(await storage().sources.byId(goneSource.id)).to.equal(null);
      expect(await storage().repositories.byId(goneRepository.id)).to.equal(null);
      expect(await storage().repositories.byId(keptRepository.id)).to.deep.equal(keptRepository);
      expect(await storage().persons.byId(gonePerson.id)).to.equal(null);
      expect(await storage().trees.byId(goneTree.id)).to.equal(null);

      expect(await storage().names.byId(kept.name.id)).to.deep.equal(kept.name);
      expect(await storage().names.byId(kept.liveName.id)).to.deep.equal(kept.liveName);
      expect(await storage().events.byId(kept.event.id)).to.deep.equal(kept.event);
      expect(await storage().citations.byId(kept.citation.id)).to.deep.equal(kept.citation);
      expect(await storage().relationships.byId(keptEdge.id)).to.deep.equal(keptEdge);
      expect(await storage().sources.byId(keptSource.id)).to.deep.equal(keptSource);
      expect(await storage().persons.byId(keptPerson.id)).to.deep.equal(keptPerson);
      expect(await storage().persons.byId(p.id)).to.deep.equal(p);
      expect((await storage().trees.byId(keptTree.id))?.deletedAt).to.deep.equal(cutoff);
      expect(await storage().sources.byId(src.id)).to.deep.equal(src);
    });

    it('is idempotent: a second run removes nothing and answers zero counts', async () => {
      const t = await givenTree(storage());
      const p = await givenPerson(storage(), t.id, before());
      await storage().names.insert(aName(p));
      const kept = await givenPerson(storage(), t.id, atCutoff());
      expect((await storage().purges.purgeDeletedBefore(cutoff)).persons).to.equal(1);
      expect(await storage().purges.purgeDeletedBefore(cutoff)).to.deep.equal(none);
      expect(await storage().persons.byId(kept.id)).to.deep.equal(kept);
    });

    it("removes a purged person's names, events, relationships (their events too) and citations of all of those, counting only the person", async () => {
      const t = await givenTree(storage());
      const src = await givenSource(storage(), t.id);
      const stamp = before();
      const p = await givenPerson(storage(), t.id, stamp);
      const q = await givenPerson(storage(), t.id);
      const r = await givenPerson(storage(), t.id);
      const n = aName(p);
      const e = anEvent(t.id, { personId: p.id });
      await storage().names.insert(n);
      await storage().events.insert(e);
      // Deleted together with the person, so they carry its stamp.
      const pq = await givenEdge(storage(), t.id, 'partnership', p.id, q.id, stamp);
      const rp = await givenEdge(storage(), t.id, 'parent_child', r.id, p.id, stamp);
      const marriage = anEvent(t.id, { partnershipId: pq.id }, { type: 'marriage' });
      await storage().events.insert(marriage);
      const qr = await givenEdge(storage(), t.id, 'parent_child', q.id, r.id);
      const qName = aName(q);
      await storage().names.insert(qName);
      const cites = [
        aCitation(t.id, src.id, { kind: 'person', id: p.id }),
        aCitation(t.id, src.id, { kind: 'name', id: n.id }),
        aCitation(t.id, src.id, { kind: 'event', id: e.id }),
        aCitation(t.id, src.id, { kind: 'relationship', id: rp.id }),
        aCitation(t.id, src.id, { kind: 'event', id: marriage.id }),
      ];
      for (const c of cites) await storage().citations.insert(c);
      const keptCite = aCitation(t.id, src.id, { kind: 'person', id: q.id });
      await storage().citations.insert(keptCite);

      expect(await storage().purges.purgeDeletedBefore(cutoff)).to.deep.equal({ ...none, persons: 1 });
      expect(await storage().persons.byId(p.id)).to.equal(null);
      expect(await storage().names.byId(n.id)).to.equal(null);
      expect(await storage().events.byId(e.id)).to.equal(null);
      expect(await storage().events.byId(marriage.id)).to.equal(null);
      expect(await storage().relationships.byId(pq.id)).to.equal(null);
      expect(await storage().relationships.byId(rp.id)).to.equal(null);
      for (const c of cites) expect(await storage().citations.byId(c.id)).to.equal(null);
      expect(await storage().persons.byId(q.id)).to.deep.equal(q);
      expect(await storage().relationships.byId(qr.id)).to.deep.equal(qr);
      expect(await storage().names.byId(qName.id)).to.deep.equal(qName);
      expect(await storage().citations.byId(keptCite.id)).to.deep.equal(keptCite);
      expect(await storage().sources.byId(src.id)).to.deep.equal(src);
    });

    it("removes a purged source's citations with it, counting only the source", async () => {
      const t = await givenTree(storage());
      const stamp = before();
      const src = await givenSource(storage(), t.id, stamp);
      const other = await givenSource(storage(), t.id);
      const p = await givenPerson(storage(), t.id);
      const live = aCitation(t.id, src.id, { kind: 'person', id: p.id });
      const cascaded = aCitation(t.id, src.id, { kind: 'person', id: p.id }, stamp);
      const kept = aCitation(t.id, other.id, { kind: 'person', id: p.id });
      for (const c of [live, cascaded, kept]) await storage().citations.insert(c);
      expect(await storage().purges.purgeDeletedBefore(cutoff)).to.deep.equal({ ...none, sources: 1 });
      expect(await storage().citations.byId(live.id)).to.equal(null);
      expect(await storage().citations.byId(cascaded.id)).to.equal(null);
      expect(await storage().citations.byId(kept.id)).to.deep.equal(kept);
    });

    it('removes a tree deleted before the cutoff with every row it owns, counting only the tree; other trees untouched', async () => {
      const t = await givenTree(storage());
      const check = await givenEverything(storage(), t.id);
      const p = await givenPerson(storage(), t.id, before()); // soft-deleted itself, but goes with its tree
      const other = await givenTree(storage());
      const checkOther = await givenEverything(storage(), other.id);
      await storage().trees.update({ ...t, deletedAt: before().deletedAt });

      expect(await storage().purges.purgeDeletedBefore(cutoff)).to.deep.equal({ ...none, trees: 1 });
      expect(await storage().trees.byId(t.id)).to.equal(null);
      expect(await storage().persons.byId(p.id)).to.equal(null);
      expect(await check()).to.deep.equal(all(false));
      expect(await checkOther()).to.deep.equal(all(true));
      expect(await storage().audit.listForTree(t.id, {})).to.deep.equal([]);
      expect(await storage().audit.listForTree(other.id, {})).to.have.length(1);
    });

    it('removes users deleted before the cutoff with their sessions, memberships and email tokens; audit entries keep the id; the email is free again', async () => {
      const t = await givenTree(storage());
      const gone = aUser({ deletedAt: before().deletedAt });
      const kept = aUser({ deletedAt: cutoff });
      const [live] = await givenUsers(storage(), 1);
      for (const u of [gone, kept]) await storage().users.insert(u);
      const rows = [gone, kept, live!].map((u) => ({ user: u, session: aSession(u.id), token: anEmailToken(u.id), membership: aMembership(t.id, u.id, 'editor') }));
      for (const r of rows) {
        await storage().sessions.insert(r.session);
        await storage().emailTokens.insert(r.token);
        await storage().memberships.insert(r.membership);
      }
      const entry = anAuditEntry(t.id, { actorId: gone.id, action: 'person.create' });
      await storage().audit.record(entry);
      const left = async () =>
        Promise.all(rows.map(async (r) => [
          (await storage().sessions.byTokenHash(r.session.tokenHash)) !== null,
          (await storage().emailTokens.byTokenHash(r.token.tokenHash)) !== null,
          (await storage().memberships.get(t.id, r.user.id)) !== null,
        ]));

      expect(await storage().purges.purgeDeletedBefore(cutoff)).to.deep.equal({ ...none, users: 1 });
      expect(await left()).to.deep.equal([[false, false, false], [true, true, true], [true, true, true]]);
      expect(await storage().audit.listForTree(t.id, {})).to.deep.equal([entry]);
      expect(await storage().users.insert(aUser({ email: kept.email }))).to.equal('email_taken');
      expect(await storage().users.insert(aUser({ email: gone.email }))).to.equal('ok');
      expect(await storage().purges.purgeDeletedBefore(cutoff)).to.deep.equal(none);
    });

    it('TreeRepository.purge removes every row the tree owns too, and nothing of other trees', async () => {
      const t = await givenTree(storage());
      const check = await givenEverything(storage(), t.id);
      const other = await givenTree(storage());
      const checkOther = await givenEverything(storage(), other.id);
      await storage().trees.purge(t.id);
      expect(await storage().trees.byId(t.id)).to.equal(null);
      expect(await check()).to.deep.equal(all(false));
      expect(await checkOther()).to.deep.equal(all(true));
    });
  });
