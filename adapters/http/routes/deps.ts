import type { IdentityDeps } from '../../../core/identity/deps.js';
import type { TreeDeps } from '../../../core/trees/deps.js';
import { E, type Result } from '../../../core/shared/either.js';
import type { Reply } from '../route.js';

/** Everything the route handlers call into: wired once in bootstrap. */
export type HttpDeps = IdentityDeps & TreeDeps & { readonly version: string; readonly environment: string };

/** Routes are built before their dependencies exist (the OpenAPI generator needs no database). */
export type LazyDeps = () => HttpDeps;

export const reply =
  <A>(status: number, body: (a: A) => unknown) =>
  (result: Result<A>): Result<Reply> =>
    E.map((a: A) => ({ status, body: body(a) }))(result);

export const noContent = (result: Result<unknown>): Result<Reply> => E.map(() => ({ status: 204 }))(result);
