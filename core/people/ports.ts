import type { Audience } from '../kernel/audience.js';
import type { TreeWithRole } from '../trees/model.js';
import type { Id } from '../kernel/ids.js';
import type { ListOptions } from '../kernel/list.js';
import type { Coordinates, EventType, LifeEvent, Name, Person, Place, Relationship } from './model.js';

export type PersonRepository = {
  /** The person whether deleted or not, or null. */
  readonly byId: (id: Id) => Promise<Person | null>;
  /** Live persons of the tree among `ids`, ordered by id; unknown, deleted or other-tree ids are left out. */
  readonly byIds: (treeId: Id, ids: readonly Id[]) => Promise<readonly Person[]>;
  /** Persons of the tree among `ids`, live or deleted, ordered by id; unknown or other-tree ids are left out. */
  readonly inTree: (treeId: Id, ids: readonly Id[]) => Promise<readonly Person[]>;
  /** A non-member audience: the persons not hidden from them (redacted ones included). */
  readonly listByTree: (treeId: Id, options: ListOptions) => Promise<readonly Person[]>;
  /**
   * One page of the tree's whole person list (GET /trees/{id}/persons and /public/trees/{id}/persons
   * without `q`, `ids`, `deleted` or `limit`) as JSON text, for `page.audience`: the live persons
   * `listByTree` answers for that audience and page, each written exactly as the list route writes it
   * (adapters/http/wire-records.ts `personWire` of core/people/queries/person-views.ts's view, without
   * `names`): in full, or redacted (`display_name` `Living person`, `redacted: true`, every other field
   * null) where the non-member rule redacts; hidden persons are absent. `json` is the persons' objects
   * in order, in pieces of consecutive persons (each piece its objects joined by commas; the pieces to
   * be joined by commas; none for no person; pieces keep each string small whatever the page's size).
   * `lastId` is the last person's id when the page is full (`count` = `page.limit`), else null;
   * `ahead` the last person of the page after this one when both are full, else null (so the page
   * after that can be asked for while that one is read). The wire shape is written by the store on
   * purpose (issue 27): a 100,000-person list is then text from PostgreSQL to the socket, with no
   * object per person in the service; spec/contracts/person-list-json.contract.ts holds it to the
   * per-row path (core listPersons, then personWire).
   */
  readonly listJson: (treeId: Id, page: PersonListPage) => Promise<PersonListJson>;
  /**
   * The live persons of `treeId` among `ids` that `audience` is not hidden from, in the order of
   * `ids` (each id once: its first place), as JSON text: each person written exactly as the search
   * and batch routes write them (adapters/http/wire-records.ts `personWire` of the view
   * core/people/queries/list-persons.ts builds, with `names` for a person shown in full), the objects
   * joined by commas ('' for none). A search's page (GET .../persons?q=) is then text from the
   * database to the socket, as `listJson` makes a whole list; spec/contracts/person-list-json.contract.ts
   * holds it to the per-row path.
   */
  readonly pickJson: (treeId: Id, ids: readonly Id[], audience: Audience) => Promise<string>;
  /**
   * A name search's page for a reader, in one read: the tree with `page.userId`'s role (null: unknown
   * tree), and the persons `NameRepository.search` finds for the audience that role makes (a member
   * when `page.reading.byRole` and the role is not null, else a non-member at `page.reading.now`),
   * written as `pickJson` writes them; `found` the persons the search found (at most `limit`),
   * `lastId` the last of them when `found` is `limit`, else null. The caller still decides whether the
   * reader may read the tree at all (core/privacy/reader.ts readerOf), and drops the page when not.
   */
  readonly searchPage: (treeId: Id, query: string, threshold: number, page: SearchPageRead) => Promise<SearchPageJson>;
  /**
   * A person read for its text, in one read: the person's tree with `userId`'s role (as `read` has
   * it), whether the person is deleted, whether the reader reads as a member (`reading.byRole` and a
   * role), and, for that audience, the person's text when their row is enough (redacted, or a kept
   * card: `json`), or the person with their profile when shown in full without a card (`full`).
   * Both null when deleted or hidden. Null when the person is unknown. The caller still decides
   * (core/people/queries/get-person-json.ts); spec/adapters/person-cards.spec.ts holds the answers,
   * with and without cards, to getPerson's written by the route's personWire.
   */
  readonly readJson: (personId: Id, userId: Id | null, reading: PersonReading) => Promise<PersonJsonRead | null>;
  readonly insert: (person: Person) => Promise<void>;
  /**
   * What a person read shows beside the row, in one read: the person's live names (primary first,
   * then by id), their own live events (by id) and the places of those events (by id).
   */
  readonly profile: (personId: Id) => Promise<PersonProfile>;
  /**
   * The person (deleted or not) with their tree and `userId`'s role in it (null: not a member, or
   * no user), in one read: what a person read needs before deciding anything. Null when unknown.
   */
  readonly withTree: (personId: Id, userId: Id | null) => Promise<{ readonly person: Person; readonly tree: TreeWithRole } | null>;
  /**
   * A person read in one read (GET /persons/{id}): what `withTree` answers, and the person's
   * `profile` (as `profile` answers it) when the person is live and shown in full to the reader
   * `reading` describes, else null: a member (a role in the tree, where `reading.byRole`) sees every
   * live person in full; anyone else what the non-member rule (core/privacy/engine.ts) shows in full
   * at `reading.now`, decided from the facts kept on the person's row. The caller still decides
   * (core/people/queries/get-person.ts); the profile is only never read for a person it withholds.
   */
  readonly read: (personId: Id, userId: Id | null, reading: PersonReading) => Promise<PersonRead | null>;
  /**
   * The live persons of `treeId` among `ids`, in id order, each with their `profile` (as `profile`
   * answers it) when `audience` is shown them in full (a member: every one; anyone else: the
   * non-member rule at `audience.now`, from the facts kept on the row), else null: the page of a
   * search or a batch in one read. The caller still decides (core/people/queries/list-persons.ts).
   */
  readonly readMany: (treeId: Id, ids: readonly Id[], audience: Audience) => Promise<readonly { readonly person: Person; readonly profile: PersonProfile | null }[]>;
  /** Replaces every mutable field, deletion stamp included, but not the kept facts (see keepLifeFacts). */
  readonly update: (person: Person) => Promise<void>;
  /**
   * `update` for each person, in a number of statements that grows with the count divided by a chunk
   * size (10,000), not with the count; an id that does not exist is ignored. Ids are distinct.
   */
  readonly updateMany: (persons: readonly Person[]) => Promise<void>;
  /**
   * Sets the kept facts (Person.birthYear, hasDeathFact) of these persons, live or deleted, in
   * statements per chunk of 10,000; an unknown id is ignored. Ids are distinct.
   */
  readonly keepLifeFacts: (facts: readonly KeptFacts[]) => Promise<void>;
  /** Up to `limit` ids of persons (any tree, live or deleted) whose facts were never kept, ordered by id. */
  readonly withoutKeptFacts: (limit: number) => Promise<readonly Id[]>;
  /**
   * The live descendants of `rootId` along live parent_child edges (child = person_b), not including
   * the root, each once even where lines rejoin.
   */
  readonly descendants: (treeId: Id, rootId: Id) => Promise<readonly Id[]>;
};

