import * as t from 'io-ts';
import { isLeft } from 'fp-ts/lib/Either.js';
import path from 'node:path';
import { isIP } from 'node:net';

// API.md "Configuration": one io-ts codec per environment variable. A value that does not decode
// stops start-up with a message naming the variable.

const text = (fallback: string) =>
  new t.Type<string, string, unknown>('text', t.string.is, (u, c) => (u === undefined || u === '' ? t.success(fallback) : t.string.validate(u, c)), t.identity);

const optionalText = new t.Type<string | null, string, unknown>(
  'optional text',
  (u): u is string | null => u === null || typeof u === 'string',
  (u, c) => (u === undefined || u === '' ? t.success(null) : typeof u === 'string' ? t.success(u) : t.failure(u, c)),
  (a) => a ?? '',
);

/**
 * DB_POOL_MAX's default. Measured on 2 cores (100,000 persons, 32 clients, 2026-11-24): a pool of 5
 * read persons 8-13% slower than one of 10 (a request waiting for a connection costs the service
 * more than PostgreSQL's backends contending), so 10 stays the default whatever the cores.
 */
export const DEFAULT_POOL_MAX = 10;

const wholeNumber = (fallback: number, min: number, max: number) =>
  new t.Type<number, string, unknown>(
    `a whole number from ${min} to ${max}`,
    t.number.is,
    (u, c) => {
      if (u === undefined || u === '') return t.success(fallback);
      const n = typeof u === 'string' && /^\s*-?\d+\s*$/.test(u) ? Number(u) : NaN;
      return Number.isSafeInteger(n) && n >= min && n <= max ? t.success(n) : t.failure(u, c);
    },
    String,
  );

const fraction = (fallback: number) =>
  new t.Type<number, string, unknown>(
    'a number from 0 to 1',
    t.number.is,
    (u, c) => {
      if (u === undefined || u === '') return t.success(fallback);
      const n = typeof u === 'string' ? Number(u) : NaN;
      return Number.isFinite(n) && n >= 0 && n <= 1 ? t.success(n) : t.failure(u, c);
    },
    String,
  );

const flag = (fallback: boolean) =>
  new t.Type<boolean, string, unknown>(
    'true or false',
    t.boolean.is,
    (u, c) => {
      if (u === undefined || u === '') return t.success(fallback);
      const v = typeof u === 'string' ? u.trim().toLowerCase() : '';
      return ['true', '1', 'yes', 'on'].includes(v) ? t.success(true) : ['false', '0', 'no', 'off'].includes(v) ? t.success(false) : t.failure(u, c);
    },
    String,
  );

const urlOf = (protocols: readonly string[]) =>
  new t.Type<string | null, string, unknown>(
    `a URL (${protocols.join(' or ')})`,
    (u): u is string | null => u === null || typeof u === 'string',
    (u, c) => {
      if (u === undefined || u === '') return t.success(null);
      try {
        return typeof u === 'string' && protocols.includes(new URL(u).protocol) ? t.success(u) : t.failure(u, c);
      } catch {
        return t.failure(u, c);
      }
    },
    (a) => a ?? '',
  );

const oneOf = <K extends string>(values: readonly K[], fallback: K) =>
  new t.Type<K, string, unknown>(
    `one of ${values.join(', ')}`,
    (u): u is K => (values as readonly unknown[]).includes(u),
    (u, c) => {
      if (u === undefined || u === '') return t.success(fallback);
      const v = typeof u === 'string' ? u.trim().toLowerCase() : '';
      return (values as readonly string[]).includes(v) ? t.success(v as K) : t.failure(u, c);
    },
    t.identity,
  );

const emailList = new t.Type<readonly string[], string, unknown>(
  'comma-separated emails',
  (u): u is readonly string[] => Array.isArray(u),
  (u, c) => {
    if (u === undefined || u === '') return t.success([]);
    if (typeof u !== 'string') return t.failure(u, c);
    const list = u.split(',').map((e) => e.trim().toLowerCase()).filter((e) => e !== '');
    return list.every((e) => /^[^\s@]+@[^\s@]+$/.test(e)) ? t.success(list) : t.failure(u, c);
  },
  (a) => a.join(','),
);

