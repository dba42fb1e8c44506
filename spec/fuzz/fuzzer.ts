import { newAgent, send, UNSENT, type Received } from './http.js';
import { readApi, type Api, type Operation } from './openapi.js';
import { mulberry32, rngFor, type Rng } from './prng.js';
import { planRequest, type Planned } from './plan.js';
import { createWorld, seedTrees, type Mail, type World } from './world.js';
import { upkeep } from './upkeep.js';
import { extraRequest } from './extra.js';
import { pageRequest } from './pages.js';
import { SHAPES, shapeRequest, type Shape } from './shapes.js';
import { closeWave, openWave, probeWave, type StallOutcome, type Wave } from './stall.js';
import type { FakeOpenAi } from '../support/fake-openai.js';

export type FuzzOptions = {
  readonly baseUrl: string;
  readonly requests: number;
  readonly seed: number;
  /** The mails the service sent (verification and reset tokens); without it those flows stay invalid. */
  readonly mailbox?: () => readonly Mail[];
  /** A request slower than this is a failure (the issue's bound: 3 s). */
  readonly slowMs?: number;
  /**
   * false: no clock decides an outcome (`npm test`, issue 24): no request is slow, none times out,
   * and a wave's probe tries until the stalled readers' places are free; the caller's own timeout
   * is the only bound. Default true (`npm run fuzz`: slowMs, timeoutMs and the waves' deadlines).
   */
  readonly timeBounds?: boolean;
  readonly timeoutMs?: number;
  /** Run only these request indexes (replay). */
  readonly only?: readonly number[];
  /** A fresh set of seeded trees every this many requests. */
  readonly reseedEvery?: number;
  readonly onProgress?: (done: number) => void;
  /** Every request's outcome, as it comes (npm run fuzz -- --log FILE). */
  readonly onOutcome?: (o: Outcome) => void;
  /** Makes the seeded accounts' emails unique: `owner.<tag>@example.com` (see ownerEmail). */
  readonly tag?: string;
  /**
   * The fake provider the service's AI_PROVIDERS names (`name`): the main trees name it for their
   * assistant and recommender, and the fuzzer scripts its answers before each request that may reach it.
   */
  readonly provider?: { readonly name: string; readonly fake: FakeOpenAi };
  /**
   * The service's SEND_TIMEOUT_MS: waves of stalled readers run beside the requests (at a fifth and
   * at a half of the run), and once they have stalled this long the service must have freed their
   * places. Without it (or when replaying `only`), no stalled readers.
   */
  readonly sendTimeoutMs?: number;
  /** The service's CORS_ORIGINS: the only origins an answer may name in Access-Control-Allow-Origin. */
  readonly corsOrigins?: readonly string[];
};

/** The email of the seeded tree owner, for OWNER_EMAIL (the instance owner reaches /admin routes). */
export const ownerEmail = (tag: string): string => `owner.${tag}@example.com`;

export type Outcome = {
  readonly seed: number;
  readonly index: number;
  readonly operationId: string;
  readonly caller: string;
  readonly mutation: string;
  readonly method: string;
  readonly path: string;
  readonly body: string;
  /** The headers a reader needs to replay it by hand (credentials shortened). */
  readonly headers: string;
  readonly status: number;
  readonly ms: number;
  readonly error?: string;
  readonly detail?: string;
  /** The shape of issue 23 it sends (shapes.ts), when it is one. */
  readonly shape?: string;
  /** What the answer should have been, when it was not (a shape's check). */
  readonly unexpected?: string;
  /** Requests the provider received while the service answered this one. */
  readonly providerCalls?: number;
};

export type FuzzReport = {
  readonly seed: number;
  readonly requests: number;
  readonly counts: ReadonlyMap<string, number>;
  readonly perOperation: ReadonlyMap<string, number>;
  readonly failures: readonly Outcome[];
  readonly slowest: readonly Outcome[];
  /** Operations of the document no request reached. */
  readonly unexercised: readonly string[];
  readonly setupRequests: number;
  readonly seconds: number;
  /** Per shape of issue 23 ('values:header'), the statuses it was answered with. */
  readonly shapes: ReadonlyMap<string, ReadonlyMap<string, number>>;
  /** Requests the fake provider received over the run. */
  readonly providerCalls: number;
  /** What each stalled reader (and each wave's probe) saw. */
  readonly stalls: readonly StallOutcome[];
  /** Per kind of issue 30's headers sent ('if-match:stale', 'origin:listed:cookie', 'preflight:foreign'), the statuses it was answered with. */
  readonly headerKinds: ReadonlyMap<string, ReadonlyMap<string, number>>;
};

