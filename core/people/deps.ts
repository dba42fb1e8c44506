import type { Clock } from '../shared/clock.js';
import type { Storage } from '../shared/ports.js';

export type RecordDeps = {
  readonly storage: Storage;
  readonly clock: Clock;
  /** Minimum trigram similarity for name search (SEARCH_THRESHOLD). */
  readonly searchThreshold: number;
};
