// The identity slice's tables: users, sessions, email tokens. (rate_limit_windows holds no record of
// the core's: its one statement, a counting upsert, stays in ../identity.ts.)
import type { EmailToken, EmailTokenPurpose, Session, User } from '../../../core/identity/model.js';
import { date, dateOrNull } from '../sql.js';
import { iso, type Table } from './table.js';

export type UserDb = {
  id: string; email: string; password_hash: string; email_verified_at: string | null; self_person_id: string | null; created_at: string;
  deleted_at: string | null;
};

export const users: Table<User, UserDb> = {
  name: 'users',
  columns: [
    ['id', 'uuid', (u) => u.id], ['email', 'text', (u) => u.email], ['password_hash', 'text', (u) => u.passwordHash],
    ['email_verified_at', 'timestamptz', (u) => iso(u.emailVerifiedAt)], ['self_person_id', 'uuid', (u) => u.selfPersonId],
    ['created_at', 'timestamptz', (u) => iso(u.createdAt)], ['deleted_at', 'timestamptz', (u) => iso(u.deletedAt)],
  ],
  from: (r) => ({
    id: r.id, email: r.email, passwordHash: r.password_hash, emailVerifiedAt: dateOrNull(r.email_verified_at), selfPersonId: r.self_person_id,
    createdAt: date(r.created_at), deletedAt: dateOrNull(r.deleted_at),
  }),
};

export type SessionDb = { id: string; user_id: string; token_hash: string; created_at: string; expires_at: string; revoked_at: string | null };

export const sessions: Table<Session, SessionDb> = {
  name: 'sessions',
  columns: [
    ['id', 'uuid', (s) => s.id], ['user_id', 'uuid', (s) => s.userId], ['token_hash', 'text', (s) => s.tokenHash],
    ['created_at', 'timestamptz', (s) => iso(s.createdAt)], ['expires_at', 'timestamptz', (s) => iso(s.expiresAt)],
    ['revoked_at', 'timestamptz', (s) => iso(s.revokedAt)],
  ],
  from: (r) => ({
    id: r.id, userId: r.user_id, tokenHash: r.token_hash, createdAt: date(r.created_at), expiresAt: date(r.expires_at), revokedAt: dateOrNull(r.revoked_at),
  }),
};

export type EmailTokenDb = {
  id: string; user_id: string; purpose: EmailTokenPurpose; token_hash: string; created_at: string; expires_at: string; used_at: string | null;
};

export const emailTokens: Table<EmailToken, EmailTokenDb> = {
  name: 'email_tokens',
  columns: [
    ['id', 'uuid', (t) => t.id], ['user_id', 'uuid', (t) => t.userId], ['purpose', 'text', (t) => t.purpose], ['token_hash', 'text', (t) => t.tokenHash],
    ['created_at', 'timestamptz', (t) => iso(t.createdAt)], ['expires_at', 'timestamptz', (t) => iso(t.expiresAt)], ['used_at', 'timestamptz', (t) => iso(t.usedAt)],
  ],
  from: (r) => ({
    id: r.id, userId: r.user_id, purpose: r.purpose, tokenHash: r.token_hash, createdAt: date(r.created_at), expiresAt: date(r.expires_at),
    usedAt: dateOrNull(r.used_at),
  }),
};
