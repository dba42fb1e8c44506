import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { REFERENCE_ASSETS } from '../../adapters/http/openapi/reference.js';
import { request } from 'node:http';
import { startTestService, type TestService } from '../support/service.js';

// GET /api/v1/docs: the reference page and the renderer's own files (Swagger UI from npm), served by
// the service with a policy that lets scripts and styles come from that folder only. The browser
// spec (spec/e2e/api-reference-browser.spec.ts) proves the page draws under it.

/** A GET whose body is the bytes as sent (fetch would undo the gzip). */
const rawCall = (url: string, o: { headers: Record<string, string> }): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> =>
  new Promise((resolve, reject) => {
    request(url, { headers: o.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    }).on('error', reject).end();
  });

const dist = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

describe('the API reference page (/api/v1/docs)', () => {
  let svc: TestService;
  before(async () => {
    svc = await startTestService({ storage: 'memory' });
  });
  after(async () => svc.close());

  it('is an HTML page whose scripts are the renderer\'s files, under a policy that allows only them', async () => {
    const res = await fetch(`${svc.baseUrl}/api/v1/docs`);
    expect(res.status).to.equal(200);
    expect(res.headers.get('content-type')).to.equal('text/html; charset=utf-8');
    const html = await res.text();
    const scripts = [...html.matchAll(/<script([^>]*)>/g)].map((m) => m[1]!);
    expect(scripts).to.deep.equal([` src="${REFERENCE_ASSETS}swagger-ui-bundle.js"`, ` src="${REFERENCE_ASSETS}start.js"`]);
    expect(html).not.to.match(/<style|\sstyle=|\son\w+=/i);
    const csp = res.headers.get('content-security-policy') ?? '';
    const directive = (name: string): string[] => (csp.split(';').map((d) => d.trim().split(/\s+/)).find((d) => d[0] === name) ?? []).slice(1);
    expect(directive('default-src')).to.deep.equal(["'none'"]);
    expect(directive('script-src')).to.deep.equal([`${svc.baseUrl}${REFERENCE_ASSETS}`]);
    expect(directive('style-src')).to.deep.equal([`${svc.baseUrl}${REFERENCE_ASSETS}`]);
    expect(directive('frame-ancestors')).to.deep.equal(["'none'"]);
    expect(csp).not.to.match(/unsafe-(inline|eval)|\*/);
    expect(res.headers.get('x-content-type-options')).to.equal('nosniff');
    // Asked on another name (a proxy's), that origin's folder is allowed too; a Host that is not a
    // plain host cannot write into the policy.
    const viaProxy = await rawCall(`${svc.baseUrl}/api/v1/docs`, { headers: { Host: 'genealogy.example.org:8443' } });
    expect(viaProxy.headers['content-security-policy']).to.include(`script-src ${svc.baseUrl}${REFERENCE_ASSETS} http://genealogy.example.org:8443${REFERENCE_ASSETS};`);
    const hostile = await rawCall(`${svc.baseUrl}/api/v1/docs`, { headers: { Host: "evil.example; script-src 'unsafe-inline'" } });
    expect(hostile.status).to.equal(200);
    expect(hostile.headers['content-security-policy']).to.equal(csp);
  });

  it('serves the renderer\'s files from its package, cached for good, gzipped when asked, 304 when unchanged', async () => {
    for (const [file, type] of [['swagger-ui-bundle.js', 'text/javascript'], ['swagger-ui.css', 'text/css'], ['favicon-32x32.png', 'image/png']] as const) {
      const url = `${svc.baseUrl}${REFERENCE_ASSETS}${file}`;
      const plain = await rawCall(url, { headers: { 'Accept-Encoding': 'identity' } });
      expect(plain.status, file).to.equal(200);
      expect(plain.headers['content-type'], file).to.match(new RegExp(`^${type}`));
      expect(plain.headers['cache-control'], file).to.equal('public, max-age=31536000, immutable');
      expect(plain.body.equals(readFileSync(join(dist, file))), `${file} is the package's own`).to.equal(true);
      const etag = plain.headers['etag'] as string;
      expect((await rawCall(url, { headers: { 'If-None-Match': etag } })).status, file).to.equal(304);
      if (type !== 'image/png') {
        const zipped = await rawCall(url, { headers: { 'Accept-Encoding': 'gzip' } });
        expect(zipped.headers['content-encoding'], file).to.equal('gzip');
        expect(gunzipSync(zipped.body).equals(plain.body), file).to.equal(true);
        expect(zipped.body.length, file).to.be.below(plain.body.length / 2);
      }
    }
    const start = await fetch(`${svc.baseUrl}${REFERENCE_ASSETS}start.js`);
    expect(start.status).to.equal(200);
    expect(await start.text()).to.include("url: '/api/v1/openapi.json'");
  });

  it('serves nothing else from that folder: 404 problem for another file, a folder escape or another version', async () => {
    for (const path of [`${REFERENCE_ASSETS}index.html`, `${REFERENCE_ASSETS}..%2F..%2Fpackage.json`, `${REFERENCE_ASSETS}swagger-ui-bundle.js.map`, '/api/v1/docs/0.0.1/swagger-ui.css']) {
      const res = await fetch(`${svc.baseUrl}${path}`);
      expect(res.status, path).to.equal(404);
      expect(res.headers.get('content-type'), path).to.match(/^application\/problem\+json/);
    }
  });
});
