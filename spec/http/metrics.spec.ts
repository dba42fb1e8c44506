import { expect } from 'chai';
import { AsyncResource } from 'node:async_hooks';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { memoryStorage } from '../../adapters/memory/storage.js';
import { memoryMailer } from '../../adapters/memory/mailer.js';
import { memoryBlobStore } from '../../adapters/memory/blob-store.js';
import { scryptPasswordHasher } from '../../adapters/crypto/scrypt-password-hasher.js';
import { createMetrics, startMetricsListener, type ServiceMetrics } from '../../adapters/http/metrics.js';
import { initOrm, storageOnOrm } from '../../adapters/postgres/index.js';
import { poolUse } from '../../adapters/postgres/pool-use.js';
import { ANALYSES_AT_ONCE, composeApp, LONG_WRITES_AT_ONCE } from '../../bootstrap/compose.js';
import { gate } from '../../adapters/gate.js';
import { ONE_PER_TWO_CORES } from '../../adapters/http/spool.js';
import { SEARCHES_AT_ONCE } from '../../adapters/postgres/person-list-json.js';
import { loadConfig } from '../../bootstrap/config.js';
import { freePort } from '../../bootstrap/embedded-postgres.js';
import { schedulePurge } from '../../bootstrap/purge-schedule.js';
import { createApiClient } from '../../client/index.js';
import type { Storage } from '../../core/stores.js';
import { E } from '../../core/kernel/either.js';
import { freshDatabaseUrl } from '../support/database.js';
import { importGedcomFile, TINY_GEDCOM } from '../support/gedcom.js';

// Prometheus metrics on a listener of their own (METRICS_PORT), never on the API port. Labels are
// route templates, so ids never become label values.

type Running = {
  readonly api: string;
  readonly metricsUrl: string;
  readonly metrics: ServiceMetrics;
  readonly scrape: () => Promise<string>;
  readonly close: () => Promise<void>;
};

