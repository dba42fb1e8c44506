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

// People and sources. Every tree-owned row cascades from its tree, so purging a tree is one delete.
// Expression and partial indexes are declared with their full SQL (`expression`): MikroORM compares
// such indexes by name only, so the migration diff stays empty while the definitions live here.

const deletion = {
  deletedAt: { ...timestamptz, nullable: true },
  deletionId: { type: 'uuid', nullable: true },
} as const;

export type PersonRow = {
  id: string;
  tree: TreeRow;
  sex: string | null;
  isLiving: boolean | null;
  privacy: string;
  notes: string;
  identifiers: unknown[];
  birthYear: number | null;
  hasDeathFact: boolean | null;
  mergedInto: PersonRow | null;
  createdAt: Date;
  updatedAt: Date;
  deletedAt: Date | null;
  deletionId: string | null;
};

export const PersonSchema: EntitySchema<PersonRow> = new EntitySchema<PersonRow>({
  name: 'PersonRow',
  tableName: 'persons',
  properties: {
    id: { type: 'uuid', primary: true },
    tree: { kind: 'm:1', entity: () => TreeSchema, deleteRule: 'cascade' },
    sex: { type: 'text', nullable: true },
    isLiving: { type: 'boolean', nullable: true },
    privacy: { type: 'text', default: 'default' },
    notes: { type: 'text' },
    identifiers: { type: 'json', default: '[]' },
    birthYear: { type: 'int', nullable: true },
    hasDeathFact: { type: 'boolean', nullable: true },
    /** The person this one was merged into (set with the soft delete of a merge); kept while both rows exist. */
    mergedInto: { kind: 'm:1', entity: (): EntitySchema<PersonRow> => PersonSchema, nullable: true, deleteRule: 'set null', index: false },
    createdAt: { ...timestamptz },
    updatedAt: { ...timestamptz },
    ...deletion,
  },
  indexes: [
    { properties: ['tree', 'id'] },
    { name: 'persons_unkept_facts_index', expression: `create index "persons_unkept_facts_index" on "persons" ("id") where "has_death_fact" is null` },
  ],
});

export type NameRow = {
  id: string;
  tree: TreeRow;
  person: PersonRow;
  nameType: string;
  givenName: string;
  surname: string;
  isPrimary: boolean;
  notes: string;
  createdAt: Date;
  deletedAt: Date | null;
  deletionId: string | null;
};

export const NameSchema = new EntitySchema<NameRow>({
  name: 'NameRow',
  tableName: 'names',
  properties: {
    id: { type: 'uuid', primary: true },
    tree: { kind: 'm:1', entity: () => TreeSchema, deleteRule: 'cascade' },
    person: { kind: 'm:1', deferMode: 'immediate', entity: () => PersonSchema, deleteRule: 'cascade', index: true },
    nameType: { type: 'text' },
    givenName: { type: 'text' },
    surname: { type: 'text' },
    isPrimary: { type: 'boolean' },
    notes: { type: 'text', default: '' },
    createdAt: { ...timestamptz },
    ...deletion,
  },
  indexes: [
    {
      // names.search finds the names holding a word of name_words with `&&` on exactly this expression.
      name: 'names_words_index',
      expression: `create index "names_words_index" on "names" using gin ((regexp_split_to_array(lower(left(given_name || ' ' || surname, 500)), '[[:space:][:punct:]]+')))`,
    },
  ],
});

/** The distinct words of a tree's names (kept by a trigger on names): what name search matches a query's words against. */
export type NameWordRow = { tree: TreeRow; word: string };

export const NameWordSchema = new EntitySchema<NameWordRow>({
  name: 'NameWordRow',
  tableName: 'name_words',
  properties: {
    tree: { kind: 'm:1', entity: () => TreeSchema, primary: true, deleteRule: 'cascade' },
    word: { type: 'text', primary: true },
  },
  indexes: [{ name: 'name_words_word_trgm_index', expression: `create index "name_words_word_trgm_index" on "name_words" using gin ("word" gin_trgm_ops)` }],
});

export type PlaceRow = { id: string; tree: TreeRow; name: string };

