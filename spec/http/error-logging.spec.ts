import { expect } from 'chai';
import { Writable } from 'node:stream';
import type { Server } from 'node:http';
import type { Storage } from '../../core/stores.js';
import { newId } from '../../core/kernel/ids.js';
import { scryptPasswordHasher } from '../../adapters/crypto/scrypt-password-hasher.js';
import { memoryMailer } from '../../adapters/memory/mailer.js';
import { composeApp, configuredMailer } from '../../bootstrap/compose.js';
import { loadConfig } from '../../bootstrap/config.js';
import { createLogger } from '../../bootstrap/logger.js';
import { freePort } from '../../bootstrap/embedded-postgres.js';
import { createApiClient } from '../../client/index.js';
import { postgresStorage, type PostgresFixture } from '../support/database.js';
import { aUser } from '../contracts/fixtures.js';

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
    const { app } = composeApp(config, broken, createLogger('info', sink), { hasher: scryptPasswordHasher(4), mailer: memoryMailer(), validateResponses: true });
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
    // The request's own log line comes last, as its answer ends: wait for it (no clock).
    while (!lines.some((l) => l['msg'] === 'request' && l['status'] === 500)) await new Promise((r) => setTimeout(r, 10));
    const text = lines.map((l) => JSON.stringify(l)).join('\n');
    expect(text).to.not.include(MARKER);
    const errors = lines.filter((l) => (l['level'] as number) >= 50);
    expect(errors, text).to.have.length(1);
    expect(errors[0]).to.include({ req_id: reqId });
    const err = errors[0]!['err'] as Record<string, unknown>;
    expect(err).to.include({ code: '23503' });
    expect(String(err['statement'])).to.match(/^insert into "?persons"?/);
  });

  it('logs a failed user update by its code, never the password hash it carried', async () => {
    const b = aUser();
    const hash = 'scrypt$marker-hash-5be1';
    let failure: unknown;
    // An id PostgreSQL cannot read (22P02): its message repeats the id, the statement holds the hash.
    const badId = 'not-a-uuid-marker-77d2';
    await fx.storage.users.update({ ...b, id: badId, passwordHash: hash }).catch((e: unknown) => (failure = e));
    expect(failure).to.not.equal(undefined);
    const captured: string[] = [];
    const logger = createLogger('info', new Writable({ write: (chunk: Buffer, _enc, done) => (captured.push(chunk.toString()), done()) }));
    logger.error({ err: failure }, 'user update failed');
    logger.error(failure as Error);
    logger.error({ err: new Error('wrapped', { cause: failure }) }, 'wrapped failure');
    const text = captured.join('');
    expect(text).to.not.include(hash);
    expect(text).to.not.include(badId);
    const logged = text.trim().split('\n').map((l) => JSON.parse(l) as { err: Record<string, unknown> & { cause?: Record<string, unknown> } });
    expect(logged[0]!.err).to.include({ code: '22P02', statement: 'update users' });
    expect(logged[1]!.err).to.include({ code: '22P02' });
    expect(logged[2]!.err.cause).to.include({ code: '22P02' });
  });

  it('logs a failed mail delivery without the recipient address', async () => {
    const port = await freePort(); // nothing listens there: the SMTP connection is refused
    const captured: string[] = [];
    const logger = createLogger('info', new Writable({ write: (chunk: Buffer, _enc, done) => (captured.push(chunk.toString()), done()) }));
    const config = loadConfig({ MAILER: 'smtp', SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'service@example.org' });
    await configuredMailer(config, logger).send({ to: 'recipient-marker-91c@example.net', subject: 'Verify', text: 'link', link: 'http://localhost/verify-email?token=x' });
    const text = captured.join('');
    expect(text).to.include('mail delivery failed');
    expect(text).to.not.include('recipient-marker-91c');
    expect(JSON.parse(text.trim().split('\n')[0]!)).to.include({ to_domain: 'example.net' });
  });
});
