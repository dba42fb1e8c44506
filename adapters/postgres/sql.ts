import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { EntityManager } from '@mikro-orm/postgresql';
import { from as copyFrom } from 'pg-copy-streams';
import { inLaggingRead, type ReadReplica } from './read-replica.js';
import { rawRows, type RawRow } from './raw-rows.js';

/**
 * What a repository needs from the database: plain rows in, affected-row counts out. Statements run
 * on MikroORM's pool and join its transaction (the unit of work's), but never go through its identity
 * map, so a read after an update in one transaction cannot see a stale cached entity. Parameters are
 * `?` placeholders and always travel as bind parameters, never inlined into the text; a Date must be
 * passed through `ts` so the driver never formats it in local time. A set of ids is a JS array cast
 * in SQL (`?::uuid[]`).
 */
export type Sql = {
  /**
   * `once`: plan this statement for its values every time instead of preparing it (PostgreSQL may
   * switch a prepared statement to one generic plan; a trigram search needs the plan its values ask for).
   */
  readonly rows: <R>(sql: string, params?: readonly unknown[], o?: { readonly once?: boolean }) => Promise<R[]>;
  readonly run: (sql: string, params?: readonly unknown[]) => Promise<number>;
  /**
   * Runs `work` inside one transaction: the unit of work's when there is one, else a new one on one
   * connection (for statements that must share a transaction, such as a `set_config(..., true)`).
   */
  readonly tx: <A>(work: (db: Sql) => Promise<A>) => Promise<A>;
  /**
   * `COPY ... FROM STDIN` with the data as produced by `pieces` (a binary COPY's: copy-binary.ts);
   * the data streams to the server, honouring its backpressure.
   */
  readonly copy: (statement: string, pieces: Iterable<Uint8Array>) => Promise<void>;
  /**
   * As `rows`, each row's fields as bytes (null for NULL), never turned into strings: for an answer
   * passed on as it is (raw-rows.ts says why). `generic`: run on the statement's generic plan, never
   * planned for its values, and made without hash aggregates or Memoize (see GENERIC).
   */
  readonly bytes: (sql: string, params?: readonly unknown[], o?: { readonly generic?: boolean }) => Promise<RawRow[]>;
};

type PgResult = { readonly rows: unknown[]; readonly rowCount: number | null };
type PgConnection = {
  readonly query: {
    (q: { readonly text: string; readonly values: unknown[]; readonly name?: string }): Promise<PgResult>;
    <S extends Writable>(copy: S): S;
  };
};
type PoolClient = { readonly acquireConnection: () => Promise<PgConnection>; readonly releaseConnection: (c: PgConnection) => Promise<unknown> };

const numberedCache = new Map<string, { readonly text: string; readonly name: string }>();

/**
 * `?` placeholders (MikroORM's convention, kept in every repository) as pg's `$1, $2, ...`. No
 * statement of ours holds a `?` of its own (no jsonb `?` operator, no `?` in a literal). The texts
 * are the code's own, so the cache stays as small as the set of statements.
 */
export const numbered = (sql: string): string => prepared(sql).text;

/**
 * The statement as pg runs it: numbered, and named so that each connection parses and plans it once
 * and then only binds (pg keeps a connection's named statements). Texts are the code's own (values
 * are always bound), so the cache stays as small as the set of statements; past its bound a
 * statement runs unnamed.
 */
const prepared = (sql: string): { readonly text: string; readonly name: string } => {
  const known = numberedCache.get(sql);
  if (known !== undefined) return known;
  const text = sql.split('?').reduce((out, part, i) => `${out}$${i}${part}`);
  if (numberedCache.size >= 10_000) return { text, name: '' };
  const entry = { text, name: `q${numberedCache.size}` };
  numberedCache.set(sql, entry);
  return entry;
};

/**
 * The pg connection of the unit of work's transaction when there is one (knex's transaction client
 * hands out that one connection and never releases it), else one from the pool for one statement.
 */
const poolClientOf = (em: EntityManager): PoolClient => {
  const trx = em.getTransactionContext<{ client: PoolClient }>();
  return trx !== undefined ? trx.client : (em.getConnection().getKnex().client as PoolClient);
};

/** Sees every statement's text before it runs, and how many rows it answered (the query-count and rows-read specs). */
export type SqlObserver = { readonly onQuery?: (sql: string) => void; readonly onRows?: (sql: string, rows: number) => void };

