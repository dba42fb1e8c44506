import type { AnyRoute } from '../route.js';
import type { LazyDeps } from './deps.js';

// Skeleton: the charts helper fills this route table.
export const chartsRoutes = (_deps: LazyDeps): readonly AnyRoute[] => [];
