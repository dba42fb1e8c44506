import { createHash, randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'chai';
import { registerUser, startTestService, type TestService } from '../support/service.js';
import { exportZip, importZip, jsonCall, unzip, zipOf } from '../support/account-archive.js';
import { memoryBlobStore } from '../../adapters/memory/blob-store.js';

// Issue 12: an account with two trees of every record kind, media of 0 B, 1 B and 5 MB, deleted
// records, a partnership event and citations on every target kind: exported, restored into a fresh
// account, and compared record by record, field by field (ids mapped), and byte by byte.

const AI_PROVIDERS = JSON.stringify([{ name: 'local', kind: 'openai', model: 'llama3', base_url: 'http://127.0.0.1:9' }]);
const sha = (b: Uint8Array): string => createHash('sha256').update(b).digest('hex');
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(5 * 1024 * 1024 - 4)]);

type Row = { readonly id: string; readonly [k: string]: unknown };

describe('HTTP account export and import: the round trip', function () {
  this.timeout(120_000);
  let svc: TestService;
  let owner: Awaited<ReturnType<typeof registerUser>>;
  let restorer: Awaited<ReturnType<typeof registerUser>>;
  const trees: string[] = [];
  const deleted: string[] = [];
  const media = new Map<string, Buffer>();
  let zip: Buffer;
  let report: any;

  const upload = async (treeId: string, bytes: Buffer, title: string, fields: Record<string, string> = {}): Promise<string> => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)]), `${title}.bin`);
    form.append('title', title);
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    const res = await fetch(`${svc.baseUrl}/api/v1/trees/${treeId}/media`, { method: 'POST', headers: { Authorization: `Bearer ${owner.token}` }, body: form });
    expect(res.status, title).to.equal(201);
    const id = ((await res.json()) as { id: string }).id;
    media.set(title, bytes);
    return id;
  };

  const fill = async (n: number): Promise<string> => {
    const call = jsonCall(svc, owner.token);
    const ok = async (method: string, p: string, body?: unknown): Promise<any> => {
      const r = await call(method, p, body);
      expect(r.status, `${method} ${p}: ${JSON.stringify(r.body)}`).to.be.oneOf([200, 201, 204]);
      return r.body;
    };
    const tree = await ok('POST', '/trees', { name: `Family ${n}`, description: `Tree ${n}`, visibility: n === 1 ? 'public' : 'private' });
    const t = tree.id as string;
    const person = async (key: string, extra: object = {}) =>
      (await ok('POST', `/trees/${t}/persons`, { given_name: `Given${key}`, surname: `Sur${key}`, notes: `person ${key}`, ...extra })).id as string;
    const father = await person(`${n}f`, {
      sex: 'male', is_living: false, birth: { date: { qualifier: 'about', year: 1820 }, place: `Town ${n}` },
      identifiers: [{ kind: 'refn', value: `R-${n}`, type: 'Family file' }, { kind: 'uid', value: `UID${n}`, type: null }],
    });
    const mother = await person(`${n}m`, { sex: 'female', privacy: 'private', death: { date: { qualifier: 'exact', year: 1890, month: 3, day: 4 }, place: `City ${n}` } });
    const child = await person(`${n}c`, { is_living: true });
    const gone = await person(`${n}x`);
    await ok('POST', `/persons/${child}/names`, { name_type: 'nickname', given_name: `Nick${n}`, surname: `Alias${n}`, notes: `name note ${n}` });
    // Two associations beside the parent_child edge of the same pair: none of them repeats another.
    await ok('POST', `/trees/${t}/relationships`, { type: 'association', person_a_id: father, person_b_id: child, role: 'Godfather', notes: `asso ${n} a` });
    await ok('POST', `/trees/${t}/relationships`, { type: 'association', person_a_id: father, person_b_id: child, role: 'Witness', notes: `asso ${n} b` });
    await ok('POST', `/trees/${t}/events`, { type: 'lds_endowment', person_id: father, temple: `TEMP${n}`, ordinance_status: 'COMPLETED', notes: `event ${n} lds` });
    const parent = await ok('POST', `/trees/${t}/relationships`, { type: 'parent_child', person_a_id: father, person_b_id: child, qualifier: 'adoptive', notes: `edge ${n} pc` });
    await ok('POST', `/trees/${t}/relationships`, { type: 'parent_child', person_a_id: mother, person_b_id: child, qualifier: 'biological', notes: `edge ${n} pc2` });
    const couple = await ok('POST', `/trees/${t}/relationships`, { type: 'partnership', person_a_id: father, person_b_id: mother, notes: `edge ${n} p` });
    const marriage = await ok('POST', `/trees/${t}/events`, {
      type: 'marriage', partnership_id: couple.id, date: { qualifier: 'between', year: 1845, end_year: 1846, calendar: 'julian' }, place: `Church ${n}`, notes: `event ${n} marriage`, detail: 'banns',
    });
    // The church's coordinates (issue 28) travel with the place.
    await svc.storage.places.setCoordinates(marriage.place_id, { latitude: 51.5 + n, longitude: -0.12 });
    const census = await ok('POST', `/trees/${t}/events`, { type: 'custom', custom_type: 'Voyage', person_id: child, date: { qualifier: 'text', text: 'spring' }, notes: `event ${n} custom` });
    const source = await ok('POST', `/trees/${t}/sources`, { title: `Register ${n}`, author: 'Clerk', publication: 'Parish', notes: 'kept' });
    const names = await ok('GET', `/persons/${child}/names`);
    const targets: [string, string][] = [['person_id', father], ['event_id', marriage.id], ['name_id', names[0].id], ['relationship_id', parent.id], ['event_id', census.id]];
    for (const [i, [field, id]] of targets.entries()) await ok('POST', `/trees/${t}/citations`, { source_id: source.id, [field]: id, page: `page ${n}.${i}`, detail: 'seen', confidence: i % 4 });
    // Deleted records: a person (with a citation and media on them), a source with a citation, a citation.
    const goneSource = await ok('POST', `/trees/${t}/sources`, { title: `Lost ${n}` });
    await ok('POST', `/trees/${t}/citations`, { source_id: goneSource.id, person_id: child, page: `lost page ${n}` });
    const goneCitation = await ok('POST', `/trees/${t}/citations`, { source_id: source.id, person_id: gone, page: `gone page ${n}` });
    const orphan = await upload(t, Buffer.from('orphan'), `orphan ${n}`, { person_id: gone });
    // Dismissed pairs: one of two live persons (kept), one with the person deleted below (left out).
    await ok('POST', `/trees/${t}/duplicates/dismiss`, { person_ids: [mother, father] });
    await ok('POST', `/trees/${t}/duplicates/dismiss`, { person_ids: [child, gone] });
    await ok('DELETE', `/persons/${gone}`);
    await ok('DELETE', `/sources/${goneSource.id}`);
    const dropped = await ok('POST', `/trees/${t}/citations`, { source_id: source.id, person_id: father, page: `dropped ${n}` });
    await ok('DELETE', `/citations/${dropped.id}`);
    deleted.push(gone, goneSource.id, goneCitation.id, dropped.id);
    await ok('PATCH', `/trees/${t}`, { home_person_id: child });
    await ok('PATCH', `/trees/${t}/ai`, { ai_member_provider: 'local' });
    await upload(t, Buffer.alloc(0), `empty ${n}`);
    await upload(t, Buffer.from([n]), `one ${n}`, { event_id: marriage.id });
    if (n === 1) await upload(t, JPEG, `photo ${n}`, { person_id: child });
    await ok('POST', `/trees/${t}/proposals`, {
      summary: `proposal ${n}`,
      operations: [
        { op: 'update', entity: 'person', id: father, data: { notes: 'changed' } },
        { op: 'create', entity: 'event', ref: 'e', data: { type: 'death', person_id: father } },
        { op: 'create', entity: 'citation', data: { source_id: source.id, event_id: '$e' } },
      ],
    });
    void orphan;
    return t;
  };

  before(async () => {
    svc = await startTestService({ env: { AI_PROVIDERS } });
    owner = await registerUser(svc, 'keeper@example.org');
    restorer = await registerUser(svc, 'heir@example.org');
    trees.push(await fill(1), await fill(2));
    const cousin = await registerUser(svc, 'cousin@example.org');
    expect((await jsonCall(svc, owner.token)('POST', `/trees/${trees[0]}/members`, { email: cousin.email, role: 'editor' })).status).to.equal(201);
    // A tree the owner only views is not theirs to export.
    const other = await jsonCall(svc, cousin.token)('POST', '/trees', { name: 'Not theirs' });
    await jsonCall(svc, cousin.token)('POST', `/trees/${other.body.id}/members`, { email: owner.email, role: 'viewer' });
    await jsonCall(svc, owner.token)('PATCH', '/users/me/self-person', { person_id: (await svc.storage.persons.listByTree(trees[0]!, {}))[0]!.id });
    const exported = await exportZip(svc, owner.token);
    expect(exported.status).to.equal(200);
    expect(exported.type).to.equal('application/zip');
    zip = exported.bytes;
    const imported = await importZip(svc, restorer.token, zip);
    expect(imported.status, JSON.stringify(imported.body)).to.equal(201);
    report = imported.body;
  });
  after(async () => svc?.close());

  it('writes account.json with the format, version, email and the owned trees only, deleted records left out', async () => {
    const entries = await unzip(zip);
    const doc = JSON.parse(entries.get('account.json')!.toString('utf8'));
    expect(doc).to.include({ format: 'genealogy-account', version: 1, email: 'keeper@example.org' });
    expect(doc.trees.map((t: { id: string }) => t.id)).to.have.members(trees);
    const text = entries.get('account.json')!.toString('utf8');
    for (const id of deleted) expect(text, id).not.to.include(id);
    expect(doc.trees[0].members.map((m: { email: string; role: string }) => `${m.email}:${m.role}`)).to.have.members(['keeper@example.org:owner', 'cousin@example.org:editor']);
    // A media item of a deleted person stays (its target does not).
    expect([...entries.keys()].filter((k) => k.startsWith('media/'))).to.have.length(7);
  });

  it('answers the old and new tree ids, the counts, and the members it did not restore', () => {
    expect(report.trees.map((t: { source_id: string }) => t.source_id)).to.deep.equal(trees);
    expect(report.trees.map((t: { name: string }) => t.name)).to.deep.equal(['Family 1', 'Family 2']);
    for (const t of report.trees) expect(trees).not.to.include(t.id);
    expect(report.trees[0].members_not_restored).to.deep.equal([{ email: 'cousin@example.org', role: 'editor' }]);
    expect(report.counts).to.deep.equal({ trees: 2, persons: 6, names: 8, places: 6, relationships: 10, events: 10, repositories: 0, sources: 2, citations: 10, media: 7, proposals: 2, duplicate_dismissals: 2 });
  });

  it('restores every record field by field, ids mapped, into trees the restorer owns alone', async () => {
    const s = svc.storage;
    const map = new Map<string, string>();
    const kinds: [string, (tree: string) => Promise<readonly Row[]>, (r: any) => string][] = [
      ['person', (t) => s.persons.listByTree(t, {}), (r) => r.notes],
      ['name', (t) => s.archive.names(t, null, 1000), (r) => r.givenName + r.surname],
      ['place', (t) => s.archive.places(t, null, 1000), (r) => r.name],
      ['relationship', (t) => s.relationships.listByTree(t, {}), (r) => r.notes],
      ['event', (t) => s.archive.events(t, null, 1000), (r) => `${r.type}${r.notes}${r.personId === null ? 'p' : ''}`],
      ['source', (t) => s.sources.listByTree(t, {}), (r) => r.title],
      ['citation', (t) => s.archive.citations(t, null, 1000), (r) => r.page],
      ['media', (t) => s.archive.media(t, null, 1000), (r) => r.title],
      ['proposal', (t) => s.proposals.listByTree(t, {}), (r) => r.summary],
      // One live pair per tree (the father and mother).
      ['dismissal', (t) => s.archive.dismissals(t, null, 1000), () => 'pair'],
    ];
    const pairs: [string, Row, Row][] = [];
    for (const [i, source] of trees.entries()) {
      const target = report.trees[i].id as string;
      map.set(source, target);
      for (const [kind, list, key] of kinds) {
        const before = await list(source);
        const after = await list(target);
        expect(after.length, `${kind} in tree ${i + 1}`).to.equal(before.length);
        expect(before.length, kind).to.be.greaterThan(0);
        for (const row of before) {
          const twin = after.filter((r) => key(r) === key(row));
          expect(twin, `${kind} ${key(row)}`).to.have.length(1);
          map.set(row.id, twin[0]!.id);
          pairs.push([kind, row, twin[0]!]);
        }
      }
    }
    const m = (id: unknown) => (typeof id === 'string' && map.has(id) ? map.get(id) : id);
    const remapped = (v: unknown): unknown => {
      if (typeof v === 'string') return m(v);
      if (v instanceof Date) return v.toISOString();
      if (Array.isArray(v)) return v.map(remapped);
      if (v !== null && typeof v === 'object') return Object.fromEntries(Object.entries(v).filter(([k]) => k !== 'storageKey').map(([k, x]) => [k, remapped(x)]));
      return v;
    };
    const plain = (v: unknown): unknown => remapped(JSON.parse(JSON.stringify(v, (_k, x) => x)));
    for (const [kind, before, after] of pairs) {
      const expected = plain(before) as Record<string, unknown>;
      if (kind === 'media') expected['createdBy'] = restorer.id;
      if (kind === 'proposal') expected['proposerId'] = restorer.id;
      if (kind === 'dismissal') {
        // Stored smaller id first, whichever way round the new ids sort.
        const pair = [expected['personAId'], expected['personBId']].sort() as string[];
        Object.assign(expected, { personAId: pair[0], personBId: pair[1], dismissedBy: restorer.id });
      }
      expect(plain(after), `${kind} ${before.id}`).to.deep.equal(expected);
      expect(after.id).not.to.equal(before.id);
    }
    for (const [i, source] of trees.entries()) {
      const a = (await s.trees.byId(source))!;
      const b = (await s.trees.byId(report.trees[i].id))!;
      expect({ ...plain(b) as object, id: null, ownerId: null }).to.deep.equal({ ...plain(a) as object, id: null, ownerId: null, homePersonId: m(a.homePersonId) });
      expect(b.ownerId).to.equal(restorer.id);
      expect((await s.memberships.list(b.id)).map((x) => x.userId)).to.deep.equal([restorer.id]);
    }
    const me = await jsonCall(svc, restorer.token)('GET', '/users/me');
    expect(me.body.self_person_id).to.equal(m((await svc.storage.users.byId(owner.id))!.selfPersonId));
  });

  it('gives back every media byte, from new objects', async () => {
    const call = jsonCall(svc, restorer.token);
    let seen = 0;
    for (const t of report.trees) {
      const items = (await call('GET', `/trees/${t.id}/media`)).body as { id: string; title: string; checksum: string }[];
      for (const item of items) {
        const res = await fetch(`${svc.baseUrl}/api/v1/media/${item.id}/content`, { headers: { Authorization: `Bearer ${restorer.token}` } });
        const bytes = Buffer.from(await res.arrayBuffer());
        expect(bytes.equals(media.get(item.title)!), item.title).to.equal(true);
        expect(item.checksum).to.equal(sha(bytes));
        seen += 1;
      }
    }
    expect(seen).to.equal(7);
    const files = await readdir(path.join(svc.dataDir, 'media', 'media', report.trees[0].id)).catch(async () => readdir(path.join(svc.dataDir, 'media', report.trees[0].id)));
    expect(files.length).to.equal(4);
  });

  it('restores again as other new trees, and a second import never touches the first', async () => {
    const again = await importZip(svc, restorer.token, zip);
    expect(again.status).to.equal(201);
    const ids = again.body.trees.map((t: { id: string }) => t.id);
    expect(ids).not.to.include.members(report.trees.map((t: { id: string }) => t.id));
    const first = await svc.storage.persons.listByTree(report.trees[0].id, {});
    const second = await svc.storage.persons.listByTree(ids[0], {});
    expect(second.map((p) => p.id)).not.to.include.members(first.map((p) => p.id));
    expect(first).to.have.length(3);
  });
});

