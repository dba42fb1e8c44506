import type * as t from 'io-ts';
import type { Actor } from '../../core/kernel/actor.js';
import type { Result } from '../../core/kernel/either.js';
import type { Precondition } from '../../core/stores.js';
import type { SpooledFile } from './multipart.js';

export type HttpMethod = 'get' | 'post' | 'patch' | 'put' | 'delete';

/**
 * What a handler answers on success: a JSON body, or no body. `O` is the wire form of the route's
 * success codec (`t.OutputOf`), so a mapper that builds another shape fails to compile.
 */
export type Reply<O = unknown> = {
  readonly status: number;
  /** JSON body; undefined for 204/202. */
  readonly body?: O;
  /**
   * The JSON body as its text, sent as it is instead of `body` (a page a store wrote as JSON: a
   * search's persons, PersonRepository.pickJson); held to the route's codec as `body` is.
   */
  readonly json?: string | Uint8Array;
  /** A byte stream sent as the body instead of JSON (media content); `headers` carry its type and length. */
  readonly stream?: AsyncIterable<Uint8Array>;
  /**
   * With a stream: HTTP trailers sent after its last byte (named in a `Trailer` header up front), for
   * what is known only once the stream is produced; a trailer whose value is '' is not sent.
   */
  readonly trailers?: { readonly names: readonly string[]; readonly values: () => Readonly<Record<string, string>> };
  readonly headers?: Readonly<Record<string, string>>;
  /** Sets the session cookie to this token, or clears it. */
  readonly session?: { readonly token: string } | 'clear';
};

export type HandlerInput<P, Q, B> = {
  readonly actor: Actor;
  readonly params: P;
  readonly query: Q;
  readonly body: B;
  /** Raw session token of this request, when it came with one (logout needs it). */
  readonly sessionToken: string | null;
  /** A request header (Range, If-None-Match, ...), or undefined. */
  readonly header: (name: string) => string | undefined;
  /** On an `upload` route: the file part, received whole; null when the request had none. */
  readonly upload: SpooledFile | null;
  /** Aborted when the client goes away before its answer is sent (made on first call: a request that never asks pays nothing). */
  readonly clientGone: () => AbortSignal;
};

/**
 * One row of the route table. The same codecs decode requests and produce the OpenAPI document,
 * so the documentation cannot drift from validation (ARCHITECTURE.md rule 5).
 */
export type Route<P = unknown, Q = unknown, B = unknown, S extends t.Mixed | undefined = undefined> = {
  readonly operationId: string;
  readonly method: HttpMethod;
  /** OpenAPI form, relative to /api/v1: '/trees/{id}'. */
  readonly path: string;
  readonly summary: string;
  /**
   * What the operation does, for a client developer: who may call it, what it changes or answers,
   * and what its refusals mean beyond their codes (the reference shows it under the summary).
   */
  readonly description?: string;
  readonly tag: string;
  /** 'user': a session is required (401 without); 'optional': anonymous allowed (public surface, auth). */
  readonly auth: 'user' | 'optional';
  readonly params?: t.Type<P, unknown, unknown>;
  readonly query?: t.Type<Q, unknown, unknown>;
  readonly body?: t.Type<B, unknown, unknown>;
  /** A JSON body limit above the app's default (1 MiB), for bulk bodies such as the cleanup applies. */
  readonly jsonLimitBytes?: number;
  /**
   * A multipart/form-data route: the part named `field` is received into a temporary file (counted,
   * hashed, MAX_UPLOAD_BYTES enforced: 413) and handed over as `upload`; the other parts are text
   * fields, decoded by `body`. `before` runs first, before a byte of the body is read, so a caller
   * who may not upload is refused at once.
   */
  readonly upload?: {
    readonly field: string;
    readonly maxBytes: () => number;
    readonly before?: (input: HandlerInput<P, Q, undefined>) => Promise<Result<unknown>>;
  };
  /**
   * Success status and its body codec (undefined: no body); `mediaType` when the body is not JSON.
   * `also`: other success statuses the handler answers (206 for a range, 304 on a matching ETag);
   * `content` when that answer carries the same kind of body.
   */
  readonly success: {
    readonly status: number;
    readonly description: string;
    readonly body?: S;
    /** One media type, or each the handler may send; the any-type wildcard: whatever type a stored file has. */
    readonly mediaType?: string | readonly string[];
    readonly also?: readonly { readonly status: number; readonly description: string; readonly content?: boolean }[];
  };
  /**
   * The error statuses the handler itself answers beyond those the framework answers for this
   * route's own properties (`frameworkErrors`): 409 for a conflict, 429 for a rate limit, 503, ...
   * The document lists both, as problem+json.
   */
  readonly errors: readonly number[];
  /**
   * An operation the core lets an account with an unverified email call (REQUIRE_EMAIL_VERIFICATION):
   * signing up, in and out, verifying, resetting a password, reading /users/me, deleting the account.
   * Everywhere else such a session is refused with 403.
   */
  readonly allowsUnverified?: true;
  /** The handler may answer a byte stream (`Reply.stream`): 429 past STREAMS_PER_USER. */
  readonly streams?: true;
  /**
   * A change (PATCH, PUT, DELETE) of what the GET on the same path reads: `If-Match` is checked
   * against that read's ETag first, 412 when it is stale (set by the route table: routes/index.ts).
   */
  readonly conditional?: true;
  /**
   * On a `conditional` route (set with it, from routes/conditions.ts): whether this caller may make
   * the change at all, as its handler decides before it changes anything. If-Match is evaluated only
   * for a caller it lets through; any other gets the answer it gets without If-Match, never a 412
   * telling it that the record exists or what its version is (RFC 9110 13.2.1).
   */
  readonly mayChange?: MayChange;
  /** Response headers this operation sets on success, documented (e.g. X-Next-Cursor). */
  readonly successHeaders?: readonly string[];
  /**
   * A creation (201): the path, under /api/v1, where what it created is read. app.ts sends it as
   * `Location` (absolute, on BASE_URL), and the document lists the header.
   */
  readonly created?: (body: WireOf<S>, params: P) => string;
  readonly handle: (input: HandlerInput<P, Q, B>) => Promise<Result<Reply<WireOf<S>>>>;
};

