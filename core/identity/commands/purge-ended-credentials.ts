import type { QueryDeps } from '../../deps.js';

/** What purgeEndedCredentials removed. */
export type EndedCredentials = { readonly sessions: number; readonly emailTokens: number };

/**
 * Removes the sessions and the emailed links (verification, password reset) that ended `keepDays`
 * ago or more: expired, revoked (signed out, a password reset, an account's deletion) or used. None
 * of them can sign anyone in or change anything any more; what they still held was when someone
 * signed in and out, kept for as long as a deleted record is (PURGE_AFTER_DAYS), then erased. Until
 * then an old link still reads as used or expired (checkEmailToken); after, as unknown. Run by the
 * purge schedule on every instance (idempotent, no lock), as the rate-limit windows are.
 */
export const purgeEndedCredentials =
  (deps: QueryDeps<'sessions' | 'emailTokens'> & { readonly keepDays: number }) =>
  async (): Promise<EndedCredentials> => {
    const cutoff = new Date(deps.clock.now().getTime() - deps.keepDays * 24 * 3600 * 1000);
    return { sessions: await deps.storage.sessions.purgeEndedBefore(cutoff), emailTokens: await deps.storage.emailTokens.purgeEndedBefore(cutoff) };
  };