/** Exact web origins (`https://app.example.org`, `http://localhost:5173`): scheme, host and port, no path. */
const originList = new t.Type<readonly string[], string, unknown>(
  'comma-separated origins such as https://app.example.org (scheme, host, port; no path)',
  (u): u is readonly string[] => Array.isArray(u),
  (u, c) => {
    if (u === undefined || u === '') return t.success([]);
    if (typeof u !== 'string') return t.failure(u, c);
    const list = u.split(',').map((e) => e.trim()).filter((e) => e !== '');
    const exact = (o: string): boolean => {
      try {
        const url = new URL(o);
        return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === o;
      } catch {
        return false;
      }
    };
    return list.every(exact) ? t.success(list) : t.failure(u, c);
  },
  (a) => a.join(','),
);

/** `kind` is `openai`: any server speaking OpenAI's chat-completions protocol (API.md); another kind stops start-up. */
const AiProvider = t.intersection([t.type({ name: t.string, kind: t.literal('openai'), model: t.string }), t.partial({ base_url: t.string, api_key: t.string })]);
export type AiProviderConfig = t.TypeOf<typeof AiProvider>;

const aiProviders = new t.Type<readonly AiProviderConfig[], string, unknown>(
  'a JSON list of {name, kind: "openai", model, base_url?, api_key?} with unique names',
  (u): u is readonly AiProviderConfig[] => t.array(AiProvider).is(u),
  (u, c) => {
    if (u === undefined || u === '') return t.success([]);
    let json: unknown;
    try {
      json = JSON.parse(String(u));
    } catch {
      return t.failure(u, c);
    }
    const decoded = t.array(AiProvider).decode(json);
    if (isLeft(decoded)) return t.failure(u, c);
    const names = decoded.right.map((p) => p.name);
    return new Set(names).size === names.length ? t.success(decoded.right) : t.failure(u, c);
  },
  (a) => JSON.stringify(a),
);

const optionalPort = new t.Type<number | null, string, unknown>(
  'a port from 1 to 65535, or empty for off',
  (u): u is number | null => u === null || t.number.is(u),
  (u, c) => {
    if (u === undefined || u === '') return t.success(null);
    const n = typeof u === 'string' && /^\s*\d+\s*$/.test(u) ? Number(u) : NaN;
    return Number.isSafeInteger(n) && n >= 1 && n <= 65535 ? t.success(n) : t.failure(u, c);
  },
  (a) => (a === null ? '' : String(a)),
);

/** An IP address or a host name to listen on. */
const listenHost = (fallback: string) =>
  new t.Type<string, string, unknown>(
    'an IP address or a host name',
    t.string.is,
    (u, c) => {
      if (u === undefined || u === '') return t.success(fallback);
      const v = typeof u === 'string' ? u.trim() : '';
      const hostName = v.length <= 253 && v.split('.').every((label) => /^[a-z\d-]{1,63}$/i.test(label) && !label.startsWith('-') && !label.endsWith('-'));
      return isIP(v) !== 0 || hostName ? t.success(v) : t.failure(u, c);
    },
    t.identity,
  );

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