/** A page of `PersonRepository.listJson`: at most `limit` persons after the person `after`, as `audience` sees them. */
export type PersonListPage = { readonly limit: number; readonly after?: Id; readonly audience: Audience };

/**
 * A page of the person list as JSON text (see `PersonRepository.listJson`): its pieces, joined by
 * commas, each as text, as its UTF-8 bytes, or as its UTF-8 bytes in parts (to be written one after
 * the other, nothing between them).
 */
export type PersonListJson = { readonly json: readonly (string | Uint8Array | readonly Uint8Array[])[]; readonly count: number; readonly lastId: Id | null; readonly ahead: Id | null };

/** Whose and which page of a name search `PersonRepository.searchPage` reads. */
export type SearchPageRead = { readonly limit: number; readonly after?: Id; readonly userId: Id | null; readonly reading: PersonReading };

/**
 * A name search's page as `PersonRepository.searchPage` answers it; `json` as text or as its UTF-8
 * bytes ('' for none), which the service sends as they are.
 */
export type SearchPageJson = { readonly tree: TreeWithRole | null; readonly json: string | Uint8Array; readonly found: number; readonly lastId: Id | null };

export type KeptFacts = Pick<Person, 'id' | 'birthYear' | 'hasDeathFact'>;

export type PersonProfile = { readonly names: readonly Name[]; readonly events: readonly LifeEvent[]; readonly places: readonly Place[] };

