import type { AuditEntry } from '../../core/kernel/audit.js';
import type { EmailToken, Session, User } from '../../core/identity/model.js';
import type { Membership, Tree } from '../../core/trees/model.js';
import type { LifeEvent, Name, Person, Place, Relationship } from '../../core/people/model.js';
import type { Citation, Repository, Source } from '../../core/sources/model.js';
import type { Media } from '../../core/media/model.js';
import type { Proposal } from '../../core/proposals/model.js';
import type { Dismissal } from '../../core/duplicates/model.js';
import type { PersonMerge } from '../../core/merge/model.js';
import type { Id } from '../../core/kernel/ids.js';
import type { ChangeOrigin, RecordChange } from '../../core/history/model.js';
import type { ImportRecord } from '../../core/gedcom/ports.js';

/** One stored change (history.ts): the record's persons (for a person's history) and the transaction's number. */
export type StoredChange = Omit<RecordChange, 'origin' | 'actor'> & { readonly persons: readonly Id[]; readonly xact: number };
export type MemoryChangeset = { readonly actorId: Id | null; readonly origin: ChangeOrigin };

export type MemoryState = {
  users: Map<string, User>;
  sessions: Map<string, Session>;
  emailTokens: Map<string, EmailToken>;
  trees: Map<string, Tree>;
  memberships: Map<string, Membership>;
  audit: Map<string, AuditEntry>;
  rateWindows: Map<string, { windowStart: number; count: number }>;
  persons: Map<string, Person>;
  names: Map<string, Name>;
  events: Map<string, LifeEvent>;
  places: Map<string, Place>;
  relationships: Map<string, Relationship>;
  sources: Map<string, Source>;
  citations: Map<string, Citation>;
  repositories: Map<string, Repository>;
  media: Map<string, Media>;
  /** Storage keys queued for removal, with their queue order. */
  blobRemovals: Map<string, number>;
  proposals: Map<string, Proposal>;
  dismissals: Map<string, Dismissal>;
  merges: Map<string, PersonMerge>;
  /** Changes of the tree's records, oldest first (history.ts), the last transaction's number, and each transaction's actor and origin. */
  history: StoredChange[];
  historyXact: number;
  /** The last history number handed out: numbers are never reused (PostgreSQL's bigserial), even after a purge. */
  historySeq: number;
  /** Per tree, the history number drawn when a purge last took its changes away (the public pages' stamp). */
  purgedSeq: Map<string, number>;
  /** Kept public person pages (KeptPageStore), by person. */
  keptPages: Map<string, { readonly treeId: string; readonly key: string; readonly body: string }>;
  /** KeptPageStore.passed: the key of each tree's last whole pass. */
  pagePasses: Map<string, string>;
  changesets: Map<number, MemoryChangeset>;
  /** Records created in the running unit of work by an import (`leanHistory`): their creations are recorded without fields. */
  leanCreated: Set<string>;
  /** GEDCOM imports with the number of the unit of work that wrote them. */
  imports: Map<string, ImportRecord & { readonly xact: number }>;
};

export const emptyState = (): MemoryState => ({
  users: new Map(),
  sessions: new Map(),
  emailTokens: new Map(),
  trees: new Map(),
  memberships: new Map(),
  audit: new Map(),
  rateWindows: new Map(),
  persons: new Map(),
  names: new Map(),
  events: new Map(),
  places: new Map(),
  relationships: new Map(),
  sources: new Map(),
  citations: new Map(),
  repositories: new Map(),
  media: new Map(),
  blobRemovals: new Map(),
  proposals: new Map(),
  dismissals: new Map(),
  merges: new Map(),
  history: [],
  historyXact: 0,
  historySeq: 0,
  purgedSeq: new Map(),
  keptPages: new Map(),
  pagePasses: new Map(),
  changesets: new Map(),
  imports: new Map(),
  leanCreated: new Set(),
});

/** A copy deep enough to roll back to: every map is new, the records in them are immutable values. */
export const snapshot = (s: MemoryState): MemoryState => {
  const copy = {} as Record<string, Map<unknown, unknown>>;
  for (const [k, v] of Object.entries(s)) if (v instanceof Map) copy[k] = new Map(v as Map<unknown, unknown>);
  // leanCreated belongs to the running unit of work: the snapshot before it has none.
  return { ...(copy as unknown as MemoryState), history: [...s.history], historyXact: s.historyXact, historySeq: s.historySeq, leanCreated: new Set() };
};

export const restore = (target: MemoryState, from: MemoryState): void => {
  Object.assign(target, from);
};