/**
 * The wire form of a success codec (`t.OutputOf`): what a mapper must build; no body when the route
 * has none. Its arrays and fields may be readonly: the body is only serialised.
 */
export type WireOf<S> = S extends t.Mixed ? ReadonlyWire<t.OutputOf<S>> : never;

type ReadonlyWire<T> = T extends readonly (infer E)[] ? readonly ReadonlyWire<E>[] : T extends object ? { readonly [K in keyof T]: ReadonlyWire<T[K]> } : T;

/** Erases the type parameters so routes of different shapes fit in one table. */
export type AnyRoute = Route<any, any, any, any>;

export const route = <P, Q, B, S extends t.Mixed | undefined = undefined>(r: Route<P, Q, B, S>): AnyRoute => r as AnyRoute;

const UNSAFE_METHODS: ReadonlySet<HttpMethod> = new Set(['post', 'put', 'patch', 'delete']);

/**
 * The error statuses app.ts answers for a route by its properties alone, before or around its
 * handler: 401 without a session ('user'); 403 for an unverified session the core refuses, and for
 * a cookie-authenticated change without this service's Origin (CSRF); 404 for path parameters that
 * do not decode; 400, 413 and 415 wherever a body is read (every POST, PUT, PATCH and DELETE: JSON
 * that does not parse, too large, an unknown encoding or charset, or an upload not sent as
 * multipart/form-data); 422 for a query or body its codec refuses; 429 for a streamed answer past
 * STREAMS_PER_USER; 412 for a `conditional` change whose If-Match is stale.
 */
export const frameworkErrors = (r: AnyRoute): readonly number[] => {
  const statuses: number[] = [];
  const readsBody = UNSAFE_METHODS.has(r.method);
  if (readsBody) statuses.push(400);
  if (r.auth === 'user') statuses.push(401);
  if (r.allowsUnverified !== true || readsBody) statuses.push(403);
  if (r.params !== undefined) statuses.push(404);
  if (readsBody) statuses.push(413, 415);
  if (r.query !== undefined || r.body !== undefined) statuses.push(422);
  if (r.streams === true) statuses.push(429);
  if (r.conditional === true) statuses.push(412);
  return statuses;
};

/** Every error status the operation can answer: the framework's and the handler's own, ascending. */
export const errorStatuses = (r: AnyRoute): readonly number[] =>
  [...new Set([...frameworkErrors(r), ...r.errors])].filter((s) => s !== r.success.status).sort((a, b) => a - b);

/** Every success status: the documented one first, then `also`. */
export const successStatuses = (r: AnyRoute): readonly number[] => [r.success.status, ...(r.success.also ?? []).map((a) => a.status)];

/** The GET routes whose answer is one record (the path ends with its id): they carry an ETag. */
export const readsOneRecord = (r: AnyRoute): boolean => r.method === 'get' && r.streams !== true && /\}$/.test(r.path) && r.success.body !== undefined;

/**
 * Whether a caller may make a conditional change (`Route.mayChange`): a Left means its handler refuses
 * it (app.ts then ignores If-Match and lets the handler answer); a Right names what must not change
 * between the If-Match check and the change's commit (Storage.conditionally).
 */
export type MayChange = (input: HandlerInput<any, any, undefined>) => Promise<Result<Precondition>>;

/**
 * Marks each PATCH, PUT and DELETE whose path a one-record GET also answers as `conditional`: its
 * If-Match is checked against that GET's ETag (app.ts), once `mayChange` (by operationId) lets the
 * caller through. A conditional change without one is a mistake of the table: it throws.
 */
export const withConditions = (routes: readonly AnyRoute[], mayChange: Readonly<Record<string, MayChange>>): readonly AnyRoute[] => {
  const read = new Set(routes.filter(readsOneRecord).map((r) => r.path));
  return routes.map((r) => {
    if (!['patch', 'put', 'delete'].includes(r.method) || !read.has(r.path)) return r;
    const may = mayChange[r.operationId];
    if (may === undefined) throw new Error(`${r.operationId} is a conditional change (If-Match): routes/conditions.ts must say who may make it`);
    return { ...r, conditional: true as const, mayChange: may };
  });
};

/** The media types a route's success body is documented with (JSON unless it says otherwise). */
export const mediaTypesOf = (r: AnyRoute): readonly string[] => {
  const m = r.success.mediaType;
  return m === undefined ? ['application/json'] : typeof m === 'string' ? [m] : m;
};

/** Whether a Content-Type (parameters aside) is one of the documented media types, wildcards (image/ANY, ANY/ANY) included. */
export const documentedMediaType = (documented: readonly string[], contentType: string): boolean => {
  const base = contentType.split(';')[0]!.trim().toLowerCase();
  return documented.some((d) => d === '*/*' || d === base || (d.endsWith('/*') && base.startsWith(d.slice(0, -1))));
};
