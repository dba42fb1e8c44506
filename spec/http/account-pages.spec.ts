import { expect } from 'chai';
import { createHash } from 'node:crypto';
import { request } from 'node:http';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../../core/identity/policy.js';
import { defaultIdentityTtls } from '../../core/identity/deps.js';
import { renderPage } from '../../adapters/http/pages/render.js';
import { registerUser, startTestService, tokenFromMail, type TestService } from '../support/service.js';

// The pages the verification and reset mails link to, over real HTTP: a GET never spends the token
// (mail scanners follow links), the form's POST does, and every outcome is said in words on a page
// with a strict CSP.

type Answer = { readonly status: number; readonly headers: Headers; readonly html: string };

let seq = 0;
const uniqueEmail = (tag: string) => `${tag}-${Date.now().toString(36)}-${seq++}@example.org`;

/** Markup without its tags (string code: a tag pattern would backtrack on a run of '<'). */
const withoutTags = (html: string): string => {
  let out = '';
  let inTag = false;
  for (const ch of html) {
    if (ch === '<') inTag = true;
    else if (ch === '>' && inTag) {
      inTag = false;
      out += ' ';
    } else if (!inTag) out += ch;
  }
  return out;
};

/** The text a reader sees: tags dropped, entities of the escaper undone, spaces folded. */
const visibleText = (html: string): string =>
  withoutTags(html.replace(/<style>[^<]*<\/style>/g, '')).replaceAll('&#39;', "'").replaceAll('&quot;', '"').replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&').replace(/\s+/g, ' ');

