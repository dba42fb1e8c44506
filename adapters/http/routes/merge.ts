import type { AnyRoute } from '../route.js';
import type { LazyDeps } from './deps.js';

// Skeleton: the merge helper fills this route table.
export const mergeRoutes = (_deps: LazyDeps): readonly AnyRoute[] => [];
