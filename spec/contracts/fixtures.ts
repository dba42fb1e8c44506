import type { AuditEntry } from '../../core/shared/audit.js';
import type { EmailToken, Session, User } from '../../core/identity/model.js';
import type { Membership, Role, Tree } from '../../core/trees/model.js';
import type { Storage } from '../../core/shared/ports.js';
import { newId, type Id } from '../../core/shared/ids.js';

/** What every contract is run against: a storage on empty state, and how to dispose of it. */
export type StorageFixture = { readonly storage: Storage; close(): Promise<void> };
export type MakeStorage = () => Promise<StorageFixture>;

/** Mocha wiring shared by the contracts: a fresh, empty storage for every case. */
export const withStorage = (make: MakeStorage): (() => Storage) => {
  let fx: StorageFixture | undefined;
  beforeEach(async () => {
    fx = await make();
  });
  afterEach(async () => {
    await fx?.close();
    fx = undefined;
  });
  return () => {
    if (!fx) throw new Error('storage used outside a test');
    return fx.storage;
  };
};

// Millisecond precision on purpose: a store that truncates or shifts time zones fails the equality checks.
export const at = (iso: string): Date => new Date(iso);

export const aUser = (over: Partial<User> = {}): User => {
  const id = over.id ?? newId();
  return {
    id,
    email: `user-${id}@example.com`,
    passwordHash: 'scrypt$hash',
    emailVerifiedAt: null,
    selfPersonId: null,
    createdAt: at('2025-03-01T10:00:00.123Z'),
    deletedAt: null,
    ...over,
  };
};

export const aSession = (userId: Id, over: Partial<Session> = {}): Session => ({
  id: newId(),
  userId,
  tokenHash: `hash-${newId()}`,
  createdAt: at('2025-03-01T10:00:00.001Z'),
  expiresAt: at('2025-04-01T10:00:00.999Z'),
  revokedAt: null,
  ...over,
});

export const anEmailToken = (userId: Id, over: Partial<EmailToken> = {}): EmailToken => ({
  id: newId(),
  userId,
  purpose: 'verify_email',
  tokenHash: `hash-${newId()}`,
  createdAt: at('2025-03-01T10:00:00.001Z'),
  expiresAt: at('2025-03-02T10:00:00.002Z'),
  usedAt: null,
  ...over,
});

export const aTree = (over: Partial<Tree> = {}): Tree => ({
  id: newId(),
  name: 'The Smiths',
  description: '',
  visibility: 'private',
  homePersonId: null,
  aiMemberProvider: null,
  aiRecommenderProvider: null,
  createdAt: at('2025-03-01T10:00:00.500Z'),
  updatedAt: at('2025-03-01T10:00:00.500Z'),
  deletedAt: null,
  ...over,
});

export const aMembership = (treeId: Id, userId: Id, role: Role, createdAt = at('2025-03-02T00:00:00.000Z')): Membership => ({
  treeId,
  userId,
  role,
  createdAt,
});

export const anAuditEntry = (treeId: Id | null, over: Partial<AuditEntry> = {}): AuditEntry => ({
  id: newId(),
  treeId,
  actorId: null,
  action: 'tree.update',
  entityType: 'tree',
  entityId: treeId ?? newId(),
  details: {},
  createdAt: at('2025-03-03T00:00:00.007Z'),
  ...over,
});

/** Inserts users (each with its own email) and returns them. */
export const givenUsers = async (s: Storage, n: number): Promise<User[]> => {
  const users = Array.from({ length: n }, () => aUser());
  for (const u of users) await s.users.insert(u);
  return users;
};

/** Inserts a tree and returns it. */
export const givenTree = async (s: Storage, over: Partial<Tree> = {}): Promise<Tree> => {
  const t = aTree(over);
  await s.trees.insert(t);
  return t;
};

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
