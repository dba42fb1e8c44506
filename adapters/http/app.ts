import { JSON_TYPES, maxJsonValues, parseJsonBody } from './json-body.js';
import { streamGuard, watchSend } from './stream-guard.js';
import Koa, { type Context } from 'koa';
import Router from '@koa/router';
import { HttpMethodEnum, koaBody } from 'koa-body';
import { answerClientError, settleUnreadBody } from './unread-body.js';
import { LeftTheQueue, TooManyAtOnce } from '../gate.js';
import { createServer } from 'node:http';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { Readable } from 'node:stream';
import type { Logger } from 'pino';
import * as t from 'io-ts';
import type { Actor } from '../../core/kernel/actor.js';
import type { Authenticated } from '../../core/identity/queries/authenticate.js';
import type { ReplicaStatus, Storage } from '../../core/stores.js';
import { boundToContext, lagScopeOf, readsMayLag } from './read-routing.js';
import { corsMiddleware } from './cors.js';
import { expectedOf } from './expected.js';
import { problem, problemOf, type Problem } from './problem.js';
import { documentedMediaType, errorStatuses, mediaTypesOf, readsOneRecord, successStatuses, type AnyRoute, type Reply } from './route.js';
import { etagOf, etagOfJson, ifMatchHolds } from './etag.js';
import { isConnectionFaultCode } from '../connection-faults.js';
import { dispatcher } from './dispatch.js';
import { bearerToken, SESSION_COOKIE, sessionCookie } from './session-cookie.js';
import { buildOpenApiDocument } from './openapi/document.js';
import { mountReference } from './openapi/reference.js';
import { spoolMultipart, type SpooledFile } from './multipart.js';
import { multipartFieldLimits } from './multipart-fields.js';
import { decodePart } from '../../core/kernel/decode.js';
import { clientAddressOf } from './client-address.js';
import { mountAccountPages, type AccountPages } from './pages/account-pages.js';
import { mountPublicPages, type PublicPagesDeps } from './pages/public/index.js';
import { chartPageRoutes } from './pages/public/chart-pages.js';

export type AppOptions = {
  readonly routes: readonly AnyRoute[];
  readonly logger: Logger;
  readonly baseUrl: string;
  readonly version: string;
  readonly sessionMaxAgeSeconds: number;
  /**
   * Resolves a session token, or null for an unknown, revoked or expired one. The core decides the
   * effective actor (an unverified account is restricted where verification is required).
   */
  readonly authenticate: (token: string, clientAddress: string) => Promise<Authenticated | null>;
  /** Resolves when the database answers (GET /readyz). */
  readonly ready: () => Promise<void>;
  /** The read replica's state for /readyz (absent: none). */
  readonly replicaStatus?: () => Promise<ReplicaStatus>;
  /** CORS_ORIGINS: web origins whose browser clients may call with credentials (cors.ts). */
  readonly corsOrigins?: readonly string[];
  /** Runs a request's reads where they may lag (a read replica): only reads by non-members (read-routing.ts). */
  readonly readsMayLag?: <A>(work: () => Promise<A>) => Promise<A>;
  /**
   * Runs a conditional change's If-Match check and the change as one step (Storage.conditionally);
   * absent (a host without storage), the check runs just before the change.
   */
  readonly conditionally?: Storage['conditionally'];
  /** JSON body limit in bytes. */
  readonly jsonLimitBytes?: number;
  /** Where uploads are received before they are stored (DATA_DIR/tmp; never a RAM-backed /tmp by default). */
  readonly uploadDir?: string;
  /**
   * Specs: an answer the document does not describe is a 500 (logged as unhandled): a success
   * status not documented, a body that does not match its codec (or none where one is documented),
   * a stream from a route that does not declare `streams`, an error status not in the route's list.
   */
  readonly validateResponses?: boolean;
  /**
   * Specs, with `validateResponses`: a JSON success body is also checked against the OpenAPI
   * document's own schema for its operation and status (the JSON Schema a client validates with, not
   * only the codec it was derived from); the reason it does not conform, or undefined.
   */
  readonly checkResponse?: ResponseCheck;
  /** TRUST_PROXY: reverse proxies in front that append to X-Forwarded-For (0 or absent: the header is ignored). */
  readonly trustProxy?: number;
  /** Called once per request when its response has been sent (or the connection closed), for metrics. */
  readonly observeRequest?: (r: ObservedRequest) => void;
  /** STREAMS_PER_USER: streamed answers one account (or anonymous address) may have running at once; default 2. */
  readonly streamsPerUser?: number;
  /** SEND_TIMEOUT_MS: a streamed answer whose client accepts no bytes for this long is cut off; default 30000 (0: never). */
  readonly sendTimeoutMs?: number;
  /** The HTML pages the verification and reset mails link to (/verify-email, /reset-password). */
  readonly accountPages?: AccountPages;
  /** The public HTML pages (/, /trees/{id}, /trees/{id}/search, /persons/{id}, /robots.txt, the sitemaps: pages/public), read as an anonymous visitor. */
  readonly publicPages?: PublicPagesDeps;
};

