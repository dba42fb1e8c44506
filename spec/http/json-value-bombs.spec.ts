import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { countJsonValues, maxJsonValues, parseJsonBody } from '../../adapters/http/json-body.js';
import { registerUser, startTestService, type TestService } from '../support/service.js';

// Issue 23, finding 1 in other containers: a JSON body (1 MiB; 16 MiB for the cleanup applies) or
// GEDCOM `resolutions` (10,000,000 characters) of empty arrays costs two or three bytes a value but
// tens of bytes of heap once parsed: a 16 MiB body was some 370 MB. The values are counted before
// anything is built, and past the bound the answer is a 4xx.

const arrays = (count: number): string => `[${'[],'.repeat(count - 1)}[]]`;

describe('JSON value counting (unit)', () => {
  it('counts containers, members and keys outside strings only', () => {
    expect(countJsonValues('{"a":1,"b":[1,2,{}]}', 100)).to.equal(9);
    expect(countJsonValues('{"a":"x,y:[{"}', 100), 'punctuation inside a string').to.equal(3);
    expect(countJsonValues('["a\\"[,", 1]', 100), 'an escaped quote does not end the string').to.equal(3);
    expect(countJsonValues(arrays(1000), 10), 'stops past the bound').to.equal(11);
  });
  it('parses what is within the bound as JSON.parse does, and refuses the rest', () => {
    expect(parseJsonBody('{"a":[1,{"b":null}]}', 100)).to.deep.equal({ a: [1, { b: null }] });
    expect(parseJsonBody('', 100)).to.deep.equal({});
    expect(() => parseJsonBody(arrays(200), 100)).to.throw('more than 100 values');
    expect(() => parseJsonBody('"text"', 100)).to.throw('only supports object and array');
    expect(() => parseJsonBody('{"__proto__":{"x":1}}', 100)).to.throw('forbidden prototype');
    expect(maxJsonValues(16 * 1024 * 1024)).to.equal(1_048_576);
  });
});

describe('HTTP JSON value bombs: bodies and resolutions are counted before they are built', function () {
  this.timeout(60_000);
  let svc: TestService;
  let token: string;
  let treeId: string;
  const send = async (method: string, path: string, body: string, type = 'application/json') => {
    const res = await fetch(`${svc.baseUrl}/api/v1${path}`, { method, headers: { Authorization: `Bearer ${token}`, 'content-type': type }, body });
    return { status: res.status, body: await res.json().catch(() => null) as any };
  };

  before(async () => {
    svc = await startTestService();
    token = (await registerUser(svc, `bombs-${randomBytes(3).toString('hex')}@example.com`)).token;
  });
  after(async () => svc?.close());

  it('a tree is created from a plain body (201); the same body with 300,000 empty arrays beside it is 400 and creates nothing', async () => {
    const made = await send('POST', '/trees', JSON.stringify({ name: 'Plain' }));
    expect(made.status).to.equal(201);
    treeId = made.body.id;
    const bomb = `{"name":"Bomb","junk":${arrays(300_000)}}`;
    expect(bomb.length).to.be.below(1024 * 1024);
    const res = await send('POST', '/trees', bomb);
    expect(res.status).to.equal(400);
    expect(res.body.code).to.equal('malformed_request');
    expect(res.body.detail).to.match(/more than 65536 values/);
    const trees = await fetch(`${svc.baseUrl}/api/v1/trees`, { headers: { Authorization: `Bearer ${token}` } }).then((r) => r.json()) as { name: string }[];
    expect(trees.map((t) => t.name)).to.deep.equal(['Plain']);
  });

  it('a cleanup apply (16 MiB bodies) of 5.5 million empty arrays: 400, refused at the bound before any is built', async () => {
    const ok = await send('POST', `/trees/${treeId}/cleanup/gender`, JSON.stringify({ changes: [] }));
    expect(ok.status, JSON.stringify(ok.body)).to.be.oneOf([200, 422]);
    const bomb = `{"changes":${arrays(5_500_000)}}`;
    expect(bomb.length).to.be.above(16_000_000).and.below(16 * 1024 * 1024);
    const res = await send('POST', `/trees/${treeId}/cleanup/gender`, bomb);
    expect(res.status).to.equal(400);
    expect(res.body.detail).to.match(/more than 1048576 values/);
  });

  it('GEDCOM `resolutions` of 3.3 million empty arrays: 422 naming the field, nothing imported', async () => {
    const ged = '0 HEAD\n1 GEDC\n2 VERS 5.5.1\n1 CHAR UTF-8\n0 @I1@ INDI\n1 NAME Ada /Bomb/\n0 TRLR\n';
    const post = async (resolutions: string) => {
      const form = new FormData();
      form.append('file', new Blob([ged]), 'a.ged');
      form.append('resolutions', resolutions);
      const res = await fetch(`${svc.baseUrl}/api/v1/trees/${treeId}/gedcom/import`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form });
      return { status: res.status, body: await res.json() as any };
    };
    expect((await post('{}')).status).to.equal(200);
    const res = await post(arrays(3_300_000));
    expect(res.status).to.equal(422);
    expect(res.body.errors).to.deep.equal([{ path: 'resolutions', message: 'too many values' }]);
  });
});
