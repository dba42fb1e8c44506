import type { EmailToken, EmailTokenPurpose, Session, User } from '../../core/identity/model.js';
import type { EmailTokenRepository, RateLimiter, SessionRepository, UserRepository } from '../../core/identity/ports.js';
import { date, dateOrNull, ts, tsOrNull, type Sql } from './sql.js';

type UserDb = {
  id: string;
  email: string;
  password_hash: string;
  email_verified_at: string | null;
  self_person_id: string | null;
  created_at: string;
  deleted_at: string | null;
};

const toUser = (r: UserDb): User => ({
  id: r.id,
  email: r.email,
  passwordHash: r.password_hash,
  emailVerifiedAt: dateOrNull(r.email_verified_at),
  selfPersonId: r.self_person_id,
  createdAt: date(r.created_at),
  deletedAt: dateOrNull(r.deleted_at),
});

export const pgUsers = (db: Sql): UserRepository => ({
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
  insert: async (u) => {
    const inserted = await db.run(
      `insert into users (id, email, password_hash, email_verified_at, self_person_id, created_at, deleted_at)
       values (?, ?, ?, ?::timestamptz, ?, ?::timestamptz, ?::timestamptz) on conflict (email) do nothing`,
      [u.id, u.email, u.passwordHash, tsOrNull(u.emailVerifiedAt), u.selfPersonId, ts(u.createdAt), tsOrNull(u.deletedAt)],
    );
    return inserted === 1 ? 'ok' : 'email_taken';
  },
  update: async (u) => {
    await db.run(
      `update users set password_hash = ?, email_verified_at = ?::timestamptz, self_person_id = ?, deleted_at = ?::timestamptz
       where id = ?`,
      [u.passwordHash, tsOrNull(u.emailVerifiedAt), u.selfPersonId, tsOrNull(u.deletedAt), u.id],
    );
  },
  count: async () => {
    const [r] = await db.rows<{ n: string }>('select count(*) as n from users where deleted_at is null');
    return Number(r?.n ?? 0);
  },
});

type SessionDb = {
  id: string;
  user_id: string;
  token_hash: string;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
};

const toSession = (r: SessionDb): Session => ({
  id: r.id,
  userId: r.user_id,
  tokenHash: r.token_hash,
  createdAt: date(r.created_at),
  expiresAt: date(r.expires_at),
  revokedAt: dateOrNull(r.revoked_at),
});

export const pgSessions = (db: Sql): SessionRepository => ({
  insert: async (x) => {
    await db.run(
      `insert into sessions (id, user_id, token_hash, created_at, expires_at, revoked_at)
       values (?, ?, ?, ?::timestamptz, ?::timestamptz, ?::timestamptz)`,
      [x.id, x.userId, x.tokenHash, ts(x.createdAt), ts(x.expiresAt), tsOrNull(x.revokedAt)],
    );
  },
  byTokenHash: async (hash) => {
    const [r] = await db.rows<SessionDb>('select * from sessions where token_hash = ?', [hash]);
    return r ? toSession(r) : null;
  },
  withUser: async (hash) => {
    const [r] = await db.rows<{ s: SessionDb; u: UserDb }>(
      'select to_jsonb(s.*) as s, to_jsonb(u.*) as u from sessions s join users u on u.id = s.user_id and u.deleted_at is null where s.token_hash = ?',
      [hash],
    );
    return r ? { session: toSession(r.s), user: toUser(r.u) } : null;
  },
  revoke: async (id, at) => {
    await db.run('update sessions set revoked_at = ?::timestamptz where id = ? and revoked_at is null', [ts(at), id]);
  },
  revokeAllForUser: async (userId, at, exceptId) =>
    exceptId === undefined
      ? db.run('update sessions set revoked_at = ?::timestamptz where user_id = ? and revoked_at is null', [ts(at), userId])
      : db.run('update sessions set revoked_at = ?::timestamptz where user_id = ? and revoked_at is null and id <> ?', [
          ts(at),
          userId,
          exceptId,
        ]),
});

type EmailTokenDb = {
  id: string;
  user_id: string;
  purpose: EmailTokenPurpose;
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
};

const toEmailToken = (r: EmailTokenDb): EmailToken => ({
  id: r.id,
  userId: r.user_id,
  purpose: r.purpose,
  tokenHash: r.token_hash,
  createdAt: date(r.created_at),
  expiresAt: date(r.expires_at),
  usedAt: dateOrNull(r.used_at),
});

export const pgEmailTokens = (db: Sql): EmailTokenRepository => ({
  insert: async (t) => {
    await db.run(
      `insert into email_tokens (id, user_id, purpose, token_hash, created_at, expires_at, used_at)
       values (?, ?, ?, ?, ?::timestamptz, ?::timestamptz, ?::timestamptz)`,
      [t.id, t.userId, t.purpose, t.tokenHash, ts(t.createdAt), ts(t.expiresAt), tsOrNull(t.usedAt)],
    );
  },
  byTokenHash: async (hash) => {
    const [r] = await db.rows<EmailTokenDb>('select * from email_tokens where token_hash = ?', [hash]);
    return r ? toEmailToken(r) : null;
  },
  consumeAllForUser: async (userId, purpose, at) => {
    await db.run('update email_tokens set used_at = ?::timestamptz where user_id = ? and purpose = ? and used_at is null', [
      ts(at),
      userId,
      purpose,
    ]);
  },
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