export const PlaceSchema = new EntitySchema<PlaceRow>({
  name: 'PlaceRow',
  tableName: 'places',
  properties: {
    id: { type: 'uuid', primary: true },
    tree: { kind: 'm:1', entity: () => TreeSchema, deleteRule: 'cascade' },
    name: { type: 'text' },
  },
  indexes: [
    {
      // places.ensure's ON CONFLICT target: one place per trimmed, case-folded text in a tree.
      name: 'places_tree_id_name_unique',
      expression: `create unique index "places_tree_id_name_unique" on "places" ("tree_id", lower(btrim(name)))`,
    },
  ],
});

export type RelationshipRow = {
  id: string;
  tree: TreeRow;
  type: string;
  personA: PersonRow;
  personB: PersonRow;
  qualifier: string | null;
  role: string | null;
  notes: string;
  createdAt: Date;
  updatedAt: Date;
  deletedAt: Date | null;
  deletionId: string | null;
};

export const RelationshipSchema = new EntitySchema<RelationshipRow>({
  name: 'RelationshipRow',
  tableName: 'relationships',
  properties: {
    id: { type: 'uuid', primary: true },
    tree: { kind: 'm:1', entity: () => TreeSchema, deleteRule: 'cascade' },
    type: { type: 'text' },
    personA: { kind: 'm:1', deferMode: 'immediate', entity: () => PersonSchema, deleteRule: 'cascade', index: true },
    personB: { kind: 'm:1', deferMode: 'immediate', entity: () => PersonSchema, deleteRule: 'cascade', index: true },
    qualifier: { type: 'text', nullable: true },
    role: { type: 'text', nullable: true },
    notes: { type: 'text' },
    createdAt: { ...timestamptz },
    updatedAt: { ...timestamptz },
    ...deletion,
  },
  indexes: [
    { properties: ['tree', 'id'] },
    {
      // A live partnership exists once per unordered pair.
      name: 'relationships_live_partnership_unique',
      expression: `create unique index "relationships_live_partnership_unique" on "relationships" ("tree_id", least(person_a_id, person_b_id), greatest(person_a_id, person_b_id)) where type = 'partnership' and deleted_at is null`,
    },
    {
      // A live parent_child edge exists once per ordered (parent, child) pair.
      name: 'relationships_live_parent_child_unique',
      expression: `create unique index "relationships_live_parent_child_unique" on "relationships" ("tree_id", "person_a_id", "person_b_id") where type = 'parent_child' and deleted_at is null`,
    },
  ],
});

export type EventRow = {
  id: string;
  tree: TreeRow;
  type: string;
  customType: string | null;
  person: PersonRow | null;
  partnership: RelationshipRow | null;
  date: object | null;
  place: PlaceRow | null;
  notes: string;
  detail: string;
  temple: string | null;
  ordinanceStatus: string | null;
  createdAt: Date;
  updatedAt: Date;
  deletedAt: Date | null;
  deletionId: string | null;
};

export const EventSchema = new EntitySchema<EventRow>({
  name: 'EventRow',
  tableName: 'events',
  properties: {
    id: { type: 'uuid', primary: true },
    tree: { kind: 'm:1', entity: () => TreeSchema, deleteRule: 'cascade' },
    type: { type: 'text' },
    customType: { type: 'text', nullable: true },
    person: { kind: 'm:1', deferMode: 'immediate', entity: () => PersonSchema, nullable: true, deleteRule: 'cascade', index: true },
    partnership: { kind: 'm:1', deferMode: 'immediate', entity: () => RelationshipSchema, nullable: true, deleteRule: 'cascade', index: true },
    date: { type: 'json', nullable: true },
    place: { kind: 'm:1', deferMode: 'immediate', entity: () => PlaceSchema, nullable: true, deleteRule: 'set null' },
    notes: { type: 'text' },
    detail: { type: 'text' },
    temple: { type: 'text', nullable: true },
    ordinanceStatus: { type: 'text', nullable: true },
    createdAt: { ...timestamptz },
    updatedAt: { ...timestamptz },
    ...deletion,
  },
  indexes: [{ properties: ['tree', 'id'] }],
  checks: [{ name: 'events_one_subject_check', expression: 'num_nonnulls(person_id, partnership_id) = 1' }],
});

