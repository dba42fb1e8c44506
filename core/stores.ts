import type { AuditLog } from './kernel/audit.js';
import type { Result } from './kernel/either.js';
import type { EmailTokenRepository, RateLimiter, SessionRepository, UserRepository } from './identity/ports.js';
import type { MembershipRepository, TreeRepository } from './trees/ports.js';
import type {
  DeletionRepository, EventRepository, NameRepository, KeptPageStore, PersonCardStore, PersonRepository, PlaceRepository, PublicPageReads, PurgeRepository, RelationshipRepository,
} from './people/ports.js';
import type { CitationRepository, RepositoryRepository, SourceRepository } from './sources/ports.js';
import type { BlobRemovalQueue, MediaRepository } from './media/ports.js';
import type { BulkRecordWriter } from './gedcom/ports.js';
import type { GedcomExportReads, ImportLog } from './gedcom/ports.js';
import type { CleanupReads } from './cleanup/ports.js';
import type { ProposalRepository } from './proposals/ports.js';
import type { AccountArchiveReads } from './accounts/ports.js';
import type { DuplicateStore } from './duplicates/ports.js';
import type { MergeStore } from './merge/ports.js';
import type { ChartReads } from './charts/ports.js';
import type { HistoryStore } from './history/ports.js';
import type { Id } from './kernel/ids.js';

/** The stores: what a unit of work hands to a command, and what queries read outside one. */
export type Stores = {
  readonly users: UserRepository;
  readonly sessions: SessionRepository;
  readonly emailTokens: EmailTokenRepository;
  readonly trees: TreeRepository;
  readonly memberships: MembershipRepository;
  readonly audit: AuditLog;
  readonly rateLimits: RateLimiter;
  readonly persons: PersonRepository;
  readonly names: NameRepository;
  readonly events: EventRepository;
  readonly places: PlaceRepository;
  readonly relationships: RelationshipRepository;
  readonly deletions: DeletionRepository;
  readonly sources: SourceRepository;
  readonly citations: CitationRepository;
  readonly repositories: RepositoryRepository;
  readonly purges: PurgeRepository;
  readonly media: MediaRepository;
  readonly blobRemovals: BlobRemovalQueue;
  readonly bulk: BulkRecordWriter;
  readonly gedcomExport: GedcomExportReads;
  readonly cleanup: CleanupReads;
  readonly proposals: ProposalRepository;
  readonly archive: AccountArchiveReads;
  readonly duplicates: DuplicateStore;
  readonly merges: MergeStore;
  readonly charts: ChartReads;
  readonly publicPages: PublicPageReads;
  readonly history: HistoryStore;
  readonly imports: ImportLog;
  readonly personCards: PersonCardStore;
  readonly keptPages: KeptPageStore;
};

/**
 * A unit of work over the stores `K`: a handler that takes `UnitOfWork<'persons' | 'audit'>` shows in
 * its signature what it touches, and the compiler holds it to that. The whole one (every store) is
 * what bootstrap passes; it serves any narrower one.
 */
export type UnitOfWork<K extends keyof Stores = keyof Stores> = {
  /**
   * Runs `work` in one transaction with stores bound to it. A Right commits; a Left or a throw rolls
   * every write back (audit entries included) and is returned or rethrown.
   */
  readonly run: <A>(work: (stores: Pick<Stores, K>) => Promise<Result<A>>) => Promise<Result<A>>;
};

/**
 * What a conditional change (If-Match) checked, which must still hold when the change commits
 * (Storage.conditionally): a record of a tree (its read may show any record of the tree: a person's
 * names, events, family), the tree's own row, or a proposal's row.
 */
export type Precondition =
  | { readonly kind: 'record'; readonly treeId: Id }
  | { readonly kind: 'tree'; readonly treeId: Id }
  | { readonly kind: 'proposal'; readonly proposalId: Id };

/** How many times `Storage.conditionally` runs its work before it answers `moved`. */
export const CONDITION_ATTEMPTS = 5;

/** A read replica, as /readyz reports it: none configured, answering, or not (its reads go to the primary). */
export type ReplicaStatus = 'none' | 'ok' | 'unavailable';

/** Storage as a whole: stores for reads outside a transaction, the unit of work, and a health check. */
export type Storage = Stores & {
  readonly uow: UnitOfWork;
  /** Resolves when the database answers; throws otherwise. */
  readonly ping: () => Promise<void>;
  /**
   * Runs `work` with the reads it makes outside a unit of work allowed to come from a read replica,
   * which may lag behind the primary by what it has not replayed yet. A host wraps only reads whose
   * caller is not a member of the tree read (an editor always reads what they wrote); without a
   * replica, or while it cannot answer, the primary does.
   */
  readonly readsMayLag: <A>(work: () => Promise<A>) => Promise<A>;
  /** Asks the read replica, when there is one, whether it answers. */
  readonly replicaStatus: () => Promise<ReplicaStatus>;
  /**
   * Runs `work` while holding the named lock across every instance on this storage (a PostgreSQL
   * advisory lock), or answers null at once when another holder has it.
   */
  readonly exclusive: <A>(lockName: string, work: () => Promise<A>) => Promise<A | null>;
  /**
   * Runs `work` (the check of a conditional change, then the change) as one step: the first unit of
   * work that `work` commits commits only if nothing `on` names has changed since before `work`
   * began. Otherwise that unit of work rolls back and `work` runs again from its check, up to
   * CONDITION_ATTEMPTS times in all; `moved` when it never held (the tree kept changing meanwhile).
   * Units of work after the first, and every read, run as they would without it.
   */
  readonly conditionally: <A>(on: Precondition, work: () => Promise<A>) => Promise<A | 'moved'>;
  readonly close: () => Promise<void>;
};
