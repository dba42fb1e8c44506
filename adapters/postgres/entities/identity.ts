import { EntitySchema } from '@mikro-orm/postgresql';
import { deletedRowsIndex, timestamptz } from './columns.js';

// The identity slice: users, sessions, email tokens, rate-limit windows.

export type UserRow = {
  id: string;
  email: string;
  passwordHash: string;
  emailVerifiedAt: Date | null;
  selfPersonId: string | null;
  createdAt: Date;
  deletedAt: Date | null;
};

export const UserSchema = new EntitySchema<UserRow>({
  name: 'UserRow',
  tableName: 'users',
  properties: {
    id: { type: 'uuid', primary: true },
    email: { type: 'text', unique: true },
    passwordHash: { type: 'text' },
    emailVerifiedAt: { ...timestamptz, nullable: true },
    selfPersonId: { type: 'uuid', nullable: true },
    createdAt: { ...timestamptz },
    deletedAt: { ...timestamptz, nullable: true },
  },
  indexes: [deletedRowsIndex('users')],
});

export type SessionRow = {
  id: string;
  user: UserRow;
  tokenHash: string;
  createdAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
};

export const SessionSchema = new EntitySchema<SessionRow>({
  name: 'SessionRow',
  tableName: 'sessions',
  properties: {
    id: { type: 'uuid', primary: true },
    user: { kind: 'm:1', entity: () => UserSchema, deleteRule: 'cascade', index: true },
    tokenHash: { type: 'text', unique: true },
    createdAt: { ...timestamptz },
    expiresAt: { ...timestamptz },
    revokedAt: { ...timestamptz, nullable: true },
  },
  // The purge's lookups of ended sessions (migration 20270131100000).
  indexes: [
    { name: 'sessions_expires_at_index', expression: 'create index "sessions_expires_at_index" on "sessions" ("expires_at")' },
    { name: 'sessions_revoked_at_index', expression: 'create index "sessions_revoked_at_index" on "sessions" ("revoked_at") where "revoked_at" is not null' },
  ],
});

export type EmailTokenRow = {
  id: string;
  user: UserRow;
  purpose: string;
  tokenHash: string;
  createdAt: Date;
  expiresAt: Date;
  usedAt: Date | null;
};

export const EmailTokenSchema = new EntitySchema<EmailTokenRow>({
  name: 'EmailTokenRow',
  tableName: 'email_tokens',
  properties: {
    id: { type: 'uuid', primary: true },
    user: { kind: 'm:1', entity: () => UserSchema, deleteRule: 'cascade', index: true },
    purpose: { type: 'text' },
    tokenHash: { type: 'text', unique: true },
    createdAt: { ...timestamptz },
    expiresAt: { ...timestamptz },
    usedAt: { ...timestamptz, nullable: true },
  },
  // The purge's lookups of ended links (migration 20270131100000).
  indexes: [
    { name: 'email_tokens_expires_at_index', expression: 'create index "email_tokens_expires_at_index" on "email_tokens" ("expires_at")' },
    { name: 'email_tokens_used_at_index', expression: 'create index "email_tokens_used_at_index" on "email_tokens" ("used_at") where "used_at" is not null' },
  ],
});

export type RateLimitWindowRow = {
  key: string;
  windowStart: Date;
  count: number;
};

export const RateLimitWindowSchema = new EntitySchema<RateLimitWindowRow>({
  name: 'RateLimitWindowRow',
  tableName: 'rate_limit_windows',
  properties: {
    key: { type: 'text', primary: true },
    windowStart: { ...timestamptz },
    count: { type: 'integer' },
  },
});
