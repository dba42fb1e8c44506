import { expect } from 'chai';
import { pino } from 'pino';
import { register } from '../../core/identity/commands/register.js';
import { login } from '../../core/identity/commands/login.js';
import { logout } from '../../core/identity/commands/logout.js';
import { verifyEmail } from '../../core/identity/commands/verify-email.js';
import { authenticate } from '../../core/identity/queries/authenticate.js';
import { checkEmailToken } from '../../core/identity/queries/check-email-token.js';
import { purgeEndedCredentials } from '../../core/identity/commands/purge-ended-credentials.js';
import { hashToken } from '../../core/identity/tokens.js';
import { memoryBlobStore } from '../../adapters/memory/blob-store.js';
import { schedulePurge } from '../../bootstrap/purge-schedule.js';
import { anonymous, coreDeps, right, tokenOf } from './support.js';

// Sessions and emailed links that can no longer do anything (expired, revoked, used) are erased once
// they ended PURGE_AFTER_DAYS ago: until then the tables kept every sign-in of every account forever.

const DAY = 24 * 3600 * 1000;

describe('ended sessions and emailed links are erased after the recovery window', () => {
  it('keeps them for keepDays after they end, then removes exactly them', async () => {
    const { deps, clock, mails } = coreDeps({ sessionTtlMs: 10 * DAY, verificationTtlMs: 2 * DAY });
    const auth = authenticate(deps);
    const { token: first } = right(await register(deps)(anonymous, { email: 'a@example.org', password: 'long enough' }));
    const verification = tokenOf(mails[0]!.link);
    const { token: second } = right(await login(deps)(anonymous, { email: 'a@example.org', password: 'long enough' }));
    const signedIn = await auth(second, '::1');
    expect(signedIn).to.not.equal(null);
    // Signed out of the second session at once; the first expires after 10 days; the link expires after 2.
    right(await logout(deps)(signedIn!.actor));
    const purge = purgeEndedCredentials({ ...deps, keepDays: 30 });

    clock.advance(29 * DAY);
    expect(await purge()).to.deep.equal({ sessions: 0, emailTokens: 0 });
    expect(await checkEmailToken(deps)({ token: verification, purpose: 'verify_email' })).to.equal('expired');
    clock.advance(1 * DAY + 1);
    // The signed-out session ended 30 days ago, and the link 28 days ago: only the session goes.
    expect(await purge()).to.deep.equal({ sessions: 1, emailTokens: 0 });
    expect(await deps.storage.sessions.byTokenHash(hashToken(second))).to.equal(null);
    expect(await deps.storage.sessions.byTokenHash(hashToken(first))).to.not.equal(null);
    // Day 40: the first session expired 30 days ago, the link 38 days ago.
    clock.advance(10 * DAY);
    expect(await purge()).to.deep.equal({ sessions: 1, emailTokens: 1 });
    expect(await checkEmailToken(deps)({ token: verification, purpose: 'verify_email' })).to.equal('unknown');
    expect(await purge()).to.deep.equal({ sessions: 0, emailTokens: 0 });
  });

  it('never removes a session that still signs in, nor a link that still works', async () => {
    const { deps, clock, mails } = coreDeps({ sessionTtlMs: 400 * DAY, verificationTtlMs: 400 * DAY });
    const { token } = right(await register(deps)(anonymous, { email: 'b@example.org', password: 'long enough' }));
    clock.advance(365 * DAY);
    expect(await purgeEndedCredentials({ ...deps, keepDays: 0 })()).to.deep.equal({ sessions: 0, emailTokens: 0 });
    expect(await authenticate(deps)(token, '::1')).to.not.equal(null);
    right(await verifyEmail(deps)({ token: tokenOf(mails[0]!.link) }));
  });

  it('the scheduled purge (server and worker) removes them', async () => {
    const { deps, clock } = coreDeps({ sessionTtlMs: DAY });
    const { token } = right(await register(deps)(anonymous, { email: 'c@example.org', password: 'long enough' }));
    clock.advance(32 * DAY);
    expect(await deps.storage.sessions.byTokenHash(hashToken(token))).to.not.equal(null);
    const schedule = schedulePurge({ storage: deps.storage, clock, purgeAfterDays: 30, blobs: memoryBlobStore() }, pino({ level: 'silent' }));
    await schedule.stop();
    expect(await deps.storage.sessions.byTokenHash(hashToken(token))).to.equal(null);
  });
});
