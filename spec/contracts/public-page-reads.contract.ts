import { expect } from 'chai';
import { ok } from '../../core/kernel/either.js';
import type { Id } from '../../core/kernel/ids.js';
import type { Person } from '../../core/people/model.js';
import type { Storage } from '../../core/stores.js';
import { aName, anEvent, aPerson, at, givenEdge, givenNamed, givenPerson, givenTree, ids, withStorage, type MakeStorage } from './fixtures.js';

// PublicPageReads (core/people/ports.ts): the public pages' reads, the non-member rule decided from
// the facts kept on each row (PostgreSQL: SQL generated from the engine's rule; memory: the engine).

const NOW = at('2026-11-22T00:00:00Z');
const DEAD = { hasDeathFact: true, birthYear: 1800 } as const;
const LIVING = { birthYear: 1990 } as const;

const sortedBy = <T>(xs: readonly T[], key: (x: T) => string): T[] => [...xs].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));

/** A family: root R (dead), parents F (dead) and M (living), siblings S1 (dead, F's), S2 (private, M's), partner P (dead) with events, partner Q (living), child C (deleted). */
const givenFamily = async (s: Storage, treeId: Id) => {
  const R = await givenNamed(s, treeId, 'Rob', 'Root', DEAD);
  const F = await givenNamed(s, treeId, 'Fred', 'Father', DEAD);
  const M = await givenNamed(s, treeId, 'Mia', 'Mother', LIVING);
  const S1 = await givenNamed(s, treeId, 'Sam', 'Sib', DEAD);
  const S2 = await givenNamed(s, treeId, 'Sue', 'Sib', { ...DEAD, privacy: 'private' });
  const P = await givenPerson(s, treeId, DEAD);
  // P's primary name is the second by id; an alternate comes first.
  await s.names.insert(aName(P, { givenName: 'Alt', surname: 'Other', isPrimary: false }));
  await s.names.insert(aName(P, { givenName: 'Pam', surname: 'Partner' }));
  const Q = await givenNamed(s, treeId, 'Quin', 'Quiet', LIVING);
  const C = await givenNamed(s, treeId, 'Cal', 'Child', { ...DEAD, deletedAt: at('2025-01-01T00:00:00Z') });
  const e = {
    F: await givenEdge(s, treeId, 'parent_child', F.id, R.id),
    M: await givenEdge(s, treeId, 'parent_child', M.id, R.id),
    S1: await givenEdge(s, treeId, 'parent_child', F.id, S1.id),
    S2: await givenEdge(s, treeId, 'parent_child', M.id, S2.id),
    P: await givenEdge(s, treeId, 'partnership', P.id, R.id),
    Q: await givenEdge(s, treeId, 'partnership', R.id, Q.id),
    C: await givenEdge(s, treeId, 'parent_child', R.id, C.id),
    gone: await givenEdge(s, treeId, 'parent_child', R.id, S1.id, { deletedAt: at('2025-01-01T00:00:00Z') }),
  };
  const place = await s.places.ensure(treeId, 'Gretna', '0190a1b2-c3d4-7e5f-8a6b-000000000001');
  const wed = anEvent(treeId, { partnershipId: e.P.id }, { type: 'marriage', placeId: place.id });
  const divorced = anEvent(treeId, { partnershipId: e.P.id }, { type: 'divorce', deletedAt: at('2025-01-01T00:00:00Z') });
  const quiet = anEvent(treeId, { partnershipId: e.Q.id }, { type: 'marriage' });
  for (const x of [wed, divorced, quiet]) await s.events.insert(x);
  return { R, F, M, S1, S2, P, Q, C, e, wed, place };
};

