import { getInstanceStatus } from '../../../core/admin/queries/get-instance-status.js';
import { route, type AnyRoute } from '../route.js';
import { InstanceStatusRead, instanceWire } from '../wire.js';
import { reply, type LazyDeps } from './deps.js';

export const adminRoutes = (deps: LazyDeps): readonly AnyRoute[] => [
  route({
    operationId: 'getInstanceStatus', method: 'get', path: '/admin/instance', tag: 'admin', auth: 'user',
    summary: 'Instance owner only: version, environment, counts and configured AI providers; no tree or personal data.',
    success: { status: 200, description: 'The instance status.', body: InstanceStatusRead },
    errors: [],
    handle: async ({ actor }) => {
      const d = deps();
      const status = getInstanceStatus({ storage: d.storage, ownerEmails: d.identity.ownerEmails, version: d.version, environment: d.environment, aiProviders: d.aiProviders });
      return reply(200, instanceWire)(await status(actor));
    },
  }),
];
