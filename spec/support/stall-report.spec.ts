import { expect } from 'chai';
import pg from 'pg';
import { freshDatabaseUrl, dropDatabase } from './database.js';
import { reportStall } from './stall-report.js';

describe('reportStall (a stalled spec step says what the database was doing)', function () {
  this.timeout(30_000);
  let url: string;
  const clients: pg.Client[] = [];
  const client = async () => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    clients.push(c);
    return c;
  };
  before(async () => {
    url = await freshDatabaseUrl();
  });
  after(async () => {
    await Promise.all(clients.map((c) => c.end().catch(() => undefined)));
    await dropDatabase(new URL(url).pathname.slice(1)).catch(() => undefined);
  });

  it('answers the work when it ends in time', async () => {
    const db = await client();
    expect(await reportStall(url, 5_000, 'a quick step', async () => (await db.query<{ n: number }>('select 1 as n')).rows[0]!.n)).to.equal(1);
  });

  it('fails a step waiting on a lock with the waiting statement, its wait and the backend holding the lock', async () => {
    const [holder, waiter] = [await client(), await client()];
    await holder.query('begin');
    await holder.query('select pg_advisory_xact_lock(4242)');
    const holderPid = (await holder.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
    const waiting = waiter.query('select pg_advisory_xact_lock(4242) as stalled_here');
    let error: unknown;
    try {
      await reportStall(url, 500, 'the waiting step', () => waiting);
    } catch (e) {
      error = e;
    }
    await holder.query('rollback');
    await waiting;
    expect(error).to.be.instanceOf(Error);
    const message = (error as Error).message;
    expect(message).to.match(/^the waiting step: not done after 500 ms/);
    const line = message.split('\n').find((l) => l.includes('stalled_here'));
    expect(line, message).to.not.equal(undefined);
    const row = JSON.parse(line!) as { wait_event_type: string; waiting_for: string; blocked_by: number[] };
    expect(row.wait_event_type).to.equal('Lock');
    expect(row.waiting_for).to.equal('advisory:ExclusiveLock');
    expect(row.blocked_by).to.deep.equal([holderPid]);
  });
});
