import type { Actor } from '../../shared/actor.js';
import { fail, ok, type AsyncResult } from '../../shared/either.js';
import { unauthenticated } from '../../shared/errors.js';
import type { IdentityDeps } from '../deps.js';
import { userView, type UserView } from '../user-view.js';

export const getMe =
  (deps: Pick<IdentityDeps, 'storage' | 'identity'>) =>
  async (actor: Actor): AsyncResult<UserView> => {
    if (actor.kind !== 'user') return fail(unauthenticated());
    const user = await deps.storage.users.byId(actor.userId);
    return user === null ? fail(unauthenticated()) : ok(userView(user, deps.identity.ownerEmails));
  };
