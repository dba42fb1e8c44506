import { expect } from 'chai';
import { startObservedService, type ObservedService } from '../support/observed-service.js';
import { ok } from '../../core/kernel/either.js';
import { newId, type Id } from '../../core/kernel/ids.js';
import type { LifeEvent, Person } from '../../core/people/model.js';
import { fillPersonCards } from '../../core/people/commands/fill-person-cards.js';

// Issue 27: reading one person costs at most two statements, whoever reads: the session with its
// user (and memberships), and one that answers the tree with the caller's role and the person with
// what the privacy engine needs and what is shown. A signed-in non-member of a public tree, a member,
// and an anonymous reader of /public; for a person shown in full, one redacted and one hidden (404).
// A name search's page too: the session, and one statement with the tree, the reader's role, the
// search and the found persons' JSON (their kept cards; a statement more when one has none).

describe('a person read takes at most two statements', function () {
  this.timeout(120_000);
  let svc: ObservedService;
  const log: string[] = [];
  let ownerToken: string;
  let strangerToken: string;
  const probes = { full: '', redacted: '', hidden: '' };
  let treeId: Id;

  before(async () => {
    svc = await startObservedService({ debugQueries: (sql) => void log.push(sql) });
    const owner = await svc.register('owner@example.org');
    const stranger = await svc.register('stranger@example.org');
    ownerToken = owner.token;
    strangerToken = stranger.token;
    const created = await svc.http('POST', '/trees', ownerToken, { name: 'Public', visibility: 'public' });
    expect(created.status).to.equal(201);
    treeId = (created.body as { id: Id }).id;
    const now = new Date();
    const del = { deletedAt: null, deletionId: null } as const;
    await svc.storage.uow.run(async (s) => {
      const place = await s.places.ensure(treeId, 'Kent', newId());
      const person = async (privacy: Person['privacy'], dead: boolean, born: number): Promise<Id> => {
        const p: Person = {
          id: newId(), treeId, sex: 'female', isLiving: null, privacy, notes: '', identifiers: [], birthYear: born, hasDeathFact: dead,
          mergedInto: null, createdAt: now, updatedAt: now, ...del,
        };
        await s.persons.insert(p);
        await s.names.insert({ id: newId(), treeId, personId: p.id, nameType: 'birth', givenName: 'Ann', surname: 'Smith', prefix: '', suffix: '', surnamePrefix: '', isPrimary: true, notes: '', createdAt: now, ...del });
        await s.names.insert({ id: newId(), treeId, personId: p.id, nameType: 'married', givenName: 'Ann', surname: 'Jones', prefix: '', suffix: '', surnamePrefix: '', isPrimary: false, notes: '', createdAt: now, ...del });
        const event = (type: LifeEvent['type'], year: number): LifeEvent => ({
          id: newId(), treeId, type, customType: null, personId: p.id, partnershipId: null, date: { qualifier: 'exact', year }, placeId: place.id,
          notes: '', detail: '', cause: '', temple: null, ordinanceStatus: null, createdAt: now, updatedAt: now, ...del,
        });
        await s.events.insert(event('birth', born));
        if (dead) await s.events.insert(event('death', born + 70));
        return p.id;
      };
      probes.full = await person('default', true, 1800);
      probes.redacted = await person('default', false, 1990);
      probes.hidden = await person('private', true, 1800);
      return ok(undefined);
    });
  });

  after(async () => svc?.close());

  /** The statements sent while answering one GET, which must answer `status` (200: in full, or redacted). */
  const statements = async (path: string, token: string | undefined, status: number, redacted: boolean): Promise<string[]> => {
    await new Promise((r) => setTimeout(r, 20));
    log.length = 0;
    const res = await svc.http('GET', path, token);
    const sent = [...log];
    expect(res.status, `GET ${path}: ${JSON.stringify(res.body)}`).to.equal(status);
    if (status === 200) {
      const body = res.body as { redacted: boolean; names?: unknown[]; birth: unknown };
      expect(body.redacted, `GET ${path}: redacted`).to.equal(redacted);
      // Shown in full: with both names and the birth; redacted: neither.
      expect(body.names?.length ?? 0).to.equal(redacted ? 0 : 2);
      expect(body.birth === null).to.equal(redacted);
    }
    return sent;
  };

  const readers = [
    { name: 'a signed-in non-member of the public tree', prefix: '/persons', member: false, token: () => strangerToken, statuses: { full: 200, redacted: 200, hidden: 404 } },
    { name: 'a member (the owner)', prefix: '/persons', member: true, token: () => ownerToken, statuses: { full: 200, redacted: 200, hidden: 200 } },
    { name: 'an anonymous reader of /public', prefix: '/public/persons', member: false, token: () => undefined, statuses: { full: 200, redacted: 200, hidden: 404 } },
  ];
  /** The statements of a name search with a typo, which finds all three for a member and only the one shown in full for a non-member. */
  /** The answers of the full-name search before the cards are kept, by reader. */
  const writtenLive = new Map<string, unknown>();
  const search = async (r: (typeof readers)[number], q = 'Smiht', answered?: (body: unknown) => void): Promise<string[]> => {
    const path = `${r.prefix === '/persons' ? '' : '/public'}/trees/${treeId}/persons?q=${encodeURIComponent(q)}`;
    await new Promise((done) => setTimeout(done, 20));
    log.length = 0;
    const res = await svc.http('GET', path, r.token());
    const sent = [...log];
    expect(res.status, `GET ${path}: ${JSON.stringify(res.body)}`).to.equal(200);
    const found = res.body as { id: Id; names: unknown[] }[];
    expect(found.map((p) => p.id).sort()).to.deep.equal(r.member ? Object.values(probes).sort() : [probes.full]);
    expect(found.every((p) => p.names.length === 2)).to.equal(true);
    answered?.(res.body);
    return sent;
  };
  for (const r of readers) {
    // Without kept cards the short statement of one word's search says it does not hold, and the
    // statement that writes persons answers: three statements with the session. That one runs on its
    // generic plan (sql.ts GENERIC): the plan settings for its own transaction sent just before it, in
    // its round trip.
    it(`${r.name}, a name search with a typo, no person card kept: at most 3 statements, and the plan settings`, async () => {
      const sent = await search(r);
      const modes = sent.filter((x) => x.includes('plan_cache_mode'));
      expect(sent.length - modes.length, `${sent.length} statements:\n${sent.join('\n---\n')}`).to.be.at.most(3);
      expect(modes).to.deep.equal([
        "select set_config('plan_cache_mode', 'force_generic_plan', true), set_config('enable_hashagg', 'off', true), set_config('enable_memoize', 'off', true)",
      ]);
    });
    it(`${r.name}, a search of a full name with a typo, no person card kept: the persons written live`, async () => {
      const sent = await search(r, 'Ann Smiht', (body) => writtenLive.set(r.name, body));
      expect(sent.filter((x) => x.includes('persons.pickJson')), `${sent.length} statements:\n${sent.join('\n---\n')}`).to.have.length(1);
    });
    for (const kind of ['full', 'redacted', 'hidden'] as const) {
      it(`${r.name}, a person ${kind === 'hidden' ? 'private' : kind === 'full' ? 'who died' : 'possibly living'}: at most 2 statements`, async () => {
        const sql = await statements(`${r.prefix}/${probes[kind]}`, r.token(), r.statuses[kind], kind === 'redacted' && !r.member);
        expect(sql.length, `${sql.length} statements:\n${sql.join('\n---\n')}`).to.be.at.most(2);
      });
    }
  }
  describe('with every person\'s card kept', () => {
    before(async () => {
      const pass = await fillPersonCards({ storage: svc.storage })({ pause: async () => {}, stopped: () => false });
      expect(pass?.filled, 'the pass wrote the three cards').to.equal(3);
    });
    for (const r of readers) {
      it(`${r.name}, a name search with a typo: at most 2 statements`, async () => {
        const sent = await search(r);
        expect(sent.length, `${sent.length} statements:\n${sent.join('\n---\n')}`).to.be.at.most(2);
      });
      // Several query words: the ranked search's statement with the found persons' cards, without the
      // writer of persons without one (whose plan PostgreSQL would set up at every run), and the same
      // answer as the persons written live.
      it(`${r.name}, a search of a full name with a typo: the found persons' cards, without the writer, the same answer`, async () => {
        let body: unknown;
        const sent = await search(r, 'Ann Smiht', (b) => (body = b));
        const modes = sent.filter((x) => x.includes('plan_cache_mode'));
        expect(sent.length - modes.length, `${sent.length} statements:\n${sent.join('\n---\n')}`).to.be.at.most(2);
        expect(sent.filter((x) => x.includes('persons.pickJson'))).to.deep.equal([]);
        expect(writtenLive.has(r.name)).to.equal(true);
        expect(body).to.deep.equal(writtenLive.get(r.name));
      });
    }
  });
});