describe('HTTP account export and import: dismissed duplicate pairs stay dismissed', function () {
  this.timeout(60_000);
  let svc: TestService;
  let owner: Awaited<ReturnType<typeof registerUser>>;
  let restorer: Awaited<ReturnType<typeof registerUser>>;
  const born = (given: string, surname: string, year: number) => ({ given_name: given, surname, birth: { date: { qualifier: 'exact', year } } });
  /** The finder's pairs of a tree, each as the two persons' given names (ids differ after a restore). */
  const pairs = async (token: string, tree: string): Promise<string[]> => {
    const call = jsonCall(svc, token);
    const res = await call('GET', `/trees/${tree}/duplicates`);
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    const label = async (id: string): Promise<string> => (await call('GET', `/persons/${id}`)).body.given_name;
    return Promise.all((res.body as { person_ids: string[] }[]).map(async (x) => (await Promise.all(x.person_ids.map(label))).sort().join('+')));
  };
  let tree: string;
  let zip: Buffer;

  before(async () => {
    svc = await startTestService();
    owner = await registerUser(svc, 'cleaner@example.org');
    restorer = await registerUser(svc, 'later@example.org');
    const call = jsonCall(svc, owner.token);
    tree = (await call('POST', '/trees', { name: 'Three cousins' })).body.id;
    const add = async (body: object) => {
      const r = await call('POST', `/trees/${tree}/persons`, body);
      expect(r.status, JSON.stringify(r.body)).to.equal(201);
      return r.body.id as string;
    };
    const anna = [await add(born('Anna', 'Huber', 1850)), await add(born('Anna', 'Huber', 1850))];
    await add(born('Karl', 'Weiss', 1860));
    await add(born('Karl', 'Weiss', 1860));
    // The finder pairs both look-alikes before anything is dismissed: leaving one out later means something.
    expect(await pairs(owner.token, tree)).to.have.members(['Anna+Anna', 'Karl+Karl']);
    expect((await call('POST', `/trees/${tree}/duplicates/dismiss`, { person_ids: anna })).status).to.equal(204);
    expect(await pairs(owner.token, tree)).to.deep.equal(['Karl+Karl']);
    const exported = await exportZip(svc, owner.token);
    expect(exported.status).to.equal(200);
    zip = exported.bytes;
  });
  after(async () => svc?.close());

  it('writes the pair under duplicate_dismissals, after the proposals', async () => {
    const text = (await unzip(zip)).get('account.json')!.toString('utf8');
    const t = JSON.parse(text).trees[0];
    expect(t.duplicate_dismissals).to.have.length(1);
    expect(t.duplicate_dismissals[0]).to.include({ tree_id: tree, dismissed_by: owner.id });
    expect(Object.keys(t).indexOf('duplicate_dismissals')).to.be.greaterThan(Object.keys(t).indexOf('proposals'));
  });

  it('restores the pair: the restored tree still leaves it out while the undismissed look-alikes are listed', async () => {
    const res = await importZip(svc, restorer.token, zip);
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    expect(res.body.counts).to.include({ persons: 4, duplicate_dismissals: 1 });
    expect(await pairs(restorer.token, res.body.trees[0].id)).to.deep.equal(['Karl+Karl']);
  });

  it('restores a backup written before dismissals were kept (no duplicate_dismissals array): nothing is dismissed', async () => {
    const entries = await unzip(zip);
    const doc = JSON.parse(entries.get('account.json')!.toString('utf8'));
    for (const t of doc.trees) delete t.duplicate_dismissals;
    const older = await zipOf([['account.json', JSON.stringify(doc)]]);
    const res = await importZip(svc, restorer.token, older);
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    expect(res.body.counts).to.include({ persons: 4, duplicate_dismissals: 0 });
    expect(await pairs(restorer.token, res.body.trees[0].id)).to.have.members(['Anna+Anna', 'Karl+Karl']);
  });
});