/** `route` is the route template (`/api/v1/trees/{id}`) or `unmatched`: never a raw path, so ids never become label values. */
export type ObservedRequest = { readonly method: string; readonly route: string; readonly status: number; readonly seconds: number };

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** Route templates as the OpenAPI document writes them, by the router's form: a few hundred, each written once. */
const templates = new Map<string, string>();

/** The template the route matched (`/api/v1/trees/:id`), written as in the OpenAPI document. */
const routeTemplate = (ctx: Context): string => {
  const matched = (ctx as { _matchedRoute?: unknown })._matchedRoute;
  if (typeof matched !== 'string') return 'unmatched';
  let template = templates.get(matched);
  if (template === undefined) templates.set(matched, (template = matched.replace(/:(\w+)/g, '{$1}')));
  return template;
};

const API = '/api/v1';
const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Does nothing, once for all requests: the `next` of a middleware run for its effect alone (the body reader), the dispose of a request without an upload. */
const noop = async (): Promise<void> => undefined;

const sendProblem = (ctx: Context, p: Problem, headers: Readonly<Record<string, string>> = {}): void => {
  ctx.status = p.status;
  // Refused before its body was read whole: the outermost middleware (settleUnreadBody) drains a small
  // rest or closes the connection gracefully, so the rest is never taken for the next request.
  for (const [k, v] of Object.entries(headers)) ctx.set(k, v);
  ctx.type = 'application/problem+json';
  ctx.body = JSON.stringify(p);
};

/** sendProblem, answering false: the request goes no further. */
const refuse = (ctx: Context, p: Problem): false => {
  sendProblem(ctx, p);
  return false;
};

/** Decodes one part of a request (ARCHITECTURE.md rule 5); core's, so every host decodes alike. */
export { decodeErrors, decodePart } from '../../core/kernel/decode.js';

/**
 * What a response stream meets when its client's connection is gone (the download finished and the
 * client closed at once, or the client gave up): the client's doing, whatever the source was.
 */
const CLIENT_GONE = new Set(['ERR_STREAM_PREMATURE_CLOSE', 'ECONNRESET', 'EPIPE', 'ECONNABORTED', 'ERR_STREAM_DESTROYED']);

/** pg reports a connection lost mid-statement (the database restarting) with no code, only these words. */
const CONNECTION_LOST = ['Connection terminated', 'Connection ended unexpectedly', 'encountered a connection error', 'timeout exceeded when trying to connect', 'Timeout acquiring a connection'];

/** Errors a driver raises when the database or the object store cannot be reached: unavailable, not broken. */
const isUnavailable = (err: unknown): boolean => {
  if ((err as { name?: unknown })?.name === 'BlobStoreUnavailableError') return true;
  const code = (err as { code?: unknown })?.code;
  if (typeof code === 'string') return isConnectionFaultCode(err, code);
  const message = (err as { message?: unknown })?.message;
  return typeof message === 'string' && CONNECTION_LOST.some((m) => message.includes(m));
};

/** `validateResponses`: a handler's error status that its route does not document. */
const documentedError = (r: AnyRoute, status: number): void => {
  if (!errorStatuses(r).includes(status)) throw new Error(`${r.operationId}: answered ${status}, which its route does not document (route.ts errors)`);
};

