import { expect } from 'chai';
import { initOrm } from '../../adapters/postgres/orm.js';
import { storageOnOrm } from '../../adapters/postgres/storage.js';
import { readReplica, REPLICA_RETRY_MS, type FallbackReason } from '../../adapters/postgres/read-replica.js';
import { freePort } from '../../bootstrap/embedded-postgres.js';
import { allRoutes } from '../../adapters/http/routes/index.js';
import { lagScopeOf } from '../../adapters/http/read-routing.js';
import { JSON_STREAM_PAGE } from '../../adapters/http/routes/json-pages.js';
import { importGedcomFile } from '../support/gedcom.js';
import { rawCaller } from '../support/raw-call.js';
import { registerUser, startTestService, type TestService } from '../support/service.js';

// Issue 25, "A read replica": which requests read where. The replica here is a second pool on the
// same database, so that each statement it answered is seen (`onRead`) and nothing else differs;
// spec/e2e/read-replica.spec.ts runs a real streaming replica with replay paused and killed.
// A replica on a port where nothing listens shows the fallback: the read is answered all the same.

type User = Awaited<ReturnType<typeof registerUser>>;

const gedcom = (n: number): string =>
  [
    '0 HEAD', '1 GEDC', '2 VERS 5.5.1', '1 CHAR UTF-8',
    ...Array.from({ length: n }, (_, i) => [`0 @I${i}@ INDI`, `1 NAME Old${i} /Lagman/`, '1 BIRT', '2 DATE 1801', '1 DEAT', '2 DATE 1870']).flat(),
    '0 TRLR', '',
  ].join('\n');

const PERSONS = JSON_STREAM_PAGE + 120;

describe('read replica routing (HTTP, a second pool as the replica)', function () {
  this.timeout(120_000);
  let svc: TestService;
  let owner: User;
  let stranger: User;
  let loner: User;
  let treeId: string;
  let personId: string;
  const onReplica: string[] = [];
  const fallbacks: FallbackReason[] = [];
  const call = rawCaller(() => svc.baseUrl);

  before(async () => {
    svc = await startTestService({
      storageOn: async (url) => storageOnOrm(await initOrm(url), {}, readReplica(await initOrm(url, { failFast: true }), { onRead: (sql) => onReplica.push(sql), onFallback: (r) => fallbacks.push(r) })),
    });
    owner = await registerUser(svc, 'owner@example.org');
    stranger = await registerUser(svc, 'stranger@example.org');
    loner = await registerUser(svc, 'loner@example.org');
    // The stranger has a tree of their own; the loner has none.
    expect((await call('POST', '/trees', stranger.token, { name: 'Elsewhere' })).status).to.equal(201);
    const tree = await call('POST', '/trees', owner.token, { name: 'Lagged', visibility: 'public' });
    treeId = tree.body.id;
    // More than a streamed page: the whole list pulls its second page after the handler returned.
    const imported = await importGedcomFile(svc.client(owner.token), treeId, gedcom(PERSONS));
    expect(imported.response.status).to.equal(200);
    personId = (await call('GET', `/trees/${treeId}/persons?limit=1`, owner.token)).body[0].id;
  });
  after(async () => svc?.close());

  /** The statements the replica answered while `work` ran. */
  const replicaReads = async (work: () => Promise<unknown>): Promise<number> => {
    const before = onReplica.length;
    await work();
    return onReplica.length - before;
  };

  it('an anonymous read of the public surface and its whole streamed list are read on the replica, every page of it', async () => {
    const one = await replicaReads(async () => expect((await call('GET', `/public/persons/${personId}`)).status).to.equal(200));
    expect(one).to.be.greaterThan(0);
    let rows = 0;
    const whole = await replicaReads(async () => {
      const r = await call('GET', `/public/trees/${treeId}/persons`);
      expect(r.status).to.equal(200);
      rows = r.body.length;
    });
    expect(rows).to.equal(PERSONS);
    // The second page's statements ran in the stream's later pulls: on the replica too (each page
    // one statement writing its JSON, PersonRepository.listJson).
    const pages = onReplica.slice(-whole).filter((sql) => sql.includes('persons.listJson')).length;
    expect(pages).to.equal(2);
  });

  it('the owner reads the primary: the tree, its person, its whole list, a search', async () => {
    for (const p of [`/trees/${treeId}`, `/persons/${personId}`, `/trees/${treeId}/persons`, `/trees/${treeId}/persons?q=Lagmann`, `/public/persons/${personId}`]) {
      const n = await replicaReads(async () => expect((await call('GET', p, owner.token)).status, p).to.equal(200));
      expect(n, p).to.equal(0);
    }
  });

  it('a signed-in non-member reads a tree they are not in on the replica; records whose tree the path does not name, only when they are in no tree', async () => {
    for (const u of [stranger, loner]) {
      const n = await replicaReads(async () => expect((await call('GET', `/trees/${treeId}/persons?q=Lagman&limit=5`, u.token)).status).to.equal(200));
      expect(n, u.email).to.be.greaterThan(0);
    }
    const lonerRecord = await replicaReads(async () => expect((await call('GET', `/persons/${personId}`, loner.token)).status).to.equal(200));
    expect(lonerRecord).to.be.greaterThan(0);
    const strangerRecord = await replicaReads(async () => expect((await call('GET', `/persons/${personId}`, stranger.token)).status).to.equal(200));
    expect(strangerRecord).to.equal(0);
  });

  it('writes, and reads of one\'s own account, never touch the replica', async () => {
    const n = await replicaReads(async () => {
      expect((await call('PATCH', `/persons/${personId}`, owner.token, { notes: 'written' })).status).to.equal(200);
      expect((await call('GET', '/users/me', loner.token)).status).to.equal(200);
      expect((await call('GET', '/trees', loner.token)).status).to.equal(200);
    });
    expect(n).to.equal(0);
  });

  it('/readyz names the replica', async () => {
    const r = await fetch(`${svc.baseUrl}/readyz`);
    expect(r.status).to.equal(200);
    expect(await r.json()).to.deep.equal({ status: 'ready', read_replica: 'ok' });
  });
});

