import { expect } from 'chai';
import path from 'node:path';
import { loadConfig } from '../../bootstrap/config.js';

describe('configuration', () => {
  it('has the defaults of API.md', () => {
    const c = loadConfig({});
    expect(c.port).to.equal(8080);
    expect(c.host).to.equal('0.0.0.0');
    expect(c.baseUrl).to.equal('http://localhost:8080');
    expect(c.dataDir).to.equal(path.resolve('./data'));
    expect(c.databaseUrl).to.equal(null);
    expect(c.s3).to.equal(null);
    expect(c.mailer).to.equal('console');
    expect(c.requireEmailVerification).to.equal(false);
    expect(c.purgeAfterDays).to.equal(30);
    expect(c.authRateLimit).to.equal(10);
    expect(c.searchThreshold).to.equal(0.2);
    expect(c.ownerEmails).to.deep.equal([]);
    expect(c.aiProviders).to.deep.equal([]);
    expect([c.aiTimeoutMs, c.aiMaxToolCallsPerRound, c.aiMaxToolCalls, c.aiMaxProposals, c.aiMaxAnswerBytes]).to.deep.equal([60_000, 16, 64, 10, 1_048_576]);
    expect(c.dbPoolMax).to.equal(10);
    expect(c.embeddedHugePages).to.equal(true);
  });

  it('reads every variable', () => {
    const c = loadConfig({
      PORT: '9000', HOST: '127.0.0.1', BASE_URL: 'https://tree.example.org/', DATA_DIR: '/tmp/x', DATABASE_URL: 'postgres://u:p@db:5432/g',
      S3_ENDPOINT: 'http://minio:9000', S3_ACCESS_KEY: 'k', S3_SECRET_KEY: 's', S3_BUCKET: 'b', S3_REGION: 'eu-1',
      MAILER: 'smtp', SMTP_URL: 'smtp://mail:25', MAIL_FROM: 'x@y.z', REQUIRE_EMAIL_VERIFICATION: 'true',
      OWNER_EMAIL: ' Root@Example.org , ops@example.org', AI_PROVIDERS: '[{"name":"a","kind":"openai","model":"m","api_key":"k"}]',
      MAX_UPLOAD_BYTES: '1000', PURGE_AFTER_DAYS: '7', AUTH_RATE_LIMIT: '0', SEARCH_THRESHOLD: '0.3', LOG_LEVEL: 'debug', DB_POOL_MAX: '7',
      EMBEDDED_HUGE_PAGES: 'off',
    });
    expect(c.dbPoolMax).to.equal(7);
    expect(c.embeddedHugePages).to.equal(false);
    expect(c.port).to.equal(9000);
    expect(c.host).to.equal('127.0.0.1');
    expect(c.baseUrl).to.equal('https://tree.example.org');
    expect(c.databaseUrl).to.equal('postgres://u:p@db:5432/g');
    expect(c.s3).to.deep.equal({ endpoint: 'http://minio:9000', accessKey: 'k', secretKey: 's', bucket: 'b', region: 'eu-1' });
    expect(c.mailer).to.equal('smtp');
    expect(c.requireEmailVerification).to.equal(true);
    expect(c.ownerEmails).to.deep.equal(['root@example.org', 'ops@example.org']);
    expect(c.aiProviders[0]?.name).to.equal('a');
    expect([c.maxUploadBytes, c.purgeAfterDays, c.authRateLimit, c.searchThreshold, c.logLevel]).to.deep.equal([1000, 7, 0, 0.3, 'debug']);
  });

  const bad: readonly [string, Record<string, string>][] = [
    ['PORT', { PORT: 'eighty' }],
    ['DB_POOL_MAX', { DB_POOL_MAX: '1' }],
    ['DB_POOL_MAX', { DB_POOL_MAX: 'ten' }],
    ['EMBEDDED_HUGE_PAGES', { EMBEDDED_HUGE_PAGES: 'sometimes' }],
    ['PORT', { PORT: '70000' }],
    ['HOST', { HOST: 'not a host' }],
    ['HOST', { HOST: '127.0.0.1:8080' }],
    ['BASE_URL', { BASE_URL: 'not a url' }],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://x' }],
    ['MAILER', { MAILER: 'pigeon' }],
    ['SMTP_URL', { MAILER: 'smtp' }],
    ['REQUIRE_EMAIL_VERIFICATION', { REQUIRE_EMAIL_VERIFICATION: 'maybe' }],
    ['AI_PROVIDERS', { AI_PROVIDERS: '{not json' }],
    ['AI_PROVIDERS', { AI_PROVIDERS: '[{"name":"a"}]' }],
    ['AI_PROVIDERS', { AI_PROVIDERS: '[{"name":"a","kind":"openai","model":"m"},{"name":"a","kind":"openai","model":"n"}]' }],
    ['AI_PROVIDERS', { AI_PROVIDERS: '[{"name":"a","kind":"ollama","model":"m"}]' }],
    ['AI_TIMEOUT_MS', { AI_TIMEOUT_MS: '0' }],
    ['AI_MAX_TOOL_CALLS_PER_ROUND', { AI_MAX_TOOL_CALLS_PER_ROUND: '0' }],
    ['AI_MAX_TOOL_CALLS', { AI_MAX_TOOL_CALLS: 'many' }],
    ['AI_MAX_PROPOSALS', { AI_MAX_PROPOSALS: '-1' }],
    ['AI_MAX_ANSWER_BYTES', { AI_MAX_ANSWER_BYTES: '10' }],
    ['MAX_UPLOAD_BYTES', { MAX_UPLOAD_BYTES: '-1' }],
    ['AUTH_RATE_LIMIT', { AUTH_RATE_LIMIT: '1.5' }],
    ['SEARCH_THRESHOLD', { SEARCH_THRESHOLD: '2' }],
    ['LOG_LEVEL', { LOG_LEVEL: 'loud' }],
    ['S3_ACCESS_KEY', { S3_ENDPOINT: 'http://minio:9000' }],
    ['OWNER_EMAIL', { OWNER_EMAIL: 'not-an-email' }],
  ];
  for (const [name, env] of bad) {
    it(`stops with a message naming ${name} for ${JSON.stringify(env)}`, () => {
      expect(() => loadConfig(env)).to.throw(new RegExp(`\\b${name}\\b`));
    });
  }
});
