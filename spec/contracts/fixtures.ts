import type { AuditEntry } from '../../core/kernel/audit.js';
import type { EmailToken, Session, User } from '../../core/identity/model.js';
import type { Membership, Role, Tree } from '../../core/trees/model.js';
import type { Storage } from '../../core/stores.js';
import { NO_SOURCE_EXTRAS } from '../../core/sources/source-fields.js';
import { newId, type Id } from '../../core/kernel/ids.js';
import type { LifeEvent, Name, Person, Relationship, RelationshipType } from '../../core/people/model.js';
import type { Citation, Repository, Source } from '../../core/sources/model.js';

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

// Genealogy records. Each builder takes the tree (and its subject) and overrides; ids are fresh.

/** `n` fresh ids in ascending order, so a case can insert them out of order and expect the store to sort. */
export const sortedIds = (n: number): Id[] => Array.from({ length: n }, () => newId()).sort();

export const aPerson = (treeId: Id, over: Partial<Person> = {}): Person => ({
  id: newId(),
  treeId,
  sex: null,
  isLiving: null,
  birthYear: null,
  hasDeathFact: false,
  mergedInto: null,
  privacy: 'default',
  notes: '',
  identifiers: [],
  createdAt: at('2025-03-05T08:00:00.101Z'),
  updatedAt: at('2025-03-05T08:00:00.101Z'),
  deletedAt: null,
  deletionId: null,
  ...over,
});

export const aName = (person: Pick<Person, 'id' | 'treeId'>, over: Partial<Name> = {}): Name => ({
  id: newId(),
  treeId: person.treeId,
  personId: person.id,
  nameType: 'birth',
  givenName: 'John',
  surname: 'Smith',
  prefix: '',
  suffix: '',
  surnamePrefix: '',
  isPrimary: true,
  notes: '',
  createdAt: at('2025-03-05T08:00:01.202Z'),
  deletedAt: null,
  deletionId: null,
  ...over,
});

export const anEvent = (treeId: Id, subject: { personId: Id } | { partnershipId: Id }, over: Partial<LifeEvent> = {}): LifeEvent => ({
  id: newId(),
  treeId,
  type: 'birth',
  customType: null,
  personId: 'personId' in subject ? subject.personId : null,
  partnershipId: 'partnershipId' in subject ? subject.partnershipId : null,
  date: null,
  placeId: null,
  notes: '',
  detail: '',
  cause: '',
  temple: null,
  ordinanceStatus: null,
  createdAt: at('2025-03-05T08:00:02.303Z'),
  updatedAt: at('2025-03-05T08:00:02.303Z'),
  deletedAt: null,
  deletionId: null,
  ...over,
});

export const aRelationship = (
  treeId: Id, type: RelationshipType, personAId: Id, personBId: Id, over: Partial<Relationship> = {},
): Relationship => ({
  id: newId(),
  treeId,
  type,
  personAId,
  personBId,
  qualifier: type === 'parent_child' ? 'biological' : null,
  role: null,
  notes: '',
  createdAt: at('2025-03-05T08:00:03.404Z'),
  updatedAt: at('2025-03-05T08:00:03.404Z'),
  deletedAt: null,
  deletionId: null,
  ...over,
});

export const aSource = (treeId: Id, over: Partial<Source> = {}): Source => ({
  id: newId(),
  treeId,
  title: 'Parish register of St Mary',
  author: '',
  publication: '',
  notes: '',
  ...NO_SOURCE_EXTRAS,
  createdAt: at('2025-03-05T08:00:04.505Z'),
  updatedAt: at('2025-03-05T08:00:04.505Z'),
  deletedAt: null,
  deletionId: null,
  ...over,
});

export const aCitation = (treeId: Id, sourceId: Id, target: Citation['target'], over: Partial<Citation> = {}): Citation => ({
  id: newId(),
  treeId,
  sourceId,
  target,
  page: '',
  detail: '',
  entryDate: '',
  notes: '',
  confidence: null,
  createdAt: at('2025-03-05T08:00:05.606Z'),
  updatedAt: at('2025-03-05T08:00:05.606Z'),
  deletedAt: null,
  deletionId: null,
  ...over,
});

/** Inserts a person and returns it. */
export const givenPerson = async (s: Storage, treeId: Id, over: Partial<Person> = {}): Promise<Person> => {
  const p = aPerson(treeId, over);
  await s.persons.insert(p);
  return p;
};

/** Inserts a person with one primary name and returns the person. */
export const givenNamed = async (s: Storage, treeId: Id, givenName: string, surname: string, over: Partial<Person> = {}): Promise<Person> => {
  const p = await givenPerson(s, treeId, over);
  await s.names.insert(aName(p, { givenName, surname }));
  return p;
};

/** Inserts a relationship and returns it. */
export const givenEdge = async (s: Storage, treeId: Id, type: RelationshipType, a: Id, b: Id, over: Partial<Relationship> = {}): Promise<Relationship> => {
  const r = aRelationship(treeId, type, a, b, over);
  await s.relationships.insert(r);
  return r;
};

/** Inserts a source and returns it. */
export const aRepository = (treeId: Id, over: Partial<Repository> = {}): Repository => ({
  id: newId(),
  treeId,
  name: 'County Record Office',
  address: '',
  notes: '',
  createdAt: at('2025-03-05T08:00:04.606Z'),
  updatedAt: at('2025-03-05T08:00:04.606Z'),
  deletedAt: null,
  deletionId: null,
  ...over,
});

export const givenRepository = async (s: Storage, treeId: Id, over: Partial<Repository> = {}): Promise<Repository> => {
  const x = aRepository(treeId, over);
  await s.repositories.insert(x);
  return x;
};

export const givenSource = async (s: Storage, treeId: Id, over: Partial<Source> = {}): Promise<Source> => {
  const x = aSource(treeId, over);
  await s.sources.insert(x);
  return x;
};

export const ids = (rows: readonly { readonly id: Id }[]): Id[] => rows.map((r) => r.id);