const start = async (storage: Storage = memoryStorage(), metrics = createMetrics()): Promise<Running> => {
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'genealogy-metrics-'));
  const config = loadConfig({ AUTH_RATE_LIMIT: '0', LOG_LEVEL: 'silent', BASE_URL: `http://127.0.0.1:${port}`, DATA_DIR: dataDir });
  const { app } = composeApp(config, storage, pino({ level: 'silent' }), { hasher: scryptPasswordHasher(4), mailer: memoryMailer(), blobs: memoryBlobStore(), metrics, validateResponses: true });
  const server: Server = app.listen(port, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const listener = await startMetricsListener(metrics, { host: '127.0.0.1', port: 0 });
  const metricsUrl = `http://127.0.0.1:${listener.port}/metrics`;
  return {
    api: `http://127.0.0.1:${port}`,
    metricsUrl,
    metrics,
    scrape: async () => (await fetch(metricsUrl)).text(),
    close: async () => {
      await listener.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await storage.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
};

/** The value of one sample line (`name{labels} value`), or undefined. */
const sample = (text: string, name: string, labels: Readonly<Record<string, string>> = {}): number | undefined => {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (!Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`))) continue;
    return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return undefined;
};

describe('metrics', () => {
  let svc: Running;
  before(async () => {
    svc = await start();
  });
  after(async () => svc.close());

  it('counts requests and their duration by route template and status, never by raw path', async () => {
    const c = createApiClient(svc.api);
    const reg = await c.POST('/auth/register', { body: { email: 'metrics@example.org', password: 'correct horse' } });
    const token = reg.data!.token;
    const tree = await createApiClient(svc.api, { token }).POST('/trees', { body: { name: 'Metrics tree', visibility: 'private' } });
    const id = tree.data!.id;
    for (let i = 0; i < 3; i++) expect((await createApiClient(svc.api, { token }).GET('/trees/{id}', { params: { path: { id } } })).response.status).to.equal(200);
    expect((await fetch(`${svc.api}/api/v1/trees/${id}`)).status).to.equal(401);
    expect((await fetch(`${svc.api}/api/v1/no-such/${id}`)).status).to.equal(404);
    const text = await svc.scrape();
    expect(sample(text, 'http_requests_total', { method: 'GET', route: '/api/v1/trees/{id}', status: '200' })).to.equal(3);
    expect(sample(text, 'http_requests_total', { method: 'GET', route: '/api/v1/trees/{id}', status: '401' })).to.equal(1);
    expect(sample(text, 'http_requests_total', { method: 'POST', route: '/api/v1/auth/register', status: '201' })).to.equal(1);
    expect(sample(text, 'http_requests_total', { route: 'unmatched', status: '404' })).to.equal(1);
    expect(sample(text, 'http_request_duration_seconds_count', { method: 'GET', route: '/api/v1/trees/{id}', status: '200' })).to.equal(3);
    expect(text).not.to.include(id);
  });

  it('is not served on the API port', async () => {
    expect((await fetch(`${svc.api}/metrics`)).status).to.equal(404);
    expect((await fetch(svc.metricsUrl)).headers.get('content-type')).to.match(/^text\/plain/);
    expect((await fetch(svc.metricsUrl.replace('/metrics', '/api/v1/openapi.json'))).status).to.equal(404);
  });

  it('counts GEDCOM imports by outcome', async () => {
    const reg = await createApiClient(svc.api).POST('/auth/register', { body: { email: 'metrics-ged@example.org', password: 'correct horse' } });
    const c = createApiClient(svc.api, { token: reg.data!.token });
    const tree = await c.POST('/trees', { body: { name: 'Imports', visibility: 'private' } });
    expect((await importGedcomFile(c, tree.data!.id, TINY_GEDCOM)).response.status).to.equal(200);
    expect((await importGedcomFile(c, tree.data!.id, TINY_GEDCOM, { resolutions: 'not an object' })).response.status).to.equal(422);
    const text = await svc.scrape();
    expect(sample(text, 'gedcom_imports_total', { outcome: 'imported' })).to.equal(1);
    expect(sample(text, 'gedcom_imports_total', { outcome: 'rejected' })).to.equal(1);
  });

  it('counts purge runs, and embedded database restarts through its increment function', async () => {
    const storage = memoryStorage();
    const schedule = schedulePurge({ storage, clock: { now: () => new Date() }, purgeAfterDays: 30, blobs: memoryBlobStore() }, pino({ level: 'silent' }), 3_600_000, svc.metrics);
    await schedule.stop();
    svc.metrics.embeddedDbRestart();
    const text = await svc.scrape();
    expect(sample(text, 'purge_runs_total', { outcome: 'ran' })).to.equal(1);
    expect(sample(text, 'embedded_db_restarts_total')).to.equal(1);
  });

  it('counts the tries of conditional changes rolled back because the tree changed meanwhile, and those given up (412)', async () => {
    // Another client's change of another person of the tree, committed before each try while `busy`.
    let busy = 0;
    let other = '';
    const real = memoryStorage();
    const unguarded = AsyncResource.bind(<A>(f: () => Promise<A>): Promise<A> => f());
    const storage: Storage = {
      ...real,
      conditionally: (on, work) => real.conditionally(on, async () => {
        if (busy > 0) {
          busy -= 1;
          await unguarded(async () => {
            const o = await real.persons.byId(other);
            await real.uow.run(async (s) => {
              await s.persons.update({ ...o!, notes: `meanwhile ${busy}` });
              return E.right(undefined);
            });
          });
        }
        return work();
      }),
    };
    const counted = await start(storage);
    try {
      const reg = await createApiClient(counted.api).POST('/auth/register', { body: { email: 'metrics-if-match@example.org', password: 'correct horse' } });
      const c = createApiClient(counted.api, { token: reg.data!.token });
      const tree = (await c.POST('/trees', { body: { name: 'Busy' } })).data!.id;
      const person = (await c.POST('/trees/{id}/persons', { params: { path: { id: tree } }, body: { given_name: 'Kept' } })).data!.id;
      other = (await c.POST('/trees/{id}/persons', { params: { path: { id: tree } }, body: { given_name: 'Other' } })).data!.id;
      const change = async (notes: string) => {
        const read = await c.GET('/persons/{id}', { params: { path: { id: person } } });
        expect(read.response.status).to.equal(200);
        return (await c.PATCH('/persons/{id}', { params: { path: { id: person } }, body: { notes }, headers: { 'If-Match': read.response.headers.get('etag')! } })).response.status;
      };
      expect(await change('quiet')).to.equal(200);
      let text = await counted.scrape();
      expect(sample(text, 'conditional_change_rollbacks_total')).to.equal(0);
      expect(sample(text, 'conditional_changes_moved_total')).to.equal(0);
      busy = 2; // two tries rolled back, the third commits
      expect(await change('after two')).to.equal(200);
      busy = 5; // every try rolled back: 412
      expect(await change('never')).to.equal(412);
      text = await counted.scrape();
      expect(sample(text, 'conditional_change_rollbacks_total')).to.equal(7);
      expect(sample(text, 'conditional_changes_moved_total')).to.equal(1);
    } finally {
      await counted.close();
    }
  });

  it('reports the slots of each gate of the service (work that takes turns), how many hold one and how many wait', async () => {
    const text = await svc.scrape();
    for (const [name, slots] of [['name_searches', SEARCHES_AT_ONCE], ['gedcom_streams', ONE_PER_TWO_CORES], ['long_writes', LONG_WRITES_AT_ONCE], ['tree_analyses', ANALYSES_AT_ONCE]] as const) {
      expect(sample(text, 'gate_slots', { gate: name }), name).to.equal(slots);
      // The searches' and the streams' gates are the process's (every service of a spec run shares
      // them); this service's own hold nothing yet.
      const own = name === 'long_writes' || name === 'tree_analyses';
      if (own) expect([sample(text, 'gate_held', { gate: name }), sample(text, 'gate_waiting', { gate: name })], name).to.deep.equal([0, 0]);
      else expect(sample(text, 'gate_held', { gate: name }), name).to.be.within(0, slots);
    }
    // A gate of two, held by two callers, a third waiting: read at each scrape, not at registration.
    const metrics = createMetrics();
    const two = gate(2);
    metrics.gateSource('two', two);
    const read = async (name: string) => sample(await metrics.registry.metrics(), name, { gate: 'two' });
    const first = await two.enter();
    const second = await two.enter();
    const third = two.enter();
    expect([await read('gate_slots'), await read('gate_held'), await read('gate_waiting')]).to.deep.equal([2, 2, 1]);
    first();
    const thirdLeaves = await third;
    expect([await read('gate_held'), await read('gate_waiting')]).to.deep.equal([2, 0]);
    second();
    thirdLeaves();
    expect([await read('gate_held'), await read('gate_waiting')]).to.deep.equal([0, 0]);
  });

  it('keeps a registry per service: two services in one process count apart', async () => {
    const other = await start();
    try {
      expect((await fetch(`${other.api}/healthz`)).status).to.equal(200);
      expect(sample(await other.scrape(), 'http_requests_total', { route: '/healthz' })).to.equal(1);
      expect(sample(await other.scrape(), 'embedded_db_restarts_total')).to.equal(0);
    } finally {
      await other.close();
    }
  });
});

describe('metrics of the database pool (PostgreSQL)', () => {
  it('reports used, free and pending connections and the pool size', async () => {
    const orm = await initOrm(await freshDatabaseUrl(), { poolMax: 4 });
    const metrics = createMetrics();
    metrics.poolSource(poolUse(orm));
    const svc = await start(storageOnOrm(orm), metrics);
    try {
      expect((await fetch(`${svc.api}/readyz`)).status).to.equal(200);
      const text = await svc.scrape();
      expect(sample(text, 'db_pool_connections', { state: 'used' })).to.equal(0);
      expect(sample(text, 'db_pool_connections', { state: 'free' })).to.be.at.least(1);
      expect(sample(text, 'db_pool_connections', { state: 'pending' })).to.equal(0);
      expect(sample(text, 'db_pool_max_connections')).to.equal(4);
    } finally {
      await svc.close();
    }
  });
});

describe('metrics listener', () => {
  it('binds loopback by default and serves only /metrics', async () => {
    const config = loadConfig({ METRICS_PORT: '9464' });
    expect(config.metrics).to.deep.equal({ host: '127.0.0.1', port: 9464 });
    expect(loadConfig({}).metrics).to.equal(null);
    const listener = await startMetricsListener(createMetrics(), { host: config.metrics!.host, port: 0 });
    try {
      expect((listener.address as AddressInfo).address).to.equal('127.0.0.1');
      expect((await fetch(`http://127.0.0.1:${listener.port}/`)).status).to.equal(404);
      expect((await fetch(`http://127.0.0.1:${listener.port}/metrics`, { method: 'POST' })).status).to.equal(405);
    } finally {
      await listener.close();
    }
  });

  for (const [name, env] of [
    ['METRICS_PORT', { METRICS_PORT: '70000' }],
    ['METRICS_PORT', { METRICS_PORT: 'abc' }],
    ['METRICS_PORT', { METRICS_PORT: '8080' }],
    ['METRICS_HOST', { METRICS_PORT: '9464', METRICS_HOST: 'not a host!' }],
  ] as const)
    it(`stops with a message naming ${name} for ${JSON.stringify(env)}`, () => {
      expect(() => loadConfig(env)).to.throw(new RegExp(`\\b${name}\\b`));
    });

  it('reads METRICS_HOST', () => {
    expect(loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' }).metrics).to.deep.equal({ host: '0.0.0.0', port: 9464 });
  });
});