/** The kinds of issue 30's headers a request's mutations name (plan.ts, headers.ts). */
export const headerKindsOf = (mutation: string): string[] =>
  mutation.split('+').map((m) => m.replace(/^header:/, '')).filter((m) => /^(if-match|if-none-match|origin|preflight):/.test(m));

/**
 * Round after round, every slot once in an order drawn from the seed, so every route is reached.
 * Returns the slot's position in `slots` (its mutation cycle starts there).
 */
const slotAt = (slotCount: number, seed: number, index: number): number => {
  const round = Math.floor(index / slotCount);
  const order: Rng = mulberry32((seed ^ Math.imul(round + 1, 0x27d4eb2d)) >>> 0);
  return order.shuffle(Array.from({ length: slotCount }, (_, i) => i))[index % slotCount] ?? 0;
};

/** A short, printable account of a body: type, size, the start, long runs folded. */
export const summarize = (headers: Readonly<Record<string, string>>, body?: Buffer): string => {
  if (body === undefined) return '(no body)';
  const text = body.subarray(0, 4000).toString('utf8').replace(/(.)\1{15,}/gsu, (run, ch: string) => `<${JSON.stringify(ch)} x${run.length}>`);
  const shown = JSON.stringify(text.length > 240 ? `${text.slice(0, 240)}...` : text);
  const type = headers['Content-Type'] ?? '(no content-type)';
  return `${type.length > 80 ? `${type.slice(0, 60)}... (${type.length} chars)` : type}, ${body.length} bytes: ${shown}`;
};

export const headerSummary = (headers: Readonly<Record<string, string>>): string =>
  Object.entries(headers)
    .filter(([k]) => k !== 'Accept' && k !== 'Content-Type')
    .map(([k, v]) => `${k}: ${v.length > 80 ? `${JSON.stringify(v.slice(0, 60))}... (${v.length} chars)` : JSON.stringify(v)}`)
    .join('; ');

/**
 * The assistant answers a provider's failure 502 (provider_unavailable, provider_invalid) or 504
 * (provider_timeout): not the service's own failure. Only that route and those codes; the recommender
 * documents no 5xx (a failing provider leaves its own ranking), so any 5xx of it stays a failure.
 */
const PROVIDER_FAILURES: Readonly<Record<number, readonly string[]>> = { 502: ['provider_unavailable', 'provider_invalid'], 504: ['provider_timeout'] };
const providerFailure = (operationId: string, r: Received): boolean => {
  if (operationId !== 'askAssistant' || PROVIDER_FAILURES[r.status] === undefined) return false;
  try {
    return PROVIDER_FAILURES[r.status]!.includes((JSON.parse(r.body.toString('utf8')) as { code?: unknown }).code as string);
  } catch {
    return false;
  }
};

const isFailure = (r: Received, sentBytes: number, slowMs: number, operationId: string): boolean => {
  if ((r.status >= 500 && !providerFailure(operationId, r)) || r.ms > slowMs) return true;
  if (r.error === undefined || r.error.startsWith(UNSENT)) return false;
  // An upload the service refused before reading it may see its connection closed (413): no fault.
  return !(sentBytes > 1024 * 1024 && /EPIPE|ECONNRESET/.test(r.error));
};

