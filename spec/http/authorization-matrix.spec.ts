import { expect } from 'chai';
import { allRoutes } from '../../adapters/http/routes/index.js';
import type { ApiClient } from '../../client/index.js';
import { registerUser, startTestService, tokenFromMail, type TestService } from '../support/service.js';

// Every operation of the route table, called by six callers, on a PRIVATE tree and (for tree-scoped
// operations) on a PUBLIC one; each status checked against SPEC "Errors" and API.md. A route added to
// the table without a row here fails the first test.

const callers = ['anonymous', 'nonmember', 'viewer', 'editor', 'owner', 'instanceOwner'] as const;
type Caller = (typeof callers)[number];
type Expect = Readonly<Record<Caller, number>>;

type Ctx = {
  readonly svc: TestService;
  /** The tree this call is about: shared, or fresh for destructive rows. */
  readonly treeId: string;
  readonly treeName: string;
  /** A viewer member of the tree that is none of the callers (target of role changes and removals). */
  readonly extraId: string;
  readonly unique: () => string;
};
type Call = (c: ApiClient, ctx: Ctx) => Promise<{ response: Response; error?: unknown }>;

type Row = {
  readonly call: Call;
  readonly private: Expect;
  /** Tree-scoped rows: the statuses on a PUBLIC tree. */
  readonly public?: Expect;
  /** 'tree': a fresh private tree per call; 'deleted': a fresh, soft-deleted one. */
  readonly fresh?: 'tree' | 'deleted';
  /** The call ends or revokes sessions: use a fresh login of the caller, and sign in again afterwards. */
  readonly ownSession?: boolean;
};

const all = (status: number): Expect => ({ anonymous: status, nonmember: status, viewer: status, editor: status, owner: status, instanceOwner: status });
const signedIn = (status: number): Expect => ({ ...all(status), anonymous: 401 });
/** Owner-only operations on a live tree. */
const ownerOnly = (status: number): Expect => ({ anonymous: 401, nonmember: 403, viewer: 403, editor: 403, owner: status, instanceOwner: 403 });
/** Owner-only operations on a deleted tree: a non-member cannot learn it exists. */
const ownerOnlyDeleted = (status: number): Expect => ({ ...ownerOnly(status), nonmember: 404, instanceOwner: 404 });
const members = (status: number): Expect => ({ anonymous: 401, nonmember: 403, viewer: status, editor: status, owner: status, instanceOwner: 403 });
const editors = (status: number): Expect => ({ ...members(status), viewer: 403 });
const anyone = (status: number): Expect => ({ ...signedIn(status) }); // viewable by any signed-in user

const PASSWORD = 'correct horse';
const path = (ctx: Ctx) => ({ params: { path: { id: ctx.treeId } } });

