import { EntitySchema } from '@mikro-orm/postgresql';

// Table mapping only. Repositories read and write with SQL returning plain rows (rows.ts maps them to
// core types), so these row types exist for the schema generator and migration diff, not for callers.

const timestamptz = { type: 'Date', columnType: 'timestamptz' } as const;

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
});

export type TreeRow = {
  id: string;
  name: string;
  description: string;
  visibility: string;
  homePersonId: string | null;
  aiMemberProvider: string | null;
  aiRecommenderProvider: string | null;
  createdAt: Date;
  updatedAt: Date;
  deletedAt: Date | null;
};

export const TreeSchema = new EntitySchema<TreeRow>({
  name: 'TreeRow',
  tableName: 'trees',
  properties: {
    id: { type: 'uuid', primary: true },
    name: { type: 'text' },
    description: { type: 'text' },
    visibility: { type: 'text' },
    homePersonId: { type: 'uuid', nullable: true },
    aiMemberProvider: { type: 'text', nullable: true },
    aiRecommenderProvider: { type: 'text', nullable: true },
    createdAt: { ...timestamptz },
    updatedAt: { ...timestamptz },
    deletedAt: { ...timestamptz, nullable: true },
  },
});

export type MembershipRow = {
  tree: TreeRow;
  user: UserRow;
  role: string;
  createdAt: Date;
};

export const MembershipSchema = new EntitySchema<MembershipRow>({
  name: 'MembershipRow',
  tableName: 'memberships',
  properties: {
    tree: { kind: 'm:1', entity: () => TreeSchema, primary: true, deleteRule: 'cascade' },
    user: { kind: 'm:1', entity: () => UserSchema, primary: true, deleteRule: 'cascade', index: true },
    role: { type: 'text' },
    createdAt: { ...timestamptz },
  },
});

export type AuditEntryRow = {
  id: string;
  tree: TreeRow | null;
  actorId: string | null;
  action: string;
  entityType: string;
  entityId: string;
  details: object;
  createdAt: Date;
};

export const AuditEntrySchema = new EntitySchema<AuditEntryRow>({
  name: 'AuditEntryRow',
  tableName: 'audit_entries',
  properties: {
    id: { type: 'uuid', primary: true },
    tree: { kind: 'm:1', entity: () => TreeSchema, nullable: true, deleteRule: 'set null' },
    // No foreign key: the audit trail outlives the user it names.
    actorId: { type: 'uuid', nullable: true },
    action: { type: 'text' },
    entityType: { type: 'text' },
    entityId: { type: 'uuid' },
    details: { type: 'json' },
    createdAt: { ...timestamptz },
  },
  indexes: [{ properties: ['tree', 'id'] }],
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

export const entities = [
  UserSchema,
  SessionSchema,
  EmailTokenSchema,
  TreeSchema,
  MembershipSchema,
  AuditEntrySchema,
  RateLimitWindowSchema,
];
