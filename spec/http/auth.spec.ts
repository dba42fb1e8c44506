import { expect } from 'chai';
import { createApiClient } from '../../client/index.js';
import { registerUser, startTestService, tokenFromMail, type TestService, windowStartClock } from '../support/service.js';

// Auth over HTTP, through the generated client: register, login, logout, sessions (Bearer and cookie,
// CSRF), email verification, password reset, change password, REQUIRE_EMAIL_VERIFICATION, rate limits.

type Problem = { readonly code?: string; readonly status?: number };
const code = (error: unknown): string | undefined => (error as Problem | undefined)?.code;

let seq = 0;
const uniqueEmail = (tag: string) => `${tag}-${Date.now().toString(36)}-${seq++}@example.org`;

describe('HTTP auth', () => {
  let svc: TestService;
  before(async () => {
    svc = await startTestService();
  });
  after(async () => {
    await svc.close();
  });

  const mailsTo = (email: string) => svc.mails.filter((m) => m.to === email);
  const meStatus = async (token: string) => (await svc.client(token).GET('/users/me')).response.status;

  describe('register', () => {
    it('answers 201 with the user and a token, sets an HttpOnly SameSite=Lax session cookie, and mails a verification link', async () => {
      const email = uniqueEmail('reg');
      const { data, response } = await svc.client().POST('/auth/register', { body: { email, password: 'correct horse' } });
      expect(response.status).to.equal(201);
      expect(data?.user.email).to.equal(email);
      expect(data?.user.email_verified).to.equal(false);
      expect(data?.token).to.be.a('string').with.length.greaterThan(30);
      const cookie = response.headers.get('set-cookie') ?? '';
      expect(cookie).to.match(new RegExp(`(^|\\s)session=${data?.token}(;|$)`));
      expect(cookie).to.match(/;\s*HttpOnly/i);
      expect(cookie).to.match(/;\s*SameSite=Lax/i);
      expect(cookie).not.to.match(/;\s*Secure/i); // BASE_URL is http
      const mails = mailsTo(email);
      expect(mails).to.have.length(1);
      expect(mails[0]!.link).to.match(/token=[^&\s]+/);
      expect(await meStatus(data!.token)).to.equal(200);
    });

    it('refuses an email that exists, whatever its case, with 409 email_taken', async () => {
      const email = uniqueEmail('dup');
      await registerUser(svc, email);
      const again = await svc.client().POST('/auth/register', { body: { email, password: 'another password' } });
      expect(again.response.status).to.equal(409);
      expect(code(again.error)).to.equal('email_taken');
      const upper = await svc.client().POST('/auth/register', { body: { email: email.toUpperCase(), password: 'another password' } });
      expect(upper.response.status).to.equal(409);
      expect(code(upper.error)).to.equal('email_taken');
      expect(upper.response.headers.get('set-cookie')).to.equal(null);
    });

    it('refuses a weak password with 422 and creates nothing', async () => {
      const email = uniqueEmail('weak');
      const { error, response } = await svc.client().POST('/auth/register', { body: { email, password: 'short' } });
      expect(response.status).to.equal(422);
      expect(response.headers.get('content-type')).to.match(/^application\/problem\+json/);
      expect((error as { errors?: { path: string }[] }).errors?.map((e) => e.path)).to.include('password');
      expect(mailsTo(email)).to.have.length(0);
      const login = await svc.client().POST('/auth/login', { body: { email, password: 'short' } });
      expect(login.response.status).to.equal(401);
    });
  });

  describe('login and logout', () => {
    it('logs in with the right password (200, token, cookie); 401 for a wrong password or an unknown email', async () => {
      const u = await registerUser(svc, uniqueEmail('login'));
      const ok = await svc.client().POST('/auth/login', { body: { email: u.email, password: u.password } });
      expect(ok.response.status).to.equal(200);
      expect(ok.data?.user.id).to.equal(u.id);
      expect(ok.data?.token).to.be.a('string').and.not.equal(u.token);
      expect(ok.response.headers.get('set-cookie')).to.contain(`session=${ok.data?.token}`);
      expect(await meStatus(ok.data!.token)).to.equal(200);

      const upper = await svc.client().POST('/auth/login', { body: { email: u.email.toUpperCase(), password: u.password } });
      expect(upper.response.status).to.equal(200);

      const wrong = await svc.client().POST('/auth/login', { body: { email: u.email, password: 'not the password' } });
      expect(wrong.response.status).to.equal(401);
      expect(code(wrong.error)).to.equal('unauthenticated');
      expect(wrong.response.headers.get('set-cookie')).to.equal(null);

      const unknown = await svc.client().POST('/auth/login', { body: { email: uniqueEmail('nobody'), password: u.password } });
      expect(unknown.response.status).to.equal(401);
      expect(code(unknown.error)).to.equal('unauthenticated');
      expect((unknown.error as { detail?: string }).detail).to.equal((wrong.error as { detail?: string }).detail);
    });

    it('logout revokes the session (the token then answers 401) and clears the cookie; other sessions live on', async () => {
      const u = await registerUser(svc, uniqueEmail('logout'));
      const second = await svc.client().POST('/auth/login', { body: { email: u.email, password: u.password } });
      const { response } = await svc.client(u.token).POST('/auth/logout');
      expect(response.status).to.equal(204);
      expect(response.headers.get('set-cookie')).to.match(/session=;.*Max-Age=0/);
      const me = await svc.client(u.token).GET('/users/me');
      expect(me.response.status).to.equal(401);
      expect(code(me.error)).to.equal('unauthenticated');
      expect((await svc.client(u.token).POST('/auth/logout')).response.status).to.equal(401);
      expect(await meStatus(second.data!.token)).to.equal(200);
    });

    it('a bogus Bearer token is 401', async () => {
      const me = await svc.client('not-a-real-token').GET('/users/me');
      expect(me.response.status).to.equal(401);
      expect(me.response.headers.get('www-authenticate')).to.match(/^Bearer/);
    });
  });

  describe('Bearer and cookie sessions', () => {
    it('both the Bearer header and the session cookie authenticate a read', async () => {
      const u = await registerUser(svc, uniqueEmail('both'));
      const bearer = await svc.client(u.token).GET('/users/me');
      expect(bearer.data?.id).to.equal(u.id);
      const cookie = await createApiClient(svc.baseUrl, { cookie: `session=${u.token}` }).GET('/users/me');
      expect(cookie.response.status).to.equal(200);
      expect(cookie.data?.id).to.equal(u.id);
      const badCookie = await createApiClient(svc.baseUrl, { cookie: 'session=forged' }).GET('/users/me');
      expect(badCookie.response.status).to.equal(401);
    });

    it('a cookie-only unsafe request without Origin or with a foreign Origin is 403 csrf; with our Origin it goes through', async () => {
      const u = await registerUser(svc, uniqueEmail('csrf'));
      const noOrigin = await createApiClient(svc.baseUrl, { cookie: `session=${u.token}` }).POST('/trees', { body: { name: 'No origin' } });
      expect(noOrigin.response.status).to.equal(403);
      expect(code(noOrigin.error)).to.equal('csrf');
      const foreign = await createApiClient(svc.baseUrl, { cookie: `session=${u.token}`, origin: 'https://evil.example' }).POST('/trees', {
        body: { name: 'Foreign origin' },
      });
      expect(foreign.response.status).to.equal(403);
      expect(code(foreign.error)).to.equal('csrf');
      // Neither refused request may have created a tree.
      expect((await svc.client(u.token).GET('/trees')).data).to.deep.equal([]);

      const own = await createApiClient(svc.baseUrl, { cookie: `session=${u.token}`, origin: new URL(svc.baseUrl).origin }).POST('/trees', {
        body: { name: 'Own origin' },
      });
      expect(own.response.status).to.equal(201);
      expect(own.data?.name).to.equal('Own origin');

      // Bearer needs no Origin: it cannot be sent by a browser on its own.
      const bearer = await svc.client(u.token).POST('/trees', { body: { name: 'Bearer' } });
      expect(bearer.response.status).to.equal(201);
    });
  });

  describe('email verification', () => {
    it('consumes the link token once: 204, the user is verified, the same token again is 422 invalid_token', async () => {
      const u = await registerUser(svc, uniqueEmail('verify'));
      const token = tokenFromMail(svc, u.email);
      const first = await svc.client().POST('/auth/verify-email', { body: { token } });
      expect(first.response.status).to.equal(204);
      expect((await svc.client(u.token).GET('/users/me')).data?.email_verified).to.equal(true);
      const again = await svc.client().POST('/auth/verify-email', { body: { token } });
      expect(again.response.status).to.equal(422);
      expect(code(again.error)).to.equal('invalid_token');
    });

    it('an unknown token is 422 invalid_token', async () => {
      const { error, response } = await svc.client().POST('/auth/verify-email', { body: { token: 'no-such-token' } });
      expect(response.status).to.equal(422);
      expect(code(error)).to.equal('invalid_token');
    });

    it('resend mails a new token and the old one stops working', async () => {
      const u = await registerUser(svc, uniqueEmail('resend'));
      const old = tokenFromMail(svc, u.email);
      const resend = await svc.client(u.token).POST('/auth/verify-email/resend');
      expect(resend.response.status).to.equal(204);
      expect(mailsTo(u.email)).to.have.length(2);
      const fresh = tokenFromMail(svc, u.email);
      expect(fresh).not.to.equal(old);
      const stale = await svc.client().POST('/auth/verify-email', { body: { token: old } });
      expect(stale.response.status).to.equal(422);
      expect(code(stale.error)).to.equal('invalid_token');
      expect((await svc.client().POST('/auth/verify-email', { body: { token: fresh } })).response.status).to.equal(204);
      // Verified: resend answers 204 and sends nothing.
      expect((await svc.client(u.token).POST('/auth/verify-email/resend')).response.status).to.equal(204);
      expect(mailsTo(u.email)).to.have.length(2);
    });

    it('resend needs a session (401)', async () => {
      expect((await svc.client().POST('/auth/verify-email/resend')).response.status).to.equal(401);
    });
  });

  describe('password reset', () => {
    it('answers 202 with identical bodies for an existing and an unknown email; only the existing one gets a mail', async () => {
      const u = await registerUser(svc, uniqueEmail('reset-exists'));
      const ghost = uniqueEmail('reset-ghost');
      const before = svc.mails.length;
      const known = await svc.client().POST('/auth/password-reset', { body: { email: u.email } });
      const unknown = await svc.client().POST('/auth/password-reset', { body: { email: ghost } });
      expect(known.response.status).to.equal(202);
      expect(unknown.response.status).to.equal(202);
      expect(known.data).to.equal(unknown.data);
      expect(known.response.headers.get('content-type')).to.equal(unknown.response.headers.get('content-type'));
      const sent = svc.mails.slice(before);
      expect(sent.map((m) => m.to)).to.deep.equal([u.email]);
      expect(sent[0]!.link).to.match(/token=/);
    });

    it('confirm sets the new password, revokes ALL prior sessions, and the token works once', async () => {
      const u = await registerUser(svc, uniqueEmail('reset'));
      const other = await svc.client().POST('/auth/login', { body: { email: u.email, password: u.password } });
      await svc.client().POST('/auth/password-reset', { body: { email: u.email } });
      const token = tokenFromMail(svc, u.email);
      const confirm = await svc.client().POST('/auth/password-reset/confirm', { body: { token, new_password: 'brand new secret' } });
      expect(confirm.response.status).to.equal(204);
      expect(await meStatus(u.token)).to.equal(401);
      expect(await meStatus(other.data!.token)).to.equal(401);
      expect((await svc.client().POST('/auth/login', { body: { email: u.email, password: u.password } })).response.status).to.equal(401);
      const login = await svc.client().POST('/auth/login', { body: { email: u.email, password: 'brand new secret' } });
      expect(login.response.status).to.equal(200);

      const reuse = await svc.client().POST('/auth/password-reset/confirm', { body: { token, new_password: 'a third secret' } });
      expect(reuse.response.status).to.equal(422);
      expect(code(reuse.error)).to.equal('invalid_token');
      expect((await svc.client().POST('/auth/login', { body: { email: u.email, password: 'brand new secret' } })).response.status).to.equal(200);
    });

    it('an unknown reset token is 422 invalid_token', async () => {
      const { error, response } = await svc.client().POST('/auth/password-reset/confirm', { body: { token: 'bogus', new_password: 'brand new secret' } });
      expect(response.status).to.equal(422);
      expect(code(error)).to.equal('invalid_token');
    });

    it('a verification token is not a reset token (422 invalid_token)', async () => {
      const u = await registerUser(svc, uniqueEmail('cross'));
      const verify = tokenFromMail(svc, u.email);
      const { error, response } = await svc.client().POST('/auth/password-reset/confirm', { body: { token: verify, new_password: 'brand new secret' } });
      expect(response.status).to.equal(422);
      expect(code(error)).to.equal('invalid_token');
      expect(await meStatus(u.token)).to.equal(200);
    });
  });

  describe('change password', () => {
    it('a wrong current password is 422 wrong_password and changes nothing', async () => {
      const u = await registerUser(svc, uniqueEmail('chg-wrong'));
      const { error, response } = await svc.client(u.token).POST('/auth/change-password', {
        body: { current_password: 'not it at all', new_password: 'another secret' },
      });
      expect(response.status).to.equal(422);
      expect(code(error)).to.equal('wrong_password');
      expect((await svc.client().POST('/auth/login', { body: { email: u.email, password: u.password } })).response.status).to.equal(200);
    });

    it('revokes the other sessions, keeps the current one; the new password logs in, the old does not', async () => {
      const u = await registerUser(svc, uniqueEmail('chg'));
      const other = await svc.client().POST('/auth/login', { body: { email: u.email, password: u.password } });
      const { response } = await svc.client(u.token).POST('/auth/change-password', {
        body: { current_password: u.password, new_password: 'another secret' },
      });
      expect(response.status).to.equal(204);
      expect(await meStatus(u.token)).to.equal(200);
      expect(await meStatus(other.data!.token)).to.equal(401);
      expect((await svc.client().POST('/auth/login', { body: { email: u.email, password: u.password } })).response.status).to.equal(401);
      expect((await svc.client().POST('/auth/login', { body: { email: u.email, password: 'another secret' } })).response.status).to.equal(200);
    });

    it('a weak new password is 422', async () => {
      const u = await registerUser(svc, uniqueEmail('chg-weak'));
      const { response } = await svc.client(u.token).POST('/auth/change-password', { body: { current_password: u.password, new_password: 'x' } });
      expect(response.status).to.equal(422);
    });

    it('a too-short password is the core\'s 422 weak_password on register and change, not a generic decode error', async () => {
      const reg = await svc.client().POST('/auth/register', { body: { email: uniqueEmail('weak-code'), password: 'short' } });
      expect((reg.error as { code?: string }).code).to.equal('weak_password');
      const u = await registerUser(svc, uniqueEmail('chg-weak-code'));
      const chg = await svc.client(u.token).POST('/auth/change-password', { body: { current_password: u.password, new_password: 'x' } });
      expect((chg.error as { code?: string }).code).to.equal('weak_password');
    });
  });

  describe('GET /users/me', () => {
    it('reports id, email, email_verified, self_person_id null and is_instance_owner false', async () => {
      const u = await registerUser(svc, uniqueEmail('me'));
      const { data, response } = await svc.client(u.token).GET('/users/me');
      expect(response.status).to.equal(200);
      expect(data).to.include({ id: u.id, email: u.email, email_verified: false, self_person_id: null, is_instance_owner: false });
      expect(Date.parse(data!.created_at)).to.be.a('number').and.not.NaN;
      expect(data).not.to.have.property('password_hash');
      expect(JSON.stringify(data)).not.to.match(/hash|password/i);
    });

    it('without a session is 401 unauthenticated', async () => {
      const { error, response } = await svc.client().GET('/users/me');
      expect(response.status).to.equal(401);
      expect(code(error)).to.equal('unauthenticated');
    });
  });
});

