import { expect } from 'chai';
import pg from 'pg';
import { startReplicatedPair, type ReplicatedPair } from './streaming-replica.js';

// The harness makes a real streaming replica: what the primary writes reaches the standby through
// the WAL, the standby is read-only and in recovery, its replay can be paused, and it survives a
// SIGKILL (crash recovery, then streaming again).

const DB = 'replicated';

const query = async <T extends pg.QueryResultRow>(url: string, sql: string): Promise<T[]> => {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  client.on('error', () => {});
  try {
    await client.connect();
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end().catch(() => {});
  }
};

const names = async (url: string): Promise<string[]> =>
  (await query<{ name: string }>(url, 'select name from person order by id')).map((r) => r.name);

describe('spec support: a streaming replication pair', function () {
  this.timeout(180_000);
  let pair: ReplicatedPair | undefined;

  before(async () => {
    pair = await startReplicatedPair();
  });

  after(async () => {
    await pair?.close();
  });

  it('replicates, pauses, resumes, and streams again after the standby is killed and restarted', async () => {
    const p = pair!;
    await p.createDatabase(DB);
    await query(p.primaryUrl(DB), 'create table person (id int primary key, name text not null)');
    await query(p.primaryUrl(DB), "insert into person values (1, 'Ada')");
    await p.caughtUp();

    expect(await names(p.replicaUrl(DB))).to.deep.equal(['Ada']);
    expect(await query(p.replicaUrl(DB), 'select pg_is_in_recovery() as r')).to.deep.equal([{ r: true }]);
    expect(await query(p.primaryUrl(DB), 'select pg_is_in_recovery() as r')).to.deep.equal([{ r: false }]);
    const refused = await query(p.replicaUrl(DB), "insert into person values (9, 'Nobody')").then(() => null, (e: unknown) => e);
    expect(refused).to.be.instanceOf(Error);
    expect((refused as Error).message).to.contain('read-only transaction');
    // It streams (a walreceiver), not a copy that replays files.
    expect(await query(p.replicaUrl('postgres'), 'select status from pg_stat_wal_receiver')).to.deep.equal([{ status: 'streaming' }]);

    await p.pauseReplay();
    await query(p.primaryUrl(DB), "insert into person values (2, 'Brendan')");
    expect(await names(p.primaryUrl(DB))).to.deep.equal(['Ada', 'Brendan']);
    // The record reaches the standby (received), where it waits unreplayed.
    const [{ lsn }] = (await query<{ lsn: string }>(p.primaryUrl(DB), 'select pg_current_wal_lsn()::text as lsn')) as [{ lsn: string }];
    const received = `select pg_wal_lsn_diff(pg_last_wal_receive_lsn(), '${lsn}') >= 0 as received, pg_wal_lsn_diff(pg_last_wal_replay_lsn(), '${lsn}') < 0 as behind`;
    for (let i = 0; ; i += 1) {
      const [row] = await query<{ received: boolean; behind: boolean }>(p.replicaUrl(DB), received);
      if (row?.received === true) {
        expect(row.behind).to.equal(true);
        break;
      }
      if (i > 200) expect.fail(`the standby did not receive ${lsn} within 10 s`);
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(await names(p.replicaUrl(DB))).to.deep.equal(['Ada']);

    await p.resumeReplay();
    await p.caughtUp();
    expect(await names(p.replicaUrl(DB))).to.deep.equal(['Ada', 'Brendan']);

    await p.killReplica();
    const down = await query(p.replicaUrl(DB), 'select 1').then(() => null, (e: unknown) => e);
    expect(down).to.be.instanceOf(Error);
    expect((down as Error & { code?: string }).code).to.equal('ECONNREFUSED');
    // Written while the standby is down: it gets it from the slot once it is back.
    await query(p.primaryUrl(DB), "insert into person values (3, 'Grace')");

    await p.startReplica();
    await p.caughtUp();
    expect(await names(p.replicaUrl(DB))).to.deep.equal(['Ada', 'Brendan', 'Grace']);
    expect(await query(p.replicaUrl(DB), 'select pg_is_in_recovery() as r')).to.deep.equal([{ r: true }]);
  });
});
