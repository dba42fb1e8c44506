import type { AnyRoute } from '../route.js';
import type { LazyDeps } from './deps.js';

export const duplicateRoutes = (_deps: LazyDeps): readonly AnyRoute[] => [];