describe('HTTP auth with REQUIRE_EMAIL_VERIFICATION=true', () => {
  let svc: TestService;
  before(async () => {
    svc = await startTestService({ storage: 'memory', env: { REQUIRE_EMAIL_VERIFICATION: 'true' } });
  });
  after(async () => {
    await svc.close();
  });

  it('an unverified user gets 403 email_unverified on POST /trees, can read /users/me and resend, and can create once verified', async () => {
    const u = await registerUser(svc, 'unverified@example.org');
    const refused = await svc.client(u.token).POST('/trees', { body: { name: 'Too soon' } });
    expect(refused.response.status).to.equal(403);
    expect(code(refused.error)).to.equal('email_unverified');
    const list = await svc.client(u.token).GET('/trees');
    expect(list.response.status).to.equal(403);
    expect(code(list.error)).to.equal('email_unverified');

    const me = await svc.client(u.token).GET('/users/me');
    expect(me.response.status).to.equal(200);
    expect(me.data?.email_verified).to.equal(false);
    expect((await svc.client(u.token).POST('/auth/verify-email/resend')).response.status).to.equal(204);

    const verify = await svc.client().POST('/auth/verify-email', { body: { token: tokenFromMail(svc, u.email) } });
    expect(verify.response.status).to.equal(204);
    const created = await svc.client(u.token).POST('/trees', { body: { name: 'Now allowed' } });
    expect(created.response.status).to.equal(201);
  });

  it('an unverified user may still sign in and out', async () => {
    const u = await registerUser(svc, 'unverified2@example.org');
    const login = await svc.client().POST('/auth/login', { body: { email: u.email, password: u.password } });
    expect(login.response.status).to.equal(200);
    expect((await svc.client(login.data!.token).POST('/auth/logout')).response.status).to.equal(204);
  });
});

