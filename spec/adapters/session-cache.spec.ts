import { expect } from 'chai';
import net from 'node:net';
import pg from 'pg';
import { SessionCache, LISTENER_NAME } from '../../adapters/postgres/session-cache.js';
import { createPostgresStorage, keepSessions, storageOnOrm } from '../../adapters/postgres/storage.js';
import { initOrm } from '../../adapters/postgres/orm.js';
import { authenticate } from '../../core/identity/queries/authenticate.js';
import { hashToken } from '../../core/identity/tokens.js';
import { systemClock } from '../../core/kernel/clock.js';
import { ok } from '../../core/kernel/either.js';
import { newId, type Id } from '../../core/kernel/ids.js';
import type { Storage } from '../../core/stores.js';
import { dropDatabase, freshDatabaseUrl } from '../support/database.js';

// Sessions kept in the process (adapters/postgres/session-cache.ts): a kept session answers without
// a statement, and a change made anywhere (this instance, another instance on the same database)
// ends it: at once on the instance that made it, on the notice elsewhere; while the notices'
// connection is down or does not answer, nothing is served from the cache.

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A user and a session of theirs, written through `on`; the session's token. */
const signIn = async (on: Storage, email: string): Promise<{ token: string; userId: Id; sessionId: Id }> => {
  const userId = newId();
  const sessionId = newId();
  const token = `token-${newId()}`;
  const now = new Date();
  await on.uow.run(async (s) => {
    await s.users.insert({ id: userId, email, passwordHash: 'x', emailVerifiedAt: null, selfPersonId: null, createdAt: now, deletedAt: null });
    await s.sessions.insert({ id: sessionId, userId, tokenHash: hashToken(token), createdAt: now, expiresAt: new Date(now.getTime() + 3_600_000), revokedAt: null });
    return ok(undefined);
  });
  return { token, userId, sessionId };
};

describe('SessionCache (in the process)', () => {
  type V = { readonly user: string; readonly n: number };
  const userOf = (v: V) => v.user;
  let clock = 0;
  const cache = (o: { max?: number } = {}) => {
    const c = new SessionCache<V>({ now: () => clock, ttlMs: 1000, settleMs: 100, ...o });
    c.setLive(true);
    return c;
  };
  beforeEach(() => (clock = 1_000_000));

  it('keeps what it loaded and answers it without loading again, until its time is up', async () => {
    const c = cache();
    let loads = 0;
    const load = async () => ({ user: 'u', n: ++loads });
    expect(await c.read('k', load, userOf)).to.deep.equal({ user: 'u', n: 1 });
    expect(await c.read('k', load, userOf)).to.deep.equal({ user: 'u', n: 1 });
    expect(loads).to.equal(1);
    clock += 1001;
    expect(await c.read('k', load, userOf)).to.deep.equal({ user: 'u', n: 2 });
  });

  it('keeps nothing and serves nothing while not live, and keeps no null', async () => {
    const c = cache();
    let loads = 0;
    const load = async () => ({ user: 'u', n: ++loads });
    await c.read('k', load, userOf);
    c.setLive(false);
    await c.read('k', load, userOf);
    await c.read('k', load, userOf);
    expect(loads).to.equal(3);
    c.setLive(true);
    expect(await c.read('gone', async () => null, userOf)).to.equal(null);
    expect(c.size).to.equal(0);
  });

  it('forgets a user\'s every key, and only theirs', async () => {
    const c = cache();
    await c.read('a1', async () => ({ user: 'a', n: 1 }), userOf);
    await c.read('a2', async () => ({ user: 'a', n: 2 }), userOf);
    await c.read('b1', async () => ({ user: 'b', n: 3 }), userOf);
    expect(c.size).to.equal(3);
    c.forget('a');
    expect(c.size).to.equal(1);
    expect(await c.read('b1', async () => ({ user: 'b', n: 99 }), userOf)).to.deep.equal({ user: 'b', n: 3 });
  });

  it('does not keep a read that a change (or a change of liveness) overtook, but answers it', async () => {
    const c = cache();
    let release!: () => void;
    const slow = c.read('k', () => new Promise<V>((r) => (release = () => r({ user: 'u', n: 1 }))), userOf);
    c.forget('someone else');
    release();
    expect(await slow).to.deep.equal({ user: 'u', n: 1 });
    expect(c.size).to.equal(0);
    const again = c.read('k', () => new Promise<V>((r) => (release = () => r({ user: 'u', n: 2 }))), userOf);
    c.setLive(true);
    release();
    await again;
    expect(c.size).to.equal(0);
  });

  it('after a change made here, keeps nothing of that user for settleMs (a read before the commit would be stale)', async () => {
    const c = cache();
    c.changed('u');
    await c.read('k', async () => ({ user: 'u', n: 1 }), userOf);
    await c.read('other', async () => ({ user: 'v', n: 1 }), userOf);
    expect(c.size).to.equal(1);
    clock += 101;
    await c.read('k', async () => ({ user: 'u', n: 2 }), userOf);
    expect(c.size).to.equal(2);
  });

  it('holds at most max entries, the oldest going first', async () => {
    const c = cache({ max: 2 });
    for (const k of ['a', 'b', 'c']) await c.read(k, async () => ({ user: k, n: 0 }), userOf);
    expect(c.size).to.equal(2);
    let loads = 0;
    await c.read('a', async () => ({ user: 'a', n: ++loads }), userOf);
    await c.read('c', async () => ({ user: 'c', n: ++loads }), userOf);
    expect(loads).to.equal(1);
  });
});

