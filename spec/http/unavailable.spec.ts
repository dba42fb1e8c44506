import { expect } from 'chai';
import { pino } from 'pino';
import type { Server } from 'node:http';
import { memoryStorage } from '../../adapters/memory/storage.js';
import { memoryMailer } from '../../adapters/memory/mailer.js';
import { scryptPasswordHasher } from '../../adapters/crypto/scrypt-password-hasher.js';
import { composeApp } from '../../bootstrap/compose.js';
import { loadConfig } from '../../bootstrap/config.js';
import { freePort } from '../../bootstrap/embedded-postgres.js';

// A database the service cannot reach is unavailable (503, Retry-After), not broken (500): the same
// errors as those that make the read replica fall back to the primary (adapters/connection-faults.ts).
// The HTTP adapter kept a list of its own that lacked EHOSTUNREACH and ENETUNREACH: a DATABASE_URL
// host with no route to it answered 500.

describe('a database the service cannot reach', () => {
  let server: Server;
  let baseUrl: string;
  let fault: unknown = null;

  before(async () => {
    const storage = memoryStorage();
    const byEmail = storage.users.byEmail;
    (storage.users as { byEmail: typeof byEmail }).byEmail = async (email) => {
      if (fault !== null) throw fault;
      return byEmail(email);
    };
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    const config = loadConfig({ BASE_URL: baseUrl, AUTH_RATE_LIMIT: '0' });
    const { app } = composeApp(config, storage, pino({ level: 'silent' }), { hasher: scryptPasswordHasher(4), mailer: memoryMailer(), validateResponses: true });
    server = app.listen(port, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
  });
  after(() => new Promise<void>((r) => server.close(() => r())));

  const login = async (): Promise<{ status: number; retryAfter: string | null; code: unknown }> => {
    const res = await fetch(`${baseUrl}/api/v1/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: 'nobody@example.org', password: 'not the password' }) });
    return { status: res.status, retryAfter: res.headers.get('Retry-After'), code: ((await res.json()) as { code?: unknown }).code };
  };
  const failing = (code: string): Error => Object.assign(new Error(`connect ${code} 10.0.0.1:5432`), { code, syscall: 'connect' });

  it('answers the login as usual while the database answers', async () => {
    fault = null;
    expect((await login()).status).to.equal(401);
  });

  for (const code of ['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'ETIMEDOUT', 'ENOTFOUND', '57P01', '53300', '08006']) {
    it(`answers 503 with Retry-After when a statement fails with ${code}`, async () => {
      fault = failing(code);
      expect(await login()).to.deep.equal({ status: 503, retryAfter: '5', code: 'unavailable' });
    });
  }

  it('answers 500 for a statement that fails for another reason', async () => {
    fault = Object.assign(new Error('column "x" does not exist'), { code: '42703' });
    expect((await login()).status).to.equal(500);
  });
});
