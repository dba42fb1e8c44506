import { withConditions, type AnyRoute } from '../route.js';
import type { HttpDeps } from './deps.js';
import { changeChecks } from './conditions.js';
import { adminRoutes } from './admin.js';
import { authRoutes } from './auth.js';
import { memberRoutes } from './members.js';
import { treeRoutes } from './trees.js';
import { userRoutes } from './users.js';
import { personRoutes } from './persons.js';
import { nameRoutes } from './names.js';
import { eventRoutes } from './events.js';
import { relationshipRoutes } from './relationships.js';
import { sourceRoutes } from './sources.js';
import { repositoryRoutes } from './repositories.js';
import { publicRoutes } from './public.js';
import { mediaRoutes } from './media.js';
import { gedcomRoutes } from './gedcom.js';
import { cleanupRoutes } from './cleanup.js';
import { proposalRoutes } from './proposals.js';
import { assistantRoutes } from './assistant.js';
import { kinshipRoutes } from './kinship.js';
import { accountRoutes } from './accounts.js';
import { duplicateRoutes } from './duplicates.js';
import { mergeRoutes } from './merge.js';
import { chartsRoutes } from './charts.js';
import { historyRoutes } from './history.js';

/**
 * The whole route table. Without deps (the OpenAPI generator, the client freshness spec) the routes
 * still describe themselves; calling a handler then fails loudly.
 */
export const allRoutes = (deps?: HttpDeps): readonly AnyRoute[] => {
  const lazy = (): HttpDeps => {
    if (deps === undefined) throw new Error('route table built without dependencies: it can only describe itself');
    return deps;
  };
  return withConditions([
    ...authRoutes(lazy), ...userRoutes(lazy), ...accountRoutes(lazy), ...treeRoutes(lazy), ...memberRoutes(lazy), ...adminRoutes(lazy),
    ...personRoutes(lazy), ...nameRoutes(lazy), ...eventRoutes(lazy), ...relationshipRoutes(lazy), ...sourceRoutes(lazy), ...repositoryRoutes(lazy),
    ...mediaRoutes(lazy), ...gedcomRoutes(lazy), ...cleanupRoutes(lazy), ...proposalRoutes(lazy), ...assistantRoutes(lazy), ...kinshipRoutes(lazy),
    ...duplicateRoutes(lazy), ...mergeRoutes(lazy), ...chartsRoutes(lazy), ...historyRoutes(lazy),
    ...publicRoutes(lazy),
  ], changeChecks(lazy));
};