export type SourceRow = {
  id: string;
  tree: TreeRow;
  title: string;
  author: string;
  publication: string;
  notes: string;
  createdAt: Date;
  updatedAt: Date;
  deletedAt: Date | null;
  deletionId: string | null;
};

export const SourceSchema = new EntitySchema<SourceRow>({
  name: 'SourceRow',
  tableName: 'sources',
  properties: {
    id: { type: 'uuid', primary: true },
    tree: { kind: 'm:1', entity: () => TreeSchema, deleteRule: 'cascade' },
    title: { type: 'text' },
    author: { type: 'text' },
    publication: { type: 'text' },
    notes: { type: 'text' },
    createdAt: { ...timestamptz },
    updatedAt: { ...timestamptz },
    ...deletion,
  },
  indexes: [{ properties: ['tree', 'id'] }],
});

export type CitationRow = {
  id: string;
  tree: TreeRow;
  source: SourceRow;
  targetKind: string;
  targetId: string;
  page: string;
  detail: string;
  confidence: number | null;
  createdAt: Date;
  updatedAt: Date;
  deletedAt: Date | null;
  deletionId: string | null;
};

export const CitationSchema = new EntitySchema<CitationRow>({
  name: 'CitationRow',
  tableName: 'citations',
  properties: {
    id: { type: 'uuid', primary: true },
    tree: { kind: 'm:1', entity: () => TreeSchema, deleteRule: 'cascade' },
    source: { kind: 'm:1', deferMode: 'immediate', entity: () => SourceSchema, deleteRule: 'cascade', index: true },
    targetKind: { type: 'text' },
    // No foreign key: the target is one of four tables. Purges remove citations of what they remove.
    targetId: { type: 'uuid', index: true },
    page: { type: 'text' },
    detail: { type: 'text' },
    confidence: { type: 'smallint', nullable: true },
    createdAt: { ...timestamptz },
    updatedAt: { ...timestamptz },
    ...deletion,
  },
  indexes: [{ properties: ['tree', 'id'] }],
});

export type MediaRow = {
  id: string;
  tree: TreeRow;
  title: string;
  fileName: string;
  contentType: string;
  size: number;
  checksum: string;
  person: PersonRow | null;
  event: EventRow | null;
  source: SourceRow | null;
  storageKey: string;
  createdBy: string | null;
  createdAt: Date;
  updatedAt: Date;
  deletedAt: Date | null;
  deletionId: string | null;
};

// One nullable foreign key per attachment kind: a purged target detaches its media (set null), and
// the check keeps at most one attachment.
export const MediaSchema = new EntitySchema<MediaRow>({
  name: 'MediaRow',
  tableName: 'media',
  properties: {
    id: { type: 'uuid', primary: true },
    tree: { kind: 'm:1', entity: () => TreeSchema, deleteRule: 'cascade' },
    title: { type: 'text' },
    fileName: { type: 'text' },
    contentType: { type: 'text' },
    size: { type: 'bigint' },
    checksum: { type: 'text' },
    person: { kind: 'm:1', entity: () => PersonSchema, deleteRule: 'set null', nullable: true, index: true },
    event: { kind: 'm:1', entity: () => EventSchema, deleteRule: 'set null', nullable: true, index: true },
    source: { kind: 'm:1', entity: () => SourceSchema, deleteRule: 'set null', nullable: true, index: true },
    // Rows of one GEDZIP import that link the same bytes share one object (the purge counts its rows).
    storageKey: { type: 'text', index: true },
    createdBy: { type: 'uuid', nullable: true },
    createdAt: { ...timestamptz },
    updatedAt: { ...timestamptz },
    ...deletion,
  },
  indexes: [{ properties: ['tree', 'id'] }],
  checks: [{ name: 'media_one_target_check', expression: 'num_nonnulls(person_id, event_id, source_id) <= 1' }],
});

