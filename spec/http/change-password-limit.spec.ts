import { expect } from 'chai';
import { changePassword } from '../../core/identity/commands/change-password.js';
import { register } from '../../core/identity/commands/register.js';
import type { Actor } from '../../core/kernel/actor.js';
import type { PasswordHasher } from '../../core/identity/ports.js';
import { registerUser, startTestService, windowStartClock } from '../support/service.js';
import { anonymous, coreDeps, left, plainHasher, right } from '../core/support.js';

// A password change costs a 32 MiB scrypt and lets a stolen session guess the current password, so it
// is limited like the auth endpoints: AUTH_RATE_LIMIT attempts per minute per user and per address.

type Problem = { readonly code?: string };
const code = (error: unknown): string | undefined => (error as Problem | undefined)?.code;

describe('HTTP change-password rate limit (AUTH_RATE_LIMIT=3)', () => {
  it('the 4th attempt of one user within a minute is 429 with Retry-After, even with the right password', async () => {
    const svc = await startTestService({ storage: 'memory', clock: windowStartClock(), env: { AUTH_RATE_LIMIT: '3' } });
    try {
      const u = await registerUser(svc, 'cp-user@example.org');
      for (let i = 0; i < 3; i++) {
        const r = await svc.client(u.token).POST('/auth/change-password', { body: { current_password: `guess ${i}`, new_password: 'a new password' } });
        expect(r.response.status, `attempt ${i + 1}`).to.equal(422);
      }
      const fourth = await svc.client(u.token).POST('/auth/change-password', { body: { current_password: u.password, new_password: 'a new password' } });
      expect(fourth.response.status).to.equal(429);
      expect(code(fourth.error)).to.equal('rate_limited');
      expect(Number(fourth.response.headers.get('retry-after'))).to.be.greaterThan(0).and.at.most(60);
      // The refused change did nothing: the old password still signs in.
      const login = await svc.client().POST('/auth/login', { body: { email: u.email, password: u.password } });
      expect(login.response.status).to.equal(200);
    } finally {
      await svc.close();
    }
  });

  it('counts per address across users: one address cannot spread its guesses over many sessions', async () => {
    // Behind one trusted proxy, so that the accounts can be registered from distinct addresses.
    const svc = await startTestService({ storage: 'memory', clock: windowStartClock(), env: { AUTH_RATE_LIMIT: '3', TRUST_PROXY: '1' } });
    try {
      const tokens = [];
      for (let i = 0; i < 4; i++) {
        const r = await svc.client().POST('/auth/register', {
          body: { email: `cp-addr-${i}@example.org`, password: 'correct horse' },
          headers: { 'X-Forwarded-For': `192.0.2.${i + 10}` },
        });
        expect(r.response.status, `register ${i + 1}`).to.equal(201);
        tokens.push(r.data!.token);
      }
      const statuses = [];
      for (const token of tokens) {
        const r = await svc.client(token).POST('/auth/change-password', {
          body: { current_password: 'wrong guess', new_password: 'a new password' },
          headers: { 'X-Forwarded-For': '198.51.100.7' },
        });
        statuses.push(r.response.status);
      }
      expect(statuses).to.deep.equal([422, 422, 422, 429]);
    } finally {
      await svc.close();
    }
  });

  it('is off with AUTH_RATE_LIMIT=0', async () => {
    const svc = await startTestService({ storage: 'memory', env: { AUTH_RATE_LIMIT: '0' } });
    try {
      const u = await registerUser(svc, 'cp-off@example.org');
      for (let i = 0; i < 6; i++) {
        const r = await svc.client(u.token).POST('/auth/change-password', { body: { current_password: 'wrong guess', new_password: 'a new password' } });
        expect(r.response.status, `attempt ${i + 1}`).to.equal(422);
      }
    } finally {
      await svc.close();
    }
  });
});

describe('change-password rate limit (core)', () => {
  it('refuses before the password hash is computed', async () => {
    const { deps } = coreDeps({ authRateLimit: 2 });
    let verified = 0;
    const hasher: PasswordHasher = { hash: plainHasher.hash, verify: async (p, h) => ((verified += 1), plainHasher.verify(p, h)) };
    const withCount = { ...deps, hasher };
    const { user } = right(await register(withCount)(anonymous, { email: 'core-cp@example.org', password: 'long enough' }));
    const actor: Actor = { kind: 'user', userId: user.id, email: user.email, emailVerified: true, sessionId: 'a session', clientAddress: '192.0.2.1' };
    const change = changePassword(withCount);
    for (let i = 0; i < 2; i++) expect(left(await change(actor, { currentPassword: 'wrong', newPassword: 'another secret' }))).to.include({ _tag: 'InvalidInput' });
    expect(verified).to.equal(2);
    expect(left(await change(actor, { currentPassword: 'long enough', newPassword: 'another secret' }))).to.include({ _tag: 'RateLimited' });
    expect(verified).to.equal(2);
  });
});
