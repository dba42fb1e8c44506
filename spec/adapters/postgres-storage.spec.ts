import { expect } from 'chai';
import { knex, type Knex } from '@mikro-orm/postgresql';
import { E } from '../../core/kernel/either.js';
import { newId } from '../../core/kernel/ids.js';
import { postgresStorage, type PostgresFixture } from '../support/database.js';
import { aMembership, anAuditEntry, anEmailToken, aPerson, aSession, givenTree, givenUsers } from '../contracts/fixtures.js';

// What the port contracts cannot see: rows as PostgreSQL holds them, and the query hook.
describe('PostgreSQL storage', () => {
  let fx: PostgresFixture;
  let sql: Knex;
  const statements: string[] = [];

  beforeEach(async () => {
    fx = await postgresStorage({ debugQueries: (s) => statements.push(s) });
    statements.length = 0; // start-up statements are not the subject
    sql = knex({ client: 'pg', connection: fx.url, pool: { min: 0, max: 1 } });
  });
  afterEach(async () => {
    await sql.destroy();
    await fx.close();
  });

  const rows = async (q: string, params: readonly (string | number)[] = []) => (await sql.raw(q, [...params])).rows as unknown[];

  it('keeps the audit rows of a purged tree, with a null tree', async () => {
    const t = await givenTree(fx.storage);
    const e = anAuditEntry(t.id);
    await fx.storage.audit.record(e);
    await fx.storage.trees.purge(t.id);
    expect(await rows('select id, tree_id from audit_entries')).to.deep.equal([{ id: e.id, tree_id: null }]);
  });

  it("deletes a user's sessions, tokens and memberships with the user, but keeps audit rows naming them", async () => {
    const [u] = await givenUsers(fx.storage, 1);
    const t = await givenTree(fx.storage);
    await fx.storage.sessions.insert(aSession(u!.id));
    await fx.storage.emailTokens.insert(anEmailToken(u!.id));
    await fx.storage.memberships.insert(aMembership(t.id, u!.id, 'owner'));
    await fx.storage.audit.record(anAuditEntry(t.id, { actorId: u!.id }));
    await rows('delete from users where id = ?', [u!.id]);
    const counts = await rows(`select (select count(*) from sessions)::int s, (select count(*) from email_tokens)::int e,
      (select count(*) from memberships)::int m, (select count(*) from audit_entries where actor_id = ?)::int a`, [u!.id]);
    expect(counts).to.deep.equal([{ s: 0, e: 0, m: 0, a: 1 }]);
  });

  it('reports each statement to debugQueries: one per repository call', async () => {
    await fx.storage.users.byId(newId());
    expect(statements, statements.join('\n')).to.have.length(1);
    expect(statements[0]).to.match(/^select .* from users/);
    statements.length = 0;
    await fx.storage.uow.run(async (s) => {
      await s.users.count();
      await s.trees.count();
      return E.right(undefined);
    });
    expect(statements).to.have.length(2);
  });

  it('keeps rows written outside a unit of work when a later unit of work rolls back', async () => {
    const [u] = await givenUsers(fx.storage, 1);
    await fx.storage.uow.run(async (s) => {
      await s.users.update({ ...u!, passwordHash: 'changed' });
      return E.left({ _tag: 'Conflict', code: 'x', detail: 'x' });
    });
    expect(await rows('select password_hash from users')).to.deep.equal([{ password_hash: u!.passwordHash }]);
  });

  // The public pages' ETags and their 304s stand on the tree's change stamp: a page sent with a stamp
  // must be the tree as it is at that stamp. Changes are numbered when they are written, not when
  // they commit, so a slow transaction (an import, a privacy change) can commit after a later-numbered
  // one; its commit must still move the stamp, or a cache is told 304 for a page it no longer shows.
  it('moves a tree\'s change stamp with every commit, also one that commits after a later-numbered change', async () => {
    const t = await givenTree(fx.storage, { visibility: 'public' });
    const [x, y] = [aPerson(t.id), aPerson(t.id)];
    await fx.storage.persons.insert(x);
    await fx.storage.persons.insert(y);
    const stamp = async () => (await fx.storage.publicPages.treeStamp(t.id))!.stamp;
    const slow = await sql.client.acquireConnection() as { query: (q: string, p?: unknown[]) => Promise<unknown> };
    const other = knex({ client: 'pg', connection: fx.url, pool: { min: 0, max: 1 } });
    try {
      const before = await stamp();
      await slow.query('begin');
      await slow.query("update persons set privacy = 'private' where id = $1", [x.id]);
      await other.raw("update persons set notes = 'later-numbered' where id = ?", [y.id]);
      const between = await stamp();
      expect(between, 'the later-numbered change committed').not.to.equal(before);
      await slow.query('commit');
      const after = await stamp();
      expect(after, 'the earlier-numbered change committed last').not.to.equal(between);
      expect(after).not.to.equal(before);
    } finally {
      await slow.query('rollback').catch(() => undefined);
      await sql.client.releaseConnection(slow);
      await other.destroy();
    }
  });

  it('rejects ping once closed', async () => {
    const other = await postgresStorage();
    await other.storage.ping();
    await other.close();
    let failed = false;
    await other.storage.ping().catch(() => {
      failed = true;
    });
    expect(failed).to.equal(true);
  });
});
