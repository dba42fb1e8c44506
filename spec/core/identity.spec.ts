import { expect } from 'chai';
import { register } from '../../core/identity/commands/register.js';
import { login } from '../../core/identity/commands/login.js';
import { verifyEmail } from '../../core/identity/commands/verify-email.js';
import { requestPasswordReset } from '../../core/identity/commands/request-password-reset.js';
import { confirmPasswordReset } from '../../core/identity/commands/confirm-password-reset.js';
import { authenticate } from '../../core/identity/queries/authenticate.js';
import { getMe } from '../../core/identity/queries/get-me.js';
import { anonymous, coreDeps, left, right, tokenOf } from './support.js';

describe('identity (core, memory adapters)', () => {
  it('ends a session at its expiry', async () => {
    const { deps, clock } = coreDeps({ sessionTtlMs: 1000 });
    const { token } = right(await register(deps)(anonymous, { email: 'a@example.org', password: 'long enough' }));
    const auth = authenticate(deps);
    expect(await auth(token, '::1')).to.not.equal(null);
    clock.advance(999);
    expect(await auth(token, '::1')).to.not.equal(null);
    clock.advance(1);
    expect(await auth(token, '::1')).to.equal(null);
  });

  it('rejects an expired verification link and accepts a fresh one', async () => {
    const { deps, clock, mails } = coreDeps({ verificationTtlMs: 1000 });
    right(await register(deps)(anonymous, { email: 'a@example.org', password: 'long enough' }));
    clock.advance(1000);
    expect(left(await verifyEmail(deps)({ token: tokenOf(mails[0]!.link) }))).to.include({ _tag: 'InvalidInput', code: 'invalid_token' });
  });

  it('rejects an expired reset link, and the reset token cannot verify an email', async () => {
    const { deps, clock, mails } = coreDeps({ resetTtlMs: 1000 });
    right(await register(deps)(anonymous, { email: 'a@example.org', password: 'long enough' }));
    right(await requestPasswordReset(deps)(anonymous, { email: 'A@example.org ' }));
    const reset = tokenOf(mails[1]!.link);
    expect(left(await verifyEmail(deps)({ token: reset }))).to.include({ code: 'invalid_token' });
    clock.advance(1000);
    expect(left(await confirmPasswordReset(deps)({ token: reset, newPassword: 'another secret' }))).to.include({ code: 'invalid_token' });
  });

  it('a completed reset verifies the email (the mailbox was proven)', async () => {
    const { deps, mails } = coreDeps();
    const { user } = right(await register(deps)(anonymous, { email: 'a@example.org', password: 'long enough' }));
    right(await requestPasswordReset(deps)(anonymous, { email: 'a@example.org' }));
    right(await confirmPasswordReset(deps)({ token: tokenOf(mails[1]!.link), newPassword: 'another secret' }));
    const me = right(await getMe(deps)({ kind: 'user', userId: user.id, email: user.email, emailVerified: true, sessionId: 'x', clientAddress: '::1' }));
    expect(me.emailVerified).to.equal(true);
  });

  it('makes the instance owner only of a listed AND verified email', async () => {
    const { deps, mails } = coreDeps({ ownerEmails: ['root@example.org'] });
    const { user, token } = right(await register(deps)(anonymous, { email: 'Root@Example.org', password: 'long enough' }));
    expect(user.isInstanceOwner).to.equal(false);
    right(await verifyEmail(deps)({ token: tokenOf(mails[0]!.link) }));
    const { actor } = (await authenticate(deps)(token, '::1'))!;
    expect(right(await getMe(deps)(actor)).isInstanceOwner).to.equal(true);
  });

  it('limits login attempts per email across addresses and per address across emails, per minute', async () => {
    const { deps, clock } = coreDeps({ authRateLimit: 2 });
    const from = (addr: string) => ({ kind: 'anonymous' as const, clientAddress: addr });
    const attempt = (addr: string, email: string) => login(deps)(from(addr), { email, password: 'wrong password' });
    expect(left(await attempt('10.0.0.1', 'x@example.org'))._tag).to.equal('Unauthenticated');
    expect(left(await attempt('10.0.0.2', 'x@example.org'))._tag).to.equal('Unauthenticated');
    expect(left(await attempt('10.0.0.3', 'x@example.org'))._tag).to.equal('RateLimited');
    expect(left(await attempt('10.0.0.4', 'y@example.org'))._tag).to.equal('Unauthenticated');
    expect(left(await attempt('10.0.0.4', 'z@example.org'))._tag).to.equal('Unauthenticated');
    expect(left(await attempt('10.0.0.4', 'w@example.org'))._tag).to.equal('RateLimited');
    clock.advance(60_000);
    expect(left(await attempt('10.0.0.3', 'x@example.org'))._tag).to.equal('Unauthenticated');
  });
});
