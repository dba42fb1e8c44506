import type { IdentityDeps } from '../../../core/identity/deps.js';
import type { TreeDeps } from '../../../core/trees/deps.js';
import type { RecordDeps } from '../../../core/deps.js';
import type { MediaDeps } from '../../../core/media/deps.js';
import type { ModelProvider } from '../../../core/ai/ports.js';
import type { AssistantLimits } from '../../../core/ai/commands/ask-assistant.js';
import { E, type Result } from '../../../core/kernel/either.js';
import type { Reply } from '../route.js';
import { decodeCursor, nextPageHeaders, type ListAddress } from '../pagination.js';
import { reclaimer } from '../../archive/reclaim.js';
import { inTurn, type Gate } from '../../gate.js';
import type { InTurn } from '../../../core/kernel/turns.js';
import type { Actor } from '../../../core/kernel/actor.js';

/** Everything the route handlers call into: wired once in bootstrap. */
export type HttpDeps = IdentityDeps & TreeDeps & RecordDeps & MediaDeps & {
  readonly version: string;
  readonly environment: string;
  /** MAX_UPLOAD_BYTES: a larger upload is 413 and leaves nothing behind. */
  readonly maxUploadBytes: number;
  /** Metrics: one call per GEDCOM import (imported; rejected: a client error; failed: a fault). */
  readonly onGedcomImport?: (outcome: 'imported' | 'rejected' | 'failed') => void;
  /**
   * Long writes running at once in this process (a GEDCOM or GEDZIP import, an account restore): each
   * holds a pooled connection and a transaction for its whole run, so they take turns (first come,
   * first served) and never hold more than the gate's slots of the pool; absent: no limit.
   */
  readonly longWrites?: Gate;
  /**
   * Tree-wide analyses running at once in this process (the duplicate finder, a GEDCOM preview's
   * matching against the tree, the cleanup previews): each holds the whole tree in memory (the
   * finder about 230 MB at 100,000 persons) and a core for seconds, so they take turns, first come
   * first served, a few per account (compose.ts analysesGate); absent: no limit.
   */
  readonly analyses?: Gate;
  /** Where streamed answers that must not wait on their client are spooled (spool.ts); absent: the system's temporary folder. */
  readonly spoolDir?: string;
  /** The configured model providers by name (AI_PROVIDERS); absent: none. */
  readonly modelProviders?: ReadonlyMap<string, ModelProvider>;
  /** AI_MAX_TOOL_CALLS_PER_ROUND, AI_MAX_TOOL_CALLS, AI_MAX_PROPOSALS; absent: the defaults. */
  readonly assistantLimits?: AssistantLimits;
};

/** Routes are built before their dependencies exist (the OpenAPI generator needs no database). */
export type LazyDeps = () => HttpDeps;

/**
 * The deps of a tree-wide analysis (duplicates, a GEDCOM or cleanup preview) for one request: it runs
 * when the `analyses` gate has a slot (and the account holds fewer than the gate allows one caller),
 * and leaves the line if its client goes away while it waits.
 */
export const analysing = (deps: HttpDeps, request: { readonly actor: Actor; readonly clientGone: () => AbortSignal }): HttpDeps & { readonly inTurn: InTurn } => ({
  ...deps,
  inTurn: (work) => inTurn(deps.analyses, work, request.clientGone(), request.actor.kind === 'user' ? `user:${request.actor.userId}` : undefined),
});

export const reply =
  <A, O>(status: number, body: (a: A) => O) =>
  (result: Result<A>): Result<Reply<O>> =>
    E.map((a: A) => ({ status, body: body(a) }))(result);

export const noContent = (result: Result<unknown>): Result<Reply<never>> => E.map(() => ({ status: 204 }))(result);

/** Decodes `cursor` and runs a paged list; a cursor this service did not give out is 422. */
export const withPage = async <A>(
  query: { readonly limit?: number; readonly cursor?: string },
  run: (page: { readonly limit?: number; readonly after?: string }) => Promise<Result<A>>,
): Promise<Result<A>> => {
  const after = decodeCursor(query.cursor);
  if (typeof after === 'object') return E.left(after);
  return run({ ...(query.limit === undefined ? {} : { limit: query.limit }), ...(after === undefined ? {} : { after }) });
};

/** Rows per read of a streamed list: one page in memory at a time, whatever the tree's size. */
export const STREAM_PAGE = 500;

type ListRead<V> = (page: { readonly limit: number; readonly after?: string }) => Promise<Result<{ readonly rows: readonly V[]; readonly lastId: string | null }>>;

/**
 * Bytes of a streamed list between two full garbage collections. Each page's rows, views and JSON
 * are garbage as soon as it is written, but V8 promotes what lives across the page's awaits and
 * grows the heap before it collects: a 100,000-person list added 50 to 110 MB of RSS. Collecting
 * every 8 MB written (about 15,000 full persons) keeps that under 64 MB.
 */
const LIST_RECLAIM_BYTES = 8 * 1024 * 1024;

/** The rows as one JSON array, page after page: one page in memory at a time. */
async function* jsonArray<V>(first: readonly V[], lastId: string | null, read: ListRead<V>, wire: (v: V) => unknown): AsyncGenerator<Uint8Array> {
  const reclaim = reclaimer(LIST_RECLAIM_BYTES);
  let rows = first;
  let next = lastId;
  let opened = false;
  for (;;) {
    const text = rows.map((v) => JSON.stringify(wire(v))).join(',');
    const chunk = Buffer.from(`${opened ? (text === '' ? '' : ',') : '['}${text}`);
    yield chunk;
    reclaim(chunk.length);
    opened = true;
    if (next === null) break;
    const page = await read({ limit: STREAM_PAGE, after: next });
    // The status is sent: a failure now (the tree deleted, access revoked meanwhile) can only cut the array short.
    if (E.isLeft(page)) throw new Error(`a streamed list stopped: ${page.left._tag}`);
    rows = page.right.rows;
    next = page.right.lastId;
  }
  yield Buffer.from(']');
}

/**
 * A list route's answer (API.md "Lists"): with `limit` (or `defaultLimit`, for search) one page and
 * the next page's headers; without, every row as one JSON array streamed to the socket, read
 * STREAM_PAGE rows at a time through the same keyset pages, so memory stays flat whatever the tree.
 * `url` is the list's address with its other query parameters, without limit and cursor.
 */
export const listed = async <V, O>(
  query: { readonly limit?: number; readonly cursor?: string },
  url: URL | ListAddress,
  read: ListRead<V>,
  wire: (v: V) => O,
  o: { readonly defaultLimit?: number } = {},
): Promise<Result<Reply<readonly O[]>>> =>
  withPage(query, async (page): Promise<Result<Reply<readonly O[]>>> => {
    const limit = page.limit ?? o.defaultLimit;
    const after = page.after === undefined ? {} : { after: page.after };
    if (limit !== undefined) {
      const one = await read({ limit, ...after });
      return E.map((r: { readonly rows: readonly V[]; readonly lastId: string | null }) => ({
        status: 200, body: r.rows.map(wire), headers: nextPageHeaders(r.lastId, limit, url),
      }))(one);
    }
    const first = await read({ limit: STREAM_PAGE, ...after });
    return E.map((r: { readonly rows: readonly V[]; readonly lastId: string | null }) => ({
      status: 200, stream: jsonArray(r.rows, r.lastId, read, wire), headers: { 'Content-Type': 'application/json; charset=utf-8' },
    }))(first);
  });