/**
 * Whom a person read (`PersonRepository.read`) is for: on the members' API a role in the tree makes
 * the reader a member (`byRole`), on the public surface nobody is; a reader who is not a member reads
 * as a non-member at `now`.
 */
export type PersonReading = { readonly byRole: boolean; readonly now: Date };

/** A person read for its text (see `readJson`). */
export type PersonJsonRead = {
  readonly tree: TreeWithRole;
  readonly treeId: Id;
  readonly deleted: boolean;
  readonly member: boolean;
  /** The person's text when it needs nothing but their row: redacted, or shown in full from a kept card; else null. */
  readonly json: string | null;
  /** Shown in full without a kept card: the person and what a read shows beside them, for the per-row path; else null. */
  readonly full: { readonly person: Person; readonly profile: PersonProfile } | null;
};

/** A person read: the person, their tree with the reader's role, and their profile when shown in full (see `read`). */
export type PersonRead = { readonly person: Person; readonly tree: TreeWithRole; readonly profile: PersonProfile | null };

/** One page of a ranked name search: `after` is the last person of the previous page (the cursor). */
export type SearchPage = { readonly limit: number; readonly after?: Id; readonly audience?: Audience };

export type NameRepository = {
  readonly byId: (id: Id) => Promise<Name | null>;
  /** Live names of these persons, primary first, then by id. */
  readonly listByPersons: (personIds: readonly Id[]) => Promise<readonly Name[]>;
  /** Live names of live persons of the tree, ordered by person then primary first. */
  readonly listByTree: (treeId: Id) => Promise<readonly Name[]>;
  readonly insert: (name: Name) => Promise<void>;
  readonly update: (name: Name) => Promise<void>;
  /** `update` for each name, in statements per chunk of 10,000 names, not per name; ids are distinct. */
  readonly updateMany: (names: readonly Name[]) => Promise<void>;
  /**
   * Live persons of the tree ranked by the best trigram similarity (pg_trgm's `similarity`, on
   * lower-cased "given surname") of any of their live names to `query`, best first, ties by person id;
   * only scores >= threshold; at most `page.limit`, starting after the person `page.after` (ranked by
   * its own best score; an unknown or unmatched `after` answers nothing). A non-member audience finds
   * only persons shown to them in full: a withheld name never matches.
   */
  readonly search: (treeId: Id, query: string, threshold: number, page: SearchPage) => Promise<readonly { readonly personId: Id; readonly score: number }[]>;
};

export type EventRepository = {
  readonly byId: (id: Id) => Promise<LifeEvent | null>;
  /**
   * Live events of the tree whose subject (person or partnership) is live, ordered by id. A non-member
   * audience: events of persons shown in full, and partnership events whose both partners are.
   */
  readonly listByTree: (treeId: Id, options: ListOptions) => Promise<readonly LifeEvent[]>;
  /** Live events of these persons and of live partnerships involving them, ordered by id. */
  readonly listByPersons: (personIds: readonly Id[]) => Promise<readonly LifeEvent[]>;
  /** Live events of these persons themselves (not of their partnerships) whose type is one of `types`, ordered by id. */
  readonly ownOfTypes: (personIds: readonly Id[], types: readonly EventType[]) => Promise<readonly LifeEvent[]>;
  readonly insert: (event: LifeEvent) => Promise<void>;
  readonly update: (event: LifeEvent) => Promise<void>;
};

export type PlaceRepository = {
  /** The tree's place with this text (compared trimmed and case-insensitively), created when missing. */
  readonly ensure: (treeId: Id, name: string, newId: Id) => Promise<Place>;
  readonly byIds: (ids: readonly Id[]) => Promise<readonly Place[]>;
  /** Every place of the tree, ordered by id. */
  readonly listByTree: (treeId: Id) => Promise<readonly Place[]>;
  /** Gives the place these coordinates when it has none; a place with coordinates (or none with the id) is left as it is. */
  readonly setCoordinates: (placeId: Id, coordinates: Coordinates) => Promise<void>;
};

