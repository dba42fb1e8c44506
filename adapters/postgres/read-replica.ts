import { AsyncLocalStorage } from 'node:async_hooks';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { ReplicaStatus } from '../../core/stores.js';
import { isConnectionFaultCode } from '../connection-faults.js';

// A PostgreSQL streaming replica (DATABASE_READ_URL) for the reads that may lag: the host marks
// them (`readsMayLag`), and every statement such a read makes outside a transaction goes to the
// replica. Whatever the replica cannot answer is asked of the primary at once, so a replica that
// dies, restarts, is unreachable or has not replayed a migration yet costs time, never a request.

const lagging = new AsyncLocalStorage<true>();

/** Runs `work` with its reads allowed on the replica (also the later pulls of a stream it returns, when bound: see `boundToContext`). */
export const readsMayLag = <A>(work: () => Promise<A>): Promise<A> => lagging.run(true, work);

/** Whether the statement about to run belongs to a read marked by `readsMayLag`. */
export const inLaggingRead = (): boolean => lagging.getStore() === true;

/** Why a read marked for the replica was answered by the primary. */
export type FallbackReason = 'unavailable' | 'failed';

/**
 * How long a replica that failed to answer (connection refused, lost, timed out) is left alone:
 * its reads go to the primary, and the first read after that tries it again.
 */
export const REPLICA_RETRY_MS = 5_000;

export type ReadReplica = {
  /** An entity manager on the replica's pool (outside any transaction). */
  readonly em: () => EntityManager;
  /** Whether a read should try the replica now: it answers, or it failed longer than REPLICA_RETRY_MS ago. */
  readonly usable: () => boolean;
  /** A statement on the replica failed: a connection fault leaves the replica alone for a while. */
  readonly failed: (err: unknown) => void;
  /** The replica answered this statement. */
  readonly answered: (sql: string) => void;
  /** Counts a read the primary answered in the replica's place (the metric), by why. */
  readonly fellBack: (reason: FallbackReason) => void;
  /** Asks the replica (for /readyz): `ok` when it answers `select 1` and is in recovery or not. */
  readonly status: () => Promise<ReplicaStatus>;
  readonly close: () => Promise<void>;
};

/** What pg reports when it cannot reach a server or loses one: no SQLSTATE, or one of these. */
const isConnectionFault = (err: unknown): boolean => {
  const code = (err as { code?: unknown })?.code;
  if (typeof code === 'string') return isConnectionFaultCode(err, code);
  // pg's lost connection and knex's acquire timeout carry no code; a statement error always has one.
  return true;
};

export type ReplicaOptions = {
  /** Each statement the replica answered (a metric; the specs see where a read went). */
  readonly onRead?: (sql: string) => void;
  readonly onFallback?: (reason: FallbackReason) => void;
  /** A fault that made the replica unusable, once per outage (the log line). */
  readonly onDown?: (err: unknown) => void;
  /** The replica answers again after an outage. */
  readonly onUp?: () => void;
  readonly now?: () => number;
};

/** The replica behind `orm` (a pool of its own on DATABASE_READ_URL). */
export const readReplica = (orm: MikroORM, opts: ReplicaOptions = {}): ReadReplica => {
  const now = opts.now ?? Date.now;
  let downSince: number | null = null;
  const markDown = (err: unknown): void => {
    if (downSince === null) opts.onDown?.(err);
    downSince = now();
  };
  const markUp = (): void => {
    if (downSince === null) return;
    downSince = null;
    opts.onUp?.();
  };
  return {
    em: () => orm.em,
    usable: () => downSince === null || now() - downSince >= REPLICA_RETRY_MS,
    failed: (err) => {
      if (isConnectionFault(err)) markDown(err);
    },
    answered: (sql) => {
      markUp();
      opts.onRead?.(sql);
    },
    fellBack: (reason) => opts.onFallback?.(reason),
    status: async () => {
      try {
        await orm.em.fork().execute('select 1');
        markUp();
        return 'ok';
      } catch (err) {
        markDown(err);
        return 'unavailable';
      }
    },
    close: () => orm.close(true),
  };
};
