import { AsyncLocalStorage } from 'node:async_hooks';
import { CONDITION_ATTEMPTS, type Precondition, type Storage } from '../core/stores.js';

// Storage.conditionally, shared by the PostgreSQL and memory stores: the check of a conditional change
// (If-Match) and the change are one step. Before the check reads the record, the store reads a
// version of what the precondition names; the change's unit of work compares it again inside its
// transaction, where nothing else can change it before the commit (PostgreSQL: under the row's lock;
// memory: units of work run one at a time). When it moved, the unit of work rolls back (ConditionMoved)
// and the check runs again: a change that another committed meanwhile is then seen by the check (412),
// never written over. The guard is found through the request's async context, so the core's commands
// need not carry it; the stores' own schedules (the keeping passes, the purge) start from timers made at
// startup, outside any request's context, and never see it.

/** A guarded unit of work found that what its precondition names changed since the check: it rolled back. */
export class ConditionMoved extends Error {
  constructor() {
    super('the precondition moved before the change committed');
  }
}

/** What a conditional change's first unit of work compares: the version read before its check. */
export type Guard = { readonly on: Precondition; readonly version: string; spent: boolean };

const guards = new AsyncLocalStorage<Guard>();

// Before Node 24, an AsyncLocalStorage in use keeps async hooks on, and every promise of the process
// pays them (a loop of 2,000,000 awaits: 172 ms, 506 ms while enabled on Node 20.20.2); Node 24 keeps
// the context in its frames at no such cost. So there it is disabled whenever no conditional change runs.
const HOOKED = Number(process.versions.node.split('.')[0]) < 24;
let running = 0;

/** The guard of the conditional change this unit of work belongs to, while its first unit of work has not committed. */
export const openGuard = (): Guard | undefined => {
  const g = guards.getStore();
  return g !== undefined && !g.spent ? g : undefined;
};

/**
 * Storage.conditionally over a store's `versionOf` (null: nothing has that id, and `work` runs
 * unguarded: its check answers the 404).
 */
export const guarded = async <A>(on: Precondition, versionOf: (on: Precondition) => Promise<string | null>, work: () => Promise<A>): Promise<A | 'moved'> => {
  for (let attempt = 0; attempt < CONDITION_ATTEMPTS; attempt += 1) {
    const version = await versionOf(on);
    if (version === null) return work();
    const guard: Guard = { on, version, spent: false };
    running += 1;
    try {
      return await guards.run(guard, work);
    } catch (e) {
      if (!(e instanceof ConditionMoved)) throw e;
    } finally {
      // Whatever `work` left running (it should leave nothing) never commits under this guard.
      guard.spent = true;
      running -= 1;
      if (HOOKED && running === 0) guards.disable();
    }
  }
  return 'moved';
};

/**
 * `conditionally` telling `ended` how many tries of each conditional change were rolled back (every
 * try after the first, and the last too when the answer is `moved`) and whether it was `moved`.
 */
export const countingTries = (conditionally: Storage['conditionally'], ended: (rolledBack: number, moved: boolean) => void): Storage['conditionally'] =>
  async (on, work) => {
    let tries = 0;
    const answer = await conditionally(on, () => {
      tries += 1;
      return work();
    });
    ended(answer === 'moved' ? tries : Math.max(0, tries - 1), answer === 'moved');
    return answer;
  };
