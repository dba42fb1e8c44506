import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { Precondition, Storage, Stores } from '../../core/stores.js';
import { ConditionMoved, guarded, openGuard } from '../condition-guard.js';
import { initOrm, type OrmOptions } from './orm.js';
import { commit, inTransaction, sqlOn, type Sql, type SqlObserver } from './sql.js';
import { readsMayLag, type ReadReplica } from './read-replica.js';
import { pgEmailTokens, pgRateLimiter, pgSessions, pgUsers, type SessionWithUser, type UserChanged } from './identity.js';
import { listenForSessionChanges, SessionCache, type SessionListener } from './session-cache.js';
import { pgMemberships, pgTrees } from './trees.js';
import { pgAudit } from './audit.js';
import { pgEvents, pgNames, pgPersons, pgPlaces, pgRelationships } from './people.js';
import { pgCitations, pgRepositories, pgSources } from './sources.js';
import { pgBlobRemovals, pgMedia } from './media.js';
import { pgBulkRecords } from './bulk.js';
import { pgGedcomExport } from './gedcom-export.js';
import { pgDeletions, pgPurges } from './purge.js';
import { pgCleanupReads } from './cleanup.js';
import { pgProposals } from './proposals.js';
import { pgArchiveReads } from './archive.js';
import { pgDuplicates } from './duplicates.js';
import { pgMerges } from './merges.js';
import { pgChartReads } from './charts.js';
import { pgPublicPageReads } from './public-pages.js';
import { pgHistory, pgImports } from './history.js';
import { pgPersonCards } from './person-cards.js';
import { CardDemand } from './card-demand.js';
import { pgKeptPages } from './kept-pages.js';
import { TreeIndexes } from './tree-indexes.js';

const storesOn = (
  em: () => EntityManager, demand: CardDemand, pageDemand: CardDemand, observe: SqlObserver = {}, replica?: ReadReplica, cache?: SessionCache<SessionWithUser>, indexes?: TreeIndexes,
): Stores => {
  const db = sqlOn(em, observe, replica);
  const changed: UserChanged | undefined = cache === undefined ? undefined : (userId) => cache.changed(userId);
  return {
    users: pgUsers(db, changed),
    sessions: pgSessions(db, cache),
    emailTokens: pgEmailTokens(db),
    trees: pgTrees(db),
    memberships: pgMemberships(db, changed),
    audit: pgAudit(db),
    rateLimits: pgRateLimiter(db),
    persons: pgPersons(db, demand),
    names: pgNames(db),
    events: pgEvents(db),
    places: pgPlaces(db),
    relationships: pgRelationships(db),
    deletions: pgDeletions(db),
    sources: pgSources(db),
    citations: pgCitations(db),
    repositories: pgRepositories(db),
    media: pgMedia(db),
    blobRemovals: pgBlobRemovals(db),
    bulk: pgBulkRecords(db),
    gedcomExport: pgGedcomExport(em, observe),
    cleanup: pgCleanupReads(db),
    proposals: pgProposals(db),
    archive: pgArchiveReads(db),
    purges: pgPurges(db),
    duplicates: pgDuplicates(db),
    merges: pgMerges(db),
    charts: pgChartReads(db),
    publicPages: pgPublicPageReads(db, indexes),
    history: pgHistory(db),
    imports: pgImports(db),
    personCards: pgPersonCards(db, demand),
    keptPages: pgKeptPages(db, pageDemand),
  };
};

/**
 * The version of what a conditional change's precondition names (Storage.conditionally), null when
 * nothing has that id. A record's: its tree's `change_seq`, which the commit of every change of the
 * tree's records draws anew (migration 20270115090000), under the tree row's lock. The tree's and a
 * proposal's: their whole row. `lock`: inside the change's transaction, the row locked as the commit's
 * stamp locks it (a record's, compared last) or as the change that writes it will (compared first: an
 * update of the tree's row, the delete of a proposal's), so that no lock is taken in a new order.
 */
const versionOf = async (db: Sql, on: Precondition, lock = false): Promise<string | null> => {
  const [r] = await db.rows<{ v: string }>(
    on.kind === 'record' ? `select change_seq::text as v from trees where id = ?::uuid${lock ? ' for no key update' : ''}`
      : on.kind === 'tree' ? `select t::text as v from trees t where t.id = ?::uuid${lock ? ' for no key update' : ''}`
        : `select p::text as v from proposals p where p.id = ?::uuid${lock ? ' for update' : ''}`,
    [on.kind === 'proposal' ? on.proposalId : on.treeId],
  );
  return r?.v ?? null;
};

