import { expect } from 'chai';
import { pino } from 'pino';
import { Writable } from 'node:stream';
import type { Server } from 'node:http';
import { memoryStorage } from '../../adapters/memory/storage.js';
import { memoryMailer } from '../../adapters/memory/mailer.js';
import { scryptPasswordHasher } from '../../adapters/crypto/scrypt-password-hasher.js';
import { composeApp } from '../../bootstrap/compose.js';
import { loadConfig } from '../../bootstrap/config.js';
import { freePort } from '../../bootstrap/embedded-postgres.js';
import { createApiClient } from '../../client/index.js';

// Structured request logs: one JSON line per request with its id; never a password, token or cookie.
describe('request logs', () => {
  const lines: string[] = [];
  let server: Server;
  let baseUrl: string;

  before(async () => {
    const sink = new Writable({ write: (chunk: Buffer, _enc, done) => (lines.push(...chunk.toString().split('\n').filter(Boolean)), done()) });
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    const config = loadConfig({ BASE_URL: baseUrl, AUTH_RATE_LIMIT: '0' });
    const { app } = composeApp(config, memoryStorage(), pino({ level: 'info' }, sink), { hasher: scryptPasswordHasher(4), mailer: memoryMailer(), validateResponses: true });
    server = app.listen(port, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
  });
  after(() => new Promise<void>((r) => server.close(() => r())));

  it('logs method, path, status, duration and request id, and none of the secrets', async () => {
    const password = 'a very secret passphrase';
    const reg = await createApiClient(baseUrl).POST('/auth/register', { body: { email: 'log@example.org', password } });
    const token = reg.data!.token;
    await createApiClient(baseUrl, { cookie: `session=${token}` }).GET('/users/me', { headers: { 'X-Request-Id': 'trace-123' } });
    await createApiClient(baseUrl).POST('/auth/login', { body: { email: 'log@example.org', password } });
    // The log lines come as the answers end: wait for the three (no clock).
    while (lines.filter((l) => l.includes('"msg":"request"')).length < 3) await new Promise((r) => setTimeout(r, 10));
    const requests = lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l['msg'] === 'request');
    expect(requests.map((r) => [r['method'], r['path'], r['status']])).to.deep.equal([
      ['POST', '/api/v1/auth/register', 201],
      ['GET', '/api/v1/users/me', 200],
      ['POST', '/api/v1/auth/login', 200],
    ]);
    expect(requests[1]).to.include({ req_id: 'trace-123', user_id: reg.data!.user.id });
    for (const r of requests) expect(r['duration_ms']).to.be.a('number');
    const all = lines.join('\n');
    expect(all).to.not.include(password);
    expect(all).to.not.include(token);
    expect(all).to.not.include('session=');
  });
});