export type ProposalRow = {
  id: string;
  tree: TreeRow;
  status: string;
  origin: string;
  summary: string;
  operations: object;
  proposerId: string | null;
  reviewerId: string | null;
  applyError: object | null;
  appliedCount: number;
  refs: object;
  createdAt: Date;
  decidedAt: Date | null;
};

/** Change proposals: tree-owned (a purged tree takes them along); the users they name are kept as plain ids, like the audit trail. */
export const ProposalSchema = new EntitySchema<ProposalRow>({
  name: 'ProposalRow',
  tableName: 'proposals',
  properties: {
    id: { type: 'uuid', primary: true },
    tree: { kind: 'm:1', entity: () => TreeSchema, deleteRule: 'cascade' },
    status: { type: 'text' },
    origin: { type: 'text' },
    summary: { type: 'text' },
    operations: { type: 'json' },
    proposerId: { type: 'uuid', nullable: true },
    reviewerId: { type: 'uuid', nullable: true },
    applyError: { type: 'json', nullable: true },
    appliedCount: { type: 'integer' },
    refs: { type: 'json' },
    createdAt: { ...timestamptz },
    decidedAt: { ...timestamptz, nullable: true },
  },
  indexes: [{ properties: ['tree', 'id'] }],
});

export type BlobRemovalRow = { key: string; queuedAt: Date };

/** Object keys waiting for removal from the BlobStore (queued with the purge that removed their rows). */
export const BlobRemovalSchema = new EntitySchema<BlobRemovalRow>({
  name: 'BlobRemovalRow',
  tableName: 'blob_removals',
  properties: {
    key: { type: 'text', primary: true },
    queuedAt: { ...timestamptz, index: true },
  },
});

export type DuplicateDismissalRow = { id: string; tree: TreeRow; personA: PersonRow; personB: PersonRow; dismissedBy: string | null; createdAt: Date };

/** Pairs a member said are not duplicates, one row per unordered pair (person_a_id < person_b_id), kept for good. */
export const DuplicateDismissalSchema = new EntitySchema<DuplicateDismissalRow>({
  name: 'DuplicateDismissalRow',
  tableName: 'duplicate_dismissals',
  properties: {
    id: { type: 'uuid', primary: true },
    tree: { kind: 'm:1', entity: () => TreeSchema, deleteRule: 'cascade' },
    personA: { kind: 'm:1', entity: () => PersonSchema, deleteRule: 'cascade' },
    personB: { kind: 'm:1', entity: () => PersonSchema, deleteRule: 'cascade', index: true },
    dismissedBy: { type: 'uuid', nullable: true },
    createdAt: { ...timestamptz },
  },
  // (tree_id, id): the account backup pages a tree's dismissals by id.
  indexes: [{ properties: ['tree', 'id'] }, { name: 'duplicate_dismissals_pair_unique', expression: `create unique index "duplicate_dismissals_pair_unique" on "duplicate_dismissals" ("person_a_id", "person_b_id")` }],
});

export type PersonMergeRow = { id: string; tree: TreeRow; kept: PersonRow; other: PersonRow; moved: object; createdAt: Date };

/** What each merge moved from the other person to the kept one, keyed by the merge's deletion id: restoring the other person undoes it. */
export const PersonMergeSchema = new EntitySchema<PersonMergeRow>({
  name: 'PersonMergeRow',
  tableName: 'person_merges',
  properties: {
    id: { type: 'uuid', primary: true },
    tree: { kind: 'm:1', entity: () => TreeSchema, deleteRule: 'cascade' },
    kept: { kind: 'm:1', entity: () => PersonSchema, deleteRule: 'cascade', index: true },
    other: { kind: 'm:1', entity: () => PersonSchema, deleteRule: 'cascade', index: true },
    moved: { type: 'json' },
    createdAt: { ...timestamptz },
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
  PersonSchema,
  NameSchema,
  PlaceSchema,
  RelationshipSchema,
  EventSchema,
  SourceSchema,
  CitationSchema,
  MediaSchema,
  ProposalSchema,
  BlobRemovalSchema,
  NameWordSchema,
  DuplicateDismissalSchema,
  PersonMergeSchema,
];
