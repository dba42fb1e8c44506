import { sessionAccount, type Actor } from '../../kernel/actor.js';
import { auditEntry } from '../../kernel/audit-entry.js';
import { E, ok, type AsyncResult } from '../../kernel/either.js';
import type { CommandDeps } from '../../deps.js';

/** Revokes the session the request came with. */
export const logout =
  (deps: CommandDeps<'sessions' | 'audit'>) =>
  async (caller: Actor): AsyncResult<void> => {
    const signedIn = sessionAccount(caller);
    if (E.isLeft(signedIn)) return signedIn;
    const actor = signedIn.right;
    return deps.storage.uow.run(async (tx) => {
      await tx.sessions.revoke(actor.sessionId, deps.clock.now());
      await tx.audit.record(auditEntry(deps.clock, actor.userId, 'session.revoke', { type: 'user', id: actor.userId, treeId: null }));
      return ok(undefined);
    });
  };
