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
    summary: 'Read the signed-in account',
    description: 'The account of the session: `id`, `email`, `email_verified`, `self_person_id` (the person the user said they are, or null: '
      + 'see `PATCH /users/me/self-person`), `is_instance_owner` and `created_at`. `is_instance_owner` is true when the email is one of '
      + '`OWNER_EMAIL` and is verified; it grants `GET /admin/instance` only, never access to tree data. '
      + 'A session of an account whose email is not verified may read this even where `REQUIRE_EMAIL_VERIFICATION` '
      + 'refuses it everything else (403 `email_unverified`).',
    success: { status: 200, description: 'The current user.', body: UserRead },
    errors: [],
    handle: async ({ actor }) => reply(200, userWire)(await getMe(deps())(actor)),
  }),
  route({
    operationId: 'setSelfPerson', method: 'patch', path: '/users/me/self-person', tag: 'users', auth: 'user',
    summary: 'Set or clear "this is me"',
    description: 'Sets `self_person_id` of the signed-in account, the person the user says they are, or clears it with `person_id: null`. '
      + 'The person must be live and shown in full to the caller: a person of a tree they are a member of, or of a tree they may view '
      + 'whose privacy rules show that person in full. Any other id (unknown, deleted, of a tree the caller may not view, hidden or redacted '
      + 'to them) is the same 422 `invalid_reference`, so the answer never tells whether a withheld person exists. '
      + 'Deleting that person later clears the link. Answers the account as `GET /users/me` does.',
    body: named('SelfPersonUpdate', t.type({ person_id: Nullable(Uuid) })),
    success: { status: 200, description: 'The current user.', body: UserRead },
    errors: [],
    handle: async ({ actor, body }) => reply(200, userWire)(await setSelfPerson(deps())(actor, body.person_id)),
  }),
  route({
    // Open to an unverified account too: leaving never waits on a mailbox.
    operationId: 'deleteMe', method: 'delete', path: '/users/me', tag: 'users', auth: 'user', allowsUnverified: true,
    summary: 'Delete your account',
    description: 'Deletes the signed-in account. The body retypes the account\'s email (compared without case or surrounding blanks); '
      + 'another is 422 `email_mismatch` and nothing changes. In one step it:\n\n'
      + '- revokes every session of the account, and the links of pending verification and reset mails;\n'
      + '- soft-deletes each tree the caller alone owns (nobody else can restore it; the purge removes it with the account);\n'
      + '- leaves every other tree (a tree with another owner carries on);\n'
      + '- soft-deletes the account.\n\n'
      + 'Answers 204 and clears the session cookie. From then on signing in fails exactly as for an unknown email (401), and registering '
      + 'the email again is 409 `email_taken` until the purge worker removes the account after `PURGE_AFTER_DAYS` (default 30). '
      + 'Audit entries keep the account\'s id, not its email. A session of an account whose email is not verified may call this too.',
    body: named('AccountDeletion', t.type({ email: Email })),
    success: { status: 204, description: 'The account is deleted and the session cookie cleared.' },
    errors: [],
    handle: async ({ actor, body }) => E.map(() => ({ status: 204, session: 'clear' as const }))(await deleteAccount(deps())(actor, body)),
  }),
];
