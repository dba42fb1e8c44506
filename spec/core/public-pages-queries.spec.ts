import { expect } from 'chai';
import type { Actor } from '../../core/kernel/actor.js';
import { forbidden } from '../../core/kernel/errors.js';
import { memoryStorage } from '../../adapters/memory/storage.js';
import { getPublicFamily } from '../../core/people/queries/get-public-family.js';
import { getPublicPerson } from '../../core/people/queries/get-public-person.js';
import { getPublicTreeStamp } from '../../core/people/queries/get-public-tree-stamp.js';
import { getSurnameIndex } from '../../core/people/queries/get-surname-index.js';
import { listFullPersons } from '../../core/people/queries/list-full-persons.js';
import { anEvent, givenEdge, givenNamed, givenTree } from '../contracts/fixtures.js';
import { anonymous, left, manualClock, right } from './support.js';

// The public pages' core queries (issue 26): the privacy engine decides, as on the JSON public
// surface: only a person shown in full has a page; redacted relatives are `Living person`, hidden
// ones absent; a tree the caller may not view, and a restricted session, read nothing.

const DEAD = { hasDeathFact: true, birthYear: 1800 } as const;
const LIVING = { birthYear: 1995 } as const;

const setup = async (visibility: 'public' | 'private' | 'site_members' = 'public') => {
  const storage = memoryStorage();
  const deps = { storage, clock: manualClock(new Date('2026-06-01T00:00:00Z')), searchThreshold: 0.2 };
  const t = await givenTree(storage, { visibility });
  const root = await givenNamed(storage, t.id, 'Rob', 'Root', DEAD);
  const dad = await givenNamed(storage, t.id, 'Dan', 'Root', DEAD);
  const kid = await givenNamed(storage, t.id, 'Liv', 'Root', LIVING);
  const secret = await givenNamed(storage, t.id, 'Sec', 'Root', { ...DEAD, privacy: 'private' });
  const sis = await givenNamed(storage, t.id, 'Sis', 'Root', DEAD);
  const wife = await givenNamed(storage, t.id, 'Wen', 'Wife', DEAD);
  await givenEdge(storage, t.id, 'parent_child', dad.id, root.id, { qualifier: 'adoptive', notes: 'N1' });
  await givenEdge(storage, t.id, 'parent_child', dad.id, sis.id);
  await givenEdge(storage, t.id, 'parent_child', root.id, kid.id, { qualifier: 'foster', notes: 'N2' });
  await givenEdge(storage, t.id, 'parent_child', root.id, secret.id);
  const p = await givenEdge(storage, t.id, 'partnership', root.id, wife.id);
  await storage.events.insert(anEvent(t.id, { partnershipId: p.id }, { type: 'marriage' }));
  await storage.events.insert(anEvent(t.id, { personId: root.id }, { type: 'occupation', detail: 'Miller' }));
  return { storage, deps, t, root, dad, kid, secret, sis, wife };
};

const restricted: Actor = { kind: 'restricted', clientAddress: '::1', account: { kind: 'user', userId: 'u', email: 'u@x', emailVerified: false, sessionId: 's', clientAddress: '::1' }, restriction: forbidden('verify first') };

describe('public pages: core queries (memory adapters)', () => {
  it('a person shown in full: their family through the engine, redacted as Living person, hidden absent, qualifiers only between two in full', async () => {
    const w = await setup();
    const f = right(await getPublicFamily(w.deps)(anonymous, w.root.id));
    expect(f.parents.map((x) => [x.parent.displayName, x.relationship.qualifier, x.relationship.notes])).to.deep.equal([['Dan Root', 'adoptive', 'N1']]);
    expect(f.children.map((x) => [x.child.visibility, x.child.displayName, x.relationship.qualifier, x.relationship.notes])).to.deep.equal([['redacted', 'Living person', null, null]]);
    expect(f.siblings.map((x) => x.displayName)).to.deep.equal(['Sis Root']);
    expect(f.partners.map((x) => [x.partner.displayName, x.events.map((e) => e.type)])).to.deep.equal([['Wen Wife', ['marriage']]]);
    expect(JSON.stringify(f)).not.to.include(w.secret.id);
    expect(f.stamp).to.equal(right(await getPublicTreeStamp(w.deps)(anonymous, w.t.id)).stamp);
    const person = right(await getPublicPerson(w.deps)(anonymous, w.root.id));
    expect(person.view.displayName).to.equal('Rob Root');
    expect(person.events.map((e) => e.event.type)).to.deep.equal(['occupation']);
  });

  it('redacted, hidden and unknown persons have no page', async () => {
    const w = await setup();
    right(await getPublicFamily(w.deps)(anonymous, w.root.id));
    for (const id of [w.kid.id, w.secret.id, '0190a1b2-c3d4-7e5f-8a6b-7c8d9e0f1a2b']) {
      expect(left(await getPublicFamily(w.deps)(anonymous, id))._tag, id).to.equal('NotFound');
      expect(left(await getPublicPerson(w.deps)(anonymous, id))._tag, id).to.equal('NotFound');
    }
  });

  it('a private tree, and a site_members tree to an anonymous visitor, read nothing (404)', async () => {
    for (const visibility of ['private', 'site_members'] as const) {
      const w = await setup(visibility);
      expect(left(await getPublicFamily(w.deps)(anonymous, w.root.id))._tag, visibility).to.equal('NotFound');
      expect(left(await getPublicPerson(w.deps)(anonymous, w.root.id))._tag, visibility).to.equal('NotFound');
      expect(left(await getPublicTreeStamp(w.deps)(anonymous, w.t.id))._tag, visibility).to.equal('NotFound');
      expect(left(await getSurnameIndex(w.deps)(anonymous, w.t.id, { letter: null, offset: 0, limit: 10 }))._tag, visibility).to.equal('NotFound');
      expect(left(await listFullPersons(w.deps)(anonymous, w.t.id, { limit: 10 }))._tag, visibility).to.equal('NotFound');
    }
  });

  it('a restricted session (an unverified email) reads nothing, as on the JSON public surface', async () => {
    const w = await setup();
    right(await getPublicFamily(w.deps)(anonymous, w.root.id));
    expect(left(await getPublicFamily(w.deps)(restricted, w.root.id))._tag).to.equal('Forbidden');
    expect(left(await getPublicTreeStamp(w.deps)(restricted, w.t.id))._tag).to.equal('Forbidden');
  });

  it('the surname index and the sitemap list count the persons in full only', async () => {
    const w = await setup();
    const index = right(await getSurnameIndex(w.deps)(anonymous, w.t.id, { letter: null, offset: 0, limit: 10 }));
    expect(index.counts).to.deep.equal({ shown: 5, full: 4 });
    expect(index.surnames).to.deep.equal([{ surname: 'Root', count: 3 }, { surname: 'Wife', count: 1 }]);
    const full = right(await listFullPersons(w.deps)(anonymous, w.t.id, { limit: 10 }));
    expect(full.map((p) => p.id).sort()).to.deep.equal([w.root.id, w.dad.id, w.sis.id, w.wife.id].sort());
  });
});
