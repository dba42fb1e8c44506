import type { EntityManager, QueryResult } from '@mikro-orm/postgresql';

/**
 * What a repository needs from the database: plain rows in, affected-row counts out. Statements go
 * through the EntityManager (so they join its transaction) but never through its identity map, so a
 * read after an update in one transaction cannot see a stale cached entity. Parameters are `?`
 * placeholders; a Date must be passed through `ts` so the driver never formats it in local time.
 */
export type Sql = {
  readonly rows: <R>(sql: string, params?: readonly unknown[]) => Promise<R[]>;
  readonly run: (sql: string, params?: readonly unknown[]) => Promise<number>;
  /**
   * Like `run`, but the parameters travel as real bind parameters instead of being inlined into the
   * statement text by MikroORM: for bulk statements with megabytes of parameters, where inlining
   * (escaping and re-parsing the text) doubled the time.
   */
  readonly runBound: (sql: string, params: readonly unknown[]) => Promise<void>;
  /**
   * Runs `work` inside one transaction: the unit of work's when there is one, else a new one on one
   * connection (for statements that must share a transaction, such as a `set_config(..., true)`).
   */
  readonly tx: <A>(work: (db: Sql) => Promise<A>) => Promise<A>;
};

/** `em` is called once per statement: outside a unit of work it hands out a fresh fork each time. */
export const sqlOn = (em: () => EntityManager): Sql => ({
  tx: async (work) => {
    const e = em();
    if (e.isInTransaction()) return work(sqlOn(() => e));
    return e.transactional((t) => work(sqlOn(() => t as EntityManager)));
  },
  rows: async <R>(sql: string, params: readonly unknown[] = []) =>
    (await em().execute(sql, [...params], 'all')) as unknown as R[],
  run: async (sql, params = []) => {
    const res = await em().execute<QueryResult>(sql, [...params], 'run');
    return res.affectedRows;
  },
  runBound: async (sql, params) => {
    const e = em();
    const query = e.getConnection().getKnex().raw(sql, [...params] as never[]);
    const ctx = e.getTransactionContext();
    if (ctx) query.transacting(ctx);
    await query;
  },
});

/** Dates travel as ISO text and are cast in SQL (`?::timestamptz`). */
export const ts = (d: Date): string => d.toISOString();
export const tsOrNull = (d: Date | null): string | null => (d === null ? null : d.toISOString());

/** The driver returns timestamptz as text (MikroORM's type parsers); the core wants Date objects. */
export const date = (v: string | Date): Date => (v instanceof Date ? v : new Date(v));
export const dateOrNull = (v: string | Date | null): Date | null => (v === null ? null : date(v));

/** A uuid[] or text[] parameter (`?::uuid[]`, `?::text[]`): parameters are inlined by the driver, which has no array literal of its own. */
export const uuids = (ids: readonly string[]): string => `{${ids.map((id) => `"${id.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`).join(',')}}`;
