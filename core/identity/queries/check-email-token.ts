import type { QueryDeps } from '../../deps.js';
import type { EmailTokenPurpose } from '../model.js';
import { hashToken } from '../tokens.js';

/** What a mailed link's token is worth now: `usable` is the only state the matching command accepts. */
export type EmailTokenState = 'usable' | 'unknown' | 'used' | 'expired';

/**
 * Reads a verification or reset token without consuming it, so a page can answer a GET (which mail
 * scanners follow) and say at once why a link no longer works. A token of the other purpose, or of an
 * account that is gone, is `unknown`, as the commands see it. A token a newer mail replaced reads as
 * `used` (issuing a token consumes the older ones).
 */
export const checkEmailToken =
  (deps: QueryDeps<'emailTokens' | 'users'>) =>
  async (input: { readonly token: string; readonly purpose: EmailTokenPurpose }): Promise<EmailTokenState> => {
    const found = await deps.storage.emailTokens.byTokenHash(hashToken(input.token));
    if (found === null || found.purpose !== input.purpose) return 'unknown';
    if ((await deps.storage.users.byId(found.userId)) === null) return 'unknown';
    if (found.usedAt !== null) return 'used';
    return found.expiresAt <= deps.clock.now() ? 'expired' : 'usable';
  };
