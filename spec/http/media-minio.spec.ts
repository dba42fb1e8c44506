import { createHash, randomBytes } from 'node:crypto';
import { expect } from 'chai';
import type { ApiClient } from '../../client/index.js';
import { registerUser, startTestService, type TestService } from '../support/service.js';
import { content, upload } from '../support/media.js';
import { startS3rver, type RunningS3rver } from '../support/s3rver.js';

// The service configured for MinIO/S3 (S3_* settings) against an S3-compatible server on loopback:
// uploads land in the bucket (created on first use), downloads and ranges stream back, and when the
// store goes away media answers 503 while every other route keeps working.

const pid = (id: string) => ({ params: { path: { id } } });
const sha = (b: Uint8Array): string => createHash('sha256').update(b).digest('hex');

describe('HTTP media on MinIO (S3_ENDPOINT)', () => {
  let s3: RunningS3rver;
  let svc: TestService;
  let c: ApiClient;
  let token: string;
  let treeId: string;

  before(async () => {
    s3 = await startS3rver();
    svc = await startTestService({
      env: { S3_ENDPOINT: s3.endpoint, S3_ACCESS_KEY: 'S3RVER', S3_SECRET_KEY: 'S3RVER', S3_BUCKET: 'family-media', S3_REGION: 'us-east-1' },
    });
    token = (await registerUser(svc, 'minio@example.org')).token;
    c = svc.client(token);
    treeId = (await c.POST('/trees', { body: { name: 'On MinIO' } })).data!.id;
  });
  after(async () => {
    await svc.close();
    await s3.close().catch(() => undefined);
  });

  it('stores in the bucket and streams back byte-identical, whole and by range', async () => {
    const bytes = randomBytes(3 * 1024 * 1024 + 7);
    const r = await upload(c, treeId, bytes, { title: 'Scan' });
    expect(r.response.status, JSON.stringify(r.error)).to.equal(201);
    const whole = await content(svc, token, r.data!.id);
    expect(whole.res.status).to.equal(200);
    expect(sha(whole.bytes)).to.equal(sha(bytes));
    const part = await content(svc, token, r.data!.id, { Range: 'bytes=100-199' });
    expect(part.res.status).to.equal(206);
    expect(Buffer.from(part.bytes).equals(bytes.subarray(100, 200))).to.equal(true);
  });

  it('when the store is stopped: uploads and downloads are 503, metadata and other routes still answer', async () => {
    const kept = (await upload(c, treeId, randomBytes(1000))).data!.id;
    await s3.close();
    const up = await upload(c, treeId, randomBytes(1000));
    expect(up.response.status).to.equal(503);
    expect((await content(svc, token, kept)).res.status).to.equal(503);
    expect((await c.GET('/media/{id}', pid(kept))).response.status).to.equal(200);
    expect((await c.GET('/trees/{id}/media', pid(treeId))).data!.map((m) => m.id)).to.include(kept);
    expect((await c.POST('/trees/{id}/persons', { ...pid(treeId), body: { given_name: 'Unaffected' } })).response.status).to.equal(201);
    expect((await fetch(`${svc.baseUrl}/readyz`)).status).to.equal(200);
  });
});
