import type { Logger } from 'pino';
import type Koa from 'koa';
import { systemClock, type Clock } from '../core/kernel/clock.js';
import type { Storage } from '../core/stores.js';
import type { Mailer, PasswordHasher } from '../core/identity/ports.js';
import { defaultIdentityTtls } from '../core/identity/deps.js';
import { authenticate } from '../core/identity/queries/authenticate.js';
import { checkEmailToken } from '../core/identity/queries/check-email-token.js';
import { verifyEmail } from '../core/identity/commands/verify-email.js';
import { confirmPasswordReset } from '../core/identity/commands/confirm-password-reset.js';
import { createApp, type ResponseCheck } from '../adapters/http/app.js';
import type { PublicPagesDeps } from '../adapters/http/pages/public/deps.js';
import { allRoutes } from '../adapters/http/routes/index.js';
import type { HttpDeps } from '../adapters/http/routes/deps.js';
import { scryptPasswordHasher } from '../adapters/crypto/scrypt-password-hasher.js';
import type { BlobStore } from '../core/media/blob-store.js';
import { removeQueuedBlobs } from '../core/media/commands/remove-queued-blobs.js';
import { configuredBlobStore } from './blob-store.js';
import { configuredMailer } from './mailer.js';
import path from 'node:path';
import { gate, type Gate } from '../adapters/gate.js';
import { ONE_PER_TWO_CORES, producers as spoolProducers } from '../adapters/http/spool.js';
import { searches as nameSearches } from '../adapters/postgres/person-list-json.js';
import type { Config } from './config.js';
import { openAiProvider } from '../adapters/ai/openai-provider.js';
import { serviceVersion } from './version.js';
import { createMetrics, type ServiceMetrics } from '../adapters/http/metrics.js';
import { countingTries } from '../adapters/condition-guard.js';

export type Overrides = {
  readonly clock?: Clock;
  readonly hasher?: PasswordHasher;
  readonly mailer?: Mailer;
  readonly validateResponses?: boolean;
  /** Specs: each JSON answer checked against the OpenAPI document's schema too (app.ts). */
  readonly checkResponse?: ResponseCheck;
  readonly blobs?: BlobStore;
  /** The metrics this service reports into (server.ts: with process metrics); default: a registry of its own. */
  readonly metrics?: ServiceMetrics;
  /** Long writes (imports, restores) at once; default: one per two cores (LONG_WRITES_AT_ONCE below). */
  readonly longWrites?: Gate;
  /** Tree-wide analyses (duplicates, GEDCOM and cleanup previews) at once; default: analysesGate(ANALYSES_AT_ONCE) below. */
  readonly analyses?: Gate;
};

/**
 * GEDCOM imports and account restores running at once in one service process: one per two cores.
 * Each holds a pooled connection and a transaction for its whole run and keeps a core and
 * PostgreSQL busy, so more at once only share the same CPU and take connections the reads need.
 */
export const LONG_WRITES_AT_ONCE = ONE_PER_TWO_CORES;

/**
 * Tree-wide analyses running at once in one service process: one per two cores. The duplicate finder
 * over a 100,000-person tree holds about 230 MB and a core for 4-6 s; four at once took the service
 * from 437 to 904 MB of RSS and ran no faster in all than one after another.
 */
export const ANALYSES_AT_ONCE = ONE_PER_TWO_CORES;

/** Tree-wide analyses one account may have running or waiting at once on an instance; past it 429 `too_many_analyses`. */
export const ANALYSES_PER_ACCOUNT = 2;

/** The gate of tree-wide analyses: `slots` at once, ANALYSES_PER_ACCOUNT per account. */
export const analysesGate = (slots: number): Gate => gate(slots, {
  limit: ANALYSES_PER_ACCOUNT, code: 'too_many_analyses',
  detail: `You have ${ANALYSES_PER_ACCOUNT} analyses of trees (duplicates, previews) running or waiting; try again when one has finished.`,
});

// In files of their own so that a host without the HTTP app (the CLI) can take them without loading that.
export { configuredBlobStore, configuredMailer };

/** The composition root: the one place that knows every adapter (ARCHITECTURE.md "bootstrap"). */
/** How recently a request must have been answered for the service to count as serving. */
const SERVING_MS = 250;

