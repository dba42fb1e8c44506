import { expect } from 'chai';
import pg from 'pg';
import { createPostgresStorage } from '../../adapters/postgres/storage.js';
import type { Storage } from '../../core/stores.js';
import { anEmailToken, aSession, at, givenUsers } from '../contracts/fixtures.js';
import { postgresStorage, type PostgresFixture } from '../support/database.js';

// The purge of ended sessions and emailed links (purgeEndedBefore) runs on every instance, every
// hour, without a lock (bootstrap/purge-schedule.ts): instances started together run it together.
// One instance must never wait for rows another is deleting (nor deadlock with it): each batch
// takes the rows no one else holds, and the rows held are left to whoever holds them.

const cutoff = at('2025-03-01T00:00:00.000Z');
const ended = at('2025-02-01T00:00:00.000Z');

/** `p`'s answer, or a failure when it has none within `ms`: a purge waiting on another's rows. */
const within = async <T>(ms: number, p: Promise<T>): Promise<T> => {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms: the purge waited for rows another transaction holds`)), ms);
  });
  try {
    return await Promise.race([p, late]);
  } finally {
    clearTimeout(timer);
  }
};

describe('ended credentials are purged by several instances at once', function () {
  this.timeout(120_000);
  let a: PostgresFixture;
  let b: Storage;
  let other: pg.Client;

  beforeEach(async () => {
    a = await postgresStorage();
    b = await createPostgresStorage(a.url);
    other = new pg.Client({ connectionString: a.url });
    await other.connect();
  });
  afterEach(async () => {
    await other.end().catch(() => undefined);
    await b.close();
    await a.close();
  });

  for (const kind of ['sessions', 'email tokens'] as const) {
    const table = kind === 'sessions' ? 'sessions' : 'email_tokens';
    const store = (s: Storage) => (kind === 'sessions' ? s.sessions : s.emailTokens);
    const insertEnded = async (s: Storage, userId: string): Promise<string> => {
      if (kind === 'sessions') {
        const x = aSession(userId, { createdAt: at('2025-01-01T00:00:00.000Z'), expiresAt: ended });
        await s.sessions.insert(x);
        return x.id;
      }
      const x = anEmailToken(userId, { usedAt: ended });
      await s.emailTokens.insert(x);
      return x.id;
    };

    it(`${kind}: an instance does not wait for the rows another instance is deleting, and leaves them to it`, async () => {
      const [u] = await givenUsers(a.storage, 1);
      const ids: string[] = [];
      for (let i = 0; i < 12; i++) ids.push(await insertEnded(a.storage, u!.id));
      const held = ids.slice(0, 4);
      // Another instance in the middle of its batch: its delete of four of them not yet committed.
      await other.query('begin');
      expect((await other.query(`delete from ${table} where id = any($1::uuid[])`, [held])).rowCount).to.equal(4);

      expect(await within(5_000, store(b).purgeEndedBefore(cutoff))).to.equal(8);
      // Its batch given up, the rows it held are still there, and the next purge (of either) takes them.
      await other.query('rollback');
      expect(await store(a.storage).purgeEndedBefore(cutoff)).to.equal(4);
      expect(await store(b).purgeEndedBefore(cutoff)).to.equal(0);
    });

    it(`${kind}: two instances at once delete every ended row exactly once, over several batches`, async () => {
      const [u] = await givenUsers(a.storage, 1);
      const live = await insertEnded(a.storage, u!.id);
      // The one kept: ended after the cutoff.
      await other.query(`update ${table} set ${kind === 'sessions' ? 'expires_at' : 'used_at'} = $2 where id = $1`, [live, '2025-03-02T00:00:00Z']);
      const template = await other.query(`select * from ${table} where id = $1`, [live]);
      const columns = Object.keys(template.rows[0] as object).filter((c) => c !== 'id' && c !== 'token_hash');
      const set = (c: string) => (c === 'expires_at' || c === 'used_at' ? `'${ended.toISOString()}'::timestamptz` : c);
      // 12,000 ended rows: more than two batches of each instance.
      await other.query(
        `insert into ${table} (id, token_hash, ${columns.join(', ')})
         select gen_random_uuid(), 'h' || g, ${columns.map(set).join(', ')} from ${table}, generate_series(1, 12000) g where id = $1`,
        [live],
      );
      const counts = await within(60_000, Promise.all([store(a.storage).purgeEndedBefore(cutoff), store(b).purgeEndedBefore(cutoff)]));
      // What one gave up (rows the other held) the next run takes: every row counted once, none left.
      const rest = await store(a.storage).purgeEndedBefore(cutoff);
      expect(counts[0] + counts[1] + rest).to.equal(12000);
      expect((await other.query(`select id from ${table}`)).rows.map((r: { id: string }) => r.id)).to.deep.equal([live]);
    });
  }
});