export type RelationshipRepository = {
  readonly byId: (id: Id) => Promise<Relationship | null>;
  /**
   * The live edge of that type between the pair, or null (the first by id). Partnerships are
   * symmetric: (a, b) finds (b, a) too; parent_child and association are directed.
   */
  readonly findEdge: (treeId: Id, type: Relationship['type'], a: Id, b: Id) => Promise<Relationship | null>;
  /**
   * Whether `candidate` is `personId` or one of its ancestors through the tree's live parent_child
   * edges (any qualifier): one bounded walk up, each ancestor visited once, whatever cycles the tree
   * already holds (a GEDCOM import may bring one).
   */
  readonly isAncestor: (treeId: Id, candidate: Id, personId: Id) => Promise<boolean>;
  /** Live edges of the tree whose both ends are live persons, ordered by id. A non-member audience: neither end hidden. */
  readonly listByTree: (treeId: Id, options: ListOptions) => Promise<readonly Relationship[]>;
  /** Live edges touching any of these persons, ordered by id. */
  readonly listByPersons: (personIds: readonly Id[]) => Promise<readonly Relationship[]>;
  /**
   * The type and ends of the tree's live edges touching any of these persons, in no particular
   * order (an edge between two of them may come twice): the lean read of a graph search.
   */
  readonly endsTouching: (treeId: Id, personIds: readonly Id[]) => Promise<readonly Pick<Relationship, 'type' | 'personAId' | 'personBId'>[]>;
  readonly insert: (relationship: Relationship) => Promise<void>;
  readonly update: (relationship: Relationship) => Promise<void>;
  /**
   * Adds kept GEDCOM entries (a JSON list, core/gedcom/extensions.ts) after the relationship's own
   * kept ones: a GEDCOM import's family forms, which come after the partnership's row is written.
   */
  readonly appendKept: (id: Id, entries: string) => Promise<void>;
};

export type DeletionRepository = {
  /**
   * Soft-deletes the live persons `personIds` and every live relationship touching them, stamping
   * `at` and `deletionId`; returns how many persons it deleted.
   */
  readonly deletePersons: (treeId: Id, personIds: readonly Id[], at: Date, deletionId: Id) => Promise<number>;
  /**
   * Restores every person and relationship stamped with `deletionId`, except an edge whose pair has
   * gained a live edge of the same genealogical type since: that one stays deleted (never two live
   * parent_child or partnership edges); associations, which may repeat, always come back.
   */
  readonly restore: (deletionId: Id) => Promise<void>;
  /** Clears users' self_person_id and trees' home_person_id that point at any of these persons. */
  readonly clearPointersTo: (personIds: readonly Id[]) => Promise<void>;
};

export type PurgeCounts = {
  readonly trees: number;
  readonly persons: number;
  readonly names: number;
  readonly events: number;
  readonly relationships: number;
  readonly sources: number;
  readonly citations: number;
  readonly media: number;
  readonly users: number;
  /** Repositories soft-deleted before the cutoff (sources keep their links to them: those name nothing then). */
  readonly repositories: number;
};

export type PurgeRepository = {
  /**
   * Removes for good every record soft-deleted before `cutoff`: trees (with every row they own;
   * their audit entries stay with a null tree), persons (with their names, events, relationships and
   * the citations of those), and soft-deleted names, events, relationships, sources (with their
   * citations), citations and media. Media of a record that goes is detached, not removed. The
   * storage keys of every media row it removes (trees' included) are queued in `blobRemovals`. Records deleted at or after `cutoff` stay. Idempotent; returns counts of
   * the records it removed, by kind, not counting rows removed only because their owner went.
   * Users soft-deleted before `cutoff` go too, with their sessions, memberships and email tokens, so
   * their email can register again; audit entries, proposals and media keep the bare user id.
   */
  readonly purgeDeletedBefore: (cutoff: Date) => Promise<PurgeCounts>;
};

/** A tree's change stamp (PublicPageReads.treeStamp): the tree row and what changed in it last. */
export type TreeStamp = {
  /** The tree (deleted or not), with no role: the public pages read as nobody. */
  readonly tree: TreeWithRole;
  /**
   * Changes whenever anything the tree's pages show may have changed: the tree's row (name,
   * description, visibility, deletion: its `updatedAt`) and the last change recorded in the tree's
   * history (every write of a person, name, event, relationship, source, citation or media row is
   * recorded, by every write path: core/history). Opaque; equal stamps mean nothing changed.
   */
  readonly stamp: string;
};

/** An edge of a person's family as their page reads it: its shape, and what the view may withhold. */
export type FamilyEdge = Pick<Relationship, 'id' | 'type' | 'personAId' | 'personBId' | 'qualifier' | 'role' | 'notes'>;

