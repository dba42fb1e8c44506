import type { Clock } from './kernel/clock.js';
import type { Storage, Stores, UnitOfWork } from './stores.js';

export type RecordDeps = {
  readonly storage: Storage;
  readonly clock: Clock;
  /** Minimum trigram similarity for name search (SEARCH_THRESHOLD). */
  readonly searchThreshold: number;
};

/**
 * What a command of the record slices takes: a unit of work over the stores `K` it touches, so its
 * signature says what it reads and writes, and the clock. RecordDeps serves every one.
 */
export type CommandDeps<K extends keyof Stores> = { readonly storage: { readonly uow: UnitOfWork<K> }; readonly clock: Clock };

/**
 * What a query takes: the stores `K` it reads (outside a transaction; the privacy engine decides what
 * a reader sees) and the clock. RecordDeps, and every host's whole record, serves every one.
 */
export type QueryDeps<K extends keyof Stores> = { readonly storage: Pick<Stores, K>; readonly clock: Clock };
