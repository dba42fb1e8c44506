import { AsyncResource } from 'node:async_hooks';
import { expect } from 'chai';
import pg from 'pg';
import { E } from '../../core/kernel/either.js';
import { createPostgresStorage } from '../../adapters/postgres/storage.js';
import { allRoutes } from '../../adapters/http/routes/index.js';
import { errorStatuses } from '../../adapters/http/route.js';
import { registerUser, startTestService, type TestService } from '../support/service.js';
import { activityOf } from '../support/stall-report.js';

// Issue 30, concurrent editors: every one-record read carries an ETag; a PATCH or DELETE of the same
// path with If-Match answers 412 when the record changed since (the bogus tag of the review too),
// and goes as before without If-Match.

describe('ETag and If-Match (HTTP)', function () {
  this.timeout(30_000);
  let svc: TestService;
  let token: string;
  let treeId: string;

  const send = (method: string, path: string, o: { readonly body?: unknown; readonly ifMatch?: string } = {}) =>
    fetch(`${svc.baseUrl}/api/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(o.body === undefined ? {} : { 'content-type': 'application/json' }), ...(o.ifMatch === undefined ? {} : { 'if-match': o.ifMatch }) },
      ...(o.body === undefined ? {} : { body: JSON.stringify(o.body) }),
    });
  const etag = async (path: string): Promise<string> => {
    const r = await send('GET', path);
    expect(r.status, path).to.equal(200);
    const tag = r.headers.get('etag');
    expect(tag, path).to.match(/^"[\w-]+"$/);
    return tag!;
  };

  before(async () => {
    svc = await startTestService();
    token = (await registerUser(svc, 'etag@example.org')).token;
    treeId = ((await (await send('POST', '/trees', { body: { name: 'Versions' } })).json()) as { id: string }).id;
  });
  after(async () => svc?.close());

  it('every change of a path a one-record GET answers documents 412; the table has them', () => {
    const conditional = allRoutes().filter((r) => r.conditional === true);
    expect(conditional.map((r) => `${r.method} ${r.path}`)).to.include.members(['patch /persons/{id}', 'delete /persons/{id}', 'patch /events/{id}', 'patch /sources/{id}', 'patch /trees/{id}']);
    expect(conditional.filter((r) => !errorStatuses(r).includes(412)).map((r) => r.operationId)).to.deep.equal([]);
  });

  it('a stale or bogus If-Match is 412 and changes nothing; the current one, *, or none goes; the change answers the next version', async () => {
    const person = ((await (await send('POST', `/trees/${treeId}/persons`, { body: { given_name: 'Ver', surname: 'Sion' } })).json()) as { id: string }).id;
    const first = await etag(`/persons/${person}`);
    expect(await etag(`/persons/${person}`)).to.equal(first);
    const changed = await send('PATCH', `/persons/${person}`, { body: { notes: 'one' }, ifMatch: first });
    expect(changed.status).to.equal(200);
    const second = changed.headers.get('etag');
    expect(second).to.not.equal(first);
    expect(await etag(`/persons/${person}`)).to.equal(second);

    for (const stale of [first, '"bogus"', `W/${second}`]) {
      const r = await send('PATCH', `/persons/${person}`, { body: { notes: 'lost update' }, ifMatch: stale });
      expect(r.status, stale).to.equal(412);
      expect(((await r.json()) as { code: string }).code).to.equal('precondition_failed');
      expect(r.headers.get('etag')).to.equal(second);
    }
    expect(((await (await send('GET', `/persons/${person}`)).json()) as { notes: string }).notes).to.equal('one');
    // A name changed through its own path changes the person's version too (the read shows it).
    expect((await send('PATCH', `/persons/${person}`, { body: { surname: 'Changed' } })).status).to.equal(200);
    expect(await etag(`/persons/${person}`)).to.not.equal(second);
    expect((await send('PATCH', `/persons/${person}`, { body: { notes: 'any' }, ifMatch: '*' })).status).to.equal(200);
    expect((await send('DELETE', `/persons/${person}`, { ifMatch: second! })).status).to.equal(412);
    expect((await send('DELETE', `/persons/${person}`, { ifMatch: await etag(`/persons/${person}`) })).status).to.equal(200);
  });

  it('events, sources and trees carry versions the same way', async () => {
    const source = ((await (await send('POST', `/trees/${treeId}/sources`, { body: { title: 'Register' } })).json()) as { id: string }).id;
    const v1 = await etag(`/sources/${source}`);
    expect((await send('PATCH', `/sources/${source}`, { body: { title: 'Register II' }, ifMatch: v1 })).status).to.equal(200);
    expect((await send('PATCH', `/sources/${source}`, { body: { title: 'Register III' }, ifMatch: v1 })).status).to.equal(412);
    const t1 = await etag(`/trees/${treeId}`);
    expect((await send('PATCH', `/trees/${treeId}`, { body: { description: 'new' }, ifMatch: t1 })).status).to.equal(200);
    expect((await send('PATCH', `/trees/${treeId}`, { body: { description: 'newer' }, ifMatch: t1 })).status).to.equal(412);
  });

  // Two editors who read one version and send their changes at once: the check and the change are one
  // step (Storage.conditionally), so the second is 412, never written over the first (a lost update).
  // The record's row (the person's, the tree's) is held by a transaction of the spec's own until the
  // changes have passed their check and wait to write it.
  describe('changes sent at once on one version (PostgreSQL)', () => {
    // `db` holds the row in its transaction; `watch` looks at the server from outside it (a backend
    // reads pg_stat_activity once per transaction: polled from inside the hold, it shows the backends
    // and their states as they were at the first poll, and never a connection the pool opened since).
    let db: pg.Client;
    let watch: pg.Client;
    before(async () => {
      db = new pg.Client({ connectionString: svc.databaseUrl! });
      watch = new pg.Client({ connectionString: svc.databaseUrl! });
      await Promise.all([db.connect(), watch.connect()]);
    });
    after(async () => Promise.all([db?.end(), watch?.end()]));

    /**
     * Waits until `n` backends of this database wait for a lock: the changes, past their check, on the
     * row the spec holds (or in line behind one another for it).
     */
    const waiting = async (table: string, n: number): Promise<void> => {
      for (let i = 0; i < 500; i += 1) {
        const { rows } = await watch.query<{ n: number }>(
          `select count(*)::int as n from pg_stat_activity a where a.datname = current_database() and cardinality(pg_blocking_pids(a.pid)) > 0`);
        if (rows[0]!.n >= n) return;
        await new Promise((r) => setTimeout(r, 20));
      }
      throw new Error(`${n} changes did not come to wait on ${table}; the server's backends:\n${await activityOf(watch)}`);
    };

    /**
     * Holds the row `id` (`hold`) while `requests` start and come to wait on `table`, past their
     * check; runs `meanwhile` (another client's change) before letting them go. Their answers.
     */
    const whileHeld = async (hold: string, id: string, table: string, requests: readonly (() => Promise<Response>)[], meanwhile = async (): Promise<unknown> => undefined): Promise<Response[]> => {
      await db.query('begin');
      await db.query(hold, [id]);
      const sent = requests.map((r) => r());
      try {
        await waiting(table, sent.length);
        await meanwhile();
      } finally {
        await db.query('commit');
      }
      return Promise.all(sent);
    };

    /** Two changes sent at once on one version: one 200 and one 412; the index of the one that went. */
    const race = async (hold: string, id: string, table: string, change: (i: number) => Promise<Response>): Promise<number> => {
      const statuses = (await whileHeld(hold, id, table, [() => change(0), () => change(1)])).map((r) => r.status);
      expect([...statuses].sort()).to.deep.equal([200, 412]);
      return statuses.indexOf(200);
    };

    it('a person: one change goes and the other is 412; the person is what the one that went wrote', async () => {
      const person = ((await (await send('POST', `/trees/${treeId}/persons`, { body: { given_name: 'Both', surname: 'Atonce' } })).json()) as { id: string }).id;
      // Without If-Match both go, one after the other: the allowed callers are answered 200.
      expect((await send('PATCH', `/persons/${person}`, { body: { notes: 'plain' } })).status).to.equal(200);
      const v1 = await etag(`/persons/${person}`);
      const winner = await race('select 1 from persons where id = $1 for update', person, 'persons',
        (i) => send('PATCH', `/persons/${person}`, { body: { notes: `editor ${i}` }, ifMatch: v1 }));
      expect(((await (await send('GET', `/persons/${person}`)).json()) as { notes: string }).notes).to.equal(`editor ${winner}`);
    });

    it('a change without If-Match that commits while the conditional one waits to write: the conditional one is 412', async () => {
      const person = ((await (await send('POST', `/trees/${treeId}/persons`, { body: { given_name: 'Name', surname: 'Meanwhile' } })).json()) as { id: string }).id;
      const names = (await (await send('GET', `/persons/${person}/names`)).json()) as { id: string }[];
      const v1 = await etag(`/persons/${person}`);
      const [r] = await whileHeld('select 1 from persons where id = $1 for update', person, 'persons',
        [() => send('PATCH', `/persons/${person}`, { body: { notes: 'as read' }, ifMatch: v1 })],
        // Another editor renames the person (their name's row, not the person's) and commits.
        async () => expect((await send('PATCH', `/persons/${person}/names/${names[0]!.id}`, { body: { given_name: 'Renamed' } })).status).to.equal(200));
      expect(r!.status).to.equal(412);
      expect(r!.headers.get('etag')).to.equal(await etag(`/persons/${person}`));
      const now = (await (await send('GET', `/persons/${person}`)).json()) as { notes: string | null; given_name: string };
      expect(now.notes).to.not.equal('as read');
      expect(now.given_name).to.equal('Renamed');
    });

    it('a proposal reviewed while its conditional delete waits to delete it: the delete is 412 and the proposal stays', async () => {
      const created = await send('POST', `/trees/${treeId}/proposals`, { body: { summary: 'a source', operations: [{ op: 'create', entity: 'source', data: { title: 'Proposed' } }] } });
      expect(created.status).to.equal(201);
      const pid = ((await created.json()) as { id: string }).id;
      const v1 = await etag(`/trees/${treeId}/proposals/${pid}`);
      const [r] = await whileHeld('select 1 from proposals where id = $1 for update', pid, 'proposals',
        [() => send('DELETE', `/trees/${treeId}/proposals/${pid}`, { ifMatch: v1 })],
        // A review, committed while the delete waits for the row.
        () => db.query(`update proposals set status = 'rejected', decided_at = now() where id = $1`, [pid]));
      expect(r!.status).to.equal(412);
      const now = await send('GET', `/trees/${treeId}/proposals/${pid}`);
      expect(now.status).to.equal(200);
      expect(r!.headers.get('etag')).to.equal(now.headers.get('etag'));
      expect(((await now.json()) as { status: string }).status).to.equal('rejected');
    });

    it('a tree: one change goes and the other is 412', async () => {
      const t1 = await etag(`/trees/${treeId}`);
      const winner = await race('select 1 from trees where id = $1 for update', treeId, 'trees',
        (i) => send('PATCH', `/trees/${treeId}`, { body: { description: `editor ${i}` }, ifMatch: t1 }));
      expect(((await (await send('GET', `/trees/${treeId}`)).json()) as { description: string }).description).to.equal(`editor ${winner}`);
    });
  });

  // A tree that another client changes at every try (a change of another of its records committed
  // between the check and the change, each time): after the tries, 412 saying so, and nothing written.
  describe('a tree that keeps changing through every try', () => {
    let busy: TestService;
    let busyToken: string;
    let tries = 0;
    let meanwhile = async (): Promise<unknown> => undefined;
    /** Runs another client's change in the spec's own async context, outside the conditional change's. */
    const unguarded = AsyncResource.bind(<A>(f: () => Promise<A>): Promise<A> => f());
    const on = (method: string, path: string, o: { readonly body?: unknown; readonly ifMatch?: string } = {}) =>
      fetch(`${busy.baseUrl}/api/v1${path}`, {
        method,
        headers: { authorization: `Bearer ${busyToken}`, ...(o.body === undefined ? {} : { 'content-type': 'application/json' }), ...(o.ifMatch === undefined ? {} : { 'if-match': o.ifMatch }) },
        ...(o.body === undefined ? {} : { body: JSON.stringify(o.body) }),
      });

    before(async () => {
      busy = await startTestService({
        storageOn: async (url) => {
          const real = await createPostgresStorage(url, { keepSessions: true });
          return {
            ...real,
            conditionally: (at, work) => real.conditionally(at, async () => {
              tries += 1;
              await unguarded(meanwhile);
              return work();
            }),
          };
        },
      });
      busyToken = (await registerUser(busy, 'busy@example.org')).token;
    });
    after(async () => busy?.close());

    it('412 after five tries, carrying the ETag the record still has; the change was never written', async () => {
      const tree = ((await (await on('POST', '/trees', { body: { name: 'Busy' } })).json()) as { id: string }).id;
      const make = async (given_name: string) => ((await (await on('POST', `/trees/${tree}/persons`, { body: { given_name, surname: 'Busy' } })).json()) as { id: string }).id;
      const [person, other] = [await make('Kept'), await make('Other')];
      const read = await on('GET', `/persons/${person}`);
      const v1 = read.headers.get('etag')!;
      expect(read.status).to.equal(200);
      let n = 0;
      meanwhile = async () => {
        const o = await busy.storage.persons.byId(other);
        n += 1;
        return busy.storage.uow.run(async (s) => {
          await s.persons.update({ ...o!, notes: `meanwhile ${n}` });
          return E.right(undefined);
        });
      };
      const r = await on('PATCH', `/persons/${person}`, { body: { notes: 'never written' }, ifMatch: v1 });
      expect(r.status).to.equal(412);
      expect(((await r.json()) as { detail: string }).detail).to.match(/kept changing/);
      expect(r.headers.get('etag')).to.equal(v1);
      expect([tries, n]).to.deep.equal([5, 5]);
      meanwhile = async () => undefined;
      const after = await on('GET', `/persons/${person}`);
      expect(after.headers.get('etag')).to.equal(v1);
      expect(((await after.json()) as { notes: string }).notes).to.not.equal('never written');
      // Once the tree is quiet, the same change with the same version goes.
      expect((await on('PATCH', `/persons/${person}`, { body: { notes: 'written' }, ifMatch: v1 })).status).to.equal(200);
    });
  });
});