export const publicPageReadsContract = (name: string, make: MakeStorage): Mocha.Suite =>
  describe(`PublicPageReads (${name})`, () => {
    const storage = withStorage(make);

    it('treeStamp: null for an unknown tree; the same while nothing changes; another after a record or the tree changes', async () => {
      const s = storage();
      expect(await s.publicPages.treeStamp('0190a1b2-c3d4-7e5f-8a6b-7c8d9e0f1a2b')).to.equal(null);
      const t = await givenTree(s, { visibility: 'public' });
      const first = await s.publicPages.treeStamp(t.id);
      expect(first?.tree.id).to.equal(t.id);
      expect(first?.tree.role).to.equal(null);
      expect((await s.publicPages.treeStamp(t.id))?.stamp).to.equal(first?.stamp);
      const p = await givenNamed(s, t.id, 'Ann', 'Ames', DEAD);
      await s.uow.run(async (tx) => {
        await tx.persons.update({ ...p, notes: 'changed', updatedAt: at('2026-01-01T00:00:00Z') });
        return ok(undefined);
      });
      const second = await s.publicPages.treeStamp(t.id);
      expect(second?.stamp).not.to.equal(first?.stamp);
      await s.trees.update({ ...t, visibility: 'private', updatedAt: at('2026-02-01T00:00:00Z') });
      const third = await s.publicPages.treeStamp(t.id);
      expect(third?.stamp).not.to.equal(second?.stamp);
      expect(third?.tree.visibility).to.equal('private');
    });

    it('treeStamp: a purge never brings back an earlier stamp (its pages showed what the purge erased)', async () => {
      const s = storage();
      const t = await givenTree(s, { visibility: 'public' });
      const stamp = async () => (await s.publicPages.treeStamp(t.id))!.stamp;
      const write = (work: (tx: Storage) => Promise<unknown>) => s.uow.run(async (tx) => {
        await work(tx as unknown as Storage);
        return ok(undefined);
      });
      const A = aPerson(t.id, DEAD);
      const B = aPerson(t.id, DEAD);
      const seen = [await stamp()];
      await write(async (tx) => {
        await tx.persons.insert(A);
        await tx.persons.insert(B);
      });
      seen.push(await stamp());
      // A's change is the last one while B is still live: pages of this stamp show B.
      await write((tx) => tx.persons.update({ ...A, notes: 'changed', updatedAt: at('2026-01-01T00:00:00Z') }));
      seen.push(await stamp());
      await write((tx) => tx.persons.update({ ...B, deletedAt: at('2020-01-01T00:00:00Z'), updatedAt: at('2026-01-02T00:00:00Z') }));
      seen.push(await stamp());
      expect(new Set(seen).size).to.equal(4);
      expect((await s.purges.purgeDeletedBefore(at('2021-01-01T00:00:00Z'))).persons).to.equal(1);
      const purged = await stamp();
      expect(seen).not.to.include(purged);
      // And a change after the purge moves it on again.
      await write((tx) => tx.persons.update({ ...A, notes: 'again', updatedAt: at('2026-01-03T00:00:00Z') }));
      expect([...seen, purged]).not.to.include(await stamp());
    });

    it('family: the live edges, the siblings\' edges, the live relatives with names only when in full, the partnerships\' events with places', async () => {
      const s = storage();
      const t = await givenTree(s, { visibility: 'public' });
      const f = await givenFamily(s, t.id);
      const read = await s.publicPages.family(f.R.id, NOW);
      expect(read?.person.id).to.equal(f.R.id);
      expect(read?.tree.id).to.equal(t.id);
      expect(read?.stamp).to.equal((await s.publicPages.treeStamp(t.id))?.stamp);
      // The deleted edge is left out; C's edge is live (C is not: the relative is left out, the edge stays).
      expect(ids(read!.relationships)).to.deep.equal(sortedBy([f.e.F, f.e.M, f.e.S1, f.e.S2, f.e.P, f.e.Q, f.e.C], (r) => r.id).map((r) => r.id));
      const relatives = new Map(read!.relatives.map((r) => [r.person.id, r.name]));
      expect([...relatives.keys()]).to.deep.equal(sortedBy([f.F, f.M, f.S1, f.S2, f.P, f.Q], (p) => p.id).map((p) => p.id));
      expect(relatives.get(f.F.id)?.givenName).to.equal('Fred');
      expect(relatives.get(f.P.id)?.givenName).to.equal('Pam');
      expect(relatives.get(f.S1.id)?.givenName).to.equal('Sam');
      // Living (redacted) and private (hidden): no name read.
      expect(relatives.get(f.M.id)).to.equal(null);
      expect(relatives.get(f.Q.id)).to.equal(null);
      expect(relatives.get(f.S2.id)).to.equal(null);
      // The partnership with a living partner brings no event; the deleted event stays out.
      expect(ids(read!.partnershipEvents)).to.deep.equal([f.wed.id]);
      expect(read!.places.map((p) => p.name)).to.deep.equal(['Gretna']);
    });

    it('family: the person\'s own profile in the same read, as PersonRepository.profile reads it', async () => {
      const s = storage();
      const t = await givenTree(s, { visibility: 'public' });
      const f = await givenFamily(s, t.id);
      await s.names.insert(aName(f.R, { givenName: 'Robert', surname: 'Root', isPrimary: false }));
      const born = anEvent(t.id, { personId: f.R.id }, { type: 'birth', placeId: f.place.id });
      const gone = anEvent(t.id, { personId: f.R.id }, { type: 'death', deletedAt: at('2025-01-01T00:00:00Z') });
      for (const x of [born, gone]) await s.events.insert(x);
      const read = await s.publicPages.family(f.R.id, NOW);
      const profile = await s.persons.profile(f.R.id);
      expect(read!.profile).to.deep.equal(profile);
      expect(read!.profile!.names.map((n) => n.givenName)).to.deep.equal(['Rob', 'Robert']);
      expect(ids(read!.profile!.events)).to.deep.equal([born.id]);
      expect(read!.profile!.places.map((p) => p.name)).to.deep.equal(['Gretna']);
    });

    it('personStamp: the person (deleted or not) and the stamp family reads; null for an unknown id', async () => {
      const s = storage();
      const t = await givenTree(s, { visibility: 'public' });
      const f = await givenFamily(s, t.id);
      for (const who of [f.R, f.M, f.S2, f.C] as const) {
        const stamped = await s.publicPages.personStamp(who.id);
        expect(stamped?.person, who.id).to.deep.equal(await s.persons.byId(who.id));
        expect(stamped?.tree.id, who.id).to.equal(t.id);
        expect(stamped?.tree.role, who.id).to.equal(null);
        expect(stamped?.stamp, who.id).to.equal((await s.publicPages.family(who.id, NOW))?.stamp);
      }
      expect(await s.publicPages.personStamp('0190a1b2-c3d4-7e5f-8a6b-7c8d9e0f1a2b')).to.equal(null);
    });

    it('keptPage and KeptPageStore: a page is kept only at the tree\'s current stamp, read with its person, replaced by the next', async () => {
      const s = storage();
      const t = await givenTree(s, { visibility: 'public' });
      const other = await givenTree(s, { visibility: 'public' });
      const f = await givenFamily(s, t.id);
      const keep = (treeId: Id, stamp: string, pages: { personId: Id; page: { key: string; body: string } }[]) =>
        s.uow.run(async (tx) => ok(await tx.keptPages.keep(treeId, stamp, pages)));
      const stamp = (await s.publicPages.treeStamp(t.id))!.stamp;
      expect((await s.publicPages.keptPage(f.R.id))?.kept).to.equal(null);
      expect(await s.keptPages.unkept([f.R.id, f.F.id], 'k1')).to.deep.equal([f.R.id, f.F.id]);
      // Another stamp than the tree's: nothing kept.
      expect(await keep(t.id, `${stamp}-earlier`, [{ personId: f.R.id, page: { key: 'k0', body: 'old' } }])).to.deep.equal(ok('changed'));
      expect((await s.publicPages.keptPage(f.R.id))?.kept).to.equal(null);
      // A person of another tree is left out.
      const stranger = await givenNamed(s, other.id, 'Stan', 'Stranger', DEAD);
      expect(await keep(t.id, stamp, [{ personId: f.R.id, page: { key: 'k1', body: '<p>R</p>' } }, { personId: stranger.id, page: { key: 'k1', body: 'no' } }])).to.deep.equal(ok('kept'));
      const read = await s.publicPages.keptPage(f.R.id);
      expect(read?.kept).to.deep.equal({ key: 'k1', body: '<p>R</p>' });
      expect(read?.stamp).to.equal(stamp);
      expect(read?.person).to.deep.equal(await s.persons.byId(f.R.id));
      expect((await s.publicPages.keptPage(stranger.id))?.kept).to.equal(null);
      expect(await s.keptPages.unkept([f.F.id, f.R.id], 'k1')).to.deep.equal([f.F.id]);
      expect(await s.keptPages.unkept([f.R.id], 'k2')).to.deep.equal([f.R.id]);
      expect(await keep(t.id, stamp, [{ personId: f.R.id, page: { key: 'k2', body: '<p>R2</p>' } }])).to.deep.equal(ok('kept'));
      expect((await s.publicPages.keptPage(f.R.id))?.kept).to.deep.equal({ key: 'k2', body: '<p>R2</p>' });
      expect(await s.publicPages.keptPage('0190a1b2-c3d4-7e5f-8a6b-7c8d9e0f1a2b')).to.equal(null);
      // forget: the tree's pages under another key go; other trees' stay.
      const otherStamp = (await s.publicPages.treeStamp(other.id))!.stamp;
      expect(await s.uow.run(async (tx) => ok(await tx.keptPages.keep(other.id, otherStamp, [{ personId: stranger.id, page: { key: 'k1', body: 'S' } }])))).to.deep.equal(ok('kept'));
      expect(await keep(t.id, stamp, [{ personId: f.F.id, page: { key: 'k1', body: '<p>F</p>' } }])).to.deep.equal(ok('kept'));
      expect(await s.keptPages.forget(t.id, 'k2')).to.equal(1);
      expect((await s.publicPages.keptPage(f.F.id))?.kept).to.equal(null);
      expect((await s.publicPages.keptPage(f.R.id))?.kept?.key).to.equal('k2');
      expect((await s.publicPages.keptPage(stranger.id))?.kept?.key).to.equal('k1');
    });

    it('KeptPageStore: the trees a visitor may read, by id; a purge of a tree\'s rows takes its kept pages', async () => {
      const s = storage();
      const made = [
        await givenTree(s, { visibility: 'public' }), await givenTree(s, { visibility: 'unlisted' }), await givenTree(s, { visibility: 'private' }),
        await givenTree(s, { visibility: 'site_members' }), await givenTree(s, { visibility: 'public', deletedAt: at('2026-01-01T00:00:00Z') }),
      ];
      const readable = [made[0]!.id, made[1]!.id].sort();
      // sweep: pages of the trees a visitor may not read go (kept while they could).
      for (const tree of made) {
        const who = await givenNamed(s, tree.id, 'Swept', 'Sweep', DEAD);
        const st = (await s.publicPages.treeStamp(tree.id))!.stamp;
        await s.uow.run(async (tx) => ok(await tx.keptPages.keep(tree.id, st, [{ personId: who.id, page: { key: 'k', body: 'x' } }])));
      }
      expect(await s.keptPages.sweep()).to.be.at.least(3);
      const left: Id[] = [];
      for (const tree of made)
        for (const p of (await s.publicPages.fullPersons(tree.id, NOW, { limit: 10 })))
          if (((await s.publicPages.keptPage(p.id))?.kept ?? null) !== null) left.push(tree.id);
      expect(left.sort()).to.deep.equal(readable);
      const listed = await s.keptPages.trees(null, 1000);
      expect(listed.filter((id) => made.some((t) => t.id === id))).to.deep.equal(readable);
      expect(await s.keptPages.trees(readable[0]!, 1000)).not.to.include(readable[0]);
      const t = made[0]!;
      const A = await givenNamed(s, t.id, 'Ann', 'Ames', DEAD);
      const B = await givenNamed(s, t.id, 'Bob', 'Ames', DEAD);
      const stamp = (await s.publicPages.treeStamp(t.id))!.stamp;
      await s.uow.run(async (tx) => ok(await tx.keptPages.keep(t.id, stamp, [{ personId: A.id, page: { key: 'k', body: 'A, child of Bob' } }])));
      expect((await s.publicPages.keptPage(A.id))?.kept?.body).to.equal('A, child of Bob');
      await s.uow.run(async (tx) => {
        await tx.persons.update({ ...B, deletedAt: at('2020-01-01T00:00:00Z'), updatedAt: at('2026-01-02T00:00:00Z') });
        return ok(undefined);
      });
      expect((await s.publicPages.keptPage(A.id))?.kept?.body, 'a soft deletion leaves it (not served: the stamp changed)').to.equal('A, child of Bob');
      expect((await s.purges.purgeDeletedBefore(at('2021-01-01T00:00:00Z'))).persons).to.equal(1);
      expect((await s.publicPages.keptPage(A.id))?.kept).to.equal(null);
    });

    it('KeptPageStore: a tree\'s last whole pass, until a sweep or an erasure of its rows takes it; none for a tree that is gone', async () => {
      const s = storage();
      const t = await givenTree(s, { visibility: 'public' });
      const other = await givenTree(s, { visibility: 'public' });
      expect(await s.keptPages.lastPass(t.id)).to.equal(null);
      await s.keptPages.passed(t.id, 'k1');
      await s.keptPages.passed(other.id, 'k1');
      expect(await s.keptPages.lastPass(t.id)).to.equal('k1');
      await s.keptPages.passed(t.id, 'k2');
      expect(await s.keptPages.lastPass(t.id)).to.equal('k2');
      // An unknown tree: nothing recorded, nothing thrown.
      await s.keptPages.passed('0190a1b2-c3d4-7e5f-8a6b-000000000012', 'k1');
      expect(await s.keptPages.lastPass('0190a1b2-c3d4-7e5f-8a6b-000000000012')).to.equal(null);
      // A purge of the tree's rows takes it (and the tree's kept pages); another tree's stays.
      const A = await givenNamed(s, t.id, 'Ann', 'Ames', DEAD);
      await s.uow.run(async (tx) => {
        await tx.persons.update({ ...A, deletedAt: at('2020-01-01T00:00:00Z'), updatedAt: at('2026-01-02T00:00:00Z') });
        return ok(undefined);
      });
      expect(await s.keptPages.lastPass(t.id), 'a soft deletion leaves it (the stamp changed)').to.equal('k2');
      expect((await s.purges.purgeDeletedBefore(at('2021-01-01T00:00:00Z'))).persons).to.equal(1);
      expect(await s.keptPages.lastPass(t.id)).to.equal(null);
      expect(await s.keptPages.lastPass(other.id)).to.equal('k1');
      // A sweep takes it from a tree a visitor may no longer read.
      const closed = await givenTree(s, { visibility: 'public' });
      await s.keptPages.passed(closed.id, 'k1');
      await s.trees.update({ ...(await s.trees.byId(closed.id))!, visibility: 'private' });
      await s.keptPages.sweep();
      expect(await s.keptPages.lastPass(closed.id)).to.equal(null);
      expect(await s.keptPages.lastPass(other.id)).to.equal('k1');
    });

    it('KeptPageStore: page reads that missed are wanted once each', async () => {
      const s = storage();
      expect(s.keptPages.wanted()).to.deep.equal([]);
      s.keptPages.miss('0190a1b2-c3d4-7e5f-8a6b-000000000010');
      s.keptPages.miss('0190a1b2-c3d4-7e5f-8a6b-000000000011');
      s.keptPages.miss('0190a1b2-c3d4-7e5f-8a6b-000000000010');
      expect([...s.keptPages.wanted()].sort()).to.deep.equal(['0190a1b2-c3d4-7e5f-8a6b-000000000010', '0190a1b2-c3d4-7e5f-8a6b-000000000011']);
      expect(s.keptPages.wanted()).to.deep.equal([]);
    });

    it('family: only the person and the tree for a person not shown in full, and null for an unknown id', async () => {
      const s = storage();
      const t = await givenTree(s, { visibility: 'public' });
      const f = await givenFamily(s, t.id);
      for (const who of [f.M, f.S2, f.C] as const) {
        const read = await s.publicPages.family(who.id, NOW);
        expect(read?.person.id, who.id).to.equal(who.id);
        expect(read?.relationships, who.id).to.deep.equal([]);
        expect(read?.relatives, who.id).to.deep.equal([]);
        expect(read?.partnershipEvents, who.id).to.deep.equal([]);
        expect(read?.profile, who.id).to.equal(null);
      }
      expect(await s.publicPages.family('0190a1b2-c3d4-7e5f-8a6b-7c8d9e0f1a2b', NOW)).to.equal(null);
      // A century on, M (born 1990) is no longer possibly living: her name is read.
      const later = await s.publicPages.family(f.R.id, at('2100-06-01T00:00:00Z'));
      expect(later!.relatives.find((r) => r.person.id === f.M.id)?.name?.givenName).to.equal('Mia');
    });

    it('personCounts: live persons not hidden, and those in full, per tree; zeros for a tree without', async () => {
      const s = storage();
      const t = await givenTree(s, { visibility: 'public' });
      const empty = await givenTree(s, { visibility: 'public' });
      await givenFamily(s, t.id);
      const counts = await s.publicPages.personCounts([t.id, empty.id], NOW);
      // R F M S1 S2 P Q C: C deleted, S2 hidden; M and Q redacted.
      expect(counts.get(t.id)).to.deep.equal({ shown: 6, full: 4 });
      expect(counts.get(empty.id)).to.deep.equal({ shown: 0, full: 0 });
      expect((await s.publicPages.personCounts([], NOW)).size).to.equal(0);
    });

    it('surnames: the primary surnames of the persons in full, trimmed, by letter, paged', async () => {
      const s = storage();
      const t = await givenTree(s, { visibility: 'public' });
      const named = async (surname: string, over: Partial<Person> = DEAD) => givenNamed(s, t.id, 'X', surname, over);
      for (const n of ['Baker', 'baker', ' Baker ', 'Adams', 'Abel', 'Zorn', 'van Dyke', '']) await named(n);
      await named('Hidden', { ...DEAD, privacy: 'private' });
      await named('Living', LIVING);
      await named('Gone', { ...DEAD, deletedAt: at('2025-01-01T00:00:00Z') });
      // An alternate name is not counted.
      const alt = await named('Adams');
      await s.names.insert(aName(alt, { surname: 'Zebra', isPrimary: false }));
      const all = await s.publicPages.surnames(t.id, NOW, { letter: null, offset: 0, limit: 100 });
      expect(all.surnames).to.deep.equal([
        { surname: 'Abel', count: 1 }, { surname: 'Adams', count: 2 }, { surname: 'Baker', count: 2 }, { surname: 'baker', count: 1 },
        { surname: 'van Dyke', count: 1 }, { surname: 'Zorn', count: 1 },
      ]);
      expect(all.letters).to.deep.equal([
        { letter: 'A', surnames: 2, persons: 3 }, { letter: 'B', surnames: 2, persons: 3 }, { letter: 'V', surnames: 1, persons: 1 }, { letter: 'Z', surnames: 1, persons: 1 },
      ]);
      const b = await s.publicPages.surnames(t.id, NOW, { letter: 'B', offset: 1, limit: 5 });
      expect(b.surnames).to.deep.equal([{ surname: 'baker', count: 1 }]);
      expect(b.letters).to.deep.equal(all.letters);
      const page = await s.publicPages.surnames(t.id, NOW, { letter: null, offset: 2, limit: 2 });
      expect(page.surnames.map((x) => x.surname)).to.deep.equal(['Baker', 'baker']);
    });

    it('fullPersons: the persons in full by id, after a person or from the skip-th, at most limit', async () => {
      const s = storage();
      const t = await givenTree(s, { visibility: 'public' });
      const f = await givenFamily(s, t.id);
      const full = sortedBy([f.R, f.F, f.S1, f.P], (p) => p.id);
      const all = await s.publicPages.fullPersons(t.id, NOW, { limit: 100 });
      expect(ids(all)).to.deep.equal(ids(full));
      expect(all[0]!.updatedAt.toISOString()).to.equal(full[0]!.updatedAt.toISOString());
      expect(ids(await s.publicPages.fullPersons(t.id, NOW, { limit: 2, after: full[0]!.id }))).to.deep.equal(ids(full.slice(1, 3)));
      expect(ids(await s.publicPages.fullPersons(t.id, NOW, { limit: 2, skip: 3 }))).to.deep.equal(ids(full.slice(3)));
      expect(await s.publicPages.fullPersons(t.id, NOW, { limit: 2, skip: 4 })).to.deep.equal([]);
    });
  });
