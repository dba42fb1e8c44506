import { STREAM_PAGE } from '../../adapters/http/routes/deps.js';
import { NO_SOURCE_EXTRAS } from '../../core/sources/source-fields.js';
import { expect } from 'chai';
import { startObservedService, type ObservedService } from '../support/observed-service.js';
import type { Storage } from '../../core/stores.js';
import { ok } from '../../core/kernel/either.js';
import { newId, type Id } from '../../core/kernel/ids.js';
import type { LifeEvent, Name, Person, Place, Relationship } from '../../core/people/model.js';
import type { GenealogicalDate } from '../../core/kernel/date.js';

// Every read is batch-evaluated through the privacy engine: the number of SQL statements a request
// sends must not grow with the tree. Same statements for 10 persons as for 1,000, member or not.

describe('SQL statements per request do not grow with the tree', function () {
  this.timeout(180_000);
  let svc: ObservedService;
  let storage: Storage;
  let baseUrl: string;
  let statements = 0;
  const log: string[] = [];
  let ownerToken: string;
  let strangerToken: string;
  const small = { treeId: '', probe: '' };
  const large = { treeId: '', probe: '' };

  const http: ObservedService['http'] = (...args) => svc.http(...args);

  /** A tree of `n` persons, seeded through the storage ports in one transaction. */
  const seed = async (ownerId: Id, n: number): Promise<{ treeId: Id; probe: Id }> => {
    const created = await http('POST', '/trees', ownerToken, { name: `Tree of ${n}`, visibility: 'public' });
    expect(created.status).to.equal(201);
    const treeId: Id = created.body.id;
    void ownerId;
    const now = new Date();
    const del = { deletedAt: null, deletionId: null } as const;
    const ids: Id[] = [];
    await storage.uow.run(async (s) => {
      const places: Place[] = [];
      for (let k = 0; k < 5; k++) places.push(await s.places.ensure(treeId, `Town ${k}`, newId()));
      const source = { id: newId(), treeId, title: 'Parish register', author: '', publication: '', notes: '', ...NO_SOURCE_EXTRAS, createdAt: now, updatedAt: now, ...del };
      await s.sources.insert(source);
      const event = async (personId: Id | null, partnershipId: Id | null, type: LifeEvent['type'], date: GenealogicalDate, i: number) => {
        const e: LifeEvent = { id: newId(), treeId, type, customType: null, personId, partnershipId, date, placeId: places[i % 5]!.id, notes: '', detail: '', cause: '', temple: null, ordinanceStatus: null, createdAt: now, updatedAt: now, ...del };
        await s.events.insert(e);
        return e;
      };
      const edge = async (type: Relationship['type'], a: Id, b: Id) => {
        const r: Relationship = { id: newId(), treeId, type, personAId: a, personBId: b, qualifier: type === 'parent_child' ? 'biological' : null, role: null, notes: '', createdAt: now, updatedAt: now, ...del };
        await s.relationships.insert(r);
        return r;
      };
      for (let i = 0; i < n; i++) {
        // Mixed visibilities: dead (full), living (redacted), private (hidden), public-living (full).
        const kind = i % 4;
        const p: Person = { id: newId(), treeId, sex: i % 2 === 0 ? 'male' : 'female', isLiving: null, privacy: kind === 2 ? 'private' : kind === 3 ? 'public' : 'default', notes: '', identifiers: [], birthYear: null, hasDeathFact: kind === 0, mergedInto: null, createdAt: now, updatedAt: now, ...del };
        await s.persons.insert(p);
        ids.push(p.id);
        const nameId = newId();
        await s.names.insert({ id: nameId, treeId, personId: p.id, nameType: 'birth', givenName: `Given${i}`, surname: `Family${i % 17}`, prefix: '', suffix: '', surnamePrefix: '', isPrimary: true, notes: '', createdAt: now, ...del });
        const birth = await event(p.id, null, 'birth', { qualifier: 'exact', year: kind === 1 ? 1990 : 1800 }, i);
        if (kind === 0) await event(p.id, null, 'death', { qualifier: 'exact', year: 1870 }, i + 1);
        if (i > 0) await edge('parent_child', ids[i - 1]!, p.id);
        if (i > 0 && i % 2 === 0) {
          const r = await edge('partnership', ids[i - 2]!, p.id);
          await event(null, r.id, 'marriage', { qualifier: 'exact', year: 1825 }, i);
          await s.citations.insert({ id: newId(), treeId, sourceId: source.id, target: { kind: 'relationship', id: r.id }, page: '', detail: '', entryDate: '', notes: '', confidence: null, createdAt: now, updatedAt: now, ...del });
        }
        await s.citations.insert({ id: newId(), treeId, sourceId: source.id, target: { kind: 'person', id: p.id }, page: `p. ${i}`, detail: '', entryDate: '', notes: '', confidence: 2, createdAt: now, updatedAt: now, ...del });
        await s.citations.insert({ id: newId(), treeId, sourceId: source.id, target: { kind: 'event', id: birth.id }, page: '', detail: '', entryDate: '', notes: '', confidence: null, createdAt: now, updatedAt: now, ...del });
        await s.citations.insert({ id: newId(), treeId, sourceId: source.id, target: { kind: 'name', id: nameId }, page: '', detail: '', entryDate: '', notes: '', confidence: null, createdAt: now, updatedAt: now, ...del });
      }
      return ok(undefined);
    });
    // The probe: a dead person (full to everyone) in the middle, with parents, children and partners.
    return { treeId, probe: ids[4]! };
  };

  before(async () => {
    svc = await startObservedService({
      debugQueries: (sql) => {
        statements++;
        log.push(sql);
      },
    });
    storage = svc.storage;
    baseUrl = svc.baseUrl;
    const owner = await svc.register('owner@example.org');
    const stranger = await svc.register('stranger@example.org');
    ownerToken = owner.token;
    strangerToken = stranger.token;
    Object.assign(small, await seed(owner.id, 10));
    Object.assign(large, await seed(owner.id, 1000));
  });

  after(async () => svc?.close());

  /** Statements sent while answering one request (the counter is reset right before it). */
  const count = async (path: string, token: string | undefined): Promise<{ n: number; sql: string[]; rows: number }> => {
    // let any work of an earlier request settle first
    await new Promise((r) => setTimeout(r, 20));
    statements = 0;
    log.length = 0;
    const res = await http('GET', path, token);
    expect(res.status, `GET ${path}`).to.equal(200);
    return { n: statements, sql: [...log], rows: Array.isArray(res.body) ? res.body.length : 1 };
  };

  const endpoints: readonly { name: string; path: (t: { treeId: string; probe: string }) => string }[] = [
    { name: 'GET /trees/{id}/persons', path: (t) => `/trees/${t.treeId}/persons` },
    { name: 'GET /trees/{id}/persons?limit=50', path: (t) => `/trees/${t.treeId}/persons?limit=50` },
    { name: 'GET /trees/{id}/persons?q=Given4', path: (t) => `/trees/${t.treeId}/persons?q=Given4` },
    { name: 'GET /trees/{id}/relationships', path: (t) => `/trees/${t.treeId}/relationships` },
    { name: 'GET /trees/{id}/events', path: (t) => `/trees/${t.treeId}/events` },
    { name: 'GET /trees/{id}/citations', path: (t) => `/trees/${t.treeId}/citations` },
    { name: 'GET /trees/{id}/sources', path: (t) => `/trees/${t.treeId}/sources` },
    { name: 'GET /persons/{id}', path: (t) => `/persons/${t.probe}` },
    { name: 'GET /persons/{id}/events', path: (t) => `/persons/${t.probe}/events` },
    { name: 'GET /persons/{id}/relationships', path: (t) => `/persons/${t.probe}/relationships` },
    { name: 'GET /persons/{id}/names', path: (t) => `/persons/${t.probe}/names` },
    { name: 'GET /public/trees/{id}/persons', path: (t) => `/public/trees/${t.treeId}/persons` },
    { name: 'GET /public/trees/{id}/events', path: (t) => `/public/trees/${t.treeId}/events` },
    { name: 'GET /public/trees/{id}/relationships', path: (t) => `/public/trees/${t.treeId}/relationships` },
  ];
  const readers = [
    { name: 'member (owner)', token: () => ownerToken },
    { name: 'non-member', token: () => strangerToken },
  ];

  for (const e of endpoints) {
    for (const r of readers) {
      it(`${e.name} as ${r.name}: the same statements for 10 and 1,000 persons`, async () => {
        const a = await count(e.path(small), r.token());
        const b = await count(e.path(large), r.token());
        // A list without limit is streamed in reads of STREAM_PAGE rows: the statements grow with those reads, never per row.
        const reads = e.path(large).includes('?') ? 1 : Math.floor(b.rows / STREAM_PAGE) + 1;
        expect(b.n, `${e.name} as ${r.name}: ${a.n} statements for 10 persons, ${b.n} for 1,000 (${b.rows} rows, ${reads} reads)\n10:\n${a.sql.join('\n')}\n1000:\n${b.sql.join('\n')}`).to.be.at.most(a.n * reads);
        if (reads === 1) expect(b.n).to.equal(a.n);
        expect(a.n, `${e.name} as ${r.name}: ${a.n} statements`).to.be.at.most(16);
      });
    }
  }

  it('GET /public/trees/{id}/persons anonymously: the same statements for 10 and 1,000 persons', async () => {
    const a = await count(`/public/trees/${small.treeId}/persons`, undefined);
    const b = await count(`/public/trees/${large.treeId}/persons`, undefined);
    // Streamed in reads of STREAM_PAGE rows: statements grow with the reads, never per row.
    const reads = Math.floor(b.rows / STREAM_PAGE) + 1;
    expect(b.n, `anonymous: ${a.n} statements for 10 persons, ${b.n} for 1,000 (${b.rows} rows, ${reads} reads)`).to.be.at.most(a.n * reads);
  });

  // The merge preview reads the two persons and what they hold, never the tree: the probe and the
  // tree's first person, shaped alike in both trees.
  it('GET /persons/{id}/merge-preview as the owner: the same statements for 10 and 1,000 persons', async () => {
    const path = async (t: { treeId: string; probe: string }) => `/persons/${t.probe}/merge-preview?other_id=${(await storage.persons.listByTree(t.treeId, { limit: 1 }))[0]!.id}`;
    const a = await count(await path(small), ownerToken);
    const b = await count(await path(large), ownerToken);
    expect(b.n, `${a.n} statements for 10 persons, ${b.n} for 1,000\n10:\n${a.sql.join('\n')}\n1000:\n${b.sql.join('\n')}`).to.equal(a.n);
    expect(a.n, a.sql.join('\n')).to.be.at.most(16);
  });

  // Charts: one recursive CTE whatever the generations, so 2 and 10 generations, in a chain of 10
  // and of 1,000 persons (the probe has 4 ancestors and 5 or 995 descendants), send the same statements.
  for (const kind of ['pedigree', 'descendants']) {
    for (const r of [...readers, { name: 'anonymous (public surface)', token: () => undefined }]) {
      it(`GET ${r.name.startsWith('anonymous') ? '/public' : ''}/persons/{id}/${kind} as ${r.name}: the same statements for 2 and 10 generations, 10 and 1,000 persons`, async () => {
        const prefix = r.name.startsWith('anonymous') ? '/public' : '';
        const runs = [];
        for (const t of [small, large]) for (const n of [2, 10]) runs.push({ n, t, c: await count(`${prefix}/persons/${t.probe}/${kind}?generations=${n}`, r.token()) });
        const first = runs[0]!.c;
        for (const { n, t, c } of runs) expect(c.n, `${n} generations, tree ${t === small ? 10 : 1000}:\n${c.sql.join('\n')}`).to.equal(first.n);
        // The session (none on the public surface without one), then the chart's one statement.
        expect(first.n, first.sql.join('\n')).to.be.at.most(r.token() === undefined ? 1 : 2);
      });
    }
  }

  // The cleanup previews answer in a constant number of queries, and an apply writes its rows in a
  // constant number of statements: trees of 100 and 1,000 persons where every tool has rows (every
  // name is broken, every other person has no sex and a partner who has one, all born 1800 in a chain
  // of parents), the applies taking every qualifying person: N rows against 10N.
  describe('cleanup tools', () => {
    const cleanupSmall = { treeId: '', ids: [] as Id[], gedcom: '' };
    const cleanupLarge = { treeId: '', ids: [] as Id[], gedcom: '' };
    /** Letters for a number, so names stay unique with no digits but the date the rule looks for. */
    const letters = (i: number): string => (i < 26 ? '' : letters(Math.floor(i / 26) - 1)) + String.fromCharCode(97 + (i % 26));
    const seedCleanup = async (n: number) => {
      const created = await http('POST', '/trees', ownerToken, { name: `Cleanup of ${n}` });
      expect(created.status).to.equal(201);
      const treeId: Id = created.body.id;
      const now = new Date();
      const del = { deletedAt: null, deletionId: null } as const;
      const persons: Person[] = [];
      const names: Name[] = [];
      const events: LifeEvent[] = [];
      const relationships: Relationship[] = [];
      const records: string[] = [];
      for (let i = 0; i < n; i++) {
        const p: Person = { id: newId(), treeId, sex: i % 2 === 1 ? 'male' : null, isLiving: null, privacy: 'default', notes: '', identifiers: [], birthYear: null, hasDeathFact: false, mergedInto: null, createdAt: now, updatedAt: now, ...del };
        persons.push(p);
        const given = i % 2 === 1 ? 'Johann' : 'Maria & Karl';
        const surname = `Smith${letters(i)} 1850`;
        names.push({ id: newId(), treeId, personId: p.id, nameType: 'birth', givenName: given, surname, prefix: '', suffix: '', surnamePrefix: '', isPrimary: true, notes: '', createdAt: now, ...del });
        events.push({ id: newId(), treeId, type: 'birth', customType: null, personId: p.id, partnershipId: null, date: { qualifier: 'exact', year: 1800 }, placeId: null, notes: '', detail: '', cause: '', temple: null, ordinanceStatus: null, createdAt: now, updatedAt: now, ...del });
        const edge = (type: Relationship['type'], a: Id) =>
          relationships.push({ id: newId(), treeId, type, personAId: a, personBId: p.id, qualifier: type === 'parent_child' ? 'biological' : null, role: null, notes: '', createdAt: now, updatedAt: now, ...del });
        if (i > 0) edge('parent_child', persons[i - 1]!.id);
        if (i % 2 === 1) edge('partnership', persons[i - 1]!.id);
        records.push(`0 @I${i}@ INDI`, `1 NAME ${given} /${surname}/`, `1 SEX ${i % 2 === 1 ? 'M' : 'F'}`, '1 BIRT', '2 DATE 1800');
      }
      await storage.uow.run(async (s) => {
        await s.bulk.insertAll({ persons, names, places: [], relationships, events, sources: [], citations: [] });
        return ok(undefined);
      });
      const gedcom = ['0 HEAD', '1 GEDC', '2 VERS 5.5.1', '1 CHAR UTF-8', ...records, '0 TRLR', ''].join('\n');
      return { treeId, ids: persons.map((p) => p.id), gedcom };
    };

    before(async () => {
      Object.assign(cleanupSmall, await seedCleanup(100));
      Object.assign(cleanupLarge, await seedCleanup(1000));
    });

    /** Statements sent while answering one request, which must answer 200 with `rows` rows (an array) or `updated` (an apply). */
    const measure = async (label: string, send: () => Promise<Response>, expected: number): Promise<{ n: number; sql: string[] }> => {
      await new Promise((r) => setTimeout(r, 20));
      statements = 0;
      log.length = 0;
      const res = await send();
      const body = (await res.json()) as unknown;
      expect(res.status, `${label}: ${JSON.stringify(body).slice(0, 300)}`).to.equal(200);
      expect(Array.isArray(body) ? body.length : (body as { updated: number }).updated, `${label}: rows`).to.equal(expected);
      return { n: statements, sql: [...log] };
    };
    const call = (method: string, path: string, body?: unknown) => () =>
      fetch(`${baseUrl}/api/v1${path}`, {
        method, headers: { Authorization: `Bearer ${ownerToken}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    const upload = (path: string, text: string) => () => {
      const form = new FormData();
      form.append('file', new Blob([text], { type: 'application/octet-stream' }), 'tree.ged');
      return fetch(`${baseUrl}/api/v1${path}`, { method: 'POST', headers: { Authorization: `Bearer ${ownerToken}` }, body: form });
    };
    type Tree = typeof cleanupSmall;
    const unset = (t: Tree) => t.ids.filter((_, i) => i % 2 === 0);
    const tools: readonly { name: string; send: (t: Tree) => () => Promise<Response>; rows: (t: Tree) => number }[] = [
      { name: 'GET deceased-by-birth-year', send: (t) => call('GET', `/trees/${t.treeId}/cleanup/deceased-by-birth-year`), rows: (t) => t.ids.length },
      { name: 'GET deceased-by-child', send: (t) => call('GET', `/trees/${t.treeId}/cleanup/deceased-by-child?born_on_or_before=1900`), rows: (t) => t.ids.length - 1 },
      { name: 'POST gender/from-gedcom', send: (t) => upload(`/trees/${t.treeId}/cleanup/gender/from-gedcom`, t.gedcom), rows: (t) => unset(t).length },
      { name: 'GET gender/from-first-name', send: (t) => call('GET', `/trees/${t.treeId}/cleanup/gender/from-first-name`), rows: (t) => unset(t).length },
      { name: 'GET gender/from-spouse', send: (t) => call('GET', `/trees/${t.treeId}/cleanup/gender/from-spouse`), rows: (t) => unset(t).length },
      { name: 'GET broken-names', send: (t) => call('GET', `/trees/${t.treeId}/cleanup/broken-names`), rows: (t) => t.ids.length },
      // The applies change the trees: after the previews, and each touching what no later one reads.
      { name: 'POST deceased', send: (t) => call('POST', `/trees/${t.treeId}/cleanup/deceased`, { person_ids: t.ids }), rows: (t) => t.ids.length },
      {
        name: 'POST gender', rows: (t) => unset(t).length,
        send: (t) => call('POST', `/trees/${t.treeId}/cleanup/gender`, { changes: unset(t).map((person_id) => ({ person_id, sex: 'female' })) }),
      },
      {
        name: 'POST names', rows: (t) => t.ids.length,
        send: (t) => call('POST', `/trees/${t.treeId}/cleanup/names`, { changes: t.ids.map((person_id, i) => ({ person_id, given_name: 'Maria', surname: `Smith${letters(i)}` })) }),
      },
    ];
    for (const tool of tools) {
      it(`${tool.name}: the same statements for 100 and 1,000 persons`, async () => {
        const a = await measure(`${tool.name} (100)`, tool.send(cleanupSmall), tool.rows(cleanupSmall));
        const b = await measure(`${tool.name} (1,000)`, tool.send(cleanupLarge), tool.rows(cleanupLarge));
        expect(b.n, `${tool.name}: ${a.n} statements for 100 persons, ${b.n} for 1,000\n100:\n${a.sql.join('\n')}\n1000:\n${b.sql.join('\n')}`).to.equal(a.n);
        expect(a.n, `${tool.name}: ${a.n} statements`).to.be.at.most(16);
      });
    }
  });
});