describe('sessions kept by two instances on one database (PostgreSQL notices)', function () {
  this.timeout(60_000);
  let url: string;
  let a: Storage;
  let b: Storage;
  const sentByB: string[] = [];
  const seenByB: string[] = [];
  const downsOfB: string[] = [];
  const identity = { requireEmailVerification: false };
  const clock = systemClock;

  before(async () => {
    url = await freshDatabaseUrl();
    a = await createPostgresStorage(url, { keepSessions: true });
    const kept = await keepSessions(url, { onNotice: (payload) => void seenByB.push(payload), onDown: (err) => void downsOfB.push(String(err)) });
    b = storageOnOrm(await initOrm(url), { onQuery: (sql) => void sentByB.push(sql) }, undefined, kept);
  });
  afterEach(() => expect(downsOfB, "B's notices connection stayed up").to.deep.equal([]));
  // Notices of an earlier change (a test before, or a step before) still on their way to B would end
  // what B keeps in the middle of the next step: B uses a read begun before a notice but does not keep
  // it. Notices reach a listener in the order their transactions committed, so once B has seen a marker
  // committed now, every notice committed before it has been acted on.
  /** One statement on a connection of its own (none of A's or B's), committed when it returns. */
  const sqlAlone = async (text: string, values: readonly unknown[]): Promise<void> => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      await c.query(text, [...values]);
    } finally {
      await c.end();
    }
  };
  const settled = async (): Promise<void> => {
    const marker = `probe:spec-${newId()}`;
    await sqlAlone("select pg_notify('session_changes', $1)", [marker]);
    const start = performance.now();
    while (!seenByB.includes(marker)) {
      if (performance.now() - start > 5000) throw new Error('B did not see the marker notice within 5 s');
      await sleep(2);
    }
  };
  beforeEach(settled);
  after(async () => {
    await a?.close();
    await b?.close();
    await dropDatabase(new URL(url).pathname.slice(1));
  });

  const on = (s: Storage) => authenticate({ storage: s, clock, identity });
  /** Statements B sends while authenticating `token` once. */
  const bReads = async (token: string) => {
    sentByB.length = 0;
    const who = await on(b)(token, '127.0.0.1');
    return { who, statements: sentByB.length };
  };
  /** How long until B refuses `token` (polling every 2 ms), or Infinity past 2 s. */
  const untilRefused = async (token: string): Promise<number> => {
    const start = performance.now();
    while (performance.now() - start < 2000) {
      if ((await on(b)(token, '127.0.0.1')) === null) return performance.now() - start;
      await sleep(2);
    }
    return Infinity;
  };

  it('B answers a session it read once without a statement', async () => {
    const { token, userId } = await signIn(a, 'kept@example.org');
    const first = await bReads(token);
    expect(first.who?.account.userId).to.equal(userId);
    expect(first.statements).to.equal(1);
    const second = await bReads(token);
    expect(second.who?.account.userId).to.equal(userId);
    expect(second.statements).to.equal(0);
  });

  it('a session revoked on A is refused by B once the notice arrives (within milliseconds)', async () => {
    const { token, sessionId } = await signIn(a, 'revoked@example.org');
    await bReads(token);
    expect((await bReads(token)).statements, 'B keeps it').to.equal(0);
    await a.uow.run(async (s) => ok(await s.sessions.revoke(sessionId, new Date())));
    const ms = await untilRefused(token);
    expect(ms).to.be.below(500);
  });

  it('a session revoked on B is refused by B at once, before any notice', async () => {
    const { token, sessionId } = await signIn(a, 'self@example.org');
    await bReads(token);
    expect((await bReads(token)).statements).to.equal(0);
    await b.uow.run(async (s) => ok(await s.sessions.revoke(sessionId, new Date())));
    expect((await on(b)(token, '127.0.0.1'))).to.equal(null);
  });

  it('an account deleted, or its email verified, on A is seen by B once the notice arrives', async () => {
    const verified = await signIn(a, 'verify@example.org');
    expect((await bReads(verified.token)).who?.account.emailVerified).to.equal(false);
    expect((await bReads(verified.token)).statements).to.equal(0);
    await a.uow.run(async (s) => {
      const u = await s.users.byId(verified.userId);
      await s.users.update({ ...u!, emailVerifiedAt: new Date() });
      return ok(undefined);
    });
    const start = performance.now();
    while ((await on(b)(verified.token, '127.0.0.1'))?.account.emailVerified !== true && performance.now() - start < 2000) await sleep(2);
    expect(performance.now() - start).to.be.below(500);

    const deleted = await signIn(a, 'delete@example.org');
    await settled();
    await bReads(deleted.token);
    expect((await bReads(deleted.token)).statements).to.equal(0);
    await a.uow.run(async (s) => {
      const u = await s.users.byId(deleted.userId);
      await s.users.update({ ...u!, deletedAt: new Date() });
      return ok(undefined);
    });
    expect(await untilRefused(deleted.token)).to.be.below(500);
  });

  it('a revocation by SQL alone (no repository of ours) reaches B too: the notice is the database\'s', async () => {
    const { token, userId } = await signIn(a, 'sql@example.org');
    await bReads(token);
    expect((await bReads(token)).statements).to.equal(0);
    await sqlAlone('update sessions set revoked_at = now() where user_id = $1', [userId]);
    expect(await untilRefused(token)).to.be.below(500);
  });

  it('while the notices connection is down nothing is served from the cache; once it is back, sessions are kept again', async () => {
    const { token, sessionId } = await signIn(a, 'outage@example.org');
    const other = await signIn(a, 'outage2@example.org');
    await bReads(token);
    await bReads(other.token);
    expect((await bReads(token)).statements).to.equal(0);
    // Both listeners' backends end (A's and B's): they notice, and stop serving from their caches.
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      const killed = await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1 and datname = current_database()', [LISTENER_NAME]);
      expect(killed.rowCount).to.equal(2);
      await sleep(100);
      // A revocation now sends its notice to nobody: B must read the database to refuse it.
      await a.uow.run(async (s) => ok(await s.sessions.revoke(sessionId, new Date())));
      expect(await on(b)(token, '127.0.0.1')).to.equal(null);
      expect((await bReads(other.token)).statements, 'no cache while down').to.equal(1);
      // Back after its first retry (1 s) and its first notice of its own.
      const back = performance.now();
      let kept = false;
      while (!kept && performance.now() - back < 5000) {
        await sleep(50);
        await bReads(other.token);
        kept = (await bReads(other.token)).statements === 0;
      }
      expect(kept, 'kept again within 5 s').to.equal(true);
      expect(downsOfB, 'B noticed the end of its connection').to.have.length(1);
      downsOfB.length = 0;
    } finally {
      await admin.end();
    }
  });
});

