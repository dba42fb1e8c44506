import { expect } from 'chai';
import type { AuditEntry } from '../../core/kernel/audit.js';
import type { Storage } from '../../core/stores.js';
import { deleteAccount } from '../../core/accounts/commands/delete-account.js';
import { purgeExpired } from '../../core/cleanup/commands/purge-expired.js';
import { login } from '../../core/identity/commands/login.js';
import { register } from '../../core/identity/commands/register.js';
import { requestPasswordReset } from '../../core/identity/commands/request-password-reset.js';
import { authenticate } from '../../core/identity/queries/authenticate.js';
import { addMember } from '../../core/trees/commands/add-member.js';
import { createTree } from '../../core/trees/commands/create-tree.js';
import { restoreTree } from '../../core/trees/commands/restore-tree.js';
import { getTree } from '../../core/trees/queries/get-tree.js';
import { listMembers } from '../../core/trees/queries/list-members.js';
import { memoryMailer } from '../../adapters/memory/mailer.js';
import { memoryBlobStore } from '../../adapters/memory/blob-store.js';
import { onEachStorage, type CleanupFixture } from './cleanup-support.js';
import { anonymous, left, right } from './support.js';

const DAY = 24 * 3600 * 1000;

/** The storage with every audit entry a unit of work records copied into `seen` (kept only on commit). */
const watchingAudit = (storage: Storage, seen: AuditEntry[]): Storage => ({
  ...storage,
  uow: {
    run: (work) =>
      storage.uow.run(async (tx) => {
        const mine: AuditEntry[] = [];
        const result = await work({ ...tx, audit: { ...tx.audit, record: async (e) => (mine.push(e), tx.audit.record(e)) } });
        if (result._tag === 'Right') seen.push(...mine);
        return result;
      }),
  },
});

/**
 * The owner of the fixture's tree (editor and viewer members) also co-owns the outsider's tree and
 * views the editor's tree; a session of the owner and one of the editor are open.
 */
const leaving = async (fx: CleanupFixture) => {
  const { deps, owner, editor, outsider, viewer } = fx;
  const shared = right(await createTree(deps)(outsider, { name: 'Shared' }));
  right(await addMember(deps)(outsider, shared.id, { email: 'owner@example.org', role: 'owner' }));
  // Added by the owner, so the shared tree's log holds an entry the owner made.
  right(await addMember(deps)(owner, shared.id, { email: 'viewer@example.org', role: 'viewer' }));
  const others = right(await createTree(deps)(editor, { name: 'The editor\'s' }));
  right(await addMember(deps)(editor, others.id, { email: 'owner@example.org', role: 'viewer' }));
  const session = right(await login(deps)(anonymous, { email: 'owner@example.org', password: 'long enough' })).token;
  const seen: AuditEntry[] = [];
  const run = deleteAccount({ ...deps, storage: watchingAudit(deps.storage, seen) });
  const signedIn = async () => (await authenticate(deps)(session, '::1')) !== null;
  return { shared, others, session, seen, run, signedIn, owner, editor, outsider, viewer };
};