const query = (em: EntityManager, sql: string, params: readonly unknown[], observe: SqlObserver, once = false): Promise<PgResult> =>
  onConnection(em, sql, observe, async (connection) => {
    const { text, name } = prepared(sql);
    const result = await connection.query(name === '' || once ? { text, values: [...params] } : { text, name, values: [...params] });
    observe.onRows?.(sql, result.rows.length);
    return result;
  });

/**
 * A prepared statement's plans (`plan_cache_mode`), for this statement: its generic plan only, then
 * PostgreSQL's own choice again. PostgreSQL plans a prepared statement for its values five
 * times, then keeps its generic plan only while that one is not estimated dearer than theirs. Some
 * statistics (those an import's sampled ANALYZE leaves: adapters/postgres/bulk.ts) make a large
 * statement's generic plan look dearer for good, and then every run is planned again: the search that
 * writes its persons live planned for 4.3 ms of its 6.2 on a tree just imported, 2.3-2.8 ms in all on
 * its generic plan. The plan is made without hash aggregates or Memoize: PostgreSQL sizes their hash
 * tables from the plan's estimates and allocates them when the statement starts (its Bind), whether
 * the branch that holds them runs or not, and a generic plan's estimates are large. For the search of
 * several words that was 0.4-0.6 ms of each run (of about 5), and its sorted aggregates cost less than
 * the hashed ones besides (name-search.ts). The settings count when the plan is made (the statement's
 * first run on a connection, or after an invalidation), and are set each time for that.
 *
 * Outside a transaction they are set for the statement's own transaction (`local`), in the same round
 * trip: sent just before it with no Sync between them (raw-rows.ts), they are one implicit
 * transaction, which ends with the statement and takes the settings with it, whether it fails or not.
 * In a transaction they would last to its end: they are set before the statement and reset after it
 * (`on`, `off`; a SET in a transaction that fails is undone with it).
 */
const genericSettings = (local: boolean): string =>
  `select set_config('plan_cache_mode', 'force_generic_plan', ${local}), set_config('enable_hashagg', 'off', ${local}), set_config('enable_memoize', 'off', ${local})`;
const GENERIC = {
  local: genericSettings(true),
  on: genericSettings(false),
  off: 'reset plan_cache_mode; reset enable_hashagg; reset enable_memoize',
} as const;

const queryBytes = (em: EntityManager, sql: string, params: readonly unknown[], observe: SqlObserver, generic = false): Promise<RawRow[]> =>
  onConnection(em, sql, observe, async (connection) => {
    const { text, name } = prepared(sql);
    const run = async (before?: string): Promise<RawRow[]> => {
      const rows = await rawRows(connection as unknown as Parameters<typeof rawRows>[0], text, name, params, before);
      observe.onRows?.(sql, rows.length);
      return rows;
    };
    if (!generic) return run();
    if (!em.isInTransaction()) {
      observe.onQuery?.(GENERIC.local);
      observe.onQuery?.(sql);
      return run(GENERIC.local);
    }
    observe.onQuery?.(GENERIC.on);
    await connection.query({ text: GENERIC.on, values: [] });
    let failed = false;
    try {
      observe.onQuery?.(sql);
      return await run();
    } catch (e) {
      failed = true;
      throw e;
    } finally {
      // After a failure inside a transaction the reset fails too (the SET goes with the transaction's rollback): the first error is the one to report.
      observe.onQuery?.(GENERIC.off);
      await connection.query({ text: GENERIC.off, values: [] }).catch((e: unknown) => {
        if (!failed) throw e;
      });
    }
  }, !generic);

/** `work` on a connection of `em` (its transaction's, else one from the pool for this statement alone). */
const onConnection = async <T>(em: EntityManager, sql: string, observe: SqlObserver, work: (connection: PgConnection) => Promise<T>, seen = true): Promise<T> => {
  const client = poolClientOf(em);
  const connection = await client.acquireConnection();
  try {
    if (seen) observe.onQuery?.(sql);
    return await work(connection);
  } catch (e) {
    // pg's error names no statement; its text (placeholders, never values) says what failed.
    if (typeof e === 'object' && e !== null) Object.defineProperty(e, 'statement', { value: sql, enumerable: false });
    throw e;
  } finally {
    await client.releaseConnection(connection);
  }
};

const copy = async (em: EntityManager, statement: string, pieces: Iterable<Uint8Array>, observe: SqlObserver): Promise<void> => {
  const client = poolClientOf(em);
  const connection = await client.acquireConnection();
  try {
    observe.onQuery?.(statement);
    await pipeline(Readable.from(pieces), connection.query(copyFrom(statement)));
  } catch (e) {
    if (typeof e === 'object' && e !== null) Object.defineProperty(e, 'statement', { value: statement, enumerable: false });
    throw e;
  } finally {
    await client.releaseConnection(connection);
  }
};