describe('HTTP account pages (/verify-email, /reset-password)', () => {
  let svc: TestService;
  let offsetMs = 0;
  before(async () => {
    svc = await startTestService({ clock: { now: () => new Date(Date.now() + offsetMs) } });
  });
  after(async () => svc.close());

  const get = async (path: string): Promise<Answer> => {
    const r = await fetch(`${svc.baseUrl}${path}`, { redirect: 'manual' });
    return { status: r.status, headers: r.headers, html: await r.text() };
  };
  const post = async (path: string, body: BodyInit, contentType = 'application/x-www-form-urlencoded'): Promise<Answer> => {
    const r = await fetch(`${svc.baseUrl}${path}`, { method: 'POST', body, headers: { 'content-type': contentType }, redirect: 'manual' });
    return { status: r.status, headers: r.headers, html: await r.text() };
  };
  const form = (fields: Record<string, string>) => new URLSearchParams(fields);
  /** A FormData body: fetch writes the multipart boundary into the content type itself. */
  const postForm = async (path: string, body: FormData): Promise<Answer> => {
    const r = await fetch(`${svc.baseUrl}${path}`, { method: 'POST', body, redirect: 'manual' });
    return { status: r.status, headers: r.headers, html: await r.text() };
  };
  const me = async (token: string) => (await svc.client(token).GET('/users/me')).data;
  const login = async (email: string, password: string) => (await svc.client().POST('/auth/login', { body: { email, password } })).response.status;

  /** Every page: HTML with the strict headers, no script, the inline style allowed by its hash only. */
  const expectStrictPage = (a: Answer) => {
    expect(a.headers.get('content-type')).to.match(/^text\/html; charset=utf-8/);
    const csp = (a.headers.get('content-security-policy') ?? '').split(';').map((d) => d.trim());
    const style = /<style>([^<]*)<\/style>/.exec(a.html)?.[1] ?? '';
    const styleHash = createHash('sha256').update(style, 'utf8').digest('base64');
    expect(csp).to.include.members(["default-src 'none'", `style-src 'sha256-${styleHash}'`, "form-action 'self'", "frame-ancestors 'none'", "base-uri 'none'"]);
    expect(style).to.have.length.greaterThan(0);
    expect(a.headers.get('referrer-policy')).to.equal('no-referrer');
    expect(a.headers.get('x-content-type-options')).to.equal('nosniff');
    expect(a.headers.get('cache-control')).to.equal('no-store');
    expect(a.html).not.to.match(/<script/i);
    expect(a.html).to.include('<meta name="viewport" content="width=device-width, initial-scale=1">');
  };

  describe('verify', () => {
    it('GET shows a button form and spends nothing (twice); the POST verifies; a second POST says the link was used', async () => {
      const u = await registerUser(svc, uniqueEmail('page-verify'));
      const token = tokenFromMail(svc, u.email);
      for (const _ of [1, 2]) {
        const page = await get(`/verify-email?token=${encodeURIComponent(token)}`);
        expect(page.status).to.equal(200);
        expectStrictPage(page);
        expect(page.html).to.include('<form method="post" action="verify-email"');
        expect(page.html).to.include(`<input type="hidden" name="token" value="${token}">`);
        expect(visibleText(page.html)).to.include('Confirm my email address');
        expect((await me(u.token))?.email_verified).to.equal(false);
      }
      const done = await post('/verify-email', form({ token }));
      expect(done.status).to.equal(200);
      expectStrictPage(done);
      expect(visibleText(done.html)).to.include('Your email address is confirmed');
      expect((await me(u.token))?.email_verified).to.equal(true);

      const again = await post('/verify-email', form({ token }));
      expect(again.status).to.equal(410);
      expectStrictPage(again);
      expect(visibleText(again.html)).to.include('already been used');
      const later = await get(`/verify-email?token=${token}`);
      expect(later.status).to.equal(410);
      expect(visibleText(later.html)).to.include('already been used');
      expect(later.html).not.to.include('<form');
    });

    it('says an unknown link is unknown, and a reset token is no verification token (nor the reverse)', async () => {
      const unknown = await get('/verify-email?token=no-such-token');
      expect(unknown.status).to.equal(404);
      expectStrictPage(unknown);
      expect(visibleText(unknown.html)).to.include('This link is unknown');
      expect((await post('/verify-email', form({ token: 'no-such-token' }))).status).to.equal(404);

      const u = await registerUser(svc, uniqueEmail('page-purpose'));
      const verifyToken = tokenFromMail(svc, u.email);
      expect((await get(`/reset-password?token=${verifyToken}`)).status).to.equal(404);
      expect((await post('/reset-password', form({ token: verifyToken, new_password: 'a fine new secret' }))).status).to.equal(404);
      expect(await login(u.email, 'a fine new secret')).to.equal(401);
      await svc.client().POST('/auth/password-reset', { body: { email: u.email } });
      const resetToken = tokenFromMail(svc, u.email);
      expect((await post('/verify-email', form({ token: resetToken }))).status).to.equal(404);
      expect((await post('/verify-email', form({ token: verifyToken }))).status).to.equal(200);
    });
  });

  describe('reset', () => {
    it('GET spends nothing; a short, a long or a mistyped password is refused in words and the link still works; then the new password signs in and old sessions end', async () => {
      const u = await registerUser(svc, uniqueEmail('page-reset'));
      await svc.client().POST('/auth/password-reset', { body: { email: u.email } });
      const token = tokenFromMail(svc, u.email);
      const path = `/reset-password?token=${encodeURIComponent(token)}`;
      for (const _ of [1, 2]) {
        const page = await get(path);
        expect(page.status).to.equal(200);
        expectStrictPage(page);
        expect(page.html).to.include('<form method="post" action="reset-password"');
        expect(page.html).to.match(/<input id="new_password" name="new_password" type="password"[^>]* autocomplete="new-password"/);
      }

      const short = await post('/reset-password', form({ token, new_password: 'x'.repeat(MIN_PASSWORD_LENGTH - 1) }));
      expect(short.status).to.equal(422);
      expectStrictPage(short);
      expect(visibleText(short.html)).to.include(`The password needs at least ${MIN_PASSWORD_LENGTH} characters.`);
      expect(short.html).to.include(`name="token" value="${token}"`);
      const long = await post('/reset-password', form({ token, new_password: 'x'.repeat(MAX_PASSWORD_LENGTH + 1) }));
      expect(long.status).to.equal(422);
      expect(visibleText(long.html)).to.include(`at most ${MAX_PASSWORD_LENGTH} characters`);
      const differ = await post('/reset-password', form({ token, new_password: 'a fine new secret', confirm_password: 'a fine new secreT' }));
      expect(differ.status).to.equal(422);
      expect(visibleText(differ.html)).to.include('The two passwords are not the same');
      expect(await login(u.email, 'a fine new secret')).to.equal(401);
      expect((await get(path)).status).to.equal(200);
      expect(await me(u.token)).not.to.equal(undefined);

      const done = await post('/reset-password', form({ token, new_password: 'a fine new secret', confirm_password: 'a fine new secret' }));
      expect(done.status).to.equal(200);
      expectStrictPage(done);
      expect(visibleText(done.html)).to.include('Your password is changed');
      expect(await login(u.email, 'a fine new secret')).to.equal(200);
      expect(await login(u.email, u.password)).to.equal(401);
      expect((await svc.client(u.token).GET('/users/me')).response.status).to.equal(401);

      const again = await post('/reset-password', form({ token, new_password: 'yet another secret' }));
      expect(again.status).to.equal(410);
      expect(visibleText(again.html)).to.include('already been used');
      expect(await login(u.email, 'yet another secret')).to.equal(401);
    });

    it('takes a form posted by hand as multipart/form-data or as a JSON object of strings', async () => {
      const u = await registerUser(svc, uniqueEmail('page-by-hand'));
      const f = new FormData();
      f.append('token', tokenFromMail(svc, u.email));
      expect((await postForm('/verify-email', f)).status).to.equal(200);
      expect((await me(u.token))?.email_verified).to.equal(true);
      await svc.client().POST('/auth/password-reset', { body: { email: u.email } });
      const json = await post('/reset-password', JSON.stringify({ token: tokenFromMail(svc, u.email), new_password: 'posted as json' }), 'application/json');
      expect(json.status).to.equal(200);
      expect(await login(u.email, 'posted as json')).to.equal(200);
    });

    it('takes the new password as `password` too (a form posted by hand)', async () => {
      const u = await registerUser(svc, uniqueEmail('page-reset-alias'));
      await svc.client().POST('/auth/password-reset', { body: { email: u.email } });
      const done = await post('/reset-password', form({ token: tokenFromMail(svc, u.email), password: 'another fine secret' }));
      expect(done.status).to.equal(200);
      expect(await login(u.email, 'another fine secret')).to.equal(200);
    });

    it('says an expired link has expired, on the GET and the POST', async () => {
      const u = await registerUser(svc, uniqueEmail('page-expired'));
      await svc.client().POST('/auth/password-reset', { body: { email: u.email } });
      const token = tokenFromMail(svc, u.email);
      offsetMs = defaultIdentityTtls.resetTtlMs + 60_000;
      try {
        const page = await get(`/reset-password?token=${token}`);
        expect(page.status).to.equal(410);
        expect(visibleText(page.html)).to.include('This link has expired');
        const posted = await post('/reset-password', form({ token, new_password: 'a fine new secret' }));
        expect(posted.status).to.equal(410);
        expect(visibleText(posted.html)).to.include('This link has expired');
      } finally {
        offsetMs = 0;
      }
      expect(await login(u.email, 'a fine new secret')).to.equal(401);
    });
  });

  describe('hostile requests', () => {
    it('escapes what it shows: a token with markup comes back as text, never as a tag', async () => {
      const hostile = '"><script>alert(1)</script><img src=x onerror=alert(2)>';
      const page = await get(`/reset-password?token=${encodeURIComponent(hostile)}`);
      expect(page.status).to.equal(404);
      expect(page.html).not.to.match(/<script|<img/i);
      const html = renderPage({ status: 200, title: '<b>t</b>', tone: 'problem', paragraphs: [hostile], form: { action: 'reset-password', token: hostile, button: '<i>go</i>' } });
      expect(html).not.to.match(/<script|<img|<b>|<i>/i);
      expect(html).to.include('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt;"');
      expect(visibleText(html)).to.include(hostile);
    });

    it('answers a missing token, a malformed, oversized or non-form body with a 4xx page, never a 500', async () => {
      const u = await registerUser(svc, uniqueEmail('page-hostile'));
      const token = tokenFromMail(svc, u.email);
      const cases: [string, () => Promise<Answer>, number, string][] = [
        ['GET without token', () => get('/verify-email'), 400, 'The link has no token'],
        ['GET with an empty token', () => get('/reset-password?token='), 400, 'The link has no token'],
        ['GET with a broken escape', () => get('/verify-email?token=%E0%A4%A'), 400, 'not a form this page understands'],
        ['GET with two tokens', () => get(`/verify-email?token=${token}&token=${token}`), 400, 'not a form this page understands'],
        ['GET with an overlong token', () => get(`/verify-email?token=${'a'.repeat(5000)}`), 404, 'This link is unknown'],
        ['POST without token', () => post('/verify-email', ''), 400, 'The link has no token'],
        ['POST with a broken escape', () => post('/verify-email', `token=${token}%ZZ`), 400, 'not a form this page understands'],
        ['POST of bytes that are not UTF-8', () => post('/verify-email', new Uint8Array([0x74, 0x6f, 0x6b, 0x65, 0x6e, 0x3d, 0xff, 0xfe])), 400, 'not a form this page understands'],
        ['POST with U+0000', () => post('/reset-password', `token=${token}&new_password=abc%00defghij`), 400, 'not a form this page understands'],
        ['POST of plain text', () => post('/verify-email', `token=${token}`, 'text/plain'), 415, 'as a web form'],
        ['POST of JSON that is not an object of strings', () => post('/verify-email', JSON.stringify({ token: [token] }), 'application/json'), 400, 'not a form this page understands'],
        ['POST of a multipart form with a file', () => {
          const f = new FormData();
          f.append('token', token);
          f.append('file', new Blob(['x']), 'x.txt');
          return postForm('/verify-email', f);
        }, 400, 'not a form this page understands'],
        ['POST in another charset', () => post('/verify-email', `token=${token}`, 'application/x-www-form-urlencoded; charset=iso-8859-1'), 415, 'as a web form'],
        ['POST of 1 MB', () => post('/verify-email', `token=${token}&pad=${'a'.repeat(1024 * 1024)}`), 413, 'larger than this page accepts'],
      ];
      for (const [what, send, status, words] of cases) {
        const a = await send();
        expect(a.status, what).to.equal(status);
        expectStrictPage(a);
        expect(visibleText(a.html), what).to.include(words);
      }
      // None of that spent the token.
      expect((await post('/verify-email', form({ token }))).status).to.equal(200);
    });

    it('refuses a declared body larger than the limit without reading it, and closes that connection', async () => {
      const status = await new Promise<number>((resolve, reject) => {
        const url = new URL(`${svc.baseUrl}/reset-password`);
        const req = request({ host: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': String(50 * 1024 * 1024) } }, (res) => {
          expect(res.headers['connection']).to.equal('close');
          res.resume();
          resolve(res.statusCode ?? 0);
          req.destroy();
        });
        req.on('error', reject);
        req.write('token=abc&new_password=');
      });
      expect(status).to.equal(413);
    });

    it('refuses a streamed body (no Content-Length) once it passes the limit, without waiting for its end', async () => {
      const status = await new Promise<number>((resolve, reject) => {
        const url = new URL(`${svc.baseUrl}/verify-email`);
        const req = request({ host: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', 'transfer-encoding': 'chunked' } }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
          req.destroy();
        });
        req.on('error', reject);
        req.write('token=abc&pad=');
        // Never ended: only the limit can make the service answer.
        const chunk = 'a'.repeat(16 * 1024);
        for (let i = 0; i < 16; i++) req.write(chunk);
      });
      expect(status).to.equal(413);
    });

    it('answers other methods with 405', async () => {
      for (const path of ['/verify-email', '/reset-password']) {
        const r = await fetch(`${svc.baseUrl}${path}?token=x`, { method: 'PUT' });
        expect(r.status, path).to.equal(405);
      }
    });
  });
});
