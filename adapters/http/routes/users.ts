import * as t from 'io-ts';
import { getMe } from '../../../core/identity/queries/get-me.js';
import { setSelfPerson } from '../../../core/identity/commands/set-self-person.js';
import { deleteAccount } from '../../../core/accounts/commands/delete-account.js';
import { E } from '../../../core/kernel/either.js';
import { named } from '../openapi/json-schema.js';
import { route, type AnyRoute } from '../route.js';
import { Email, Nullable, UserRead, Uuid, userWire } from '../wire.js';
import { reply, type LazyDeps } from './deps.js';

export const userRoutes = (deps: LazyDeps): readonly AnyRoute[] => [
  route({
    operationId: 'getMe', method: 'get', path: '/users/me', tag: 'users', auth: 'user', allowsUnverified: true,
    summary: 'The signed-in user, with self_person_id, is_instance_owner and email_verified.',
    success: { status: 200, description: 'The current user.', body: UserRead },
    errors: [],
    handle: async ({ actor }) => reply(200, userWire)(await getMe(deps())(actor)),
  }),
  route({
    operationId: 'setSelfPerson', method: 'patch', path: '/users/me/self-person', tag: 'users', auth: 'user',
    summary: 'Set or clear "this is me": a live person the caller sees in full. Any other id (unknown, deleted, hidden or redacted to the caller) is the same 422 invalid_reference.',
    body: named('SelfPersonUpdate', t.type({ person_id: Nullable(Uuid) })),
    success: { status: 200, description: 'The current user.', body: UserRead },
    errors: [],
    handle: async ({ actor, body }) => reply(200, userWire)(await setSelfPerson(deps())(actor, body.person_id)),
  }),
  route({
    // Open to an unverified account too: leaving never waits on a mailbox.
    operationId: 'deleteMe', method: 'delete', path: '/users/me', tag: 'users', auth: 'user', allowsUnverified: true,
    summary: 'Delete the account for good: the email retyped (422 email_mismatch otherwise). Revokes every session, soft-deletes the trees the caller alone owns, leaves every other tree, and soft-deletes the account; the purge removes it after PURGE_AFTER_DAYS, and signing in then fails as for an unknown email.',
    body: named('AccountDeletion', t.type({ email: Email })),
    success: { status: 204, description: 'The account is deleted and the session cookie cleared.' },
    errors: [],
    handle: async ({ actor, body }) => E.map(() => ({ status: 204, session: 'clear' as const }))(await deleteAccount(deps())(actor, body)),
  }),
];