export const Environment = t.type({
  PORT: wholeNumber(8080, 0, 65535),
  HOST: listenHost('0.0.0.0'),
  BASE_URL: urlOf(['http:', 'https:']),
  DATA_DIR: text('./data'),
  DATABASE_URL: urlOf(['postgres:', 'postgresql:']),
  DATABASE_READ_URL: urlOf(['postgres:', 'postgresql:']),
  S3_ENDPOINT: urlOf(['http:', 'https:']),
  S3_ACCESS_KEY: optionalText,
  S3_SECRET_KEY: optionalText,
  S3_BUCKET: text('genealogy-media'),
  S3_REGION: text('us-east-1'),
  MAILER: oneOf(['console', 'smtp'] as const, 'console'),
  SMTP_URL: urlOf(['smtp:', 'smtps:']),
  MAIL_FROM: text('Genealogy <no-reply@localhost>'),
  REQUIRE_EMAIL_VERIFICATION: flag(false),
  OWNER_EMAIL: emailList,
  CORS_ORIGINS: originList,
  AI_PROVIDERS: aiProviders,
  MAX_UPLOAD_BYTES: wholeNumber(100 * 1024 * 1024, 1, Number.MAX_SAFE_INTEGER),
  PURGE_AFTER_DAYS: wholeNumber(30, 0, 36500),
  AI_TIMEOUT_MS: wholeNumber(60_000, 1, 3_600_000),
  SEND_TIMEOUT_MS: wholeNumber(30_000, 0, 3_600_000),
  STREAMS_PER_USER: wholeNumber(2, 1, 1000),
  DB_POOL_MAX: wholeNumber(DEFAULT_POOL_MAX, 2, 1000),
  EMBEDDED_HUGE_PAGES: flag(true),
  AI_MAX_TOOL_CALLS_PER_ROUND: wholeNumber(16, 1, 1000),
  AI_MAX_TOOL_CALLS: wholeNumber(64, 1, 10_000),
  AI_MAX_PROPOSALS: wholeNumber(10, 0, 1000),
  AI_MAX_ANSWER_BYTES: wholeNumber(1024 * 1024, 1024, 1024 * 1024 * 1024),
  AUTH_RATE_LIMIT: wholeNumber(10, 0, 1_000_000),
  TRUST_PROXY: wholeNumber(0, 0, 20),
  METRICS_PORT: optionalPort,
  METRICS_HOST: listenHost('127.0.0.1'),
  SEARCH_THRESHOLD: fraction(0.2),
  LOG_LEVEL: oneOf(logLevels, 'info'),
  APP_ENV: text(''),
  NODE_ENV: text('production'),
});

export type Config = {
  readonly port: number;
  /** The address the API listens on (HOST): every interface by default, `127.0.0.1` behind a proxy on the same host. */
  readonly host: string;
  readonly baseUrl: string;
  readonly dataDir: string;
  readonly databaseUrl: string | null;
  /** A streaming replica of the database, for the reads that may lag (adapters/http/read-routing.ts); null: the primary reads all. */
  readonly databaseReadUrl: string | null;
  readonly s3: { readonly endpoint: string; readonly accessKey: string; readonly secretKey: string; readonly bucket: string; readonly region: string } | null;
  readonly mailer: 'console' | 'smtp';
  readonly smtpUrl: string | null;
  readonly mailFrom: string;
  readonly requireEmailVerification: boolean;
  readonly ownerEmails: readonly string[];
  readonly aiProviders: readonly AiProviderConfig[];
  /** How long the assistant waits for a provider's whole answer, headers and body (504 provider_timeout after). */
  readonly aiTimeoutMs: number;
  /** A streamed answer whose client accepts no bytes for this long is cut off (0: never). */
  readonly sendTimeoutMs: number;
  /** Streamed answers one account (or anonymous client address) may have running at once, per instance. */
  readonly streamsPerUser: number;
  /** Connections to the primary (and as many to a read replica) one process keeps at most. */
  readonly dbPoolMax: number;
  /** The embedded PostgreSQL's shared memory on huge pages, added to the system's pool where this process may (bootstrap/embedded-postgres.ts hugePageReservation). */
  readonly embeddedHugePages: boolean;
  /** Tool calls the assistant runs from one provider answer, and in one request. */
  readonly aiMaxToolCallsPerRound: number;
  readonly aiMaxToolCalls: number;
  /** Proposals one assistant request stores. */
  readonly aiMaxProposals: number;
  /** Bytes of a provider's answer read at most (502 provider_invalid past them). */
  readonly aiMaxAnswerBytes: number;
  readonly maxUploadBytes: number;
  readonly purgeAfterDays: number;
  readonly authRateLimit: number;
  /** Reverse proxies in front of the service that append to X-Forwarded-For; 0 ignores the header. */
  readonly trustProxy: number;
  /** Web origins whose browser clients may call the API with credentials (CORS, and the cookie CSRF rule). */
  readonly corsOrigins: readonly string[];
  /** The Prometheus listener, or null (off). */
  readonly metrics: { readonly host: string; readonly port: number } | null;
  readonly searchThreshold: number;
  readonly logLevel: (typeof logLevels)[number];
  readonly environment: string;
};