describe('a notices connection that stops answering turns the cache off (heartbeat)', function () {
  this.timeout(30_000);
  it('within two heartbeats of the backend stopping, every read goes to the database', async function () {
    const url = await freshDatabaseUrl();
    const sent: string[] = [];
    const storage = storageOnOrm(await initOrm(url), { onQuery: (sql) => void sent.push(sql) }, undefined, await keepSessions(url, { heartbeatMs: 100 }));
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    let stopped: number | null = null;
    try {
      const { token } = await signIn(storage, 'hb@example.org');
      const auth = authenticate({ storage, clock: systemClock, identity: { requireEmailVerification: false } });
      const statements = async () => {
        sent.length = 0;
        expect(await auth(token, '127.0.0.1')).to.not.equal(null);
        return sent.length;
      };
      await statements();
      expect(await statements(), 'kept').to.equal(0);
      const [row] = (await admin.query('select pid from pg_stat_activity where application_name = $1 and datname = current_database()', [LISTENER_NAME])).rows as { pid: number }[];
      // The backend is a process of this machine's PostgreSQL (the specs' own): stopped, it keeps its
      // socket open and answers nothing, as a connection that silently died.
      try {
        process.kill(row!.pid, 'SIGSTOP');
      } catch {
        this.skip(); // PostgreSQL runs elsewhere (as another user): the heartbeat is not observable here.
      }
      stopped = row!.pid;
      await sleep(300);
      expect(await statements(), 'off while the connection does not answer').to.equal(1);
      expect(await statements()).to.equal(1);
    } finally {
      if (stopped !== null) process.kill(stopped, 'SIGCONT');
      await admin.end();
      await storage.close();
      await dropDatabase(new URL(url).pathname.slice(1));
    }
  });
});