/** Why a JSON body does not conform to the document's schema for this operation and status; undefined when it does. */
export type ResponseCheck = (operationId: string, status: number, body: unknown) => string | undefined;

/** `validateResponses`: a success the document does not describe (status, body shape, stream). */
const documentedReply = (r: AnyRoute, reply: Reply, check?: ResponseCheck): void => {
  const where = r.operationId;
  if (!successStatuses(r).includes(reply.status)) throw new Error(`${where}: answered ${reply.status}, which its route does not document`);
  if (reply.stream !== undefined && r.streams !== true) throw new Error(`${where}: answered a stream, but its route does not declare \`streams\``);
  // The media type sent is one the document names: JSON for a body, the Content-Type header for a stream.
  const body: unknown = reply.json !== undefined ? JSON.parse(typeof reply.json === 'string' ? reply.json : Buffer.from(reply.json).toString('utf8')) : reply.body;
  const sent = reply.stream !== undefined ? (reply.headers?.['Content-Type'] ?? '') : body !== undefined ? 'application/json' : null;
  if (sent !== null && reply.status === r.success.status && !documentedMediaType(mediaTypesOf(r), sent))
    throw new Error(`${where}: sent ${sent || 'no Content-Type'}, which its route does not document (${mediaTypesOf(r).join(', ')})`);
  if (reply.status === 201 && r.created === undefined) throw new Error(`${where}: answered 201, but its route does not say where the creation is read (\`created\`: its Location)`);
  if (body !== undefined) {
    if (r.success.body === undefined) throw new Error(`${where}: answered a body, but its route documents none`);
    if (!r.success.body.is(body)) throw new Error(`${where}: response does not match its documented codec ${r.success.body.name}`);
    const why = check?.(r.operationId, reply.status, JSON.parse(JSON.stringify(body)));
    if (why !== undefined) throw new Error(`${where}: response does not conform to the document's schema: ${why}`);
  } else if (reply.stream === undefined && reply.status === r.success.status && r.success.body !== undefined && reply.status !== 204)
    throw new Error(`${where}: answered no body, but its route documents ${r.success.body.name}`);
};

const DEFAULT_STREAMS_PER_USER = 2;
const DEFAULT_SEND_TIMEOUT_MS = 30_000;

