import type { MikroORM } from '@mikro-orm/postgresql';

type TarnPool = {
  readonly max: number;
  numUsed(): number;
  numFree(): number;
  numPendingAcquires(): number;
};

/**
 * Reads the use of the ORM's connection pool (knex's tarn pool: MikroORM exposes no figures of its
 * own). Null while there is no pool (before the first connection, after close).
 */
export const poolUse = (orm: MikroORM) => (): { used: number; free: number; pending: number; max: number } | null => {
  const pool = (orm.em.getConnection().getKnex().client as { pool?: TarnPool | null }).pool;
  if (pool === undefined || pool === null) return null;
  return { used: pool.numUsed(), free: pool.numFree(), pending: pool.numPendingAcquires(), max: pool.max };
};