export const composeApp = (
  config: Config,
  storage: Storage,
  logger: Logger,
  overrides: Overrides = {},
): { readonly app: Koa; readonly deps: HttpDeps; readonly metrics: ServiceMetrics; readonly publicPages: PublicPagesDeps; readonly serving: () => boolean } => {
  const clock = overrides.clock ?? systemClock;
  const metrics = overrides.metrics ?? createMetrics();
  const blobs = overrides.blobs ?? configuredBlobStore(config);
  const longWrites = overrides.longWrites ?? gate(LONG_WRITES_AT_ONCE);
  const analyses = overrides.analyses ?? analysesGate(ANALYSES_AT_ONCE);
  const deps: HttpDeps = {
    storage,
    clock,
    hasher: overrides.hasher ?? scryptPasswordHasher(),
    mailer: overrides.mailer ?? configuredMailer(config, logger),
    identity: {
      baseUrl: config.baseUrl,
      requireEmailVerification: config.requireEmailVerification,
      ownerEmails: config.ownerEmails,
      authRateLimit: config.authRateLimit,
      ...defaultIdentityTtls,
    },
    aiProviders: config.aiProviders.map((p) => ({ name: p.name, model: p.model })),
    searchThreshold: config.searchThreshold,
    blobs,
    reclaimBlobs: () => removeQueuedBlobs({ storage, blobs })(),
    maxUploadBytes: config.maxUploadBytes,
    spoolDir: path.join(config.dataDir, 'tmp'),
    longWrites,
    analyses,
    onOrphan: (key, err) => logger.error({ err, key }, 'a media object could not be removed after a failed upload; queued for the purge worker'),
    version: serviceVersion,
    environment: config.environment,
    onGedcomImport: metrics.gedcomImport,
    assistantLimits: { toolCallsPerRound: config.aiMaxToolCallsPerRound, toolCalls: config.aiMaxToolCalls, proposals: config.aiMaxProposals },
    modelProviders: new Map(config.aiProviders.map((p) => [p.name, openAiProvider({
      name: p.name, model: p.model, timeoutMs: config.aiTimeoutMs, maxAnswerBytes: config.aiMaxAnswerBytes,
      ...(p.base_url === undefined ? {} : { baseUrl: p.base_url }), ...(p.api_key === undefined ? {} : { apiKey: p.api_key }),
    })])),
  };
  // What takes turns in this process, reported at each scrape (gate_slots, gate_held, gate_waiting).
  metrics.gateSource('name_searches', nameSearches);
  metrics.gateSource('gedcom_streams', spoolProducers);
  metrics.gateSource('long_writes', longWrites);
  metrics.gateSource('tree_analyses', analyses);
  let lastAnswered = -Infinity;
  // The public pages' dependencies: the app serves them, the page schedule keeps them (page-schedule.ts).
  const publicPages = { deps, baseUrl: config.baseUrl };
  const app = createApp({
    routes: allRoutes(deps),
    logger,
    baseUrl: config.baseUrl,
    version: serviceVersion,
    sessionMaxAgeSeconds: Math.floor(defaultIdentityTtls.sessionTtlMs / 1000),
    authenticate: authenticate(deps),
    ready: storage.ping,
    replicaStatus: storage.replicaStatus,
    readsMayLag: storage.readsMayLag,
    conditionally: countingTries(storage.conditionally, metrics.conditionalChange),
    uploadDir: path.join(config.dataDir, 'tmp'),
    sendTimeoutMs: config.sendTimeoutMs,
    streamsPerUser: config.streamsPerUser,
    validateResponses: overrides.validateResponses ?? false,
    ...(overrides.checkResponse === undefined ? {} : { checkResponse: overrides.checkResponse }),
    trustProxy: config.trustProxy,
    corsOrigins: config.corsOrigins,
    observeRequest: (r) => {
      lastAnswered = performance.now();
      metrics.observeRequest(r);
    },
    publicPages,
    accountPages: { checkToken: checkEmailToken(deps), verifyEmail: verifyEmail(deps), confirmPasswordReset: confirmPasswordReset(deps) },
  });
  // Whether the service answered a request in the last 250 ms: background work that can wait (the
  // kept pages' writer, page-schedule.ts) slows down while it is serving.
  const serving = (): boolean => performance.now() - lastAnswered < SERVING_MS;
  return { app, deps, metrics, publicPages, serving };
};
