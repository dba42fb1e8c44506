import type { Id } from '../../core/kernel/ids.js';
import type { PersonCounts, SurnameCount, SurnameLetter } from '../../core/people/ports.js';
import { Sweeps } from '../sweeps.js';

// A public tree's home (its surname index) and the directory (each tree's counts) are computed from
// every person of the tree: 90-100 ms and 60 ms of PostgreSQL at 100,000 persons, for every visitor
// and every crawler. They change only when the tree's records do, so each instance keeps them by the
// tree's version (its change_seq, drawn at the commit of every change of its records, a purge's too:
// public-pages.ts) and the year (a non-member's view of a person depends on the year only). A visit
// reads the tree's version (its row, by key) and is answered from what is kept while that is the
// version it was read at; the first visit after a change reads them again, with the version, in one
// snapshot. Several instances each keep their own, right by the same versions.
//
// Bounded: an entry lives at most KEEP_MS (so that what a purge erased, whose version no visit asks for
// again, leaves the process within minutes even when no one visits: a sweep every SWEEP_MS while
// anything is kept), per tree only the last one, and at most MAX_SURNAMES surnames in all (the oldest
// go first; a tree with more is not kept).
//
// Shared: visits that find nothing kept that holds (the first after a change, or after the instance
// starts) share the read in flight for the tree and year instead of each reading the whole tree (32
// visitors at such a moment were 32 reads of every person). A visit that has seen the tree's version
// takes the shared read's answer only when it is of that version or newer, so no visitor is answered
// from before a change it could already see; else it reads its own. A read never replaces what is
// kept of a newer version.

/** A tree's whole surname index as a non-member reads it. */
export type TreeIndex = {
  readonly letters: readonly SurnameLetter[];
  /** Every surname, in the index's order, and those of each letter. */
  readonly surnames: readonly SurnameCount[];
  readonly byLetter: ReadonlyMap<string, readonly SurnameCount[]>;
};

/** What is kept of a tree: its version (the tree's change_seq: public-pages.ts) and the year it was read for. */
export type Versioned<T> = { readonly version: string; readonly year: number; readonly value: T };

const KEEP_MS = 10 * 60 * 1000;
const MAX_SURNAMES = 200_000;
const MAX_COUNTED_TREES = 10_000;
const SWEEP_MS = 60 * 1000;

/** The key of a tree's reads in flight for a year. */
export const flightKey = (treeId: Id, year: number): string => `${treeId}/${year}`;

type Kept<T> = Versioned<T> & { readonly at: number };

/** Whether version `a` is `b` or later (versions are change_seq's values as text). */
export const atLeast = (a: string, b: string): boolean => BigInt(a) >= BigInt(b);

/** Reads in flight, one per key (a tree and year): later visits join it (see above). */
export class Flights<T> {
  private readonly flying = new Map<string, Promise<Versioned<T> | null>>();

  has(key: string): boolean {
    return this.flying.has(key);
  }

  /**
   * The answer of the read in flight for `key` when it is of version `current` or newer; null when
   * none is in flight, `current` is unknown (the caller has not read the version), or it is older.
   */
  async join(key: string, current: string | undefined): Promise<Versioned<T> | null> {
    const flying = this.flying.get(key);
    if (flying === undefined || current === undefined) return null;
    const r = await flying.catch(() => null);
    return r !== null && atLeast(r.version, current) ? r : null;
  }

  /** `read` as the read in flight for `key` until it settles, unless another already is (then `read` is the caller's alone). */
  start(key: string, read: Promise<Versioned<T> | null>): Promise<Versioned<T> | null> {
    if (!this.flying.has(key)) {
      this.flying.set(key, read);
      const done = (): void => {
        if (this.flying.get(key) === read) this.flying.delete(key);
      };
      read.then(done, done);
    }
    return read;
  }

  /**
   * What holds for a caller that has read the version `current` (or none, when nothing was kept or in
   * flight as it began): `kept()` when it is of that version or newer (looked at again after each
   * wait: a read that ended meanwhile kept its answer), else the read in flight when it is, else
   * `read`, started. With none in flight `read` starts before this returns, so callers that follow join it.
   */
  share(key: string, current: string | undefined, kept: () => Versioned<T> | undefined, read: () => Promise<Versioned<T> | null>): Promise<Versioned<T> | null> {
    const holding = (): Versioned<T> | undefined => {
      const k = kept();
      return k !== undefined && current !== undefined && atLeast(k.version, current) ? k : undefined;
    };
    const now = holding();
    if (now !== undefined) return Promise.resolve(now);
    if (!this.flying.has(key)) return this.start(key, read());
    return this.join(key, current).then((r) => r ?? holding() ?? this.start(key, read()));
  }
}

