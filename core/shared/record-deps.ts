import type { Clock } from './clock.js';
import type { Storage, Stores, UnitOfWork } from './ports.js';

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