onEachStorage((kind) => `deleting one's account (core, ${kind})`, (setup) => {
  it('refuses an email that is not the account\'s with 422 email_mismatch and changes nothing', async () => {
    const fx = await setup();
    const x = await leaving(fx);
    for (const email of ['viewer@example.org', 'owner@example.org.', '']) {
      expect(left(await x.run(x.owner, { email }))).to.deep.include({ _tag: 'InvalidInput', code: 'email_mismatch' });
    }
    expect(await x.signedIn()).to.equal(true);
    expect((await fx.deps.storage.trees.byId(fx.tree.id))?.deletedAt).to.equal(null);
    expect((await fx.deps.storage.memberships.listForUser(fx.owner.userId)).map((m) => m.treeId).sort()).to.deep.equal([fx.tree.id, x.shared.id, x.others.id].sort());
    expect(await fx.deps.storage.users.byId(fx.owner.userId)).to.not.equal(null);
    expect(x.seen).to.deep.equal([]);
  });

  it('revokes sessions, deletes the sole-owned tree for good, leaves the other trees, and deletes the user, in one audited step', async () => {
    const fx = await setup();
    const { deps } = fx;
    const x = await leaving(fx);
    right(await x.run(x.owner, { email: '  Owner@Example.ORG ' }));

    expect(await x.signedIn()).to.equal(false);
    expect(await deps.storage.users.byId(fx.owner.userId)).to.equal(null);
    // The sole-owned tree is deleted, and its editor and viewer can neither read nor restore it.
    expect((await deps.storage.trees.byId(fx.tree.id))?.deletedAt).to.deep.equal(deps.clock.now());
    for (const member of [x.editor, x.viewer]) {
      expect(left(await getTree(deps)(member, fx.tree.id))).to.deep.include({ _tag: 'NotFound' });
      expect(left(await restoreTree(deps)(member, fx.tree.id))).to.deep.include({ _tag: 'Forbidden' });
    }
    // The co-owned tree carries on without the user; the viewer membership elsewhere is gone.
    expect(right(await getTree(deps)(x.outsider, x.shared.id)).deletedAt).to.equal(null);
    expect(right(await listMembers(deps)(x.outsider, x.shared.id)).map((m) => m.email).sort()).to.deep.equal(['outsider@example.org', 'viewer@example.org']);
    expect(right(await listMembers(deps)(x.editor, x.others.id)).map((m) => m.email)).to.deep.equal(['editor@example.org']);

    expect(x.seen).to.have.length(1);
    const entry = x.seen[0]!;
    expect(entry).to.deep.include({ action: 'user.delete', actorId: fx.owner.userId, entityType: 'user', entityId: fx.owner.userId, treeId: null });
    expect(entry.details).to.deep.equal({ trees_deleted: [fx.tree.id], memberships_removed: [x.shared.id, x.others.id].sort(), sessions_revoked: 2 });
    expect(JSON.stringify(entry)).to.not.contain('owner@example.org');
  });

  it('changes nothing when a step fails half-way (one unit of work)', async () => {
    const fx = await setup();
    const x = await leaving(fx);
    const storage = fx.deps.storage;
    const failing: Storage = {
      ...storage,
      uow: { run: (work) => storage.uow.run((tx) => work({ ...tx, users: { ...tx.users, update: () => Promise.reject(new Error('disk full')) } })) },
    };
    const outcome = await deleteAccount({ ...fx.deps, storage: failing })(x.owner, { email: 'owner@example.org' }).catch((e: Error) => e.message);
    expect(outcome).to.equal('disk full');
    expect(await x.signedIn()).to.equal(true);
    expect((await storage.trees.byId(fx.tree.id))?.deletedAt).to.equal(null);
    expect((await storage.memberships.listForUser(fx.owner.userId)).map((m) => m.treeId).sort()).to.deep.equal([fx.tree.id, x.shared.id, x.others.id].sort());
    expect(await storage.users.byId(fx.owner.userId)).to.not.equal(null);
  });

  it('signs in afterwards exactly as an unknown email does, sends no reset mail, and keeps the email taken until the purge', async () => {
    const fx = await setup();
    const { deps } = fx;
    const x = await leaving(fx);
    right(await x.run(x.owner, { email: 'owner@example.org' }));
    const unknown = left(await login(deps)(anonymous, { email: 'nobody@example.org', password: 'long enough' }));
    expect(left(await login(deps)(anonymous, { email: 'owner@example.org', password: 'long enough' }))).to.deep.equal(unknown);
    const mailer = deps.mailer as ReturnType<typeof memoryMailer>;
    const mailsBefore = mailer.sent.length;
    right(await requestPasswordReset(deps)(anonymous, { email: 'owner@example.org' }));
    expect(mailer.sent.length).to.equal(mailsBefore);
    expect(left(await register(deps)(anonymous, { email: 'owner@example.org', password: 'long enough' }))).to.deep.include({ _tag: 'Conflict', code: 'email_taken' });
  });

  it('is purged with its trees after PURGE_AFTER_DAYS; audit entries keep its id; the email registers again', async () => {
    const fx = await setup();
    const { deps } = fx;
    const x = await leaving(fx);
    right(await x.run(x.owner, { email: 'owner@example.org' }));
    const purge = (days: number) =>
      purgeExpired({ storage: deps.storage, clock: { now: () => new Date(deps.clock.now().getTime() + days * DAY) }, purgeAfterDays: 30, blobs: memoryBlobStore() })();
    const early = await purge(29);
    expect(early.ran && early.counts).to.include({ users: 0, trees: 0 });
    const due = await purge(31);
    expect(due.ran && due.counts).to.include({ users: 1, trees: 1 });
    expect(await deps.storage.trees.byId(fx.tree.id)).to.equal(null);
    expect(await deps.storage.users.byId(fx.owner.userId)).to.equal(null);
    const log = await deps.storage.audit.listForTree(x.shared.id, { limit: 100 });
    expect(log.filter((e) => e.actorId === fx.owner.userId).map((e) => e.action)).to.deep.equal(['member.add']);
    const again = right(await register(deps)(anonymous, { email: 'owner@example.org', password: 'another one' }));
    expect(again.user.id).to.not.equal(fx.owner.userId);
  });
});