const headerOf = (r: Received, name: string): string | undefined => {
  const v = r.headers[name];
  return Array.isArray(v) ? v.join(', ') : v;
};
const codeIn = (r: Received): string => {
  try {
    const code: unknown = JSON.parse(r.body.toString('utf8'))?.code;
    return typeof code === 'string' ? code : '';
  } catch {
    return '';
  }
};
const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Issue 30's rules for the answer to what was sent (null: none broken). CORS: only a listed origin is
 * ever named in Access-Control-Allow-Origin (the request's own, never `*`), credentials only with it,
 * no Access-Control-* header for any other origin, a listed origin's preflight answered. CSRF: a
 * change authenticated by the session cookie alone succeeds only from this service's origin or a
 * listed one. Preconditions: 412 only on a change that documents it, to a request with If-Match, with
 * the current ETag; 304 only to a request with If-None-Match on a read that documents it; neither to
 * a caller no change or read could let through (anonymous, an unverified account).
 */
export const headerFinding = (w: World, p: Planned, r: Received): string | null => {
  if (r.status === 0) return null;
  const sent = p.sent.headers;
  // As the server reads it: Node drops the whitespace around a header's value.
  const origin = sent['Origin']?.trim();
  const listed = origin !== undefined && w.corsOrigins.includes(origin);
  const allowOrigin = headerOf(r, 'access-control-allow-origin');
  const credentials = headerOf(r, 'access-control-allow-credentials');
  const cors = Object.keys(r.headers).filter((k) => k.toLowerCase().startsWith('access-control-'));
  if (allowOrigin === '*') return `Access-Control-Allow-Origin: *${credentials === undefined ? '' : ` with Access-Control-Allow-Credentials: ${credentials}`}`;
  if (allowOrigin !== undefined && !w.corsOrigins.includes(allowOrigin)) return `Access-Control-Allow-Origin names ${JSON.stringify(allowOrigin.slice(0, 80))}, which CORS_ORIGINS does not list`;
  if (allowOrigin !== undefined && allowOrigin !== origin) return `Access-Control-Allow-Origin names ${allowOrigin} for Origin ${JSON.stringify(origin?.slice(0, 80) ?? null)}`;
  if (credentials !== undefined && allowOrigin === undefined) return 'Access-Control-Allow-Credentials without Access-Control-Allow-Origin';
  if (!listed && cors.length > 0) return `CORS headers (${cors.join(', ')}) for an origin CORS_ORIGINS does not list: ${JSON.stringify(origin?.slice(0, 80) ?? null)}`;
  // An answer of the app (it names its request id; Node's parser answers 431 and 400 itself) to a listed origin carries its headers.
  if (listed && allowOrigin === undefined && headerOf(r, 'x-request-id') !== undefined) return `no Access-Control-Allow-Origin for the listed origin ${origin}`;
  const preflight = p.sent.method === 'OPTIONS' && sent['Access-Control-Request-Method'] ? sent['Access-Control-Request-Method'] : undefined;
  if (preflight !== undefined && listed && (r.status !== 204 || !(headerOf(r, 'access-control-allow-methods') ?? '').includes('PATCH'))) return `the listed origin's preflight answered ${r.status} without the methods`;
  const cookieOnly = sent['Authorization'] === undefined && /(?:^|;\s*)session=/.test(sent['Cookie'] ?? '');
  if (cookieOnly && UNSAFE.has(p.sent.method) && !p.draft.op.anonymous && r.status >= 200 && r.status < 300 && origin !== new URL(w.baseUrl).origin && !listed)
    return `a change by session cookie from Origin ${JSON.stringify(origin?.slice(0, 80) ?? null)} answered ${r.status} (CSRF: only this service's origin or a listed one)`;
  const documents = p.draft.op.statuses ?? [];
  if (r.status === 412) {
    if (sent['If-Match'] === undefined) return '412 to a request without If-Match';
    if (!documents.includes(412)) return '412 from an operation that documents none';
    if (codeIn(r) !== 'precondition_failed') return `412 with code ${JSON.stringify(codeIn(r))}`;
    if (headerOf(r, 'etag') === undefined) return '412 without the current ETag';
  }
  if (r.status === 304) {
    if (sent['If-None-Match'] === undefined) return '304 to a request without If-None-Match';
    if (!documents.includes(304)) return '304 from an operation that documents none';
  }
  if ((r.status === 412 || r.status === 304) && (p.caller === 'anonymous' || p.caller === 'unverified')) return `${r.status} to ${p.caller === 'anonymous' ? 'an anonymous caller' : 'an unverified account'}, whom the request without its condition would refuse`;
  return null;
};

/**
 * A 412 or 304 must tell nothing to a caller the same request without its condition would refuse:
 * sends it again without If-Match / If-None-Match, and names a refusal (401, 403, 404) if one comes.
 * The request sent again is the fuzzer's own (a change that then succeeds is kept by upkeep).
 */
const withoutCondition = async (o: { readonly baseUrl: string }, agent: ReturnType<typeof newAgent>, timeoutMs: number, p: Planned, r: Received): Promise<{ readonly finding: string | null; readonly again?: Received }> => {
  const header = r.status === 412 ? 'If-Match' : r.status === 304 ? 'If-None-Match' : null;
  if (header === null || p.sent.headers[header] === undefined) return { finding: null };
  const headers = { ...p.sent.headers };
  delete headers[header];
  const again = await send(o.baseUrl, { ...p.sent, headers }, agent, timeoutMs);
  return {
    again,
    finding: [401, 403, 404].includes(again.status)
      ? `${r.status} to a caller the same request without ${header} refuses (${again.status} ${codeIn(again)}): the condition answered before the authorization`
      : null,
  };
};

/** A stalled reader's failure as an outcome of the run (index -1: no request of the run replays it). */
const stallFailure = (seed: number, s: StallOutcome): Outcome => ({
  seed, index: -1, operationId: s.route, caller: s.who, mutation: `stalled-reader:wave ${s.wave}`, method: 'GET', path: '(a stalled reader)', body: '(no body)', headers: '',
  status: s.status ?? 0, ms: s.firstChunkMs ?? 0, shape: `stall:${s.wave}:${s.who}:${s.route}`, unexpected: s.failure ?? '', ...(s.error === undefined ? {} : { error: s.error }),
});

export const runFuzz = async (o: FuzzOptions): Promise<FuzzReport> => {
  const started = Date.now();
  const bounded = o.timeBounds ?? true;
  const slowMs = bounded ? (o.slowMs ?? 3000) : Infinity;
  const timeoutMs = bounded ? (o.timeoutMs ?? 60_000) : Infinity;
  const agent = newAgent();
  const waves: Wave[] = [];
  const stalls: StallOutcome[] = [];
  try {
    // Read whole (send keeps only the first 256 KiB of an answer; the document, with its descriptions, is larger).
    const docRes = await fetch(`${o.baseUrl}/api/v1/openapi.json`, { signal: AbortSignal.timeout(30_000) });
    if (docRes.status !== 200) throw new Error(`GET /api/v1/openapi.json answered ${docRes.status}`);
    const api: Api = readApi(await docRes.json());
    const ops = [...api.operations].sort((a, b) => a.operationId.localeCompare(b.operationId));
    // Uploads take any bytes: they get three slots a round. Two slots go outside the document, and
    // two to the HTML pages the mails link to (outside it too).
    const uploads = ops.filter((x) => x.body?.mediaType.startsWith('multipart/'));
    // And two slots a round to each shape of issue 23 (shapes.ts): its turns, the next kind each.
    const shapeSlots = [0, 1].flatMap((copy) => SHAPES.map((shape) => ({ shape, copy })));
    const slots: (Operation | 'page' | null | { shape: Shape; copy: number })[] = [...ops, ...uploads, ...uploads, null, null, 'page', 'page', ...shapeSlots];
    const world: World = await createWorld(o.baseUrl, api.basePath, agent, o.mailbox ?? null, o.tag ?? `${o.seed}-${Date.now().toString(36)}`, o.provider?.name ?? null, o.corsOrigins ?? []);
    const counts = new Map<string, number>();
    const perOperation = new Map<string, number>();
    const failures: Outcome[] = [];
    const all: Outcome[] = [];
    const shapes = new Map<string, Map<string, number>>();
    const headerKinds = new Map<string, Map<string, number>>();
    const indexes = o.only ?? Array.from({ length: o.requests }, (_, i) => i);
    const stallAt = o.sendTimeoutMs === undefined || o.only ? [] : [Math.floor(indexes.length / 5), Math.floor(indexes.length / 2)];
    let providerCalls = 0;
    let done = 0;
    let previous: number | null = null;
    for (const index of indexes) {
      if (done > 0 && done % (o.reseedEvery ?? 250) === 0) await seedTrees(world);
      if (stallAt.includes(done)) waves.push(await openWave(world, waves.length + 1, o.sendTimeoutMs ?? 0, bounded));
      for (const wave of waves.filter((x) => !x.probed && Date.now() >= x.nextProbe)) {
        const probe = await probeWave(world, wave);
        if (probe !== null) stalls.push(probe);
      }
      const rng = rngFor(o.seed, index);
      const slot = slotAt(slots.length, o.seed, index);
      const op = slots[slot] ?? null;
      const round = Math.floor(index / slots.length);
      const cycle = round + slot;
      const planned: Planned =
        op === null ? extraRequest(rng, api, world)
          : op === 'page' ? pageRequest(rng, world)
            : 'shape' in op ? shapeRequest(rng, api, world, op.shape, round * 2 + op.copy, o.seed)
              : planRequest(rng, api, world, op, cycle);
      if (planned.script !== undefined && o.provider !== undefined) {
        o.provider.fake.reset();
        o.provider.fake.script(...planned.script.replies);
      }
      const r = await send(o.baseUrl, planned.sent, agent, timeoutMs);
      const calls = planned.script !== undefined && o.provider !== undefined ? o.provider.fake.requests.length : undefined;
      providerCalls += calls ?? 0;
      planned.after?.(r);
      const conditioned = await withoutCondition(o, agent, timeoutMs, planned, r);
      if (conditioned.again !== undefined) world.setupRequests++;
      // A shape that reached no provider tried nothing: the tree lost its provider, or the request stopped before it.
      const unexpected = planned.check?.(r) ?? (planned.shape?.startsWith('assistant:') && calls === 0 && [200, 502, 504].includes(r.status) ? 'the provider was never called' : null)
        ?? headerFinding(world, planned, r) ?? conditioned.finding;
      const outcome: Outcome = {
        seed: o.seed, index, operationId: planned.operationId, caller: planned.caller, mutation: planned.mutation,
        method: planned.sent.method, path: planned.sent.path.length > 300 ? `${planned.sent.path.slice(0, 300)}... (${planned.sent.path.length} chars)` : planned.sent.path,
        body: summarize(planned.sent.headers, planned.sent.body), headers: headerSummary(planned.sent.headers), status: r.status, ms: Math.round(r.ms),
        // A connection the previous request left half-read fails the next one: name it.
        ...(r.error === undefined ? {} : { error: r.status === 0 && previous !== null ? `${r.error}; the request before was #${previous}` : r.error }),
        ...(r.status >= 500 || unexpected !== null ? { detail: r.body.toString('utf8').slice(0, 300) } : {}),
        ...(planned.shape === undefined ? {} : { shape: planned.shape }),
        ...(unexpected === null ? {} : { unexpected }),
        ...(calls === undefined ? {} : { providerCalls: calls }),
      };
      const key = r.error?.startsWith(UNSENT) ? 'not sent' : r.status === 0 ? 'no answer' : String(r.status);
      counts.set(key, (counts.get(key) ?? 0) + 1);
      perOperation.set(planned.operationId, (perOperation.get(planned.operationId) ?? 0) + 1);
      all.push(outcome);
      o.onOutcome?.(outcome);
      if (planned.shape !== undefined) {
        const byStatus = shapes.get(planned.shape) ?? new Map<string, number>();
        byStatus.set(key, (byStatus.get(key) ?? 0) + 1);
        shapes.set(planned.shape, byStatus);
      }
      for (const kind of headerKindsOf(planned.mutation)) {
        const byStatus = headerKinds.get(kind) ?? new Map<string, number>();
        byStatus.set(key, (byStatus.get(key) ?? 0) + 1);
        headerKinds.set(kind, byStatus);
      }
      if (isFailure(r, planned.sent.body?.length ?? 0, slowMs, planned.operationId) || unexpected !== null) failures.push(outcome);
      if (op !== null && op !== 'page') await upkeep(world, planned, conditioned.again ?? r);
      previous = index;
      done++;
      o.onProgress?.(done);
    }
    for (const wave of waves) {
      while (!wave.probed) {
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, wave.nextProbe - Date.now())));
        const probe = await probeWave(world, wave);
        if (probe !== null) stalls.push(probe);
      }
    }
    for (const wave of waves.splice(0)) stalls.push(...closeWave(wave, slowMs));
    failures.push(...stalls.filter((x) => x.failure !== undefined).map((x) => stallFailure(o.seed, x)));
    return {
      seed: o.seed,
      requests: indexes.length,
      counts,
      perOperation,
      failures,
      slowest: [...all].sort((a, b) => b.ms - a.ms).slice(0, 10),
      unexercised: o.only ? [] : ops.map((x) => x.operationId).filter((id) => !perOperation.has(id)),
      setupRequests: world.setupRequests,
      seconds: (Date.now() - started) / 1000,
      shapes,
      providerCalls,
      stalls,
      headerKinds,
    };
  } finally {
    for (const wave of waves) closeWave(wave, slowMs);
    agent.destroy();
  }
};

