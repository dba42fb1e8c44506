import { EntitySchema } from '@mikro-orm/postgresql';
import { deletedRowsIndex, deletion, leanCreation, leanCreationIndex, timestamptz } from './columns.js';
import { TreeSchema, type TreeRow } from './trees.js';

// The people slice: persons, names and their words, places, relationships, events.

export type PersonRow = {
  gedcomExtra?: string | null;
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
  createdSeq: string | null;
  createdXact: string | null;
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
    ...leanCreation,
    /** GEDCOM lines kept verbatim (core/gedcom/extensions.ts): written by an import only, read by the export only. */
    gedcomExtra: { type: 'text', nullable: true, lazy: true },
  },
  indexes: [leanCreationIndex('persons'), deletedRowsIndex('persons'),
    { properties: ['tree', 'id'] },
    { name: 'persons_unkept_facts_index', expression: `create index "persons_unkept_facts_index" on "persons" ("id") where "has_death_fact" is null` },
    // A person's delete looks up the persons merged into it (migration 20270128090000).
    { name: 'persons_merged_into_id_index', expression: `create index "persons_merged_into_id_index" on "persons" ("merged_into_id") where "merged_into_id" is not null` },
  ],
});

export type NameRow = {
  gedcomExtra?: string | null;
  id: string;
  tree: TreeRow;
  person: PersonRow;
  nameType: string;
  givenName: string;
  surname: string;
  prefix: string;
  suffix: string;
  surnamePrefix: string;
  isPrimary: boolean;
  notes: string;
  createdAt: Date;
  deletedAt: Date | null;
  deletionId: string | null;
  createdSeq: string | null;
  createdXact: string | null;
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
    prefix: { type: 'text', default: '' },
    suffix: { type: 'text', default: '' },
    surnamePrefix: { type: 'text', default: '' },
    isPrimary: { type: 'boolean' },
    notes: { type: 'text', default: '' },
    createdAt: { ...timestamptz },
    ...deletion,
    ...leanCreation,
    /** GEDCOM lines kept verbatim (core/gedcom/extensions.ts): written by an import only, read by the export only. */
    gedcomExtra: { type: 'text', nullable: true, lazy: true },
  },
  indexes: [leanCreationIndex('names'), deletedRowsIndex('names')],
});

/**
 * The distinct words of a tree's live names, each with an id (kept by triggers on names, migration
 * 20261226090000): what name search matches a query's words against.
 */
export type NameWordRow = { id: string; tree: TreeRow; word: string };

export const NameWordSchema = new EntitySchema<NameWordRow>({
  name: 'NameWordRow',
  tableName: 'name_words',
  properties: {
    id: { type: 'bigint', primary: true, autoincrement: true },
    tree: { kind: 'm:1', entity: () => TreeSchema, deleteRule: 'cascade', index: false },
    word: { type: 'text' },
  },
  uniques: [{ properties: ['word', 'tree'] }],
  // The tree and the word's trigrams in one GIN index (btree_gin): a search reads its own tree's words only (Migration20270120090000).
  indexes: [{ name: 'name_words_tree_id_word_trgm_index', expression: `create index "name_words_tree_id_word_trgm_index" on "name_words" using gin ("tree_id", "word" gin_trgm_ops)` }],
});

/**
 * Which persons' live names hold a word (kept by the same triggers), in word then person order: a
 * search reads the persons of its best matched word in order and stops at its limit. No foreign keys:
 * the triggers remove a person's rows with their names, and a bulk import writes millions of them.
 */
export type NamePostingRow = { wordId: string; personId: string };

export const NamePostingSchema = new EntitySchema<NamePostingRow>({
  name: 'NamePostingRow',
  tableName: 'name_postings',
  properties: {
    wordId: { type: 'bigint', primary: true },
    personId: { type: 'uuid', primary: true },
  },
  indexes: [{ properties: ['personId', 'wordId'] }],
});

/**
 * Both coordinates or neither, each in its range (NaN and infinities are out). Written as PostgreSQL
 * writes it back, so the schema diff sees no change.
 */
const PLACES_COORDINATES_CHECK =
  'num_nonnulls(latitude, longitude) <> 1 and abs(latitude) <= 90::double precision and abs(longitude) <= 180::double precision';

export type PlaceRow = { id: string; tree: TreeRow; name: string; latitude: number | null; longitude: number | null };

export const PlaceSchema = new EntitySchema<PlaceRow>({
  name: 'PlaceRow',
  tableName: 'places',
  properties: {
    id: { type: 'uuid', primary: true },
    tree: { kind: 'm:1', entity: () => TreeSchema, deleteRule: 'cascade' },
    name: { type: 'text' },
    // Signed decimal degrees, both null or both set (migration 20261228090000 checks it).
    latitude: { type: 'double', columnType: 'double precision', nullable: true },
    longitude: { type: 'double', columnType: 'double precision', nullable: true },
  },
  indexes: [
    {
      // places.ensure's ON CONFLICT target: one place per trimmed, case-folded text in a tree.
      name: 'places_tree_id_name_unique',
      expression: `create unique index "places_tree_id_name_unique" on "places" ("tree_id", lower(btrim(name)))`,
    },
  ],
  checks: [{ name: 'places_coordinates_check', expression: PLACES_COORDINATES_CHECK }],
});