export class ConfigError extends Error {}

const bad = (name: string, why: string): never => {
  throw new ConfigError(`Configuration error: ${name} ${why}`);
};

/** Decodes the environment; a bad value throws a ConfigError whose message names the variable. */
export const loadConfig = (env: Readonly<Record<string, string | undefined>>): Config => {
  const decoded = Environment.decode(Object.fromEntries(Object.keys(Environment.props).map((k) => [k, env[k]])));
  if (isLeft(decoded)) {
    const first = decoded.left[0];
    const name = first?.context[1]?.key ?? 'environment';
    const expected = first?.context[first.context.length - 1]?.type.name ?? 'a valid value';
    return bad(name, `must be ${expected}, got "${String(first?.value)}"`);
  }
  const e = decoded.right;
  const s3 = e.S3_ENDPOINT
    ? {
        endpoint: e.S3_ENDPOINT,
        accessKey: e.S3_ACCESS_KEY ?? bad('S3_ACCESS_KEY', 'is required with S3_ENDPOINT'),
        secretKey: e.S3_SECRET_KEY ?? bad('S3_SECRET_KEY', 'is required with S3_ENDPOINT'),
        bucket: e.S3_BUCKET,
        region: e.S3_REGION,
      }
    : null;
  if (e.MAILER === 'smtp' && e.SMTP_URL === null) bad('SMTP_URL', 'is required with MAILER=smtp');
  if (e.METRICS_PORT !== null && e.METRICS_PORT === e.PORT) bad('METRICS_PORT', 'must differ from PORT: the metrics are never served on the API port');
  return {
    port: e.PORT,
    host: e.HOST,
    baseUrl: (e.BASE_URL ?? `http://localhost:${e.PORT}`).replace(/(?<!\/)\/+$/, ''),
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databaseReadUrl: e.DATABASE_READ_URL,
    s3,
    mailer: e.MAILER,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    requireEmailVerification: e.REQUIRE_EMAIL_VERIFICATION,
    ownerEmails: e.OWNER_EMAIL,
    aiProviders: e.AI_PROVIDERS,
    aiTimeoutMs: e.AI_TIMEOUT_MS,
    sendTimeoutMs: e.SEND_TIMEOUT_MS,
    streamsPerUser: e.STREAMS_PER_USER,
    dbPoolMax: e.DB_POOL_MAX,
    embeddedHugePages: e.EMBEDDED_HUGE_PAGES,
    aiMaxToolCallsPerRound: e.AI_MAX_TOOL_CALLS_PER_ROUND,
    aiMaxToolCalls: e.AI_MAX_TOOL_CALLS,
    aiMaxProposals: e.AI_MAX_PROPOSALS,
    aiMaxAnswerBytes: e.AI_MAX_ANSWER_BYTES,
    maxUploadBytes: e.MAX_UPLOAD_BYTES,
    purgeAfterDays: e.PURGE_AFTER_DAYS,
    authRateLimit: e.AUTH_RATE_LIMIT,
    trustProxy: e.TRUST_PROXY,
    corsOrigins: e.CORS_ORIGINS,
    metrics: e.METRICS_PORT === null ? null : { host: e.METRICS_HOST, port: e.METRICS_PORT },
    searchThreshold: e.SEARCH_THRESHOLD,
    logLevel: e.LOG_LEVEL,
    environment: e.APP_ENV || e.NODE_ENV,
  };
};
