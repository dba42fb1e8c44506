import { MEMBER_OF_SHOWN, type EmailTokenRepository, type RateLimiter, type SessionRepository, type UserRepository } from '../../core/identity/ports.js';
import { ts, type Sql } from './sql.js';
import { emailTokens, sessions, users, type EmailTokenDb, type SessionDb, type UserDb } from './tables/identity.js';
import { insertRow, insertRowIfAbsent, updateRow } from './tables/build.js';
import type { SessionCache } from './session-cache.js';

/** A session read with its user (SessionRepository.withUser), as the session cache keeps it. */
export type SessionWithUser = NonNullable<Awaited<ReturnType<SessionRepository['withUser']>>>;

/**
 * Told of each change this process makes to a user's sessions, account or memberships, before the
 * change commits (the session cache's `changed`; session-cache.ts).
 */
export type UserChanged = (userId: string) => void;
const unchanged: UserChanged = () => undefined;

const toUser = users.from;
const toSession = sessions.from;
const userMutable = ['password_hash', 'email_verified_at', 'self_person_id', 'deleted_at'];

export const pgUsers = (db: Sql, changed: UserChanged = unchanged): UserRepository => ({
  byId: async (id) => {
    const [r] = await db.rows<UserDb>('select * from users where id = ? and deleted_at is null', [id]);
    return r ? toUser(r) : null;
  },
  byEmail: async (email) => {
    const [r] = await db.rows<UserDb>('select * from users where email = ? and deleted_at is null', [
      email.trim().toLowerCase(),
    ]);
    return r ? toUser(r) : null;
  },
  // ON CONFLICT rather than catching the unique violation: a failed statement would abort the
  // surrounding transaction, and the caller's unit of work must be able to carry on with a Left.
  insert: async (u) => ((await insertRowIfAbsent(db, users, u, '(email)')) ? 'ok' : 'email_taken'),
  update: async (u) => {
    await updateRow(db, users, userMutable, u);
    changed(u.id);
  },
  count: async () => {
    const [r] = await db.rows<{ n: string }>('select count(*) as n from users where deleted_at is null');
    return Number(r?.n ?? 0);
  },
});

/** With `cache`, `withUser` answers from it when it may (session-cache.ts), and every change here tells it. */
export const pgSessions = (db: Sql, cache?: SessionCache<SessionWithUser>): SessionRepository => ({
  insert: (x) => insertRow(db, sessions, x),
  byTokenHash: async (hash) => {
    const [r] = await db.rows<SessionDb>('select * from sessions where token_hash = ?', [hash]);
    return r ? toSession(r) : null;
  },
  withUser: (hash) => (cache === undefined ? sessionWithUser(db, hash) : cache.read(hash, () => sessionWithUser(db, hash), (v) => v.user.id)),
  revoke: async (id, at) => {
    const [r] = await db.rows<{ user_id: string }>('update sessions set revoked_at = ?::timestamptz where id = ? and revoked_at is null returning user_id', [ts(at), id]);
    if (r !== undefined) cache?.changed(r.user_id);
  },
  revokeAllForUser: async (userId, at, exceptId) => {
    const revoked = exceptId === undefined
      ? await db.run('update sessions set revoked_at = ?::timestamptz where user_id = ? and revoked_at is null', [ts(at), userId])
      : await db.run('update sessions set revoked_at = ?::timestamptz where user_id = ? and revoked_at is null and id <> ?', [ts(at), userId, exceptId]);
    cache?.changed(userId);
    return revoked;
  },
  // No cache to tell: an expired session is refused whoever answers it, and a revoked one was told
  // of at its revocation (the deletes' notices reach every instance too: migration 20270110090000).
  purgeEndedBefore: (cutoff) => deleteEnded(db, 'sessions', 'revoked_at', cutoff),
});

/** Rows deleted per statement by deleteEnded: a first run on a database of years of sessions holds no long transaction. */
const ENDED_BATCH = 5000;

/**
 * Deletes the rows of `table` that expired (`expires_at`) or ended otherwise (`ended`: revoked, used)
 * before `cutoff`, ENDED_BATCH at a time, each found by its index (migration 20270131100000); answers how many.
 * Every instance runs it at once, without a lock: a batch takes only rows no other transaction holds
 * (`skip locked`), so one never waits for (or deadlocks with) another's batch; rows another holds are
 * its to delete, or the next run's (spec/adapters/ended-credentials-instances.spec.ts).
 */
const deleteEnded = async (db: Sql, table: 'sessions' | 'email_tokens', ended: 'revoked_at' | 'used_at', cutoff: Date): Promise<number> => {
  let total = 0;
  for (;;) {
    const n = await db.run(
      `delete from ${table} where id in (select id from ${table} where expires_at < ?::timestamptz or ${ended} < ?::timestamptz limit ${ENDED_BATCH} for update skip locked)`,
      [ts(cutoff), ts(cutoff)],
    );
    total += n;
    if (n < ENDED_BATCH) return total;
  }
};

/** The session with that token hash and its live user, read from the database. */
const sessionWithUser = async (db: Sql, hash: string): Promise<SessionWithUser | null> => {
  const [r] = await db.rows<{ s: SessionDb; u: UserDb; m: string[] }>(
    `select to_jsonb(s.*) as s, to_jsonb(u.*) as u,
            array(select m.tree_id from memberships m where m.user_id = u.id limit ${MEMBER_OF_SHOWN + 1}) as m
     from sessions s join users u on u.id = s.user_id and u.deleted_at is null where s.token_hash = ?`,
    [hash],
  );
  return r ? { session: toSession(r.s), user: toUser(r.u), memberOf: r.m } : null;
};

export const pgEmailTokens = (db: Sql): EmailTokenRepository => ({
  insert: (t) => insertRow(db, emailTokens, t),
  byTokenHash: async (hash) => {
    const [r] = await db.rows<EmailTokenDb>('select * from email_tokens where token_hash = ?', [hash]);
    return r ? emailTokens.from(r) : null;
  },
  consumeAllForUser: async (userId, purpose, at) => {
    await db.run('update email_tokens set used_at = ?::timestamptz where user_id = ? and purpose = ? and used_at is null', [
      ts(at),
      userId,
      purpose,
    ]);
  },
  purgeEndedBefore: (cutoff) => deleteEnded(db, 'email_tokens', 'used_at', cutoff),
});

export const pgRateLimiter = (db: Sql): RateLimiter => ({
  // One statement, so concurrent hits on one key from several processes count exactly.
  hit: async (key, limit, windowSeconds, now) => {
    const windowMs = windowSeconds * 1000;
    const windowStart = Math.floor(now.getTime() / windowMs) * windowMs;
    const [r] = await db.rows<{ count: number }>(
      `insert into rate_limit_windows as w (key, window_start, count) values (?, ?::timestamptz, 1)
       on conflict (key) do update set
         count = case when w.window_start = excluded.window_start then w.count + 1 else 1 end,
         window_start = excluded.window_start
       returning w.count`,
      [key, ts(new Date(windowStart))],
    );
    const count = Number(r?.count ?? 1);
    const retryAfterSeconds = Math.max(1, Math.ceil((windowStart + windowMs - now.getTime()) / 1000));
    return { allowed: count <= limit, retryAfterSeconds };
  },
  // A sequential scan once per purge run (hourly) over the keys seen since the previous run.
  purgeStartedBefore: async (cutoff) => db.run('delete from rate_limit_windows where window_start < ?::timestamptz', [ts(cutoff)]),
});
