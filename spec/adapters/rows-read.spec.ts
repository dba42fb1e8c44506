import { expect } from 'chai';
import { NO_SOURCE_EXTRAS } from '../../core/sources/source-fields.js';
import { startObservedService, type ObservedService } from '../support/observed-service.js';
import type { Storage } from '../../core/stores.js';
import { ok } from '../../core/kernel/either.js';
import { newId, type Id } from '../../core/kernel/ids.js';
import { keptFactsOf } from '../../core/privacy/engine.js';
import type { LifeEvent, Name, Person, Relationship } from '../../core/people/model.js';
import type { Citation, Source } from '../../core/sources/model.js';
import { mediaStorageKey } from '../../core/media/model.js';

// ARCHITECTURE.md rule 14, issue 13: a non-member's read costs the record, not the tree. The rows the
// repositories answer (counted in adapters/postgres/sql.ts) for a single read and for a page of 20
// are the same on a 10,000-person tree as on a 100-person tree of the same shape.

type Probes = { readonly treeId: Id; readonly person: Id; readonly event: Id; readonly relationship: Id; readonly source: Id; readonly citation: Id; readonly media: Id };

describe('rows read per non-member request do not grow with the tree', function () {
  this.timeout(300_000);
  let svc: ObservedService;
  let storage: Storage;
  let rows = 0;
  let ownerToken: string;
  let strangerToken: string;
  const trees: Probes[] = [];

  const http: ObservedService['http'] = (...args) => svc.http(...args);

  /**
   * A public tree of `n` persons of one repeating shape (dead, living, private, public), written in
   * bulk: each with a name, a birth (and a death for the dead), a parent, a partner every other
   * person with a marriage, citations of the person, the birth and the name; media on the first 30.
   */
  const seed = async (n: number): Promise<Probes> => {
    const created = await http('POST', '/trees', ownerToken, { name: `Tree of ${n}`, visibility: 'public' });
    expect(created.status).to.equal(201);
    const treeId = (created.body as { id: Id }).id;
    const now = new Date();
    const del = { deletedAt: null, deletionId: null } as const;
    const persons: Person[] = [];
    const names: Name[] = [];
    const events: LifeEvent[] = [];
    const relationships: Relationship[] = [];
    const citations: Citation[] = [];
    const source: Source = { id: newId(), treeId, title: 'Parish register', author: '', publication: '', notes: '', ...NO_SOURCE_EXTRAS, createdAt: now, updatedAt: now, ...del };
    const event = (subject: { personId: Id } | { partnershipId: Id }, type: LifeEvent['type'], year: number): LifeEvent => {
      const e: LifeEvent = {
        id: newId(), treeId, type, customType: null, personId: null, partnershipId: null, ...subject, date: { qualifier: 'exact', year }, placeId: null,
        notes: '', detail: '', cause: '', temple: null, ordinanceStatus: null, createdAt: now, updatedAt: now, ...del,
      };
      events.push(e);
      return e;
    };
    const cite = (target: Citation['target']): Citation => {
      const c: Citation = { id: newId(), treeId, sourceId: source.id, target, page: '', detail: '', entryDate: '', notes: '', confidence: null, createdAt: now, updatedAt: now, ...del };
      citations.push(c);
      return c;
    };
    let probeRelationship: Id = '';
    for (let i = 0; i < n; i++) {
      const kind = i % 4;
      const own: LifeEvent[] = [];
      const p: Person = { id: newId(), treeId, sex: null, isLiving: null, privacy: kind === 2 ? 'private' : kind === 3 ? 'public' : 'default', notes: '', identifiers: [], birthYear: null, hasDeathFact: false, mergedInto: null, createdAt: now, updatedAt: now, ...del };
      const name: Name = { id: newId(), treeId, personId: p.id, nameType: 'birth', givenName: `Given${i % 50}`, surname: 'Surname', prefix: '', suffix: '', surnamePrefix: '', isPrimary: true, notes: '', createdAt: now, ...del };
      names.push(name);
      own.push(event({ personId: p.id }, 'birth', kind === 1 ? 1990 : 1800));
      if (kind === 0) own.push(event({ personId: p.id }, 'death', 1870));
      persons.push({ ...p, ...keptFactsOf(own) });
      if (i > 0) relationships.push({ id: newId(), treeId, type: 'parent_child', personAId: persons[i - 1]!.id, personBId: p.id, qualifier: 'biological', role: null, notes: '', createdAt: now, updatedAt: now, ...del });
      if (i > 0 && i % 2 === 0) {
        const r: Relationship = { id: newId(), treeId, type: 'partnership', personAId: persons[i - 1]!.id, personBId: p.id, qualifier: null, role: null, notes: '', createdAt: now, updatedAt: now, ...del };
        relationships.push(r);
        event({ partnershipId: r.id }, 'marriage', 1825);
        if (i === 8) probeRelationship = r.id;
      }
      cite({ kind: 'person', id: p.id });
      cite({ kind: 'event', id: own[0]!.id });
      cite({ kind: 'name', id: name.id });
    }
    await storage.uow.run(async (s) => {
      await s.bulk.insertAll({ persons, names, places: [], relationships, events, sources: [source], citations });
      for (let i = 0; i < 30; i++) {
        const id = newId();
        await s.media.insert({
          id, treeId, title: `Photo ${i}`, fileName: 'photo.jpg', contentType: 'image/jpeg', size: 3, checksum: 'ab'.repeat(32),
          target: { kind: 'person', id: persons[i]!.id }, storageKey: mediaStorageKey(treeId, id), filePath: '', form: '', createdBy: null, createdAt: now, updatedAt: now, ...del,
        });
      }
      return ok(undefined);
    });
    const probe = persons[8]!; // dead, so shown in full; its parent and partner (7) is public
    const media = (await storage.media.listByTree(treeId, {})).find((m) => m.target?.id === probe.id)!;
    return {
      treeId, person: probe.id, event: events.find((e) => e.personId === probe.id && e.type === 'birth')!.id, relationship: probeRelationship,
      source: source.id, citation: citations.find((c) => c.target.id === probe.id)!.id, media: media.id,
    };
  };

  before(async () => {
    svc = await startObservedService({ debugRows: (_sql, n) => void (rows += n) });
    storage = svc.storage;
    ownerToken = (await svc.register('owner@example.org')).token;
    strangerToken = (await svc.register('stranger@example.org')).token;
    trees.push(await seed(100), await seed(10_000));
  });

  after(async () => svc?.close());

  /** Rows the repositories answered while serving one request, and how many records it answered. */
  const read = async (path: string, token: string | undefined): Promise<{ rows: number; answered: number }> => {
    await new Promise((r) => setTimeout(r, 20));
    rows = 0;
    const res = await http('GET', path, token);
    expect(res.status, `GET ${path}: ${JSON.stringify(res.body).slice(0, 200)}`).to.equal(200);
    return { rows, answered: Array.isArray(res.body) ? res.body.length : 1 };
  };

  const requests: readonly { readonly name: string; readonly path: (t: Probes) => string; readonly answers?: number }[] = [
    { name: 'GET /persons/{id}', path: (t) => `/persons/${t.person}` },
    { name: 'GET /public/persons/{id}', path: (t) => `/public/persons/${t.person}` },
    { name: 'GET /events/{id}', path: (t) => `/events/${t.event}` },
    { name: 'GET /relationships/{id}', path: (t) => `/relationships/${t.relationship}` },
    { name: 'GET /sources/{id}', path: (t) => `/sources/${t.source}` },
    { name: 'GET /citations/{id}', path: (t) => `/citations/${t.citation}` },
    { name: 'GET /media/{id}', path: (t) => `/media/${t.media}` },
    { name: 'GET /trees/{id}/persons?limit=20', path: (t) => `/trees/${t.treeId}/persons?limit=20`, answers: 20 },
    { name: 'GET /public/trees/{id}/persons?limit=20', path: (t) => `/public/trees/${t.treeId}/persons?limit=20`, answers: 20 },
    { name: 'GET /trees/{id}/events?limit=20', path: (t) => `/trees/${t.treeId}/events?limit=20`, answers: 20 },
    { name: 'GET /trees/{id}/relationships?limit=20', path: (t) => `/trees/${t.treeId}/relationships?limit=20`, answers: 20 },
    { name: 'GET /trees/{id}/citations?limit=20', path: (t) => `/trees/${t.treeId}/citations?limit=20`, answers: 20 },
    { name: 'GET /trees/{id}/sources?limit=20', path: (t) => `/trees/${t.treeId}/sources?limit=20`, answers: 1 },
    { name: 'GET /trees/{id}/media?limit=20', path: (t) => `/trees/${t.treeId}/media?limit=20`, answers: 15 },
  ];
  const readers = [
    { name: 'a signed-in non-member', token: () => strangerToken },
    { name: 'an anonymous caller', token: () => undefined },
  ];

  for (const q of requests) {
    for (const r of readers) {
      if (r.name === 'an anonymous caller' && !q.name.includes('/public/')) continue;
      it(`${q.name} as ${r.name}: the same rows on 10,000 persons as on 100`, async () => {
        const [small, large] = [await read(q.path(trees[0]!), r.token()), await read(q.path(trees[1]!), r.token())];
        if (q.answers !== undefined) expect(small.answered, 'the page is full in both trees').to.equal(q.answers);
        expect(large.rows, `${q.name}: ${small.rows} rows read on 100 persons, ${large.rows} on 10,000`).to.equal(small.rows);
        expect(small.rows, `${q.name}: rows read`).to.be.at.most(100);
      });
    }
  }

  it('a search at limit 20 as a non-member reads a bounded number of rows on 10,000 persons', async () => {
    const [small, large] = [
      await read(`/trees/${trees[0]!.treeId}/persons?q=Givn8%20Surname&limit=20`, strangerToken),
      await read(`/trees/${trees[1]!.treeId}/persons?q=Givn8%20Surname&limit=20`, strangerToken),
    ];
    expect([small.answered, large.answered]).to.deep.equal([20, 20]);
    expect(large.rows, `${small.rows} rows on 100 persons, ${large.rows} on 10,000`).to.be.at.most(small.rows + 20);
    expect(large.rows).to.be.at.most(150);
  });
});