describe('HTTP auth rate limits (AUTH_RATE_LIMIT=3)', () => {
  // The limit counts per client address and per email; every request here comes from 127.0.0.1, so
  // each action gets its own service to start from empty buckets.
  const limited = async (env: Record<string, string> = {}) => startTestService({ storage: 'memory', clock: windowStartClock(), env: { AUTH_RATE_LIMIT: '3', ...env } });

  it('the 4th login attempt for one email within a minute is 429 with Retry-After, even with the right password', async () => {
    const svc = await limited();
    try {
      const u = await registerUser(svc, 'rl-login@example.org');
      for (let i = 0; i < 3; i++) {
        const attempt = await svc.client().POST('/auth/login', { body: { email: u.email, password: i === 2 ? u.password : 'wrong password' } });
        expect(attempt.response.status, `attempt ${i + 1}`).to.equal(i === 2 ? 200 : 401);
      }
      const fourth = await svc.client().POST('/auth/login', { body: { email: u.email, password: u.password } });
      expect(fourth.response.status).to.equal(429);
      expect(code(fourth.error)).to.equal('rate_limited');
      const retry = Number(fourth.response.headers.get('retry-after'));
      expect(retry).to.be.greaterThan(0).and.at.most(60);
    } finally {
      await svc.close();
    }
  });

  it('register is limited likewise', async () => {
    const svc = await limited();
    try {
      for (let i = 0; i < 3; i++) {
        const r = await svc.client().POST('/auth/register', { body: { email: `rl-reg-${i}@example.org`, password: 'correct horse' } });
        expect(r.response.status, `register ${i + 1}`).to.equal(201);
      }
      const fourth = await svc.client().POST('/auth/register', { body: { email: 'rl-reg-3@example.org', password: 'correct horse' } });
      expect(fourth.response.status).to.equal(429);
      expect(fourth.response.headers.get('retry-after')).to.match(/^\d+$/);
      // The refused registration created nothing.
      expect(svc.mails.filter((m) => m.to === 'rl-reg-3@example.org')).to.have.length(0);
    } finally {
      await svc.close();
    }
  });

  it('password reset is limited likewise, and a limited request sends no mail', async () => {
    const svc = await limited();
    try {
      const u = await registerUser(svc, 'rl-reset@example.org');
      for (let i = 0; i < 3; i++) {
        const r = await svc.client().POST('/auth/password-reset', { body: { email: u.email } });
        expect(r.response.status, `reset ${i + 1}`).to.equal(202);
      }
      const mails = svc.mails.length;
      const fourth = await svc.client().POST('/auth/password-reset', { body: { email: u.email } });
      expect(fourth.response.status).to.equal(429);
      expect(fourth.response.headers.get('retry-after')).to.match(/^\d+$/);
      expect(svc.mails.length).to.equal(mails);
    } finally {
      await svc.close();
    }
  });
});