describe('a notices connection that answers statements but delivers no notice never turns the cache on', function () {
  this.timeout(30_000);
  it('through a proxy that drops every NotificationResponse (as a transaction-mode pooler loses them), every read goes to the database', async () => {
    const url = await freshDatabaseUrl();
    const target = new URL(url);
    // Server to client: whole messages passed on, NotificationResponse ('A') dropped.
    // The server's URL may name a Unix socket's folder as its host (a DATABASE_URL over a socket); the embedded default's is TCP.
    const host = decodeURIComponent(target.hostname);
    const proxy = net.createServer((client) => {
      const server = host.startsWith('/') ? net.connect(`${host}/.s.PGSQL.${target.port}`) : net.connect(Number(target.port), host);
      client.pipe(server);
      let carry = Buffer.alloc(0);
      server.on('data', (chunk: Buffer) => {
        let buf = Buffer.concat([carry, chunk]);
        const out: Buffer[] = [];
        while (buf.length >= 5 && buf.length >= 1 + buf.readUInt32BE(1)) {
          const end = 1 + buf.readUInt32BE(1);
          if (buf[0] !== 0x41) out.push(buf.subarray(0, end));
          buf = buf.subarray(end);
        }
        carry = Buffer.from(buf);
        if (out.length > 0) client.write(Buffer.concat(out));
      });
      server.on('error', () => client.destroy());
      client.on('error', () => server.destroy());
      server.on('close', () => client.destroy());
      client.on('close', () => server.destroy());
    });
    await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
    const proxied = new URL(url);
    proxied.hostname = '127.0.0.1';
    proxied.port = String((proxy.address() as net.AddressInfo).port);
    const sent: string[] = [];
    const storage = storageOnOrm(await initOrm(url), { onQuery: (sql) => void sent.push(sql) }, undefined, await keepSessions(proxied.toString(), { heartbeatMs: 100 }));
    try {
      // The proxy carries statements: the listener's LISTEN and its probes are answered.
      const viaProxy = new pg.Client({ connectionString: proxied.toString() });
      await viaProxy.connect();
      expect((await viaProxy.query<{ n: number }>('select 1 as n')).rows[0]!.n).to.equal(1);
      await viaProxy.end();
      const { token } = await signIn(storage, 'proxy@example.org');
      const auth = authenticate({ storage, clock: systemClock, identity: { requireEmailVerification: false } });
      for (let i = 0; i < 5; i++) {
        sent.length = 0;
        expect(await auth(token, '127.0.0.1')).to.not.equal(null);
        expect(sent.length, `read ${i + 1}`).to.equal(1);
        await sleep(60);
      }
    } finally {
      await storage.close();
      await new Promise((r) => proxy.close(r));
      await dropDatabase(new URL(url).pathname.slice(1));
    }
  });
});
