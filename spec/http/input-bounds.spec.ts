import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { registerUser, startTestService, type TestService } from '../support/service.js';
import { importGedcomFile, TINY_GEDCOM } from '../support/gedcom.js';

// What text the service accepts, decided at the edge (issue 9, findings 1, 5 and 6): every text has a
// declared length that decoding enforces, no text carries U+0000, and a refusal is a 422 naming the
// field. Before this, these requests reached the database and answered 500.

type Problem = { readonly code?: string; readonly errors?: readonly { readonly path: string; readonly message: string }[] };

describe('HTTP input bounds', () => {
  let svc: TestService;
  let owner: Awaited<ReturnType<typeof registerUser>>;
  let treeId: string;
  let publicTreeId: string;
  let personId: string;

  // Rate limits on, so that login and reset write their per-email keys (an indexed column).
  before(async () => {
    svc = await startTestService({ env: { AUTH_RATE_LIMIT: '100000' } });
    owner = await registerUser(svc, 'owner@example.org');
    treeId = (await send('POST', '/trees', { name: 'Bounds' }, owner.token)).json.id as string;
    publicTreeId = (await send('POST', '/trees', { name: 'Open', visibility: 'public' }, owner.token)).json.id as string;
    personId = (await send('POST', `/trees/${treeId}/persons`, { given_name: 'Ann' }, owner.token)).json.id as string;
  });
  after(async () => {
    await svc.close();
  });

  const send = async (method: string, path: string, body?: unknown, token?: string) => {
    const res = await fetch(`${svc.baseUrl}/api/v1${path}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...(token === undefined ? {} : { Authorization: `Bearer ${token}` }) },
      ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
    const text = await res.text();
    return { status: res.status, json: (text === '' ? {} : JSON.parse(text)) as Record<string, unknown> & Problem };
  };

  /** A 422 invalid_input whose errors name `path`. */
  const expectRefused = (r: { status: number; json: Problem }, path: string): void => {
    expect(r.status, JSON.stringify(r.json).slice(0, 300)).to.equal(422);
    expect(r.json.code).to.equal('invalid_input');
    expect((r.json.errors ?? []).map((e) => e.path)).to.include(path);
  };

  /** Text that PostgreSQL cannot compress below an index entry's limit, as a fuzzer would send. */
  const noise = (length: number): string => randomBytes(length).toString('base64url').slice(0, length);
  const longEmail = `${noise(6000)}@example.org`;

  describe('lengths of the findings', () => {
    it('refuses a 6,000-character email on register, login and password reset', async () => {
      expectRefused(await send('POST', '/auth/register', { email: longEmail, password: 'correct horse' }), 'email');
      expectRefused(await send('POST', '/auth/login', { email: longEmail, password: 'correct horse' }), 'email');
      expectRefused(await send('POST', '/auth/password-reset', { email: longEmail }), 'email');
    });

    it('refuses a 6,000-character place on an event', async () => {
      expectRefused(await send('POST', `/trees/${treeId}/events`, { type: 'birth', person_id: personId, place: noise(6000) }, owner.token), 'place');
    });

    it('refuses a 6,000-character place on a person\'s birth, naming the nested field', async () => {
      expectRefused(await send('POST', `/trees/${treeId}/persons`, { given_name: 'Ann', birth: { place: noise(6000) } }, owner.token), 'birth.place');
    });

    it('refuses a 100,000-character source title', async () => {
      expectRefused(await send('POST', `/trees/${treeId}/sources`, { title: noise(100_000) }, owner.token), 'title');
    });

    it('accepts a value at its maxLength and refuses one character more', async () => {
      const at = await send('POST', `/trees/${treeId}/events`, { type: 'birth', person_id: personId, place: 'é'.repeat(500) }, owner.token);
      expect(at.status, JSON.stringify(at.json).slice(0, 300)).to.equal(201);
      expect(at.json.place).to.equal('é'.repeat(500));
      expectRefused(await send('POST', `/trees/${treeId}/events`, { type: 'birth', person_id: personId, place: 'é'.repeat(501) }, owner.token), 'place');

      expect((await send('POST', '/trees', { name: 'n'.repeat(200), description: 'd'.repeat(10_000) }, owner.token)).status).to.equal(201);
      expectRefused(await send('POST', '/trees', { name: 'n'.repeat(201) }, owner.token), 'name');
      expectRefused(await send('POST', '/trees', { name: 'n', description: 'd'.repeat(10_001) }, owner.token), 'description');
    });

    it('counts characters, not UTF-16 units: 500 astral characters are a valid place', async () => {
      const r = await send('POST', `/trees/${treeId}/events`, { type: 'birth', person_id: personId, place: '𝔸'.repeat(500) }, owner.token);
      expect(r.status, JSON.stringify(r.json).slice(0, 300)).to.equal(201);
    });

    it('refuses a query value longer than its bound', async () => {
      expectRefused(await send('GET', `/public/trees/${publicTreeId}/persons?q=${'x'.repeat(201)}`), 'q');
      expectRefused(await send('GET', `/trees/${treeId}/persons?cursor=${'x'.repeat(1000)}`, undefined, owner.token), 'cursor');
    });
  });

  describe('U+0000', () => {
    it('refuses NUL in a tree name', async () => {
      expectRefused(await send('POST', '/trees', '{"name":"a\\u0000b"}', owner.token), 'name');
    });

    it('refuses NUL in a query value, anonymously', async () => {
      expectRefused(await send('GET', `/public/trees/${publicTreeId}/persons?q=a%00b`), 'q');
    });

    it('refuses NUL in the login and password-reset emails', async () => {
      expectRefused(await send('POST', '/auth/login', '{"email":"a\\u0000@example.org","password":"correct horse"}'), 'email');
      expectRefused(await send('POST', '/auth/password-reset', '{"email":"a\\u0000@example.org"}'), 'email');
    });

    it('refuses NUL deep inside a body and in an object key', async () => {
      expectRefused(await send('POST', `/trees/${treeId}/persons`, '{"birth":{"date":{"qualifier":"text","text":"x\\u0000"}}}', owner.token), 'birth.date.text');
      expectRefused(await send('POST', '/trees', '{"name":"ok","extra\\u0000":1}', owner.token), 'extra\u0000');
    });
  });

  describe('text that is not Unicode', () => {
    it('refuses a lone surrogate (\\ud800), which no database text can hold, naming the field', async () => {
      expectRefused(await send('POST', '/trees', '{"name":"a\\ud800b"}', owner.token), 'name');
      expectRefused(await send('POST', `/trees/${treeId}/persons`, '{"notes":"x\\udc00"}', owner.token), 'notes');
    });
  });

  describe('query parameters given twice', () => {
    it('answers 422, not 500', async () => {
      expectRefused(await send('GET', `/public/trees/${publicTreeId}/persons?q=a&q=b`), 'q');
      expectRefused(await send('GET', `/trees/${treeId}/persons?limit=1&limit=2`, undefined, owner.token), 'limit');
      expectRefused(await send('GET', `/trees/${treeId}/persons?cursor=a&cursor=b`, undefined, owner.token), 'cursor');
    });
  });

  describe('multipart text fields', () => {
    const upload = async (fields: readonly (readonly [string, string])[], fileName = 'a.gif') => {
      const form = new FormData();
      for (const [k, v] of fields) form.append(k, v);
      form.append('file', new Blob([Buffer.from('GIF89a....')], { type: 'image/gif' }), fileName);
      const res = await fetch(`${svc.baseUrl}/api/v1/trees/${treeId}/media`, { method: 'POST', headers: { Authorization: `Bearer ${owner.token}` }, body: form });
      const text = await res.text();
      return { status: res.status, json: (text === '' ? {} : JSON.parse(text)) as Record<string, unknown> & Problem & { detail?: string } };
    };

    it('refuses more than 16 text fields with 400', async () => {
      const r = await upload(Array.from({ length: 17 }, (_, i) => [`f${i}`, 'x'] as const));
      expect(r.status).to.equal(400);
      expect(r.json.detail).to.match(/16/);
    });

    it('refuses a text field far over its bound with 413, naming the field', async () => {
      const r = await upload([['title', 'x'.repeat(2 * 1024 * 1024)]]);
      expect(r.status).to.equal(413);
      expect(r.json.detail).to.match(/title/);
    });

    it('refuses a title one character over its maxLength with 422', async () => {
      expectRefused(await upload([['title', 't'.repeat(1001)]]), 'title');
    });

    it('refuses a field sent twice and a file name over 1,000 characters with 400', async () => {
      const twice = await upload([['title', 'a'], ['title', 'b']]);
      expect(twice.status).to.equal(400);
      expect(twice.json.detail).to.match(/title/);
      expect((await upload([], `${'n'.repeat(1001)}.gif`)).status).to.equal(400);
      expect((await upload([], `${'n'.repeat(996)}.gif`)).status).to.equal(201);
    });

    it('refuses NUL in a text field with 422', async () => {
      expectRefused(await upload([['title', 'a\u0000b']]), 'title');
    });

    it('takes the resolutions of a 100,000-person GEDCOM file, and refuses resolutions over 16 MiB with 413', async () => {
      const resolutions = Object.fromEntries(Array.from({ length: 100_000 }, (_, i) => [`@I${100_000 + i}@`, { action: 'overwrite', target_id: '01a203bd-73c4-7245-8095-44eecd718bce' }]));
      expect(JSON.stringify(resolutions).length).to.be.greaterThan(8_000_000);
      const taken = await importGedcomFile(svc.client(owner.token), treeId, TINY_GEDCOM, { resolutions });
      // Read whole and decoded: the answer is about the first unknown xref, not the size.
      expect(taken.response.status).to.equal(422);
      expect((taken.error as Problem).errors?.[0]?.path).to.match(/^resolutions\.@I\d+@/);

      const huge = await importGedcomFile(svc.client(owner.token), treeId, TINY_GEDCOM, { resolutions: { '@I1@': { action: 'new', pad: 'x'.repeat(16 * 1024 * 1024) } } });
      expect(huge.response.status).to.equal(413);
      expect((huge.error as { detail?: string }).detail).to.match(/resolutions/);
    });
  });
});
