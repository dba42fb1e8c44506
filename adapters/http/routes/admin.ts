import { getInstanceStatus } from '../../../core/admin/queries/get-instance-status.js';
import { route, type AnyRoute } from '../route.js';
import { InstanceStatusRead, instanceWire } from '../wire.js';
import { reply, type LazyDeps } from './deps.js';

export const adminRoutes = (deps: LazyDeps): readonly AnyRoute[] => [
  route({
    operationId: 'getInstanceStatus', method: 'get', path: '/admin/instance', tag: 'admin', auth: 'user',
    summary: 'Read the instance status (instance owner)',
    description: 'The operator\'s status page: the service `version`, the `environment` (`APP_ENV` / `NODE_ENV`), the number of live accounts and live trees, and the configured AI providers by name and model (never their addresses or keys). It holds no tree data and no personal data. Only the instance owner may call it: a signed-in account whose email is listed in `OWNER_EMAIL` **and** verified (whatever `REQUIRE_EMAIL_VERIFICATION` says). Any other signed-in account is 403 `forbidden`. Being the instance owner grants nothing else: no access to any tree.',
    success: { status: 200, description: 'The instance status.', body: InstanceStatusRead },
    errors: [],
    handle: async ({ actor }) => {
      const d = deps();
      const status = getInstanceStatus({ storage: d.storage, ownerEmails: d.identity.ownerEmails, version: d.version, environment: d.environment, aiProviders: d.aiProviders });
      return reply(200, instanceWire)(await status(actor));
    },
  }),
];