describe('HTTP account export when a read fails half way', function () {
  this.timeout(60_000);
  let svc: TestService;
  let failing = false;
  after(async () => svc?.close());

  it('breaks the download (never a zip that looks whole) and the service carries on', async () => {
    const store = memoryBlobStore();
    const blobs = {
      ...store,
      get: async (key: string, range?: { start: number; end: number }) => {
        const body = await store.get(key, range);
        if (body === null || !failing) return body;
        return (async function* () {
          yield new Uint8Array([0xff, 0xd8]);
          throw new Error('the store went away');
        })();
      },
    };
    svc = await startTestService({ storage: 'memory', blobs });
    const u = await registerUser(svc, 'fragile@example.org');
    const t = (await jsonCall(svc, u.token)('POST', '/trees', { name: 'Fragile' })).body.id as string;
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(JPEG.subarray(0, 70_000))]), 'a.jpg');
    expect((await fetch(`${svc.baseUrl}/api/v1/trees/${t}/media`, { method: 'POST', headers: { Authorization: `Bearer ${u.token}` }, body: form })).status).to.equal(201);
    expect((await importZip(svc, u.token, (await exportZip(svc, u.token)).bytes)).status, 'a healthy export restores').to.equal(201);
    failing = true;
    const broken = await exportZip(svc, u.token).then(
      async (r) => {
        const restored = await importZip(svc, u.token, r.bytes);
        return restored.status;
      },
      () => 'aborted',
    );
    expect(broken === 'aborted' || broken === 422, `the broken download restored as ${broken}`).to.equal(true);
    expect((await fetch(`${svc.baseUrl}/healthz`)).status).to.equal(200);
  });
});
