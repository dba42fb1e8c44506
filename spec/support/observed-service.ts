// The real service over a fresh PostgreSQL database whose statements (and the rows they answer) a
// spec observes through the ORM options: the query-count and rows-read specs.
import type { Server } from 'node:http';
import { pino } from 'pino';
import type { Storage } from '../../core/stores.js';
import { createPostgresStorage } from '../../adapters/postgres/storage.js';
import type { OrmOptions } from '../../adapters/postgres/orm.js';
import { memoryMailer } from '../../adapters/memory/mailer.js';
import { scryptPasswordHasher } from '../../adapters/crypto/scrypt-password-hasher.js';
import { composeApp } from '../../bootstrap/compose.js';
import { keepPersonPages, type PagePass } from '../../adapters/http/pages/public/kept.js';
import { loadConfig } from '../../bootstrap/config.js';
import { freePort } from '../../bootstrap/embedded-postgres.js';
import { dropDatabase, freshDatabaseUrl } from './database.js';

export type ObservedService = {
  /** One pass of keeping the person pages of every tree a visitor may read (adapters/http/pages/public/kept.ts), as the server's schedule runs it. */
  readonly keepPages: () => Promise<PagePass | null>;
  readonly storage: Storage;
  /** http://127.0.0.1:PORT, for requests the JSON helper does not make (multipart, raw bodies). */
  readonly baseUrl: string;
  /** One JSON request under /api/v1; the body is null when the answer is not JSON. */
  readonly http: (method: string, path: string, token?: string, body?: unknown) => Promise<{ readonly status: number; readonly body: any }>;
  /** Registers an account; answers its id and session token. */
  readonly register: (email: string) => Promise<{ readonly id: string; readonly token: string }>;
  readonly close: () => Promise<void>;
};

export const startObservedService = async (observe: Pick<OrmOptions, 'debugQueries' | 'debugRows'>): Promise<ObservedService> => {
  const url = await freshDatabaseUrl();
  const storage = await createPostgresStorage(url, observe);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const config = loadConfig({ AUTH_RATE_LIMIT: '0', LOG_LEVEL: 'silent', BASE_URL: baseUrl });
  const { app, publicPages } = composeApp(config, storage, pino({ level: 'silent' }), { hasher: scryptPasswordHasher(4), mailer: memoryMailer(), validateResponses: true });
  const server: Server = app.listen(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => server.once('listening', resolve).once('error', reject));
  const http: ObservedService['http'] = async (method, path, token, body) => {
    const headers: Record<string, string> = {};
    if (token) headers.Authorization = `Bearer ${token}`;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const res = await fetch(`${baseUrl}/api/v1${path}`, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    return { status: res.status, body: await res.json().catch(() => null) };
  };
  return {
    keepPages: () => keepPersonPages(publicPages)({ pause: async () => undefined, stopped: () => false }),
    storage,
    baseUrl,
    http,
    register: async (email) => {
      const res = await http('POST', '/auth/register', undefined, { email, password: 'correct horse' });
      return { id: res.body.user.id, token: res.body.token };
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await storage.close();
      await dropDatabase(new URL(url).pathname.slice(1));
    },
  };
};