export class TreeIndexes {
  private readonly indexes = new Map<Id, Kept<TreeIndex>>();
  private readonly counted = new Map<Id, Kept<PersonCounts>>();
  private surnames = 0;
  private readonly now: () => number;
  private readonly keepMs: number;
  private readonly maxSurnames: number;
  private readonly sweeps: Sweeps;
  /** Reads of a tree's index, and of its counts, in flight: keyed by `flightKey`. */
  readonly indexReads = new Flights<TreeIndex>();
  readonly countReads = new Flights<PersonCounts>();

  constructor(o: { readonly now?: () => number; readonly keepMs?: number; readonly maxSurnames?: number; readonly sweepMs?: number } = {}) {
    this.now = o.now ?? Date.now;
    this.keepMs = o.keepMs ?? KEEP_MS;
    this.maxSurnames = o.maxSurnames ?? MAX_SURNAMES;
    this.sweeps = new Sweeps(o.sweepMs ?? SWEEP_MS, () => this.sweep());
  }

  /** Removes every entry older than KEEP_MS; whether anything is still kept (the sweeps, every sweepMs, stop once nothing is). */
  sweep(): boolean {
    const now = this.now();
    for (const [id, kept] of this.indexes) if (now - kept.at > this.keepMs) this.forgetIndex(id);
    for (const [id, kept] of this.counted) if (now - kept.at > this.keepMs) this.counted.delete(id);
    return this.indexes.size > 0 || this.counted.size > 0;
  }

  /** Stops the sweeps (the storage closes). */
  close(): void {
    this.sweeps.stop();
  }

  /** The tree's index kept for `year`, of some version (no older than KEEP_MS). */
  index(treeId: Id, year: number): Versioned<TreeIndex> | undefined {
    return this.live(this.indexes.get(treeId), year, () => this.forgetIndex(treeId));
  }

  /** The tree's counts kept for `year`, of some version (no older than KEEP_MS). */
  counts(treeId: Id, year: number): Versioned<PersonCounts> | undefined {
    return this.live(this.counted.get(treeId), year, () => this.counted.delete(treeId));
  }

  keepIndex(treeId: Id, kept: Versioned<TreeIndex>): void {
    if (this.newerKept(this.indexes.get(treeId), kept)) return;
    this.forgetIndex(treeId);
    if (kept.value.surnames.length > this.maxSurnames) return;
    this.indexes.set(treeId, { ...kept, at: this.now() });
    this.surnames += kept.value.surnames.length;
    this.sweeps.start();
    // The oldest first (a Map keeps insertion order, and a tree kept again is inserted anew).
    for (const [id] of this.indexes) {
      if (this.surnames <= this.maxSurnames) break;
      this.forgetIndex(id);
    }
  }

  keepCounts(treeId: Id, kept: Versioned<PersonCounts>): void {
    if (this.newerKept(this.counted.get(treeId), kept)) return;
    this.counted.delete(treeId);
    this.counted.set(treeId, { ...kept, at: this.now() });
    this.sweeps.start();
    for (const [id] of this.counted) {
      if (this.counted.size <= MAX_COUNTED_TREES) break;
      this.counted.delete(id);
    }
  }

  /** Surnames kept in all. */
  get size(): number {
    return this.surnames;
  }

  /** `kept` when it is of `year` and no older than KEEP_MS; one older is forgotten. */
  private live<T>(kept: Kept<T> | undefined, year: number, forget: () => void): Versioned<T> | undefined {
    if (kept === undefined) return undefined;
    if (this.now() - kept.at > this.keepMs) {
      forget();
      return undefined;
    }
    return kept.year === year ? { version: kept.version, year, value: kept.value } : undefined;
  }

  /** Whether `kept` (still live) is of `read`'s year and a newer version than it: a read that ended late keeps nothing. */
  private newerKept<T>(kept: Kept<T> | undefined, read: Versioned<T>): boolean {
    return kept !== undefined && kept.year === read.year && this.now() - kept.at <= this.keepMs && kept.version !== read.version && atLeast(kept.version, read.version);
  }

  private forgetIndex(treeId: Id): void {
    const kept = this.indexes.get(treeId);
    if (kept === undefined) return;
    this.indexes.delete(treeId);
    this.surnames -= kept.value.surnames.length;
  }
}
