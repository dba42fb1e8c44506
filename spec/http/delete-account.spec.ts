import { expect } from 'chai';
import { purgeExpired } from '../../core/cleanup/commands/purge-expired.js';
import { memoryBlobStore } from '../../adapters/memory/blob-store.js';
import { emptyBackup, exportZip, importZip } from '../support/account-archive.js';
import { rawCaller } from '../support/raw-call.js';
import { registerUser, startTestService, tokenFromMail, type TestService } from '../support/service.js';

// DELETE /users/me { email } over HTTP on PostgreSQL (API.md "Accounts"): the retyped email, what
// goes and what stays, signing in afterwards, and the purge after PURGE_AFTER_DAYS.

const PURGE_AFTER_DAYS = 30;
const DAY = 24 * 3600 * 1000;
const PASSWORD = 'correct horse';

describe('HTTP DELETE /users/me', () => {
  let svc: TestService;
  const call = rawCaller(() => svc.baseUrl);
  const deleteMe = (token: string | undefined, email: string) => call('DELETE', '/users/me', token, { email });
  const login = (email: string, password = PASSWORD) => call('POST', '/auth/login', undefined, { email, password });
  let n = 0;
  /** A fresh account (every case leaves with its own). */
  const account = async (who: string) => registerUser(svc, `${who}.${n++}@example.org`, PASSWORD);
  const tree = async (token: string, name: string) => {
    const r = await call('POST', '/trees', token, { name });
    expect(r.status, 'create tree').to.equal(201);
    return r.body.id as string;
  };
  const addMember = async (token: string, treeId: string, email: string, role: string) =>
    expect((await call('POST', `/trees/${treeId}/members`, token, { email, role })).status, `add ${role}`).to.equal(201);
  const purge = (afterDays: number) =>
    purgeExpired({ storage: svc.storage, clock: { now: () => new Date(Date.now() + afterDays * DAY) }, purgeAfterDays: PURGE_AFTER_DAYS, blobs: memoryBlobStore() })();

  before(async () => {
    svc = await startTestService({ env: { OWNER_EMAIL: 'root@example.org', PURGE_AFTER_DAYS: String(PURGE_AFTER_DAYS) } });
  });
  after(async () => svc?.close());

  it('answers 422 email_mismatch for another email and changes nothing', async () => {
    const me = await account('keeper');
    const other = await account('other');
    const t = await tree(me.token, 'Kept');
    const r = await deleteMe(me.token, other.email);
    expect(r.status).to.equal(422);
    expect(r.body.code).to.equal('email_mismatch');
    expect((await call('GET', '/users/me', me.token)).status).to.equal(200);
    expect((await call('GET', `/trees/${t}`, me.token)).body.deleted_at).to.equal(null);
    expect((await login(me.email)).status).to.equal(200);
  });

  it('answers 422 for a body without an email, and 401 without a session', async () => {
    const me = await account('plain');
    const r = await call('DELETE', '/users/me', me.token, {});
    expect({ status: r.status, code: r.body.code }).to.deep.equal({ status: 422, code: 'invalid_input' });
    expect((await deleteMe(undefined, me.email)).status).to.equal(401);
    expect((await call('GET', '/users/me', me.token)).status).to.equal(200);
  });

  it('refuses a cookie-only DELETE without Origin (403 csrf), leaving the account', async () => {
    const me = await account('cookie');
    const res = await fetch(`${svc.baseUrl}/api/v1/users/me`, {
      method: 'DELETE',
      headers: { Cookie: `session=${me.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: me.email }),
    });
    expect(res.status).to.equal(403);
    expect(((await res.json()) as { code: string }).code).to.equal('csrf');
    expect((await call('GET', '/users/me', me.token)).status).to.equal(200);
  });

  it('deletes: old token 401, sign-in as for an unknown email, no reset mail, trees deleted or left as their owners say', async () => {
    const me = await account('leaver');
    const editor = await account('editor');
    const viewer = await account('viewer');
    const coOwner = await account('coowner');
    const alone = await tree(me.token, 'Mine alone');
    await addMember(me.token, alone, editor.email, 'editor');
    await addMember(me.token, alone, viewer.email, 'viewer');
    const shared = await tree(coOwner.token, 'Shared');
    await addMember(coOwner.token, shared, me.email, 'owner');
    const theirs = await tree(viewer.token, 'Theirs');
    await addMember(viewer.token, theirs, me.email, 'viewer');
    const unknownLogin = await login(`nobody.${n++}@example.org`);

    const r = await deleteMe(me.token, `  ${me.email.toUpperCase()} `);
    expect(r.status).to.equal(204);
    expect(r.text).to.equal('');

    expect((await call('GET', '/users/me', me.token)).status).to.equal(401);
    const after = await login(me.email);
    expect({ status: after.status, body: after.body }).to.deep.equal({ status: unknownLogin.status, body: unknownLogin.body });
    expect(after.status).to.equal(401);
    const mails = svc.mails.length;
    expect((await call('POST', '/auth/password-reset', undefined, { email: me.email })).status).to.equal(202);
    expect(svc.mails.length).to.equal(mails);

    // The tree the user alone owned is gone for its members, and nobody can bring it back.
    for (const member of [editor, viewer]) {
      expect((await call('GET', `/trees/${alone}`, member.token)).status).to.equal(404);
      expect([403, 404]).to.include((await call('POST', `/trees/${alone}/restore`, member.token)).status);
      for (const list of ['/trees', '/trees?deleted=true']) expect((await call('GET', list, member.token)).body.map((x: { id: string }) => x.id)).to.not.include(alone);
    }
    // The co-owned tree goes on, without the user among its members.
    expect((await call('GET', `/trees/${shared}`, coOwner.token)).status).to.equal(200);
    const members = await call('GET', `/trees/${shared}/members`, coOwner.token);
    expect(members.body.map((m: { user_id: string }) => m.user_id)).to.deep.equal([coOwner.id]);
    expect((await call('PATCH', `/trees/${shared}`, coOwner.token, { description: 'still here' })).status).to.equal(200);
    // The viewer membership of someone else's tree is gone.
    expect((await call('GET', `/trees/${theirs}/members`, viewer.token)).body.map((m: { user_id: string }) => m.user_id)).to.deep.equal([viewer.id]);
    // Before the purge the email stays taken, as for any account.
    expect((await call('POST', '/auth/register', undefined, { email: me.email, password: PASSWORD })).status).to.equal(409);
  });

  it('lets the instance owner delete their account, from a browser (cookie and Origin), clearing the cookie', async () => {
    const root = await registerUser(svc, 'root@example.org', PASSWORD);
    expect((await call('POST', '/auth/verify-email', undefined, { token: tokenFromMail(svc, root.email) })).status).to.equal(204);
    expect((await call('GET', '/users/me', root.token)).body.is_instance_owner).to.equal(true);
    const res = await fetch(`${svc.baseUrl}/api/v1/users/me`, {
      method: 'DELETE',
      headers: { Cookie: `session=${root.token}`, Origin: svc.baseUrl, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: root.email }),
    });
    expect(res.status).to.equal(204);
    expect(res.headers.get('set-cookie')).to.match(/^session=;.*Max-Age=0/);
    expect((await call('GET', '/users/me', root.token)).status).to.equal(401);
    expect((await login(root.email)).status).to.equal(401);
  });

  it('is purged after PURGE_AFTER_DAYS with its trees; audit entries keep its id; the email registers again', async () => {
    const me = await account('purged');
    const coOwner = await account('stays');
    const alone = await tree(me.token, 'Purged with me');
    const shared = await tree(coOwner.token, 'Shared log');
    await addMember(coOwner.token, shared, me.email, 'owner');
    // An entry made by the user in a tree that outlives the account.
    expect((await call('PATCH', `/trees/${shared}`, me.token, { description: 'touched by me' })).status).to.equal(200);
    expect((await deleteMe(me.token, me.email)).status).to.equal(204);

    const early = await purge(PURGE_AFTER_DAYS - 1);
    expect(early.ran && early.counts.users).to.equal(0);
    expect((await call('POST', '/auth/register', undefined, { email: me.email, password: PASSWORD })).status).to.equal(409);
    // Other cases' accounts go in the same run: at least this one and its tree.
    const due = await purge(PURGE_AFTER_DAYS + 1);
    expect(due.ran && due.counts.users).to.be.at.least(1);
    expect(due.ran && due.counts.trees).to.be.at.least(1);
    expect(await svc.storage.trees.byId(alone)).to.equal(null);

    const log = await call('GET', `/trees/${shared}/audit`, coOwner.token);
    expect(log.status).to.equal(200);
    expect(log.body.filter((e: { actor_id: string | null }) => e.actor_id === me.id).map((e: { action: string }) => e.action)).to.deep.equal(['tree.update']);
    const again = await call('POST', '/auth/register', undefined, { email: me.email, password: PASSWORD });
    expect(again.status).to.equal(201);
    expect(again.body.user.id).to.not.equal(me.id);
  });
});

describe('HTTP account routes while REQUIRE_EMAIL_VERIFICATION holds', () => {
  let svc: TestService;
  const call = rawCaller(() => svc.baseUrl);
  before(async () => {
    svc = await startTestService({ storage: 'memory', env: { REQUIRE_EMAIL_VERIFICATION: 'true' } });
  });
  after(async () => svc?.close());

  it('lets an unverified account leave (member routes stay 403 email_unverified)', async () => {
    const me = await registerUser(svc, 'unverified@example.org', PASSWORD);
    expect((await call('POST', '/trees', me.token, { name: 'Not yet' })).body.code).to.equal('email_unverified');
    expect((await call('DELETE', '/users/me', me.token, { email: me.email })).status).to.equal(204);
    expect((await call('GET', '/users/me', me.token)).status).to.equal(401);
  });

  it('refuses an unverified account its backup and a restore (403 email_unverified), until it is verified', async () => {
    const me = await registerUser(svc, 'exporter@example.org', PASSWORD);
    const exported = await exportZip(svc, me.token);
    expect(exported.status).to.equal(403);
    expect(JSON.parse(exported.bytes.toString('utf8')).code).to.equal('email_unverified');
    const restored = await importZip(svc, me.token, await emptyBackup());
    expect(restored.status).to.equal(403);
    expect(restored.body.code).to.equal('email_unverified');
    const verified = await svc.client().POST('/auth/verify-email', { body: { token: tokenFromMail(svc, me.email) } });
    expect(verified.response.status).to.equal(204);
    const again = await exportZip(svc, me.token);
    expect(again.status).to.equal(200);
    expect(again.type).to.equal('application/zip');
  });
});
