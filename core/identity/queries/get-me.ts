import { sessionAccount, type Actor } from '../../kernel/actor.js';
import { E, fail, ok, type AsyncResult } from '../../kernel/either.js';
import { unauthenticated } from '../../kernel/errors.js';
import type { QueryDeps } from '../../deps.js';
import type { IdentityDeps } from '../deps.js';
import { userView, type UserView } from '../user-view.js';

export const getMe =
  (deps: Pick<QueryDeps<'users'>, 'storage'> & Pick<IdentityDeps, 'identity'>) =>
  async (caller: Actor): AsyncResult<UserView> => {
    const signedIn = sessionAccount(caller);
    if (E.isLeft(signedIn)) return signedIn;
    const actor = signedIn.right;
    const user = await deps.storage.users.byId(actor.userId);
    return user === null ? fail(unauthenticated()) : ok(userView(user, deps.identity.ownerEmails));
  };