/** Statements a standby can run (a write sent there would fail over to the primary anyway, at a cost). */
const READS = /^\s*(?:select|with)\b/i;

/**
 * A read that may lag (`readsMayLag`), outside a transaction, on the replica; whatever the replica
 * cannot answer (it is down, unreachable, cancels the statement for a conflict with recovery, has
 * not replayed a migration yet) is answered by the primary, and counted.
 */
const readOnReplica = async <T>(replica: ReadReplica, primary: EntityManager, sql: string, run: (em: EntityManager) => Promise<T>): Promise<T> => {
  if (!replica.usable()) {
    replica.fellBack('unavailable');
    return run(primary);
  }
  let answer: T;
  try {
    answer = await run(replica.em());
  } catch (err) {
    replica.failed(err);
    replica.fellBack('failed');
    return run(primary);
  }
  replica.answered(sql);
  return answer;
};

/**
 * `em` is called once per statement: outside a unit of work it may hand out a fresh fork each time.
 * With `replica`, reads marked by `readsMayLag` and outside a transaction go there; writes,
 * transactions and every other read stay on the primary.
 */
export const sqlOn = (em: () => EntityManager, observe: SqlObserver = {}, replica?: ReadReplica): Sql => {
  /** `run` on the replica for a read that may lag outside a transaction, else on `em`'s connection. */
  const routed = <T>(sql: string, run: (on: EntityManager) => Promise<T>): Promise<T> => {
    const e = em();
    const lagging = replica !== undefined && inLaggingRead() && !e.isInTransaction() && READS.test(sql);
    return lagging ? readOnReplica(replica, e, sql, run) : run(e);
  };
  return {
    tx: async (work) => {
      const e = em();
      if (e.isInTransaction()) return work(sqlOn(() => e, observe));
      return inTransaction(e, (t) => work(sqlOn(() => t, observe)));
    },
    rows: async <R>(sql: string, params: readonly unknown[] = [], o: { readonly once?: boolean } = {}) =>
      (await routed(sql, (on) => query(on, sql, params, observe, o.once === true))).rows as R[],
    bytes: (sql, params = [], o = {}) => routed(sql, (on) => queryBytes(on, sql, params, observe, o.generic === true)),
    run: async (sql, params = []) => (await query(em(), sql, params, observe)).rowCount ?? 0,
    copy: (statement, pieces) => copy(em(), statement, pieces, observe),
  };
};

/**
 * Commits the transaction `em.begin()` opened. Not `em.commit()`, nor `em.transactional()`: the one
 * flushes an identity map this code never fills, the other runs its callback, both inside an
 * AsyncLocalStorage context, and once one has run, Node 20 calls async hooks on every promise the
 * process makes from then on (every request's, a few percent of a read's CPU).
 */
export const commit = async (em: EntityManager): Promise<void> => {
  const trx = em.getTransactionContext();
  if (trx === undefined) throw new Error('commit: no transaction was begun');
  await em.getConnection('write').commit(trx);
  em.resetTransactionContext();
};

/** Runs `work` in a new transaction on a fork of `em`: committed (`commit`) when it returns, rolled back when it throws. */
export const inTransaction = async <A>(em: EntityManager, work: (t: EntityManager) => Promise<A>): Promise<A> => {
  const t = em.fork();
  await t.begin();
  let out: A;
  try {
    out = await work(t);
  } catch (e) {
    await t.rollback().catch(() => undefined); // the work's error is the one worth reporting
    throw e;
  }
  await commit(t);
  return out;
};

/** The nil UUID, below every id the service makes (UUIDv7): `id > coalesce(?, NO_ID)` is a range from the first id when the cursor is null, which an index scan keeps as its bound. */
export const NO_ID = '00000000-0000-0000-0000-000000000000';

/** Dates travel as ISO text and are cast in SQL (`?::timestamptz`). */
export const ts = (d: Date): string => d.toISOString();
export const tsOrNull = (d: Date | null): string | null => (d === null ? null : d.toISOString());

/** The driver returns timestamptz as text (MikroORM's type parsers); the core wants Date objects. */
export const date = (v: string | Date): Date => (v instanceof Date ? v : new Date(v));
export const dateOrNull = (v: string | Date | null): Date | null => (v === null ? null : date(v));

/** A uuid[] or text[] parameter (`?::uuid[]`, `?::text[]`): pg sends a JS array as an array value. */
export const uuids = (ids: readonly string[]): string[] => [...ids];