/** A relative as their page reads them: what the privacy rule decides on, and, when shown in full, their name's parts. */
export type FamilyRelative = {
  readonly person: Pick<Person, 'id' | 'deletedAt' | 'privacy' | 'isLiving' | 'hasDeathFact' | 'birthYear'>;
  readonly name: Pick<Name, 'givenName' | 'surname'> | null;
};

/** What a person's public page shows beside what the person read (getPerson) answers: their family. */
export type FamilyRead = TreeStamp & {
  /** The person, deleted or not. */
  readonly person: Person;
  /**
   * Empty unless the person is live and shown in full to a non-member at `now` (the non-member rule,
   * from the facts kept on the row): the live edges of the tree touching the person, then the live
   * parent_child edges from each of the person's parents to their other children (the siblings), each
   * once, ordered by id.
   */
  readonly relationships: readonly FamilyEdge[];
  /**
   * The live persons of the tree at the other ends of `relationships`, ordered by id, each with their
   * first live primary name (else first live name) by id only when the non-member rule shows them in
   * full at `now` (null otherwise, and when they have no live name).
   */
  readonly relatives: readonly FamilyRelative[];
  /**
   * The live events of the person's live partnerships (in `relationships`) whose other partner the
   * non-member rule shows in full at `now`, ordered by id, and the places of those events (by id).
   */
  readonly partnershipEvents: readonly LifeEvent[];
  readonly places: readonly Place[];
  /**
   * The person's own profile (PersonRepository.profile: live names, primary first; own live events;
   * their places) when the person is live and shown in full to a non-member at `now`, else null: the
   * page's person read and their family in one read.
   */
  readonly profile: PersonProfile | null;
};

/** Persons of a tree as the public pages count them for a non-member: not hidden (`shown`), and in full (`full`). */
export type PersonCounts = { readonly shown: number; readonly full: number };

/** One surname of the surname index and how many persons shown in full carry it as their primary surname. */
export type SurnameCount = { readonly surname: string; readonly count: number };

/** The initial letters of the surname index: how many surnames and persons each has. */
export type SurnameLetter = { readonly letter: string; readonly surnames: number; readonly persons: number };

/** A page of the surname index: the surnames starting with `letter` (null: all), from the `offset`-th, at most `limit`. */
export type SurnamePage = { readonly letter: string | null; readonly offset: number; readonly limit: number };

/**
 * The reads of the public HTML pages (adapters/http/pages/public) that the JSON public surface has
 * none for. Every one reads as a non-member at `now`: who is counted, listed or shown is the
 * non-member rule (core/privacy/engine.ts) decided from the facts kept on each person's row (in
 * PostgreSQL the rule's generated SQL, adapters/postgres/privacy-sql.ts). Only live persons of the
 * tree count; a person's surname is their first live primary name's (by id), trimmed; an empty one is
 * left out of the index. Each read is one statement in PostgreSQL.
 */
export type PublicPageReads = {
  /** The tree's stamp; null when no tree has that id. */
  readonly treeStamp: (treeId: Id) => Promise<TreeStamp | null>;
  /** The person's family for their page (see FamilyRead); null when no person has that id. */
  readonly family: (personId: Id, now: Date) => Promise<FamilyRead | null>;
  /**
   * The person (deleted or not) with their tree's stamp, and nothing else: what a conditional request
   * for their page needs to answer 304 (or go on to `family`); null when no person has that id.
   */
  readonly personStamp: (personId: Id) => Promise<(TreeStamp & { readonly person: Person }) | null>;
  /** As personStamp, with the person's kept page (KeptPageStore) when there is one, read in the same snapshot. */
  readonly keptPage: (personId: Id) => Promise<(TreeStamp & { readonly person: Person; readonly kept: KeptPage | null }) | null>;
  /** Counts for each of these trees (a tree without persons, or unknown: zeros). */
  readonly personCounts: (treeIds: readonly Id[], now: Date) => Promise<ReadonlyMap<Id, PersonCounts>>;
  /**
   * The surname index of the persons shown in full: every initial letter (the surname's first
   * character, upper-cased), ordered by letter, and one page of the surnames (of `page.letter`, or all)
   * ordered by lower-cased surname then surname (code point order), with their counts.
   */
  readonly surnames: (treeId: Id, now: Date, page: SurnamePage) => Promise<{ readonly letters: readonly SurnameLetter[]; readonly surnames: readonly SurnameCount[] }>;
  /**
   * The persons shown in full, ordered by id: at most `limit`, after the person `after` when given,
   * else from the `skip`-th (0: the first). Their ids and when they last changed (for a sitemap).
   */
  readonly fullPersons: (treeId: Id, now: Date, page: { readonly limit: number; readonly after?: Id; readonly skip?: number }) => Promise<readonly Pick<Person, 'id' | 'updatedAt'>[]>;
};

