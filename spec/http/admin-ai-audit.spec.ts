import { expect } from 'chai';
import pg from 'pg';
import { registerUser, startTestService, tokenFromMail, type TestService } from '../support/service.js';

// The instance owner and /admin/instance, the per-tree AI policy, and the tree audit trail, on PostgreSQL.

const code = (error: unknown): string | undefined => (error as { code?: string } | undefined)?.code;
type User = Awaited<ReturnType<typeof registerUser>>;

const AI_PROVIDERS = JSON.stringify([
  { name: 'local', kind: 'openai', model: 'llama3', api_key: 'sekret', base_url: 'http://10.9.8.7:11434' },
  { name: 'cloud', kind: 'openai', model: 'gpt-x', api_key: 'sekret-two' },
]);

describe('HTTP admin, AI policy and audit', () => {
  let svc: TestService;
  let boss: User;
  let owner: User;
  let editor: User;
  let viewer: User;
  let treeId: string;

  before(async () => {
    svc = await startTestService({ env: { OWNER_EMAIL: 'ops@example.org, Boss@Example.org', AI_PROVIDERS, NODE_ENV: 'test-env' } });
    boss = await registerUser(svc, 'boss@example.org');
    owner = await registerUser(svc, 'owner@example.org');
    editor = await registerUser(svc, 'editor@example.org');
    viewer = await registerUser(svc, 'viewer@example.org');
    const { data } = await svc.client(owner.token).POST('/trees', { body: { name: 'Audited' } });
    treeId = data!.id;
    for (const [u, role] of [[editor, 'editor'], [viewer, 'viewer']] as const)
      await svc.client(owner.token).POST('/trees/{id}/members', { params: { path: { id: treeId } }, body: { email: u.email, role } });
  });
  after(async () => {
    await svc.close();
  });

  describe('GET /admin/instance', () => {
    it('a listed but unverified owner email is 403 and not is_instance_owner; once verified, 200 with the status and no secrets', async () => {
      const before = await svc.client(boss.token).GET('/admin/instance');
      expect(before.response.status).to.equal(403);
      expect(code(before.error)).to.equal('forbidden');
      expect((await svc.client(boss.token).GET('/users/me')).data?.is_instance_owner).to.equal(false);

      const verify = await svc.client().POST('/auth/verify-email', { body: { token: tokenFromMail(svc, boss.email) } });
      expect(verify.response.status).to.equal(204);
      expect((await svc.client(boss.token).GET('/users/me')).data?.is_instance_owner).to.equal(true);

      const { data, response } = await svc.client(boss.token).GET('/admin/instance', { parseAs: 'text' });
      expect(response.status).to.equal(200);
      const text = data as unknown as string;
      expect(text).not.to.contain('sekret');
      expect(text).not.to.contain('api_key');
      expect(text).not.to.contain('base_url');
      expect(text).not.to.contain('10.9.8.7');
      expect(text).not.to.contain('@example.org'); // no personal data
      const status = JSON.parse(text) as Record<string, unknown>;
      expect(status['version']).to.be.a('string').and.not.equal('');
      expect(status['environment']).to.equal('test-env');
      expect(status['user_count']).to.equal(4);
      expect(status['tree_count']).to.equal(1);
      expect(status['ai_providers']).to.deep.equal([{ name: 'local', model: 'llama3' }, { name: 'cloud', model: 'gpt-x' }]);
    });

    it('other users get 403, anonymous 401', async () => {
      for (const [who, u] of [['owner of a tree', owner], ['editor', editor]] as const) {
        const r = await svc.client(u.token).GET('/admin/instance');
        expect(r.response.status, who).to.equal(403);
        expect(code(r.error), who).to.equal('forbidden');
      }
      const anon = await svc.client().GET('/admin/instance');
      expect(anon.response.status).to.equal(401);
      expect(code(anon.error)).to.equal('unauthenticated');
    });

    it('is_instance_owner is true only for a verified listed email, even when verified users exist that are not listed', async () => {
      await svc.client().POST('/auth/verify-email', { body: { token: tokenFromMail(svc, owner.email) } });
      expect((await svc.client(owner.token).GET('/users/me')).data).to.include({ email_verified: true, is_instance_owner: false });
      expect((await svc.client(owner.token).GET('/admin/instance')).response.status).to.equal(403);
    });

    it('instance ownership is not a tree bypass: a private tree of someone else is 403, its members and audit too', async () => {
      const me = await svc.client(boss.token).GET('/users/me');
      expect(me.data?.is_instance_owner).to.equal(true);
      for (const [what, r] of [
        ['tree', await svc.client(boss.token).GET('/trees/{id}', { params: { path: { id: treeId } } })],
        ['members', await svc.client(boss.token).GET('/trees/{id}/members', { params: { path: { id: treeId } } })],
        ['audit', await svc.client(boss.token).GET('/trees/{id}/audit', { params: { path: { id: treeId } } })],
        ['ai', await svc.client(boss.token).GET('/trees/{id}/ai', { params: { path: { id: treeId } } })],
      ] as const) {
        expect(r.response.status, what).to.equal(403);
      }
      expect((await svc.client(boss.token).GET('/trees')).data).to.deep.equal([]);
    });
  });

  describe('AI policy', () => {
    it('the owner reads the policy and the providers as name and model only; no secret anywhere', async () => {
      const { data, response } = await svc.client(owner.token).GET('/trees/{id}/ai', { params: { path: { id: treeId } }, parseAs: 'text' });
      expect(response.status).to.equal(200);
      const text = data as unknown as string;
      expect(text).not.to.contain('sekret');
      expect(text).not.to.contain('10.9.8.7');
      expect(JSON.parse(text)).to.deep.equal({
        ai_member_provider: null,
        ai_recommender_provider: null,
        providers: [{ name: 'local', model: 'llama3' }, { name: 'cloud', model: 'gpt-x' }],
        available: true,
        ai_member_available: false,
        ai_recommender_available: false,
      });
    });

    it('an editor or viewer gets 403 on GET and PATCH', async () => {
      for (const [who, u] of [['editor', editor], ['viewer', viewer]] as const) {
        const get = await svc.client(u.token).GET('/trees/{id}/ai', { params: { path: { id: treeId } } });
        expect(get.response.status, who).to.equal(403);
        const patch = await svc.client(u.token).PATCH('/trees/{id}/ai', { params: { path: { id: treeId } }, body: { ai_member_provider: 'local' } });
        expect(patch.response.status, who).to.equal(403);
      }
    });

    it('an unknown provider is 422 and changes nothing; a configured one is stored and read back; null clears', async () => {
      const bad = await svc.client(owner.token).PATCH('/trees/{id}/ai', { params: { path: { id: treeId } }, body: { ai_member_provider: 'nope' } });
      expect(bad.response.status).to.equal(422);
      expect((bad.error as { errors?: { path: string }[] }).errors?.map((e) => e.path)).to.deep.equal(['ai_member_provider']);
      expect((await svc.client(owner.token).GET('/trees/{id}/ai', { params: { path: { id: treeId } } })).data?.ai_member_provider).to.equal(null);

      const set = await svc.client(owner.token).PATCH('/trees/{id}/ai', {
        params: { path: { id: treeId } },
        body: { ai_member_provider: 'local', ai_recommender_provider: 'cloud' },
      });
      expect(set.response.status).to.equal(200);
      expect(set.data).to.include({ ai_member_provider: 'local', ai_recommender_provider: 'cloud' });
      const read = await svc.client(owner.token).GET('/trees/{id}/ai', { params: { path: { id: treeId } } });
      expect(read.data).to.include({ ai_member_provider: 'local', ai_recommender_provider: 'cloud' });
      const tree = await svc.client(viewer.token).GET('/trees/{id}', { params: { path: { id: treeId } } });
      expect(tree.data).to.include({ ai_member_provider: 'local', ai_recommender_provider: 'cloud' });

      const partial = await svc.client(owner.token).PATCH('/trees/{id}/ai', { params: { path: { id: treeId } }, body: { ai_member_provider: null } });
      expect(partial.response.status).to.equal(200);
      expect(partial.data).to.include({ ai_member_provider: null, ai_recommender_provider: 'cloud' });
      const cleared = await svc.client(owner.token).PATCH('/trees/{id}/ai', { params: { path: { id: treeId } }, body: { ai_recommender_provider: null } });
      expect(cleared.data).to.include({ ai_member_provider: null, ai_recommender_provider: null });
      expect((await svc.client(owner.token).GET('/trees/{id}/ai', { params: { path: { id: treeId } } })).data).to.include({
        ai_member_provider: null,
        ai_recommender_provider: null,
      });
    });
  });

  describe('audit', () => {
    const audit = (token: string, id: string, query: { limit?: number; cursor?: string } = {}) =>
      svc.client(token).GET('/trees/{id}/audit', { params: { path: { id }, query } });

    it('owner only (editor and viewer 403, anonymous 401)', async () => {
      expect((await audit(editor.token, treeId)).response.status).to.equal(403);
      expect((await audit(viewer.token, treeId)).response.status).to.equal(403);
      expect((await svc.client().GET('/trees/{id}/audit', { params: { path: { id: treeId } } })).response.status).to.equal(401);
    });

    it('lists tree.create, tree.update and member.add newest first, each with the acting user and JSON details', async () => {
      const { data: t } = await svc.client(owner.token).POST('/trees', { body: { name: 'Trail' } });
      const id = t!.id;
      await svc.client(owner.token).POST('/trees/{id}/members', { params: { path: { id } }, body: { email: editor.email, role: 'editor' } });
      await svc.client(editor.token).PATCH('/trees/{id}', { params: { path: { id } }, body: { description: 'by the editor' } });

      const { data, response } = await audit(owner.token, id);
      expect(response.status).to.equal(200);
      const rows = data ?? [];
      expect(rows.map((r) => r.action)).to.deep.equal(['tree.update', 'member.add', 'tree.create']);
      const [update, add, create] = rows;
      expect(create).to.include({ tree_id: id, actor_id: owner.id, entity_type: 'tree', entity_id: id });
      expect(add).to.include({ tree_id: id, actor_id: owner.id });
      expect(add!.details).to.deep.include({ user_id: editor.id, role: 'editor' });
      expect(update).to.include({ tree_id: id, actor_id: editor.id });
      // Which field changed, never its text (issue 29).
      expect(update!.details).to.deep.equal({ description: true });
      const times = rows.map((r) => Date.parse(r.created_at));
      expect(times).to.deep.equal([...times].sort((a, b) => b - a));
      expect(new Set(rows.map((r) => r.id)).size).to.equal(3);
    });

    it('pages with limit=2: X-Next-Cursor and Link rel=next; following the cursors walks every entry exactly once', async () => {
      const { data: t } = await svc.client(owner.token).POST('/trees', { body: { name: 'Paged' } });
      const id = t!.id;
      for (let i = 0; i < 4; i++) await svc.client(owner.token).PATCH('/trees/{id}', { params: { path: { id } }, body: { description: `v${i}` } });
      const all = (await audit(owner.token, id)).data ?? [];
      expect(all).to.have.length(5);

      const seen: string[] = [];
      let cursor: string | undefined;
      let pages = 0;
      for (;;) {
        const { data, response } = await audit(owner.token, id, { limit: 2, ...(cursor === undefined ? {} : { cursor }) });
        expect(response.status).to.equal(200);
        pages++;
        expect(data!.length).to.be.at.most(2);
        seen.push(...data!.map((r) => r.id));
        const next = response.headers.get('x-next-cursor');
        const link = response.headers.get('link');
        if (next === null) {
          expect(link).to.equal(null);
          break;
        }
        expect(data).to.have.length(2);
        const m = /^<([^>]+)>;\s*rel="next"$/.exec(link ?? '');
        expect(m, `Link header ${link}`).not.to.equal(null);
        const url = new URL(m![1]!);
        expect(url.pathname).to.equal(`/api/v1/trees/${id}/audit`);
        expect(url.searchParams.get('cursor')).to.equal(next);
        expect(url.searchParams.get('limit')).to.equal('2');
        cursor = next;
        expect(pages).to.be.lessThan(10);
      }
      expect(pages).to.equal(3);
      expect(seen).to.deep.equal(all.map((r) => r.id));
    });

    it('an exact last page gives no next cursor', async () => {
      const { data: t } = await svc.client(owner.token).POST('/trees', { body: { name: 'Exact' } });
      await svc.client(owner.token).PATCH('/trees/{id}', { params: { path: { id: t!.id } }, body: { description: 'x' } });
      const r = await audit(owner.token, t!.id, { limit: 2 });
      expect(r.data).to.have.length(2);
      expect(r.response.headers.get('x-next-cursor')).to.equal(null);
    });

    it('a cursor the service did not give out is 422; limit 0 and 1001 are 422', async () => {
      const bad = await audit(owner.token, treeId, { limit: 2, cursor: 'garbage!' });
      expect(bad.response.status).to.equal(422);
      expect(code(bad.error)).to.equal('invalid_cursor');
      for (const limit of [0, 1001]) {
        const r = await audit(owner.token, treeId, { limit });
        expect(r.response.status, `limit=${limit}`).to.equal(422);
        expect(code(r.error), `limit=${limit}`).to.equal('invalid_input');
      }
      expect((await audit(owner.token, treeId, { limit: 1000 })).response.status).to.equal(200);
    });

    it('after a purge the tree\'s audit entries survive with a null tree (checked in the database)', async () => {
      const { data: t } = await svc.client(owner.token).POST('/trees', { body: { name: 'Gone' } });
      const id = t!.id;
      await svc.client(owner.token).PATCH('/trees/{id}', { params: { path: { id } }, body: { description: 'soon gone' } });
      const before = (await audit(owner.token, id)).data ?? [];
      expect(before.map((r) => r.action)).to.deep.equal(['tree.update', 'tree.create']);
      await svc.client(owner.token).DELETE('/trees/{id}', { params: { path: { id } } });
      expect((await svc.client(owner.token).POST('/trees/{id}/purge', { params: { path: { id } }, body: { name: 'Gone' } })).response.status).to.equal(204);
      // The purged tree's audit is no longer reachable by HTTP, and no longer filed under the tree.
      expect((await audit(owner.token, id)).response.status).to.equal(404);
      expect(await svc.storage.audit.listForTree(id, {})).to.deep.equal([]);

      // The storage port offers no query by entity: the rows are read from this service's own database.
      const rows = await auditRowsForEntity(svc.databaseUrl, id);
      const actions = rows.map((r) => r.action).sort();
      expect(actions).to.deep.equal(['tree.create', 'tree.delete', 'tree.purge', 'tree.update'].sort());
      for (const r of rows) {
        expect(r.tree_id, r.action).to.equal(null);
        expect(r.actor_id, r.action).to.equal(owner.id);
      }
      expect(before.map((r) => r.id).every((x) => rows.some((r) => r.id === x))).to.equal(true);
    });
  });
});

type AuditRow = { id: string; tree_id: string | null; actor_id: string | null; action: string };

/**
 * Audit rows for `entityId` in the service's own database (a direct SQL look, not HTTP). It once
 * looked in every test database of the server, which the other mocha worker's specs create and drop
 * (with force) meanwhile: a connection to one of theirs could be ended under it (CI, 2026-12-02).
 */
const auditRowsForEntity = async (databaseUrl: string | null, entityId: string): Promise<AuditRow[]> => {
  if (databaseUrl === null) throw new Error('postgres storage expected');
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    return (await db.query<AuditRow>(
      'select id::text, tree_id::text, actor_id::text, action from audit_entries where entity_id = $1',
      [entityId],
    )).rows;
  } finally {
    await db.end();
  }
};