describe('read replica that does not answer (HTTP)', function () {
  this.timeout(60_000);
  let svc: TestService;
  let now = 0;
  const fallbacks: FallbackReason[] = [];
  const call = rawCaller(() => svc.baseUrl);

  before(async () => {
    const nowhere = `postgres://postgres:x@127.0.0.1:${await freePort()}/none`;
    svc = await startTestService({
      storageOn: async (url) => storageOnOrm(await initOrm(url), {}, readReplica(await initOrm(nowhere, { failFast: true }), { onFallback: (r) => fallbacks.push(r), now: () => now })),
    });
  });
  after(async () => svc?.close());

  it('every read is answered by the primary: the first that meets the dead replica, then the ones that leave it alone until the retry', async () => {
    const owner = await registerUser(svc, 'owner@example.org');
    const tree = await call('POST', '/trees', owner.token, { name: 'Shown', visibility: 'public' });
    expect(tree.status).to.equal(201);
    const first = await call('GET', `/public/trees/${tree.body.id}`);
    expect(first.status).to.equal(200);
    expect(first.body.name).to.equal('Shown');
    expect(fallbacks[0]).to.equal('failed');
    const failedOnce = fallbacks.filter((r) => r === 'failed').length;
    for (let i = 0; i < 5; i++) expect((await call('GET', `/public/trees/${tree.body.id}`)).status).to.equal(200);
    // Left alone: no new connection attempts, every read counted as `unavailable`.
    expect(fallbacks.filter((r) => r === 'failed').length).to.equal(failedOnce);
    expect(fallbacks.filter((r) => r === 'unavailable').length).to.be.greaterThan(0);
    // After the retry interval one read tries it again (and fails again).
    now += REPLICA_RETRY_MS;
    expect((await call('GET', `/public/trees/${tree.body.id}`)).status).to.equal(200);
    expect(fallbacks.filter((r) => r === 'failed').length).to.be.greaterThan(failedOnce);
  });

  it('/readyz stays 200 and says the replica is unavailable and reads come from the primary', async () => {
    const r = await fetch(`${svc.baseUrl}/readyz`);
    expect(r.status).to.equal(200);
    expect(await r.json()).to.deep.equal({ status: 'ready', read_replica: 'unavailable', reads_from: 'primary' });
  });
});

describe('which routes may read a lagging replica (the route table)', () => {
  const scopes = new Map(allRoutes().map((r) => [`${r.method.toUpperCase()} ${r.path}`, lagScopeOf(r.method, r.path)]));

  it('no write, and no read of an account, the instance or one\'s own list of trees', () => {
    for (const [op, scope] of scopes) {
      if (!op.startsWith('GET ') || /^GET \/(users|admin|auth)\b/.test(op) || op === 'GET /trees') expect(scope, op).to.equal(null);
    }
  });

  it('every read of a tree\'s records and of the public surface: by the tree its path names, or by record', () => {
    for (const [op, scope] of scopes) {
      if (/^GET \/(public\/)?trees\/\{id\}/.test(op)) expect(scope, op).to.equal('tree');
      else if (/^GET \/(public\/(persons|trees)|persons|events|relationships|sources|citations|media)\b/.test(op)) expect(scope, op).to.equal('record');
    }
    // The table holds them: a renamed path would leave these loops with nothing to check.
    expect(scopes.get('GET /public/persons/{id}')).to.equal('record');
    expect(scopes.get('GET /trees/{id}/relationship')).to.equal('tree');
    expect([...scopes.values()].filter((s) => s !== null).length).to.be.greaterThan(30);
  });
});
