import { expect } from 'chai';
import { Writable } from 'node:stream';
import type { Server } from 'node:http';
import type { Storage } from '../../core/shared/ports.js';
import { newId } from '../../core/shared/ids.js';
import { scryptPasswordHasher } from '../../adapters/crypto/scrypt-password-hasher.js';
import { memoryMailer } from '../../adapters/memory/mailer.js';
import { composeApp } from '../../bootstrap/compose.js';
import { loadConfig } from '../../bootstrap/config.js';
import { createLogger } from '../../bootstrap/logger.js';
import { freePort } from '../../bootstrap/embedded-postgres.js';
import { createApiClient } from '../../client/index.js';
import { postgresStorage, type PostgresFixture } from '../support/database.js';

// A failed statement is logged by its error code and the shape of the statement, never with the
// values it carried (notes, emails, password hashes), and once per failure.

const MARKER = 'marker-7f3a9c-private-note';

describe('error logs carry no personal data', () => {
  const lines: Record<string, unknown>[] = [];
  let fx: PostgresFixture;
  let server: Server;
  let baseUrl: string;

  before(async () => {
    fx = await postgresStorage();
    // A real PostgreSQL failure: the person row goes to a tree that does not exist (23503).
    const broken: Storage = {
      ...fx.storage,
      uow: { run: (work) => fx.storage.uow.run((tx) => work({ ...tx, persons: { ...tx.persons, insert: (p) => tx.persons.insert({ ...p, treeId: newId() }) } })) },
    };
    const sink = new Writable({ write: (chunk: Buffer, _enc, done) => (lines.push(...chunk.toString().split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>)), done()) });
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    const config = loadConfig({ BASE_URL: baseUrl, AUTH_RATE_LIMIT: '0' });
    const { app } = composeApp(config, broken, createLogger('info', sink), { hasher: scryptPasswordHasher(4), mailer: memoryMailer() });
    server = app.listen(port, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
  });
  after(async () => {
    await new Promise<void>((r) => server.close(() => r()));
    await fx.close();
  });

  it('logs the error code and statement shape of a failed insert, once, without the values', async () => {
    const reg = await createApiClient(baseUrl).POST('/auth/register', { body: { email: 'errlog@example.org', password: 'correct horse' } });
    const api = createApiClient(baseUrl, { token: reg.data!.token });
    const tree = await api.POST('/trees', { body: { name: 'Logged' } });
    const res = await api.POST('/trees/{id}/persons', { params: { path: { id: tree.data!.id } }, body: { given_name: 'Ann', notes: MARKER } });
    expect(res.response.status).to.equal(500);
    const reqId = res.response.headers.get('X-Request-Id');
    await new Promise((r) => setTimeout(r, 50));
    const text = lines.map((l) => JSON.stringify(l)).join('\n');
    expect(text).to.not.include(MARKER);
    const errors = lines.filter((l) => (l['level'] as number) >= 50);
    expect(errors, text).to.have.length(1);
    expect(errors[0]).to.include({ req_id: reqId });
    const err = errors[0]!['err'] as Record<string, unknown>;
    expect(err).to.include({ code: '23503' });
    expect(String(err['statement'])).to.match(/^insert into "?persons"?/);
  });
});