export const createApp = (opts: AppOptions): Koa => {
  const streams = streamGuard(opts.streamsPerUser ?? DEFAULT_STREAMS_PER_USER);
  const validate = opts.validateResponses ?? false;
  const app = new Koa();
  // Every server this app runs on (the service, every spec) answers what Node's parser refuses with a
  // lingering close, as the app does for the bodies it refuses (unread-body.ts).
  app.listen = ((...args: Parameters<Koa['listen']>) => {
    const server = createServer(app.callback());
    server.on('clientError', answerClientError);
    return server.listen(...(args as Parameters<typeof server.listen>));
  }) as Koa['listen'];
  // What fails after the answer started (a streamed export whose database or store went away) can
  // only cut the download short; it is logged here, as one structured line, not printed by Koa.
  // A client that went away (it had every byte, or gave up) is not the service failing: info, not
  // error. The same codes from a source (the object store's connection reset) while the client is
  // still there stay errors.
  app.on('error', (err: unknown, ctx?: Context) => {
    const code = (err as { code?: unknown } | null)?.code;
    const clientGone = ctx !== undefined && (ctx.res.writableFinished || ctx.req.socket.destroyed || ctx.res.destroyed);
    if (typeof code === 'string' && CLIENT_GONE.has(code) && clientGone)
      return opts.logger.info({ req_id: ctx?.state['requestId'], code, finished: ctx?.res.writableFinished ?? null }, 'client closed the connection during the response');
    opts.logger.error({ req_id: ctx?.state['requestId'], err }, 'response failed after it started');
  });
  const origin = new URL(opts.baseUrl).origin;
  const secure = opts.baseUrl.startsWith('https:');
  const openapi = buildOpenApiDocument(opts.routes, { title: 'Genealogy service', version: opts.version, serverUrl: opts.baseUrl });

  // The frame of every request, in one middleware (each layer costs every request a closure and a
  // promise). Metrics when the response is finished: a streamed body (a GEDCOM export) counts its
  // whole time. A request id and one structured log line per request; never headers, bodies, tokens
  // or cookies. Last, once the answer is made: the rest of a body nobody read (a refusal before an
  // upload) is drained or the connection closed gracefully, never reset under a client still sending.
  const observe = opts.observeRequest;
  const logging = (): boolean => opts.logger.isLevelEnabled('info');
  // The request line's fields are fixed and none is a secret (the path never holds the query), so it
  // is written without the redaction every other line goes through: the same line, at half the cost.
  const requestLog = opts.logger.child({}, { redact: { paths: [] } });
  app.use(async (ctx, next) => {
    const started = process.hrtime.bigint();
    if (observe)
      ctx.res.once('close', () =>
        observe({
          method: METHODS.has(ctx.method) ? ctx.method : 'other',
          route: routeTemplate(ctx),
          status: ctx.res.statusCode,
          seconds: Number(process.hrtime.bigint() - started) / 1e9,
        }),
      );
    const incoming = ctx.get('X-Request-Id');
    const requestId = /^[\w.-]{1,100}$/.test(incoming) ? incoming : randomUUID();
    ctx.state['requestId'] = requestId;
    ctx.set('X-Request-Id', requestId);
    try {
      await next();
    } finally {
      if (logging()) {
        const actor = ctx.state['actor'] as Actor | undefined;
        requestLog.info(
          {
            req_id: requestId,
            method: ctx.method,
            path: ctx.path,
            status: ctx.status,
            duration_ms: Number(process.hrtime.bigint() - started) / 1e6,
            ...(actor?.kind === 'user' ? { user_id: actor.userId } : {}),
          },
          'request',
        );
      }
    }
    await settleUnreadBody(ctx.req, () => ctx.set('Connection', 'close'));
  });

  // Browser clients on the listed origins: their preflights end here, their answers carry CORS headers.
  const corsOrigins = new Set(opts.corsOrigins ?? []);
  if (corsOrigins.size > 0) app.use(corsMiddleware(corsOrigins));

  // Anything thrown becomes problem+json: client faults keep their 4xx, the rest is 500 or 503.
  // No route answered: an unknown path (404) or a known path with another method (405, with Allow).
  app.use(async (ctx, next) => {
    try {
      await next();
      if (ctx.body != null) return;
      // @koa/router answers 501 for a method it has no route for at all (PROPFIND, TRACE): still 405 here.
      if (ctx.status === 405 || ctx.status === 501) sendProblem(ctx, problem(405, 'method_not_allowed', `This path does not answer ${ctx.method}.`));
      else if (ctx.status === 404) sendProblem(ctx, problem(404, 'not_found', 'No such resource.'));
    } catch (err) {
      // A long write whose client went away while it waited for its turn: nothing ran, nobody to answer.
      if (err instanceof LeftTheQueue) return opts.logger.info({ req_id: ctx.state['requestId'] }, 'client went away before its turn');
      // A caller past a gate's share (spool.ts): nothing ran.
      if (err instanceof TooManyAtOnce) return sendProblem(ctx, problem(429, err.code, err.detail), { 'Retry-After': '5' });
      const e = err as { name?: string; status?: number; statusCode?: number; type?: string; expose?: boolean; message?: string };
      const status = e.status ?? e.statusCode;
      if (status === 413 || e.type === 'entity.too.large') return sendProblem(ctx, problem(413, 'payload_too_large', 'The request body is too large.'));
      if (status !== undefined && status >= 400 && status < 500)
        return sendProblem(ctx, problem(400, 'malformed_request', e.type === 'entity.parse.failed' || e.name === 'SyntaxError' ? 'The body is not valid JSON.' : (e.expose ? e.message : undefined) ?? 'Malformed request.'));
      if (isUnavailable(err)) {
        opts.logger.error({ req_id: ctx.state['requestId'], err }, 'dependency unavailable');
        return sendProblem(ctx, problem(503, 'unavailable', 'A service this request needs is unavailable; try again shortly.'), { 'Retry-After': '5' });
      }
      opts.logger.error({ req_id: ctx.state['requestId'], err }, 'unhandled error');
      return sendProblem(ctx, problem(500, 'internal', 'Something went wrong on our side.'));
    }
  });

  const router = new Router();
  router.get('/healthz', (ctx) => {
    ctx.body = { status: 'ok' };
  });
  // Ready while the primary answers. A read replica that does not answer leaves the instance ready
  // (its reads go to the primary) and is named, so that an operator sees it.
  router.get('/readyz', async (ctx) => {
    const [primary, replica] = await Promise.all([
      opts.ready().then(() => true, () => false),
      opts.replicaStatus?.() ?? Promise.resolve('none' as const),
    ]);
    if (!primary) return sendProblem(ctx, problem(503, 'not_ready', 'The database does not answer.'));
    ctx.body = replica === 'none' ? { status: 'ready' } : { status: 'ready', read_replica: replica, ...(replica === 'ok' ? {} : { reads_from: 'primary' }) };
  });
  if (opts.accountPages) mountAccountPages(router, opts.accountPages);
  // The pages outside the API prefix, matched as the API's routes are (dispatch.ts), the router keeping
  // what the dispatcher does not take (another spelling, another method).
  const pagesFast = dispatcher('', []);
  if (opts.publicPages)
    mountPublicPages(router, opts.publicPages, { ...(opts.readsMayLag === undefined ? {} : { readsMayLag: opts.readsMayLag }), more: chartPageRoutes(opts.publicPages), also: pagesFast.add });
  router.get(`${API}/openapi.json`, (ctx) => {
    ctx.body = openapi;
  });
  mountReference(router, opts.baseUrl);

  // DELETE bodies are read too: account deletion carries the retyped email.
  const parsedMethods = [HttpMethodEnum.POST, HttpMethodEnum.PUT, HttpMethodEnum.PATCH, HttpMethodEnum.DELETE];
  // JSON bodies are read as text within the limit, then counted and parsed (json-body.ts).
  const jsonParser = (limit: number): ((ctx: Context) => Promise<void>) => {
    const read = koaBody({ parsedMethods, json: false, multipart: false, urlencoded: false, text: true, textTypes: JSON_TYPES, textLimit: limit });
    const maxValues = maxJsonValues(limit);
    return async (ctx) => {
      await read(ctx, noop);
      const text: unknown = ctx.request.body;
      if (typeof text === 'string') ctx.request.body = parseJsonBody(text, maxValues) as typeof ctx.request.body;
    };
  };
  // Whatever fails while a body is read and decoded (a broken gzip, deflate or brotli stream, a
  // charset iconv does not know) is the client's fault: 400, or 413 past the limit, never a 500.
  // Whether the request goes on: false when it was refused (and answered).
  const bodyUpTo = (limit: number): ((ctx: Context) => Promise<boolean>) => {
    const parseJson = jsonParser(limit);
    return async (ctx) => {
      try {
        await parseJson(ctx);
      } catch (err) {
        const e = err as { status?: number; type?: string };
        if (e.status === 413 || e.type === 'entity.too.large') throw err;
        if (e.status === 415) return refuse(ctx, problem(415, 'unsupported_media_type', 'This Content-Encoding or charset is not accepted.'));
        if (e.status === undefined || e.status >= 500) return refuse(ctx, problem(400, 'malformed_request', 'The body could not be decoded as its Content-Encoding says.'));
        throw err;
      }
      return true;
    };
  };
  const body = bodyUpTo(opts.jsonLimitBytes ?? 1024 * 1024);
  // The route table's canonical paths, matched without the router's per-request work (dispatch.ts);
  // the document and the reference answer the first segments they hold under the prefix.
  const fast = dispatcher(API, ['openapi.json', 'docs']);

  // The one-record GETs, by path: their answers carry an ETag, and a conditional change of the same
  // path checks its If-Match against that GET's answer now.
  const readerOf = new Map(opts.routes.filter(readsOneRecord).map((r) => [r.path, r]));
  for (const r of opts.routes) {
    const koaPath = API + r.path.replace(/\{(\w+)\}/g, ':$1');
    const tagged = readsOneRecord(r);
    const reader = r.conditional === true ? readerOf.get(r.path) : undefined;
    // A GET has no body to read (koa-body would only look at its headers to find that out); an
    // upload reads its own.
    const parse = r.upload || r.method === 'get' ? null : r.jsonLimitBytes === undefined ? body : bodyUpTo(r.jsonLimitBytes);
    const lagScope = lagScopeOf(r.method, r.path);
    const handler: Koa.Middleware = async (ctx) => {
      if (parse !== null && !(await parse(ctx))) return;
      const clientAddress = clientAddressOf(ctx.req.socket.remoteAddress ?? '', ctx.get('X-Forwarded-For'), opts.trustProxy ?? 0);
      const bearer = bearerToken(ctx.get('Authorization'));
      const cookie = bearer === null ? (ctx.cookies.get(SESSION_COOKIE) ?? null) : null;
      const token = bearer ?? cookie;
      let session: Authenticated | null = null;
      if (token !== null) {
        session = await opts.authenticate(token, clientAddress);
        if (session === null && r.auth === 'user') return sendProblem(ctx, problem(401, 'unauthenticated', 'The session is invalid or has expired.'), { 'WWW-Authenticate': 'Bearer' });
      }
      // The request log names the account that signed the request, restricted or not.
      if (session !== null) ctx.state['actor'] = session.account;
      if (r.auth === 'user' && session === null) return sendProblem(ctx, problem(401, 'unauthenticated', 'Sign in to continue.'), { 'WWW-Authenticate': 'Bearer' });
      // A request that authenticates by cookie alone must come from our own origin or a listed one (CSRF).
      if (session !== null && cookie !== null && UNSAFE.has(ctx.method) && ctx.get('Origin') !== origin && !corsOrigins.has(ctx.get('Origin')))
        return sendProblem(ctx, problem(403, 'csrf', 'Cookie-authenticated changes must carry this service\'s Origin, or one of CORS_ORIGINS.'));
      // The core's actor for this session: whether it may use this operation (an unverified email
      // where verification is required) is decided by the core, for every host alike.
      const actor: Actor = session === null ? { kind: 'anonymous', clientAddress } : session.actor;

      const params = r.params ? r.params.decode(ctx.params) : t.success(undefined);
      if (params._tag === 'Left') return sendProblem(ctx, problem(404, 'not_found', 'No such resource.'));
      const lagging = opts.readsMayLag !== undefined && readsMayLag(lagScope, actor, ctx.params['id'], session?.memberOf ?? []);
      // Exact, as bodies: a parameter the operation does not take (`?offset=`, `?page=`) is a 422 naming it.
      const given = Object.keys(ctx.query);
      const query = r.query ? decodePart(r.query, { ...ctx.query }, 'query', { exact: true, describe: expectedOf })
        : given.length === 0 ? { ok: true as const, value: undefined }
          : { ok: false as const, errors: given.slice(0, 20).map((k) => ({ path: k, message: 'is not a parameter of this operation (it takes none)' })) };
      if (!query.ok) return sendProblem(ctx, problem(422, 'invalid_input', 'The query parameters are invalid.', query.errors));
      const header = (name: string): string | undefined => {
        const v = ctx.get(name);
        return v === '' ? undefined : v;
      };
      let gone: AbortController | undefined;
      const clientGone = (): AbortSignal => {
        if (gone === undefined) {
          const c = (gone = new AbortController());
          if (ctx.res.destroyed) c.abort();
          else ctx.res.once('close', () => {
            if (!ctx.res.writableFinished) c.abort();
          });
        }
        return gone.signal;
      };
      const base = { actor, params: params.right, query: query.value, sessionToken: token, header, clientGone };

      let upload: SpooledFile | null = null;
      let fields: unknown = ctx.request.body ?? {};
      let dispose = noop;
      if (r.upload) {
        const allowed = await r.upload.before?.({ ...base, body: undefined, upload: null });
        if (allowed?._tag === 'Left') {
          const { problem: p, headers } = problemOf(allowed.left);
          if (validate) documentedError(r, p.status);
          return sendProblem(ctx, p, headers);
        }
        if (!ctx.is('multipart/form-data')) return sendProblem(ctx, problem(415, 'unsupported_media_type', 'Send this request as multipart/form-data.'));
        const spooled = await spoolMultipart(ctx.req, { fileField: r.upload.field, maxBytes: r.upload.maxBytes(), dir: opts.uploadDir ?? tmpdir(), ...multipartFieldLimits(r.body) });
        if (spooled.kind === 'too_large') return sendProblem(ctx, problem(413, 'payload_too_large', `The file is larger than the ${r.upload.maxBytes()} bytes this service accepts.`), { Connection: 'close' });
        if (spooled.kind === 'field_too_large') return sendProblem(ctx, problem(413, 'payload_too_large', spooled.detail), { Connection: 'close' });
        if (spooled.kind === 'malformed') return sendProblem(ctx, problem(400, 'malformed_request', spooled.detail));
        upload = spooled.file;
        fields = { ...spooled.fields, ...(upload === null ? {} : { [r.upload.field]: upload.fileName ?? '' }) };
        dispose = spooled.dispose;
      }
      try {
        const decodedBody = r.body ? decodePart(r.body, fields, 'body', { exact: true, describe: expectedOf }) : { ok: true as const, value: undefined };
        if (!decodedBody.ok) return sendProblem(ctx, problem(422, 'invalid_input', 'The request body is invalid.', decodedBody.errors));

        const handle = async (): Promise<Awaited<ReturnType<typeof r.handle>>> => r.handle({ ...base, body: decodedBody.value, upload });
        // A conditional change: the record as its GET reads it now must still be what the client read,
        // and stay so until the change commits (Storage.conditionally: checked again in its transaction).
        // Only for a caller the change lets through (`mayChange`): any other gets from the handler the
        // refusal it gets without If-Match, never a 412 telling it the record exists (RFC 9110 13.2.1).
        const ifMatch = header('If-Match');
        const may = reader !== undefined && ifMatch !== undefined && r.mayChange !== undefined ? await r.mayChange({ ...base, body: undefined, upload: null }) : undefined;
        let result: Awaited<ReturnType<typeof r.handle>>;
        if (reader !== undefined && ifMatch !== undefined && may?._tag !== 'Left') {
          const readerQuery = reader.query ? decodePart(reader.query, {}, 'query') : { ok: true as const, value: undefined };
          let current: string | undefined;
          const checked = async (): Promise<Awaited<ReturnType<typeof r.handle>> | 'stale'> => {
            const now = readerQuery.ok ? await reader.handle({ ...base, query: readerQuery.value, body: undefined, upload: null }) : null;
            current = now === null || now._tag === 'Left' ? undefined
              : now.right.json !== undefined ? etagOfJson(now.right.json) : now.right.body !== undefined ? etagOf(now.right.body) : undefined;
            return current !== undefined && !ifMatchHolds(ifMatch, current) ? 'stale' : handle();
          };
          const answer = may === undefined || opts.conditionally === undefined ? await checked() : await opts.conditionally(may.right, checked);
          // `moved`: the tree kept changing between the check and the change, every time it was tried.
          if (answer === 'stale' || answer === 'moved') {
            if (validate) documentedError(r, 412);
            const detail = answer === 'stale' ? 'The record changed since it was read (If-Match names another version): read it again, then send the change.'
              : 'The tree kept changing while this change was tried, so it was not made: read the record again, then send the change.';
            return sendProblem(ctx, problem(412, 'precondition_failed', detail), current === undefined ? {} : { ETag: current });
          }
          result = answer;
        } else {
          result = lagging
            ? await opts.readsMayLag!(async () => {
              const answer = await handle();
              return answer._tag === 'Right' && answer.right.stream !== undefined ? { ...answer, right: { ...answer.right, stream: boundToContext(answer.right.stream) } } : answer;
            })
            : await handle();
        }
        if (result._tag === 'Left') {
          const { problem: p, headers } = problemOf(result.left);
          if (validate) documentedError(r, p.status);
          return sendProblem(ctx, p, headers);
        }
        if (validate) documentedReply(r, result.right, opts.checkResponse);
        // A record's version: on its read, and on a change that answers the record as its read does.
        // The JSON is written once (or comes written by a store: result.right.json), hashed and sent as it is.
        let json: string | Uint8Array | undefined;
        const versioned = result.right.status === 200 && (tagged || (reader !== undefined && reader.success.body === r.success.body));
        if (result.right.json !== undefined) {
          json = result.right.json;
          if (versioned) ctx.set('ETag', etagOfJson(json));
        } else if (versioned && result.right.body !== undefined) {
          json = JSON.stringify(result.right.body);
          ctx.set('ETag', etagOfJson(json));
        }
        if (r.created !== undefined && result.right.status === 201 && result.right.body !== undefined)
          ctx.set('Location', `${opts.baseUrl}${API}${r.created(result.right.body, params.right)}`);
        const stream = result.right.stream;
        if (stream !== undefined) {
          // Streamed answers: a few per caller at once (429 past STREAMS_PER_USER), and a client that
          // accepts no bytes for SEND_TIMEOUT_MS loses its connection (stream-guard.ts).
          const caller = session !== null ? `user:${session.account.userId}` : `address:${clientAddress}`;
          const release = streams.admit(caller);
          if (release === null) {
            await stream[Symbol.asyncIterator]().return?.().catch(() => undefined);
            return sendProblem(ctx, problem(429, 'too_many_streams', `You have ${opts.streamsPerUser ?? DEFAULT_STREAMS_PER_USER} downloads running; try again when one has finished.`), { 'Retry-After': '5' });
          }
          watchSend(ctx, opts.sendTimeoutMs ?? DEFAULT_SEND_TIMEOUT_MS, release);
        }
        writeReply(ctx, result.right, { secure, maxAge: opts.sessionMaxAgeSeconds }, json);
        // A streamed answer's status and headers go out now, not with its first bytes (an export
        // waiting for a producer slot may take a while to have any).
        if (stream !== undefined) ctx.flushHeaders();
      } finally {
        await dispose();
      }
    };
    router[r.method](koaPath, handler);
    fast.add(r.method, koaPath, handler);
  }

  app.use(fast.middleware);
  app.use(pagesFast.middleware);
  app.use(router.routes());
  app.use(router.allowedMethods());
  return app;
};

