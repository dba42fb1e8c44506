import { expect } from 'chai';
import type { MikroORM } from '@mikro-orm/postgresql';
import { initOrm, POOL_IDLE_MILLIS } from '../../adapters/postgres/orm.js';
import { dropDatabase, freshDatabaseUrl } from '../support/database.js';

// A pooled connection outlives a quiet minute (adapters/postgres/orm.ts POOL_IDLE_MILLIS): the
// backend that served the last request serves the next one, with the shared buffers it has mapped
// and its caches, instead of a new one forked for it. The pool (tarn) reaps every second by the
// clock (`Date.now`), which the spec moves forward instead of waiting.

describe('the pool keeps an idle connection (postgres)', function () {
  this.timeout(30_000);
  let url: string;
  let orm: MikroORM;
  const realNow = Date.now;
  before(async () => {
    url = await freshDatabaseUrl();
    orm = await initOrm(url);
  });
  afterEach(() => {
    Date.now = realNow;
  });
  after(async () => {
    Date.now = realNow;
    await orm?.close(true);
    if (url !== undefined) await dropDatabase(new URL(url).pathname.slice(1));
  });

  const backend = async (): Promise<number> => {
    const rows = await orm.em.getConnection().execute<{ pid: number }[]>('select pg_backend_pid() as pid');
    return rows[0]!.pid;
  };
  /** Lets the pool's reaper run (once a second) as if `idle` ms had passed since now. */
  const idleFor = async (idle: number): Promise<void> => {
    const from = realNow();
    Date.now = () => realNow() + idle;
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    Date.now = realNow;
    expect(realNow() - from).to.be.lessThan(idle);
  };

  it('after a minute of quiet, the same backend answers', async () => {
    const first = await backend();
    await idleFor(60_000);
    expect(await backend()).to.equal(first);
  });

  it('after its idle bound, the connection is closed and a new backend answers', async () => {
    const first = await backend();
    await idleFor(POOL_IDLE_MILLIS + 60_000);
    const next = await backend();
    expect(next).to.not.equal(first);
    const open = await orm.em.getConnection().execute<{ n: string }[]>('select count(*)::text as n from pg_stat_activity where pid = ?', [first]);
    expect(open[0]!.n).to.equal('0');
  });
});
