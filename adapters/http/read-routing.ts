import { AsyncResource } from 'node:async_hooks';
import { MEMBER_OF_SHOWN } from '../../core/identity/ports.js';
import type { Actor } from '../../core/kernel/actor.js';

// Which reads may come from a read replica (DATABASE_READ_URL), which lags behind the primary by
// what it has not replayed yet. The rule: a read by someone who is not a member of the tree read
// may lag (anonymous readers of the public surface, signed-in strangers reading a public tree:
// search, whole lists, charts, the relationship calculator); every write, and every read by a
// member of the tree read, goes to the primary, so an editor always reads what they wrote. Where
// the tree is known only once its record is read (`/persons/{id}`), a signed-in reader who is a
// member of any tree reads the primary: the replica is an offload, the primary is always right.
// Exports are for members, so they read the primary by that rule.

/**
 * `tree`: the path's `{id}` is the tree read. `record`: a record (or the public directory) whose
 * tree the path does not name. null: never on the replica (accounts, the instance, one's own list
 * of trees, the auth endpoints, and every method but GET).
 */
export type LagScope = 'tree' | 'record' | null;

const RECORD_PATHS = ['/public/persons/', '/persons/', '/events/', '/relationships/', '/sources/', '/citations/', '/media/'];

export const lagScopeOf = (method: string, path: string): LagScope => {
  if (method.toLowerCase() !== 'get') return null;
  if (path.startsWith('/trees/{id}') || path.startsWith('/public/trees/{id}')) return 'tree';
  if (path === '/public/trees' || RECORD_PATHS.some((p) => path.startsWith(p))) return 'record';
  return null;
};

/**
 * Whether this request's reads may lag: its route's scope, the caller, the tree its path names
 * (scope `tree`), and the trees the caller is a member of (the session's `memberOf`).
 */
export const readsMayLag = (scope: LagScope, actor: Actor, treeId: string | undefined, memberOf: readonly string[]): boolean => {
  if (scope === null) return false;
  if (actor.kind === 'anonymous') return true;
  // A restricted session reads nothing; nothing to offload.
  if (actor.kind !== 'user') return false;
  if (scope === 'record') return memberOf.length === 0;
  // Past the list's bound, membership of this tree is not known here: the primary.
  return treeId !== undefined && memberOf.length <= MEMBER_OF_SHOWN && !memberOf.includes(treeId);
};

/**
 * A streamed answer pulled later by the socket's 'drain' events runs outside the request's async
 * context, and so outside `readsMayLag`: bound here, each pull runs in the context where it was made.
 */
export const boundToContext = <T>(source: AsyncIterable<T>): AsyncIterable<T> => {
  const scope = new AsyncResource('genealogy.lagging-read');
  return {
    [Symbol.asyncIterator]: () => {
      const it = source[Symbol.asyncIterator]();
      return {
        next: () => scope.runInAsyncScope(() => it.next()),
        return: (value?: unknown) =>
          scope.runInAsyncScope(() => (it.return !== undefined ? it.return(value) : Promise.resolve({ done: true as const, value: undefined as T }))),
      };
    },
  };
};
