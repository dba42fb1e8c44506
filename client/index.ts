// Typed client for the HTTP API: openapi-fetch over the types generated into ./schema.d.ts
// (regenerate with `npm run client:generate`).
import createClient, { type Client } from 'openapi-fetch';
import type { components, operations, paths } from './schema.js';

export type { components, operations, paths };
export type Schemas = components['schemas'];
export type ApiClient = Client<paths>;

export type ApiClientOptions = {
  /** Session token, sent as `Authorization: Bearer <token>`. */
  readonly token?: string;
  /** Raw Cookie header value, e.g. `session=<token>`. */
  readonly cookie?: string;
  /** Origin header (cookie-authenticated unsafe requests must carry BASE_URL). */
  readonly origin?: string;
  /** Custom fetch (tests). */
  readonly fetch?: (input: Request) => Promise<Response>;
};

/** A client for the service at `baseUrl` (its root, e.g. http://localhost:8080); requests go to /api/v1. */
export const createApiClient = (baseUrl: string, opts: ApiClientOptions = {}): ApiClient => {
  const headers: Record<string, string> = {};
  if (opts.token !== undefined) headers.Authorization = `Bearer ${opts.token}`;
  if (opts.cookie !== undefined) headers.Cookie = opts.cookie;
  if (opts.origin !== undefined) headers.Origin = opts.origin;
  return createClient<paths>({
    baseUrl: `${baseUrl.replace(/(?<!\/)\/+$/, '')}/api/v1`,
    headers,
    ...(opts.fetch === undefined ? {} : { fetch: opts.fetch }),
  });
};