export type RelationshipRow = {
  gedcomExtra?: string | null;
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
  createdSeq: string | null;
  createdXact: string | null;
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
    ...leanCreation,
    /** GEDCOM lines kept verbatim (core/gedcom/extensions.ts): written by an import only, read by the export only. */
    gedcomExtra: { type: 'text', nullable: true, lazy: true },
  },
  indexes: [leanCreationIndex('relationships'), deletedRowsIndex('relationships'),
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
  gedcomExtra?: string | null;
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
  cause: string;
  temple: string | null;
  ordinanceStatus: string | null;
  createdAt: Date;
  updatedAt: Date;
  deletedAt: Date | null;
  deletionId: string | null;
  createdSeq: string | null;
  createdXact: string | null;
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
    // Indexed only where set (below): most events are a person's.
    partnership: { kind: 'm:1', deferMode: 'immediate', entity: () => RelationshipSchema, nullable: true, deleteRule: 'cascade' },
    date: { type: 'json', nullable: true },
    place: { kind: 'm:1', deferMode: 'immediate', entity: () => PlaceSchema, nullable: true, deleteRule: 'set null' },
    notes: { type: 'text' },
    detail: { type: 'text' },
    cause: { type: 'text', default: '' },
    temple: { type: 'text', nullable: true },
    ordinanceStatus: { type: 'text', nullable: true },
    createdAt: { ...timestamptz },
    updatedAt: { ...timestamptz },
    ...deletion,
    ...leanCreation,
    /** GEDCOM lines kept verbatim (core/gedcom/extensions.ts): written by an import only, read by the export only. */
    gedcomExtra: { type: 'text', nullable: true, lazy: true },
  },
  indexes: [
    leanCreationIndex('events'), deletedRowsIndex('events'), { properties: ['tree', 'id'] },
    { name: 'events_partnership_id_index', expression: 'create index "events_partnership_id_index" on "events" ("partnership_id") where partnership_id is not null' },
    // A place's delete finds its events by it (migration 20270130090000); events without a place are left out.
    { name: 'events_place_id_index', expression: 'create index "events_place_id_index" on "events" ("place_id") where "place_id" is not null' },
  ],
  checks: [{ name: 'events_one_subject_check', expression: 'num_nonnulls(person_id, partnership_id) = 1' }],
});

export type PersonCardRow = {
  person: PersonRow; tree: TreeRow; card: string;
  privacy: string | null; isLiving: boolean | null; hasDeathFact: boolean | null; birthYear: number | null;
};

/** A person as a member reads them, as the API's JSON, kept until their rows change (migration 20270116090000, adapters/postgres/person-cards.ts). */
export const PersonCardSchema = new EntitySchema<PersonCardRow>({
  name: 'PersonCardRow',
  tableName: 'person_cards',
  properties: {
    person: { kind: '1:1', entity: () => PersonSchema, primary: true, owner: true, deleteRule: 'cascade', fieldName: 'person_id' },
    tree: { kind: 'm:1', entity: () => TreeSchema, deleteRule: 'cascade' },
    card: { type: 'text' },
    /** The person row's privacy facts when the card was written (migration 20270118090000); null on a card written without them. */
    privacy: { type: 'text', nullable: true },
    isLiving: { type: 'boolean', nullable: true },
    hasDeathFact: { type: 'boolean', nullable: true },
    birthYear: { type: 'int', nullable: true },
  },
  /** By tree and person: a page of the whole list reads its cards as a range of it (migration 20270126090000). */
  indexes: [{ properties: ['tree', 'person'] }],
});

export type PersonPagePassRow = { tree: TreeRow; key: string };

/** The key of a tree's last whole pass of keeping person pages (migration 20270202090000, adapters/http/pages/public/kept.ts). */
export const PersonPagePassSchema = new EntitySchema<PersonPagePassRow>({
  name: 'PersonPagePassRow',
  tableName: 'person_page_passes',
  properties: {
    tree: { kind: '1:1', entity: () => TreeSchema, primary: true, owner: true, deleteRule: 'cascade', fieldName: 'tree_id' },
    key: { type: 'text' },
  },
});

export type PersonPageRow = { person: PersonRow; tree: TreeRow; key: string; body: string };

/** A person's public page as written for a visitor, with the key it was written under (migration 20270119090000, adapters/http/pages/public/kept.ts). */
export const PersonPageSchema = new EntitySchema<PersonPageRow>({
  name: 'PersonPageRow',
  tableName: 'person_pages',
  properties: {
    person: { kind: '1:1', entity: () => PersonSchema, primary: true, owner: true, deleteRule: 'cascade', fieldName: 'person_id' },
    tree: { kind: 'm:1', entity: () => TreeSchema, deleteRule: 'cascade' },
    key: { type: 'text' },
    body: { type: 'text' },
  },
  indexes: [{ properties: ['tree'] }],
});
