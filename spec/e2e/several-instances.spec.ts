import { randomBytes } from 'node:crypto';
import { openAsBlob } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { writeGedcomFile } from '../bench/generate-gedcom.js';
import { createDatabase, databaseUrl, dropDatabase } from '../support/database.js';
import { startS3rver, type RunningS3rver } from '../support/s3rver.js';
import { runScript, spawnServer, type ServerProcess, started } from './server-process.js';

// Several instances are the normal case: two service processes on one PostgreSQL and one object
// store, started at the same moment on an empty database, attacked at the seams (README "Running
// several instances"). Each instance is its own process, as in production.

type Answer = { readonly status: number; readonly body: any };

describe('several instances on one database and one object store (e2e)', function () {
  this.timeout(180_000);
  const name = `test_instances_${randomBytes(6).toString('hex')}`;
  let s3: RunningS3rver;
  let a: ServerProcess;
  let b: ServerProcess;
  let dirs: string[] = [];
  let url = '';
  let sharedTree = '';
  let sharedOwner = '';

  // Behind one trusted proxy (TRUST_PROXY=1), each test is a client address of its own, so that the
  // rate-limit test's bucket is its own.
  let client = '192.0.2.1';
  let env: (dir: string) => Record<string, string> = () => ({});
  const call = async (server: ServerProcess, method: string, p: string, token?: string, body?: unknown): Promise<Answer> => {
    const headers: Record<string, string> = { 'x-forwarded-for': client };
    if (token !== undefined) headers['authorization'] = `Bearer ${token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const r = await fetch(`${server.baseUrl}/api/v1${p}`, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    const text = await r.text();
    return { status: r.status, body: text === '' ? null : (JSON.parse(text) as unknown) };
  };

  before(async () => {
    await createDatabase(name); // empty: the instances migrate it themselves
    s3 = await startS3rver();
    url = databaseUrl(process.env['TEST_PG_ADMIN_URL']!, name);
    dirs = [await mkdtemp(path.join(tmpdir(), 'genealogy-a-')), await mkdtemp(path.join(tmpdir(), 'genealogy-b-'))];
    env = (dir: string) => ({
      DATABASE_URL: url, DATA_DIR: dir, AUTH_RATE_LIMIT: '3', TRUST_PROXY: '1', LOG_LEVEL: 'warn',
      S3_ENDPOINT: s3.endpoint, S3_ACCESS_KEY: 'S3RVER', S3_SECRET_KEY: 'S3RVER', S3_BUCKET: 'shared-media', S3_REGION: 'us-east-1',
    });
    // At the same moment on an empty database: before the migration lock, one of two died at start.
    [a, b] = await Promise.all([spawnServer(env(dirs[0]!)), spawnServer(env(dirs[1]!))]);
    await Promise.all([started(a), started(b)]);
  });
  after(async () => {
    for (const s of [a, b]) s?.child.kill('SIGTERM');
    await Promise.all([a?.exited(), b?.exited()]);
    await s3?.close().catch(() => undefined);
    await dropDatabase(name);
    for (const d of dirs) await rm(d, { recursive: true, force: true });
  });

  it('both came up on the database they migrated together, and answer /readyz', async () => {
    for (const s of [a, b]) expect((await fetch(`${s.baseUrl}/readyz`)).status).to.equal(200);
  });

  /**
   * How long until `server` answers `token` with 401 (polling every 5 ms; Infinity past 500 ms). Each
   * instance keeps the sessions it has read and forgets one when PostgreSQL's notice of the change
   * arrives (README "Running several instances"): within milliseconds of the commit.
   */
  const untilRefused = async (server: ServerProcess, token: string): Promise<number> => {
    const start = performance.now();
    while (performance.now() - start < 500) {
      if ((await call(server, 'GET', '/users/me', token)).status === 401) return performance.now() - start;
      await new Promise((r) => setTimeout(r, 5));
    }
    return Infinity;
  };

  it('a session made on one works on the other; logout on one ends it on both', async () => {
    const reg = await call(a, 'POST', '/auth/register', undefined, { email: 'shared@example.org', password: 'correct horse battery' });
    expect(reg.status).to.equal(201);
    // Both read it (and keep it).
    for (const s of [a, b, a, b]) expect((await call(s, 'GET', '/users/me', reg.body.token)).status).to.equal(200);
    expect((await call(b, 'POST', '/auth/logout', reg.body.token)).status).to.equal(204);
    expect((await call(b, 'GET', '/users/me', reg.body.token)).status, 'at once on the instance that made the change').to.equal(401);
    expect(await untilRefused(a, reg.body.token), 'on the other, once the notice arrives').to.be.below(500);
  });

  it('rate limits count across both: 3 bad logins on A and B together, the 4th is 429', async () => {
    client = '192.0.2.2';
    // The limiter counts in fixed minutes: start the four attempts well inside one.
    const intoMinute = Date.now() % 60_000;
    if (intoMinute > 50_000) await new Promise((r) => setTimeout(r, 60_000 - intoMinute + 100));
    const statuses = [];
    for (const s of [a, b, a, b]) statuses.push((await call(s, 'POST', '/auth/login', undefined, { email: 'shared@example.org', password: 'wrong password' })).status);
    expect(statuses).to.deep.equal([401, 401, 401, 429]);
  });

  it('a media file uploaded through one streams from the other, byte for byte; a GEDCOM import on one while the other answers reads', async () => {
    client = '192.0.2.3';
    const owner = await call(a, 'POST', '/auth/register', undefined, { email: 'owner@example.org', password: 'correct horse battery' });
    const token = owner.body.token as string;
    const tree = await call(b, 'POST', '/trees', token, { name: 'Shared' });
    expect(tree.status).to.equal(201);
    sharedTree = tree.body.id;
    sharedOwner = token;
    const bytes = randomBytes(3 * 1024 * 1024);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)]), 'scan.bin');
    const up = await fetch(`${a.baseUrl}/api/v1/trees/${tree.body.id}/media`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': client }, body: form });
    expect(up.status).to.equal(201);
    const media = (await up.json()) as { id: string };
    const down = await fetch(`${b.baseUrl}/api/v1/media/${media.id}/content`, { headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': client } });
    expect(down.status).to.equal(200);
    expect(Buffer.from(await down.arrayBuffer()).equals(bytes)).to.equal(true);

    const file = path.join(dirs[0]!, 'import.ged');
    await writeGedcomFile(file, { persons: 20_000, seed: 25 });
    const gedcom = new FormData();
    gedcom.append('file', await openAsBlob(file), 'import.ged');
    const importing = fetch(`${a.baseUrl}/api/v1/trees/${tree.body.id}/gedcom/import`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': client }, body: gedcom });
    let done = false;
    void importing.finally(() => (done = true));
    const reads: number[] = [];
    while (!done) {
      reads.push((await call(b, 'GET', `/trees/${tree.body.id}/persons?limit=20`, token)).status, (await fetch(`${b.baseUrl}/readyz`)).status);
    }
    const imported = await importing;
    expect(imported.status, await imported.clone().text()).to.equal(200);
    expect(((await imported.json()) as { persons: { created: number } }).persons.created).to.equal(20_000);
    expect(reads.length).to.be.greaterThan(2);
    expect([...new Set(reads)]).to.deep.equal([200]);
  });

  it('an account deleted through one is gone for both', async () => {
    client = '192.0.2.4';
    const u = await call(b, 'POST', '/auth/register', undefined, { email: 'leaving@example.org', password: 'correct horse battery' });
    const other = await call(a, 'POST', '/auth/login', undefined, { email: 'leaving@example.org', password: 'correct horse battery' });
    expect(other.status).to.equal(200);
    for (const s of [b, b]) expect((await call(s, 'GET', '/users/me', other.body.token)).status).to.equal(200);
    expect((await call(a, 'DELETE', '/users/me', u.body.token, { email: 'leaving@example.org' })).status).to.equal(204);
    expect(await untilRefused(b, other.body.token)).to.be.below(500);
    expect((await call(b, 'POST', '/auth/login', undefined, { email: 'leaving@example.org', password: 'correct horse battery' })).status).to.equal(401);
  });

  it('exactly one purge removes a deleted tree when two workers try at the same moment', async () => {
    client = '192.0.2.5';
    // The tree of 20,000 persons and a media file, deleted: the purge has something to take its time over.
    expect((await call(a, 'DELETE', `/trees/${sharedTree}`, sharedOwner)).status).to.equal(204);
    const worker = (dir: string) => runScript('bootstrap/worker.ts', ['--once'], { ...env(dir), PURGE_AFTER_DAYS: '0', LOG_LEVEL: 'warn' });
    const runs = await Promise.all([worker(dirs[0]!), worker(dirs[1]!)]);
    const results = runs.map((r) => {
      expect(r.code, r.stderr).to.equal(0);
      return JSON.parse(r.stdout.trim().split('\n').pop()!) as { ran: boolean; trees?: number; persons?: number };
    });
    // One removed the tree; the other either found the lock held (ran: false) or came after it and found nothing.
    const removing = results.filter((r) => r.ran && (r.trees ?? 0) > 0);
    expect(removing, JSON.stringify(results)).to.have.length(1);
    expect(removing[0]!.trees).to.equal(1);
    const other = results.find((r) => r !== removing[0])!;
    expect(other.ran === false || (other.trees === 0 && other.persons === 0), JSON.stringify(results)).to.equal(true);
    // Gone for both instances.
    for (const s of [a, b]) expect((await call(s, 'GET', `/trees/${sharedTree}`, sharedOwner)).status).to.equal(404);
  });
});
