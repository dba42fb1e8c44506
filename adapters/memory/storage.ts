import type { Precondition, Storage, Stores } from '../../core/stores.js';
import { ConditionMoved, guarded, openGuard } from '../condition-guard.js';
import { emptyState, restore, snapshot, type MemoryState } from './state.js';
import { memoryEmailTokens, memoryRateLimiter, memorySessions, memoryUsers } from './identity.js';
import { memoryMemberships, memoryTrees } from './trees.js';
import { memoryAudit } from './audit.js';
import { memoryDeletions, memoryEvents, memoryNames, memoryPersons, memoryPlaces, memoryRelationships } from './people.js';
import { memoryCitations, memoryRepositories, memorySources } from './sources.js';
import { memoryBlobRemovals, memoryMedia } from './media.js';
import { memoryBulkRecords } from './bulk.js';
import { memoryGedcomExport } from './gedcom-export.js';
import { memoryPurges } from './purge.js';
import { memoryCleanupReads } from './cleanup.js';
import { memoryProposals } from './proposals.js';
import { memoryArchiveReads } from './archive.js';
import { memoryDuplicates } from './duplicates.js';
import { memoryMerges } from './merges.js';
import { memoryChartReads } from './charts.js';
import { memoryKeptPages, memoryPublicPageReads } from './public-pages.js';
import { memoryHistory, memoryImports, recordCommit } from './history.js';

const storesOf = (s: MemoryState, missed: Set<string>, inUnitOfWork: () => MemoryState | null = () => null): Stores => ({
  users: memoryUsers(s),
  sessions: memorySessions(s),
  emailTokens: memoryEmailTokens(s),
  trees: memoryTrees(s),
  memberships: memoryMemberships(s),
  audit: memoryAudit(s),
  rateLimits: memoryRateLimiter(s),
  persons: memoryPersons(s),
  names: memoryNames(s),
  events: memoryEvents(s),
  places: memoryPlaces(s),
  relationships: memoryRelationships(s),
  deletions: memoryDeletions(s),
  sources: memorySources(s),
  citations: memoryCitations(s),
  repositories: memoryRepositories(s),
  media: memoryMedia(s),
  blobRemovals: memoryBlobRemovals(s),
  bulk: memoryBulkRecords(s),
  gedcomExport: memoryGedcomExport(s),
  purges: memoryPurges(s),
  cleanup: memoryCleanupReads(s),
  proposals: memoryProposals(s),
  archive: memoryArchiveReads(s),
  duplicates: memoryDuplicates(s),
  merges: memoryMerges(s),
  charts: memoryChartReads(s),
  publicPages: memoryPublicPageReads(s),
  // No cards: every read is written live (adapters/postgres/person-cards.ts keeps them).
  personCards: { trees: async () => [], fillNext: async () => ({ busy: false, filled: 0, last: null }), wanted: () => [] },
  keptPages: memoryKeptPages(s, missed),
  history: memoryHistory(s, inUnitOfWork),
  imports: memoryImports(s),
});

/**
 * In-memory storage for fast tests and alternate hosts. Units of work run one at a time (a promise
 * chain) and roll back by restoring a snapshot, so they behave like serialisable transactions.
 */
export const memoryStorage = (): Storage => {
  const state = emptyState();
  let running: MemoryState | null = null;
  const stores = storesOf(state, new Set(), () => running);
  let queue: Promise<unknown> = Promise.resolve();
  // Held lock names: outside the state, so a rolled-back unit of work never releases or takes one.
  const held = new Set<string>();
  // A conditional change's version (Storage.conditionally): the tree's stamp (its last change), and
  // the tree's or the proposal's own row; compared when its unit of work starts, which no other runs beside.
  const versionOf = async (on: Precondition): Promise<string | null> => {
    if (on.kind === 'proposal') {
      const p = state.proposals.get(on.proposalId);
      return p === undefined ? null : JSON.stringify(p);
    }
    const stamp = (await stores.publicPages.treeStamp(on.treeId))?.stamp;
    return stamp === undefined ? null : on.kind === 'record' ? stamp : `${stamp}/${JSON.stringify(state.trees.get(on.treeId))}`;
  };
  return {
    ...stores,
    uow: {
      run: (work) => {
        const guard = openGuard();
        const next = queue.then(async () => {
          if (guard !== undefined && (await versionOf(guard.on)) !== guard.version) throw new ConditionMoved();
          const before = snapshot(state);
          running = before;
          try {
            const result = await work(stores);
            running = null;
            if (result._tag === 'Left') restore(state, before);
            else {
              recordCommit(before, state);
              if (guard !== undefined) guard.spent = true;
            }
            return result;
          } catch (e) {
            running = null;
            restore(state, before);
            throw e;
          }
        });
        queue = next.catch(() => undefined);
        return next;
      },
    },
    ping: async () => undefined,
    // One copy of the data: nothing lags.
    readsMayLag: (work) => work(),
    conditionally: (on, work) => guarded(on, versionOf, work),
    replicaStatus: async () => 'none',
    exclusive: async (lockName, work) => {
      if (held.has(lockName)) return null;
      held.add(lockName);
      try {
        return await work();
      } finally {
        held.delete(lockName);
      }
    },
    close: async () => undefined,
  };
};