const table: Readonly<Record<string, Row>> = {
  register: { private: all(201), call: (c, ctx) => c.POST('/auth/register', { body: { email: `${ctx.unique()}@example.org`, password: PASSWORD } }) },
  login: { private: all(200), call: (c) => c.POST('/auth/login', { body: { email: 'spare@example.org', password: PASSWORD } }) },
  logout: { private: signedIn(204), ownSession: true, call: (c) => c.POST('/auth/logout') },
  verifyEmail: {
    private: all(204),
    call: async (c, ctx) => {
      const u = await registerUser(ctx.svc, `${ctx.unique()}@example.org`);
      return c.POST('/auth/verify-email', { body: { token: tokenFromMail(ctx.svc, u.email) } });
    },
  },
  resendVerification: { private: signedIn(204), call: (c) => c.POST('/auth/verify-email/resend') },
  requestPasswordReset: { private: all(202), call: (c) => c.POST('/auth/password-reset', { body: { email: 'spare@example.org' } }) },
  confirmPasswordReset: {
    private: all(204),
    call: async (c, ctx) => {
      await ctx.svc.client().POST('/auth/password-reset', { body: { email: 'resettable@example.org' } });
      return c.POST('/auth/password-reset/confirm', { body: { token: tokenFromMail(ctx.svc, 'resettable@example.org'), new_password: PASSWORD } });
    },
  },
  changePassword: {
    private: signedIn(204),
    ownSession: true,
    call: (c) => c.POST('/auth/change-password', { body: { current_password: PASSWORD, new_password: PASSWORD } }),
  },
  getMe: { private: signedIn(200), call: (c) => c.GET('/users/me') },

  createTree: { private: signedIn(201), call: (c) => c.POST('/trees', { body: { name: 'Another' } }) },
  listTrees: { private: signedIn(200), call: (c) => c.GET('/trees') },
  getTree: { private: members(200), public: anyone(200), call: (c, ctx) => c.GET('/trees/{id}', path(ctx)) },
  updateTree: { private: editors(200), public: editors(200), call: (c, ctx) => c.PATCH('/trees/{id}', { ...path(ctx), body: { description: 'touched' } }) },
  deleteTree: { private: ownerOnly(204), fresh: 'tree', call: (c, ctx) => c.DELETE('/trees/{id}', path(ctx)) },
  restoreTree: { private: ownerOnlyDeleted(200), fresh: 'deleted', call: (c, ctx) => c.POST('/trees/{id}/restore', path(ctx)) },
  purgeTree: { private: ownerOnlyDeleted(204), fresh: 'deleted', call: (c, ctx) => c.POST('/trees/{id}/purge', { ...path(ctx), body: { name: ctx.treeName } }) },
  getAiPolicy: { private: ownerOnly(200), public: ownerOnly(200), call: (c, ctx) => c.GET('/trees/{id}/ai', path(ctx)) },
  updateAiPolicy: {
    private: ownerOnly(200),
    public: ownerOnly(200),
    call: (c, ctx) => c.PATCH('/trees/{id}/ai', { ...path(ctx), body: { ai_member_provider: null } }),
  },
  listTreeAudit: { private: ownerOnly(200), public: ownerOnly(200), call: (c, ctx) => c.GET('/trees/{id}/audit', path(ctx)) },

  // The member list exposes emails: never to non-members, even on a public tree.
  listMembers: { private: members(200), public: members(200), call: (c, ctx) => c.GET('/trees/{id}/members', path(ctx)) },
  addMember: {
    private: ownerOnly(201),
    public: ownerOnly(201),
    call: async (c, ctx) => {
      const u = await registerUser(ctx.svc, `${ctx.unique()}@example.org`);
      return c.POST('/trees/{id}/members', { ...path(ctx), body: { email: u.email, role: 'viewer' } });
    },
  },
  changeMemberRole: {
    private: ownerOnly(200),
    fresh: 'tree',
    call: (c, ctx) => c.PATCH('/trees/{id}/members/{user_id}', { params: { path: { id: ctx.treeId, user_id: ctx.extraId } }, body: { role: 'editor' } }),
  },
  removeMember: {
    private: ownerOnly(204),
    fresh: 'tree',
    call: (c, ctx) => c.DELETE('/trees/{id}/members/{user_id}', { params: { path: { id: ctx.treeId, user_id: ctx.extraId } } }),
  },

  getInstanceStatus: { private: { ...signedIn(403), instanceOwner: 200 }, call: (c) => c.GET('/admin/instance') },
};

const codeFor: Readonly<Record<number, string>> = { 401: 'unauthenticated', 403: 'forbidden', 404: 'not_found' };

