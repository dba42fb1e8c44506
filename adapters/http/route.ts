import type * as t from 'io-ts';
import type { Actor } from '../../core/kernel/actor.js';
import type { Result } from '../../core/kernel/either.js';
import type { SpooledFile } from './multipart.js';

export type HttpMethod = 'get' | 'post' | 'patch' | 'put' | 'delete';

/** What a handler answers on success: a JSON body (encoded by the route's response codec), or no body. */
export type Reply = {
  readonly status: number;
  /** JSON body; undefined for 204/202. */
  readonly body?: unknown;
  /** A byte stream sent as the body instead of JSON (media content); `headers` carry its type and length. */
  readonly stream?: AsyncIterable<Uint8Array>;
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
};

/**
 * One row of the route table. The same codecs decode requests and produce the OpenAPI document,
 * so the documentation cannot drift from validation (ARCHITECTURE.md rule 5).
 */
export type Route<P = unknown, Q = unknown, B = unknown> = {
  readonly operationId: string;
  readonly method: HttpMethod;
  /** OpenAPI form, relative to /api/v1: '/trees/{id}'. */
  readonly path: string;
  readonly summary: string;
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
  /** Success status and its body codec (undefined: no body); `mediaType` when the body is not JSON. */
  readonly success: { readonly status: number; readonly description: string; readonly body?: t.Mixed; readonly mediaType?: string };
  /** Error statuses this operation can answer, documented as problem+json. */
  readonly errors: readonly number[];
  /** Response headers this operation sets on success, documented (e.g. X-Next-Cursor). */
  readonly successHeaders?: readonly string[];
  readonly handle: (input: HandlerInput<P, Q, B>) => Promise<Result<Reply>>;
};

/** Erases the type parameters so routes of different shapes fit in one table. */
export type AnyRoute = Route<any, any, any>;

export const route = <P, Q, B>(r: Route<P, Q, B>): AnyRoute => r as AnyRoute;
