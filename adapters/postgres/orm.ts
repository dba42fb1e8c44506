import { MikroORM } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import { entities } from './entities/index.js';
import { migrationsList } from '../../migrations/index.js';
import { DEFAULT_SEARCH_THRESHOLD } from './name-search.js';

export type OrmOptions = {
  /** Called with every SQL statement the ORM sends (BEGIN/COMMIT/ROLLBACK excluded), before it runs. */
  readonly debugQueries?: (sql: string) => void;
  /** Called with how many rows each repository statement answered (adapters/postgres/sql.ts). */
  readonly debugRows?: (sql: string, rows: number) => void;
  readonly poolMax?: number;
  /** MikroORM's own messages (the migrator's progress, warnings); silent when absent. */
  readonly log?: (message: string) => void;
  /**
   * A pool that may find its database down and has somewhere else to go (a read replica): connect
   * on first use rather than at start, and give up on a connection after 2 s rather than 5 (10 s
   * for a pooled one), so that a read falls back to the primary soon.
   */
  readonly failFast?: boolean;
  /** pg_trgm's `%` threshold of every connection (SEARCH_THRESHOLD; default DEFAULT_SEARCH_THRESHOLD): name-search.ts. */
  readonly searchThreshold?: number;
};

/**
 * How long a pooled connection may sit idle before the pool closes it: 10 minutes, not tarn's 30 s.
 * A PostgreSQL backend is cheap to keep and dear to make anew. A new one forks from the postmaster
 * and maps, page by page, every shared buffer it reads (and loads its catalog caches again): on this
 * project's machines a page fault costs about 12 us (a virtual machine's paged memory), so the
 * bench's GEDCOM export after a minute of quiet took 12,300 faults in PostgreSQL against 700 for one
 * right after another, and its preparation (one statement) ran about twice as long on a new backend.
 * Ten minutes is twice the card pass's period (bootstrap/card-schedule.ts), and still gives the
 * connections back after a quiet spell. The pool still opens none before it needs one (`min: 0`) and
 * never more than `max`.
 */
export const POOL_IDLE_MILLIS = 10 * 60_000;

/** One place for the ORM configuration, so the service, the migrator and the tests map the same schema. */
export const initOrm = (url: string, opts: OrmOptions = {}): Promise<MikroORM> =>
  MikroORM.init({
    clientUrl: url,
    entities,
    extensions: [Migrator],
    migrations: { migrationsList, snapshot: false, transactional: true, allOrNothing: true, disableForeignKeys: false },
    pool: { min: 0, max: opts.poolMax ?? 10, idleTimeoutMillis: POOL_IDLE_MILLIS },
    // A restarted or unreachable database: a connect that hangs fails after 5 s, a request waits at
    // most 10 s for a pooled connection, and knex discards connections whose socket died (validated
    // on checkout), so the pool heals once the database answers again. Its warnings carry no values.
    ...(opts.failFast === true ? { connect: false } : {}),
    driverOptions: {
      connection: {
        connectionTimeoutMillis: opts.failFast === true ? 2000 : 5000,
        keepAlive: true,
        // Set when the connection starts, so a name search runs as one statement, with no transaction to set it in.
        // No parallel plans: every statement reads rows in proportion to its answer, and the cores are the
        // other requests' too. A generic plan of a whole list's page launched 2 workers at every page
        // (25-54 ms a page instead of 6-21 on the bench's database; spec/adapters/list-plans.spec.ts).
        // No JIT: a statement here reads rows in proportion to its answer and runs for milliseconds;
        // compiling one costs more. On a server built with LLVM (Debian's, not the embedded one) the
        // hourly purge, with nothing to purge on the bench's 100,000-person tree, spent 3.3 s of its
        // 3.4 s compiling (spec/adapters/oldest-postgres.spec.ts).
        options: `-c pg_trgm.similarity_threshold=${Number(opts.searchThreshold ?? DEFAULT_SEARCH_THRESHOLD)} -c max_parallel_workers_per_gather=0 -c jit=off`,
      },
      acquireConnectionTimeout: opts.failFast === true ? 3000 : 10_000,
      log: { warn: (m: unknown) => opts.log?.(String(m)), error: (m: unknown) => opts.log?.(String(m)), deprecate: () => undefined, debug: () => undefined },
    },
    discovery: { warnWhenNoEntities: false },
    // The core's ids are plain strings and reads bypass the identity map; nothing is flushed.
    allowGlobalContext: false,
    // Never 'query-params': a logged statement would carry the values of the row (notes, emails, hashes).
    debug: false,
    logger: opts.log ?? (() => undefined),
    colors: false,
    onQuery: (sql) => {
      opts.debugQueries?.(sql);
      return sql;
    },
  });
