import { sessionAccount, type Actor } from '../../kernel/actor.js';
import { auditEntry } from '../../kernel/audit-entry.js';
import { E, fail, ok, type AsyncResult } from '../../kernel/either.js';
import { invalidInput, unauthenticated } from '../../kernel/errors.js';
import type { CommandDeps } from '../../deps.js';
import { normaliseEmail } from '../../identity/model.js';

export type DeleteAccountInput = { readonly email: string };

/**
 * The caller leaves for good (API.md "Accounts"): the email retyped must be the account's (else 422
 * `email_mismatch`, nothing changed). In one unit of work every session is revoked and every pending
 * mail link dies; each live tree the caller alone owns is soft-deleted (it keeps that owner
 * membership, so nobody else can restore it, and the purge removes it with the account); every other
 * membership goes, so a tree with another owner carries on; the user is soft-deleted. The purge
 * worker removes the account after PURGE_AFTER_DAYS; audit entries keep its id. The instance owner
 * may leave like anyone: that role is derived from OWNER_EMAIL and owns no data of its own.
 */
export const deleteAccount =
  (deps: CommandDeps<'users' | 'sessions' | 'emailTokens' | 'trees' | 'memberships' | 'audit'>) =>
  async (caller: Actor, input: DeleteAccountInput): AsyncResult<void> => {
    const signedIn = sessionAccount(caller);
    if (E.isLeft(signedIn)) return signedIn;
    const actor = signedIn.right;
    return deps.storage.uow.run(async (tx) => {
      const user = await tx.users.byId(actor.userId);
      if (user === null) return fail(unauthenticated());
      if (normaliseEmail(input.email) !== user.email)
        return fail(invalidInput('email_mismatch', 'Type the email address of this account to delete it.', [{ path: 'email', message: 'the email of this account' }]));
      const now = deps.clock.now();
      // Locks the owner rows of every tree first: a co-owner leaving at the same time waits, then counts right.
      const memberships = await tx.memberships.listForUser(user.id);
      const soleOwned = memberships.filter((m) => m.role === 'owner' && m.ownerCount === 1);
      const treesDeleted = soleOwned.filter((m) => m.treeDeletedAt === null).map((m) => m.treeId);
      await tx.trees.softDeleteMany(treesDeleted, now);
      const membershipsRemoved = await tx.memberships.removeAllForUser(user.id, soleOwned.map((m) => m.treeId));
      const sessionsRevoked = await tx.sessions.revokeAllForUser(user.id, now);
      await tx.emailTokens.consumeAllForUser(user.id, 'verify_email', now);
      await tx.emailTokens.consumeAllForUser(user.id, 'password_reset', now);
      await tx.users.update({ ...user, deletedAt: now });
      // Ids only: the email is personal data that must leave with the account.
      await tx.audit.record(
        auditEntry(deps.clock, user.id, 'user.delete', { type: 'user', id: user.id, treeId: null }, {
          trees_deleted: treesDeleted,
          memberships_removed: [...membershipsRemoved],
          sessions_revoked: sessionsRevoked,
        }),
      );
      return ok(undefined);
    });
  };
