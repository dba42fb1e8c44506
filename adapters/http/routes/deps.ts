import type { IdentityDeps } from '../../../core/identity/deps.js';
import type { TreeDeps } from '../../../core/trees/deps.js';
import type { RecordDeps } from '../../../core/shared/record-deps.js';
import type { MediaDeps } from '../../../core/media/deps.js';
import type { ModelProvider } from '../../../core/ai/ports.js';
import { E, type Result } from '../../../core/shared/either.js';
import type { Reply } from '../route.js';
import { decodeCursor } from '../pagination.js';

/** Everything the route handlers call into: wired once in bootstrap. */
export type HttpDeps = IdentityDeps & TreeDeps & RecordDeps & MediaDeps & {
  readonly version: string;
  readonly environment: string;
  /** MAX_UPLOAD_BYTES: a larger upload is 413 and leaves nothing behind. */
  readonly maxUploadBytes: number;
  /** Metrics: one call per GEDCOM import (imported; rejected: a client error; failed: a fault). */
  readonly onGedcomImport?: (outcome: 'imported' | 'rejected' | 'failed') => void;
  /** The configured model providers by name (AI_PROVIDERS); absent: none. */
  readonly modelProviders?: ReadonlyMap<string, ModelProvider>;
};

/** Routes are built before their dependencies exist (the OpenAPI generator needs no database). */
export type LazyDeps = () => HttpDeps;

export const reply =
  <A>(status: number, body: (a: A) => unknown) =>
  (result: Result<A>): Result<Reply> =>
    E.map((a: A) => ({ status, body: body(a) }))(result);

export const noContent = (result: Result<unknown>): Result<Reply> => E.map(() => ({ status: 204 }))(result);

/** Decodes `cursor` and runs a paged list; a cursor this service did not give out is 422. */
export const withPage = async <A>(
  query: { readonly limit?: number; readonly cursor?: string },
  run: (page: { readonly limit?: number; readonly after?: string }) => Promise<Result<A>>,
): Promise<Result<A>> => {
  const after = decodeCursor(query.cursor);
  if (typeof after === 'object') return E.left(after);
  return run({ ...(query.limit === undefined ? {} : { limit: query.limit }), ...(after === undefined ? {} : { after }) });
};