/** The stream, then its trailers added to the response before it ends (chunked answers only: a stream has no Content-Length). */
async function* withTrailers(
  stream: AsyncIterable<Uint8Array>, res: Context['res'], values: () => Readonly<Record<string, string>>,
): AsyncGenerator<Uint8Array> {
  yield* stream;
  const sent = Object.entries(values()).filter(([, v]) => v !== '');
  if (sent.length > 0 && res.getHeader('Content-Length') === undefined) res.addTrailers(Object.fromEntries(sent));
}

/** `json`: the body already written as JSON (to hash it for the ETag), sent as it is, typed as Koa types an object body. */
const writeReply = (ctx: Context, reply: Reply, o: { readonly secure: boolean; readonly maxAge: number }, json?: string | Uint8Array): void => {
  for (const [k, v] of Object.entries(reply.headers ?? {})) ctx.set(k, v);
  if (reply.session !== undefined)
    ctx.append('Set-Cookie', sessionCookie(reply.session === 'clear' ? null : reply.session.token, { secure: o.secure, maxAgeSeconds: o.maxAge }));
  if (reply.stream !== undefined) {
    const trailers = reply.trailers;
    if (trailers !== undefined) ctx.set('Trailer', trailers.names.join(', '));
    ctx.body = Readable.from(trailers === undefined ? reply.stream : withTrailers(reply.stream, ctx.res, trailers.values), { objectMode: false });
  } else if (json !== undefined) {
    // The header itself, as `ctx.type = 'json'` writes it, without Koa's media-type lookups.
    const type = ctx.response.get('Content-Type');
    if (!/\bjson\b/i.test(type)) ctx.set('Content-Type', 'application/json; charset=utf-8');
    // Bytes as a Buffer (Koa sends a Buffer as it is; any other object it would write as JSON).
    ctx.body = typeof json === 'string' || Buffer.isBuffer(json) ? json : Buffer.from(json.buffer, json.byteOffset, json.byteLength);
  } else if (reply.body !== undefined) ctx.body = reply.body;
  // An explicit null body is sent as no body at all (Content-Length: 0), for 202 as for 204.
  else ctx.body = null;
  ctx.status = reply.status;
};
