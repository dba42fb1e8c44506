import type { QueryDeps } from '../deps.js';
import { rateLimited, type DomainError } from '../kernel/errors.js';
import type { IdentityDeps } from './deps.js';
import { hashToken } from './tokens.js';

/** Every limit counts in fixed windows of this length; the purge removes windows older than it. */
export const RATE_LIMIT_WINDOW_SECONDS = 60;

/**
 * A stored key: the action in clear (for an operator reading the table), the subject hashed. A hash
 * keeps emails and addresses out of the table and gives every key one length, however long the
 * input (a 6,000-character email must not exceed what the index can hold).
 */
const keyOf = (action: string, kind: 'addr' | 'email' | 'user', subject: string): string => `${action}:${kind}:${hashToken(`${kind}:${subject}`)}`;

/**
 * The address an address limit counts under. An IPv6 host usually holds a whole /64 and can pick
 * any address in it, so IPv6 counts per /64; anything that is not IPv6 counts as given.
 */
export const addressBucket = (address: string): string => {
  const bare = address.split('%')[0] ?? '';
  if (!bare.includes(':')) return address;
  if (bare.toLowerCase().startsWith('::ffff:') && bare.includes('.')) return bare.slice(7); // IPv4 on a dual-stack socket
  const [head = '', tail = '', ...extra] = bare.split('::');
  if (extra.length > 0) return address;
  const groups = (part: string) => (part === '' ? [] : part.split(':'));
  const known = [...groups(head), ...groups(tail)];
  const all = bare.includes('::') ? [...groups(head), ...Array<string>(Math.max(0, 8 - known.length)).fill('0'), ...groups(tail)] : known;
  const prefix = all.slice(0, 4);
  if (prefix.length < 4 || !prefix.every((g) => /^[\da-f]{1,4}$/i.test(g))) return address;
  return `${prefix.map((g) => Number.parseInt(g, 16).toString(16)).join(':')}::/64`;
};

/**
 * Counts one attempt under each key in turn and stops at the first refusal: a refused request
 * opens no window for the keys after it, so a client over its address limit cannot fill the table
 * with one new row per email it invents. The address key therefore comes first.
 */
const hitInTurn = async (
  deps: QueryDeps<'rateLimits'>,
  limit: number,
  keys: readonly string[],
): Promise<DomainError | null> => {
  if (limit === 0) return null;
  const now = deps.clock.now();
  for (const key of keys) {
    const decision = await deps.storage.rateLimits.hit(key, limit, RATE_LIMIT_WINDOW_SECONDS, now);
    if (!decision.allowed) return rateLimited(decision.retryAfterSeconds);
  }
  return null;
};

/**
 * Counts one attempt per client address and per email for `action`. Runs outside any unit of work so
 * that failed attempts count too.
 */
export const checkAuthRateLimit = async (
  deps: QueryDeps<'rateLimits'> & Pick<IdentityDeps, 'identity'>,
  action: string,
  clientAddress: string,
  email: string | null,
): Promise<DomainError | null> =>
  hitInTurn(deps, deps.identity.authRateLimit, [
    keyOf(action, 'addr', addressBucket(clientAddress)),
    ...(email === null ? [] : [keyOf(action, 'email', email)]),
  ]);

/** The same limit for a signed-in user's action: per client address and per user. */
export const checkUserRateLimit = async (
  deps: QueryDeps<'rateLimits'> & Pick<IdentityDeps, 'identity'>,
  action: string,
  clientAddress: string,
  userId: string,
): Promise<DomainError | null> =>
  hitInTurn(deps, deps.identity.authRateLimit, [keyOf(action, 'addr', addressBucket(clientAddress)), keyOf(action, 'user', userId)]);

/** Removes the windows that have ended; answers how many. Run by the purge schedule (server and worker). */
export const purgeRateLimitWindows =
  (deps: QueryDeps<'rateLimits'>) =>
  (): Promise<number> =>
    deps.storage.rateLimits.purgeStartedBefore(new Date(deps.clock.now().getTime() - RATE_LIMIT_WINDOW_SECONDS * 1000));