describe('HTTP authorization matrix', () => {
  it('has a row for every operation of the route table, and no row for an operation that does not exist', () => {
    const ops = allRoutes().map((r) => r.operationId);
    expect(ops.filter((op) => !(op in table)), 'operations without a row').to.deep.equal([]);
    expect(Object.keys(table).filter((op) => !ops.includes(op)), 'rows without an operation').to.deep.equal([]);
  });

  let svc: TestService;
  const tokens = {} as Record<Exclude<Caller, 'anonymous'>, string>;
  const emails: Record<Exclude<Caller, 'anonymous'>, string> = {
    nonmember: 'nonmember@example.org',
    viewer: 'viewer@example.org',
    editor: 'editor@example.org',
    owner: 'owner@example.org',
    instanceOwner: 'root@example.org',
  };
  let extraEmail: string;
  let extraId: string;
  const shared = {} as Record<'private' | 'public', { id: string; name: string }>;
  let n = 0;
  const unique = () => `u${n++}`;

  const makeTree = async (visibility: 'private' | 'public', deleted = false) => {
    const name = `Tree ${unique()}`;
    const { data, response } = await svc.client(tokens.owner).POST('/trees', { body: { name, visibility } });
    if (response.status !== 201) throw new Error(`setup: create tree ${response.status}`);
    const id = data!.id;
    for (const [email, role] of [[emails.viewer, 'viewer'], [emails.editor, 'editor'], [extraEmail, 'viewer']] as const) {
      const r = await svc.client(tokens.owner).POST('/trees/{id}/members', { params: { path: { id } }, body: { email, role } });
      if (r.response.status !== 201) throw new Error(`setup: add ${role} ${r.response.status}`);
    }
    if (deleted) {
      const r = await svc.client(tokens.owner).DELETE('/trees/{id}', { params: { path: { id } } });
      if (r.response.status !== 204) throw new Error(`setup: delete tree ${r.response.status}`);
    }
    return { id, name };
  };

  const signIn = async (caller: Exclude<Caller, 'anonymous'>) => {
    const { data, response } = await svc.client().POST('/auth/login', { body: { email: emails[caller], password: PASSWORD } });
    if (data === undefined) throw new Error(`setup: login ${caller} ${response.status}`);
    return data.token;
  };

  before(async () => {
    svc = await startTestService({ env: { OWNER_EMAIL: emails.instanceOwner } });
    for (const caller of Object.keys(emails) as Exclude<Caller, 'anonymous'>[]) tokens[caller] = (await registerUser(svc, emails[caller], PASSWORD)).token;
    const verify = await svc.client().POST('/auth/verify-email', { body: { token: tokenFromMail(svc, emails.instanceOwner) } });
    if (verify.response.status !== 204) throw new Error('setup: verify the instance owner');
    const extra = await registerUser(svc, 'extra@example.org', PASSWORD);
    extraEmail = extra.email;
    extraId = extra.id;
    await registerUser(svc, 'spare@example.org', PASSWORD);
    await registerUser(svc, 'resettable@example.org', PASSWORD);
    shared.private = await makeTree('private');
    shared.public = await makeTree('public');
  });
  after(async () => {
    await svc?.close();
  });

  it('the instance owner caller is one (verified, listed) and a member of neither shared tree', async () => {
    const me = await svc.client(tokens.instanceOwner).GET('/users/me');
    expect(me.data?.is_instance_owner).to.equal(true);
    expect((await svc.client(tokens.instanceOwner).GET('/trees')).data).to.deep.equal([]);
  });

  const cases: { op: string; row: Row; visibility: 'private' | 'public'; expected: Expect }[] = [];
  for (const [op, row] of Object.entries(table)) {
    cases.push({ op, row, visibility: 'private', expected: row.private });
    if (row.public) cases.push({ op, row, visibility: 'public', expected: row.public });
  }

  const treeScoped = new Set(allRoutes().filter((r) => r.path.startsWith('/trees/{id}')).map((r) => r.operationId));
  for (const { op, row, visibility, expected } of cases) {
    describe(treeScoped.has(op) ? `${op} on a ${visibility} tree` : `${op} (not tree-scoped)`, () => {
      for (const caller of callers) {
        it(`as ${caller}: ${expected[caller]}`, async () => {
          const tree = row.fresh === undefined ? shared[visibility] : await makeTree(visibility, row.fresh === 'deleted');
          const token = caller === 'anonymous' ? undefined : row.ownSession ? await signIn(caller) : tokens[caller];
          const ctx: Ctx = { svc, treeId: tree.id, treeName: tree.name, extraId, unique };
          const { response, error } = await row.call(svc.client(token), ctx);
          if (row.ownSession && caller !== 'anonymous') tokens[caller] = await signIn(caller);
          const want = expected[caller];
          const label = treeScoped.has(op) ? `${op} (${visibility} tree) as ${caller}` : `${op} as ${caller}`;
          expect(response.status, `${label}: status; problem ${JSON.stringify(error)}`).to.equal(want);
          const code = codeFor[want];
          if (code !== undefined) {
            expect(response.headers.get('content-type'), `${label}: content type`).to.match(/^application\/problem\+json/);
            expect((error as { code?: string } | undefined)?.code, `${label}: problem code`).to.equal(code);
          }
        });
      }
    });
  }

  it('the shared trees kept their members and visibility through the matrix (rows did not interfere)', async () => {
    for (const visibility of ['private', 'public'] as const) {
      const { data } = await svc.client(tokens.owner).GET('/trees/{id}', { params: { path: { id: shared[visibility].id } } });
      expect(data?.visibility).to.equal(visibility);
      const list = await svc.client(tokens.owner).GET('/trees/{id}/members', { params: { path: { id: shared[visibility].id } } });
      expect(list.data?.filter((m) => [emails.viewer, emails.editor, emails.owner, extraEmail].includes(m.email)).map((m) => m.role).sort()).to.deep.equal(
        ['editor', 'owner', 'viewer', 'viewer'],
      );
    }
  });
});