/**
 * A person's public page as written for a visitor, and the key it was written under: what its
 * content was decided by (the tree's stamp among it). Opaque to the core; the pages adapter makes
 * and checks keys, and serves a kept page only under the key the tree's current stamp gives.
 */
export type KeptPage = { readonly key: string; readonly body: string };

/** Kept public person pages (adapters/http/pages/public/kept.ts says when they are written and served). */
export type KeptPageStore = {
  /** A page read of the tree found no page kept under the current key. */
  readonly miss: (treeId: Id) => void;
  /** The trees whose page reads missed, in this process, since the last call, each once. */
  readonly wanted: () => readonly Id[];
  /** The live trees a visitor may read (not private), ordered by id, at most `limit`, after `after`. */
  readonly trees: (after: Id | null, limit: number) => Promise<readonly Id[]>;
  /** Of these persons, those with no page kept under `key`. */
  readonly unkept: (personIds: readonly Id[], key: string) => Promise<readonly Id[]>;
  /**
   * Keeps these pages of the tree, each replacing what its person had, when the tree's stamp
   * (PublicPageReads.treeStamp) is still `stamp`, the one they were written at: `changed` when it is
   * not (nothing is kept), `busy` when a change of the tree is in progress (nothing is kept: try
   * later). Run in a unit of work: the pages are kept under the tree's lock, so a purge either comes
   * before (the stamp changed) or erases them after.
   */
  readonly keep: (treeId: Id, stamp: string, pages: readonly { readonly personId: Id; readonly page: KeptPage }[]) => Promise<'kept' | 'busy' | 'changed'>;
  /** Removes the tree's kept pages not kept under `key` (a pass that went through the whole tree at that key keeps only its own). */
  readonly forget: (treeId: Id, key: string) => Promise<number>;
  /**
   * Records that a pass went through the whole tree at `key` and kept every page under it (after
   * forget): the next whole pass need not go through it again while its key is still `key`. Nothing
   * when the tree is gone.
   */
  readonly passed: (treeId: Id, key: string) => Promise<void>;
  /** The key of the last whole pass through the tree (passed) that still stands, or null: a change of the tree's rows that erased pages, or a sweep, takes it away. */
  readonly lastPass: (treeId: Id) => Promise<string | null>;
  /** Removes the kept pages (and the last passes) of every tree a visitor may no longer read (private, members only, deleted). */
  readonly sweep: () => Promise<number>;
};

/** What one step of keeping person cards did (PersonCardStore.fillNext). */
export type CardFill = {
  /** A change of the tree was in progress: nothing was written; try the tree again later. */
  readonly busy: boolean;
  /** Cards written. */
  readonly filled: number;
  /** The last person of the step (the next step starts after them); null when the tree has no more. */
  readonly last: Id | null;
};

/**
 * Kept person cards (adapters/postgres/person-cards.ts): a person as a member reads them, as the
 * API's JSON, kept until one of their rows changes, so a read passes it on instead of gathering
 * it. A store without cards (the memory adapter) computes every read live and keeps nothing here.
 */
export type PersonCardStore = {
  /** Live trees after `after` (by id), at most `limit`. */
  readonly trees: (after: Id | null, limit: number) => Promise<readonly Id[]>;
  /**
   * In the caller's transaction: the cards of the tree's live persons after `after` (by id), at most
   * `limit` of them, that have none; never while a change of that tree is in progress (`busy`).
   */
  readonly fillNext: (treeId: Id, after: Id | null, limit: number) => Promise<CardFill>;
  /**
   * The trees in which this process's reads met a person shown in full without a card since the
   * last call (a tree imported or edited since the last pass), each once: the schedule fills them
   * soon instead of at its next pass.
   */
  readonly wanted: () => readonly Id[];
};
