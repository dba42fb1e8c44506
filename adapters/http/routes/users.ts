import { getMe } from '../../../core/identity/queries/get-me.js';
import { route, type AnyRoute } from '../route.js';
import { UserRead, userWire } from '../wire.js';
import { reply, type LazyDeps } from './deps.js';

export const userRoutes = (deps: LazyDeps): readonly AnyRoute[] => [
  route({
    operationId: 'getMe', method: 'get', path: '/users/me', tag: 'users', auth: 'user', allowUnverified: true,
    summary: 'The signed-in user, with self_person_id, is_instance_owner and email_verified.',
    success: { status: 200, description: 'The current user.', body: UserRead },
    errors: [401],
    handle: async ({ actor }) => reply(200, userWire)(await getMe(deps())(actor)),
  }),
];