/** Compares a guard's version inside its unit of work (`db` on its transaction): ConditionMoved when it moved. */
const holds = async (db: Sql, on: Precondition, version: string): Promise<void> => {
  if ((await versionOf(db, on, true)) !== version) throw new ConditionMoved();
};

/** Sessions kept in the process (session-cache.ts): the cache and the listener that keeps it right. */
export type KeptSessions = { readonly cache: SessionCache<SessionWithUser>; readonly listener: SessionListener };

/** Starts keeping sessions for a storage on the database at `url` (a host that authenticates requests: the API server). */
export const keepSessions = async (url: string, events: Parameters<typeof listenForSessionChanges>[2] = {}): Promise<KeptSessions> => {
  const cache = new SessionCache<SessionWithUser>();
  return { cache, listener: await listenForSessionChanges(url, cache, events) };
};

/**
 * Storage over an ORM the caller already has; `close` closes that ORM (and the replica's, and stops
 * keeping sessions). With `replica`, reads marked by `readsMayLag` go there (sql.ts); with `kept`,
 * sessions are read through its cache.
 */
export const storageOnOrm = (orm: MikroORM, observe: SqlObserver = {}, replica?: ReadReplica, kept?: KeptSessions): Storage => {
  // Outside a unit of work every statement gets a fresh fork: no shared identity map, no shared transaction.
  const demand = new CardDemand();
  // The trees whose page reads found no kept page (kept-pages.ts): the same record, of other misses.
  const pageDemand = new CardDemand();
  // The public trees' surname indexes and counts, by version (tree-indexes.ts); not inside a unit of work.
  const indexes = new TreeIndexes();
  const stores = storesOn(() => orm.em, demand, pageDemand, observe, replica, kept?.cache, indexes);
  // A conditional change's versions are read on the primary: its check must see what its change will.
  const conditions = sqlOn(() => orm.em, observe);
  return {
    ...stores,
    uow: {
      run: async (work) => {
        // The first unit of work of a conditional change (Storage.conditionally): its precondition
        // is compared again in its transaction. A row it writes itself (the tree's, a proposal's) is
        // locked and compared first. A record's tree is compared last, locked as the commit's stamp
        // locks it: after the change's own row locks, in the order every commit takes them.
        const guard = openGuard();
        const em = orm.em.fork();
        await em.begin();
        let result;
        try {
          const db = guard === undefined ? undefined : sqlOn(() => em, observe);
          if (guard !== undefined && guard.on.kind !== 'record') await holds(db!, guard.on, guard.version);
          result = await work(storesOn(() => em, demand, pageDemand, observe, undefined, kept?.cache));
          if (guard !== undefined && guard.on.kind === 'record' && result._tag === 'Right') await holds(db!, guard.on, guard.version);
        } catch (e) {
          await em.rollback().catch(() => undefined); // the work's error is the one worth reporting
          throw e;
        }
        if (result._tag === 'Left') await em.rollback();
        else {
          await commit(em);
          if (guard !== undefined) guard.spent = true;
        }
        return result;
      },
    },
    conditionally: (on, work) => guarded(on, (o) => versionOf(conditions, o), work),
    // A transaction-scoped advisory lock on one connection of its own, held while `work` runs (on
    // other connections) and released when that transaction ends, even if this process dies.
    exclusive: async <A>(lockName: string, work: () => Promise<A>): Promise<A | null> =>
      inTransaction(orm.em, async (t) => {
        const [r] = await t.execute<{ ok: boolean }[]>('select pg_try_advisory_xact_lock(hashtext(?)) as ok', [lockName]);
        if (r?.ok !== true) return null;
        return work();
      }),
    ping: async () => {
      await orm.em.fork().execute('select 1');
    },
    readsMayLag: replica === undefined ? (work) => work() : readsMayLag,
    replicaStatus: async () => (replica === undefined ? 'none' : replica.status()),
    close: async () => {
      indexes.close();
      await Promise.all([orm.close(true), replica?.close(), kept?.listener.close()]);
    },
  };
};

/**
 * PostgreSQL storage (the schema must be migrated: see `migrate`). `debugQueries` sees every
 * statement sent, which is how the query count per request is measured.
 */
export const createPostgresStorage = async (url: string, opts: OrmOptions & { readonly keepSessions?: boolean } = {}): Promise<Storage> =>
  storageOnOrm(
    await initOrm(url, opts),
    {
      ...(opts.debugQueries ? { onQuery: opts.debugQueries } : {}),
      ...(opts.debugRows ? { onRows: opts.debugRows } : {}),
    },
    undefined,
    opts.keepSessions === true ? await keepSessions(url) : undefined,
  );
