import type { Server } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BlobStore } from '../../core/media/blob-store.js';
import { pino } from 'pino';
import type { Clock } from '../../core/kernel/clock.js';
import { RATE_LIMIT_WINDOW_SECONDS } from '../../core/identity/rate-limit.js';
import type { Storage } from '../../core/stores.js';
import { memoryStorage } from '../../adapters/memory/storage.js';
import { memoryMailer } from '../../adapters/memory/mailer.js';
import { scryptPasswordHasher } from '../../adapters/crypto/scrypt-password-hasher.js';
import { composeApp } from '../../bootstrap/compose.js';
import { keepPersonPages, type PagePass } from '../../adapters/http/pages/public/kept.js';
import { loadConfig } from '../../bootstrap/config.js';
import { freePort } from '../../bootstrap/embedded-postgres.js';
import { createApiClient, type ApiClient } from '../../client/index.js';
import { postgresStorage } from './database.js';
import { documentConformance } from './document-conformance.js';
import type { ResponseCheck } from '../../adapters/http/app.js';
import type { Gate } from '../../adapters/gate.js';

export type TestService = {
  /** One pass of keeping the person pages of every tree a visitor may read (adapters/http/pages/public/kept.ts), as the server's schedule runs it; of these trees alone, as it runs for the trees asked for. */
  readonly keepPages: (trees?: readonly string[]) => Promise<PagePass | null>;
  readonly baseUrl: string;
  readonly storage: Storage;
  /** The URL of this service's own database (postgres storage), for specs that read its tables directly; null for memory. */
  readonly databaseUrl: string | null;
  /** This service's DATA_DIR (a temporary directory, removed on close). */
  readonly dataDir: string;
  /** Every mail the service sent, oldest first. */
  readonly mails: ReturnType<typeof memoryMailer>['sent'];
  /** A typed client: anonymous, or with a Bearer token. */
  readonly client: (token?: string) => ApiClient;
  readonly close: () => Promise<void>;
};

export type TestServiceOptions = {
  /** 'postgres' (default): a fresh database on the test server; 'memory': the memory adapters. */
  readonly storage?: 'postgres' | 'memory';
  /** Environment as the service reads it (OWNER_EMAIL, AI_PROVIDERS, AUTH_RATE_LIMIT, ...). */
  readonly env?: Readonly<Record<string, string>>;
  readonly clock?: Clock;
  /** Postgres storage built on the fresh database's URL (default: createPostgresStorage), e.g. with a read replica. */
  readonly storageOn?: (url: string) => Promise<Storage>;
  /** The media store; default: the filesystem store under this service's own temporary DATA_DIR. */
  readonly blobs?: BlobStore;
  /** The turns of long writes (imports, restores); default: the service's own (compose.ts). */
  readonly longWrites?: Gate;
  readonly analyses?: Gate;
};

/**
 * A clock that runs in real time from the first instant of the current rate-limit window. A spec
 * that counts attempts against AUTH_RATE_LIMIT (fixed windows of RATE_LIMIT_WINDOW_SECONDS) then has
 * the whole window before the count starts over, wherever in the minute it begins: on the real clock
 * a spec begun at second 59 saw its 4th attempt land in a new window and answer 202, not 429.
 * For the memory storage only, whose every timestamp comes from this clock.
 */
export const windowStartClock = (): Clock => {
  const windowMs = RATE_LIMIT_WINDOW_SECONDS * 1000;
  const startedAt = Date.now();
  const origin = Math.floor(startedAt / windowMs) * windowMs;
  return { now: () => new Date(origin + (Date.now() - startedAt)) };
};

/**
 * The real service (bootstrap's composition root) on a loopback port, with a mail box for a mailer
 * and a cheap scrypt cost. Success bodies are checked against their documented codecs.
 */
// One check for every service of a run: the document and its compiled schemas are the same for all.
let sharedConformance: ResponseCheck | undefined;
const conformance = (): ResponseCheck => (sharedConformance ??= documentConformance());

export const startTestService = async (options: TestServiceOptions = {}): Promise<TestService> => {
  const pgFixture = options.storage === 'memory' ? null : await postgresStorage({ keepSessions: true }, options.storageOn);
  const storage = pgFixture?.storage ?? memoryStorage();
  const mailer = memoryMailer();
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'genealogy-test-'));
  const config = loadConfig({ AUTH_RATE_LIMIT: '0', LOG_LEVEL: 'silent', BASE_URL: baseUrl, DATA_DIR: dataDir, ...options.env });
  const { app, publicPages } = composeApp(config, storage, pino({ level: 'silent' }), {
    ...(options.blobs ? { blobs: options.blobs } : {}),
    ...(options.longWrites ? { longWrites: options.longWrites } : {}),
    ...(options.analyses ? { analyses: options.analyses } : {}),
    hasher: scryptPasswordHasher(4),
    mailer,
    validateResponses: true,
    checkResponse: conformance(),
    ...(options.clock ? { clock: options.clock } : {}),
  });
  const server: Server = app.listen(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => server.once('listening', resolve).once('error', reject));
  return {
    keepPages: (trees) => keepPersonPages(publicPages)({ pause: async () => undefined, stopped: () => false, ...(trees === undefined ? {} : { trees }) }),
    baseUrl,
    storage,
    databaseUrl: pgFixture?.url ?? null,
    dataDir,
    mails: mailer.sent,
    client: (token) => createApiClient(baseUrl, token === undefined ? {} : { token }),
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await (pgFixture ? pgFixture.close() : storage.close());
      await rm(dataDir, { recursive: true, force: true });
    },
  };
};

/** Registers an account and returns its id, email and token. */
export const registerUser = async (svc: TestService, email: string, password = 'correct horse') => {
  const { data, response } = await svc.client().POST('/auth/register', { body: { email, password } });
  if (data === undefined) throw new Error(`register ${email}: ${response.status}`);
  return { id: data.user.id, email: data.user.email, token: data.token, password };
};

/** The token in the newest mail to `email` (the link's `token=` parameter). */
export const tokenFromMail = (svc: TestService, email: string): string => {
  const mail = [...svc.mails].reverse().find((m) => m.to === email);
  const token = mail ? new URL(mail.link).searchParams.get('token') : null;
  if (!token) throw new Error(`no mail with a token to ${email}`);
  return token;
};
