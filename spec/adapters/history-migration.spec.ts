import { expect } from 'chai';
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { initOrm } from '../../adapters/postgres/orm.js';
import { createDatabase, databaseUrl, dropDatabase } from '../support/database.js';

// Issue 29: the audit log held record content (names, notes, titles, an association's role), also
// of purged trees. Migration 20261224090000 moves what it held of live trees' records into their
// history and strips every entry to ids, counts and codes. Run on a database migrated to the one
// before it, with entries written the old way.

describe('the record-history migration on an audit log written before it', function () {
  this.timeout(60_000);
  const name = `test_history_${randomBytes(6).toString('hex')}`;
  let db: pg.Client;
  const tree = randomUUID();
  const person = randomUUID();
  const actor = randomUUID();

  before(async () => {
    await createDatabase(name);
    const url = databaseUrl(process.env['TEST_PG_ADMIN_URL']!, name);
    const orm = await initOrm(url);
    try {
      await orm.getMigrator().up({ to: 'Migration20261223090000_shared_media_objects' });
      db = new pg.Client({ connectionString: url });
      await db.connect();
      await db.query(`insert into trees (id, name, description, visibility, created_at, updated_at) values ($1, 'Kept', '', 'private', now(), now())`, [tree]);
      const entry = async (treeId: string | null, action: string, type: string, entity: string, details: object) =>
        db.query(`insert into audit_entries (id, tree_id, actor_id, action, entity_type, entity_id, details, created_at) values ($1, $2, $3, $4, $5, $6, $7, now())`,
          [randomUUID(), treeId, actor, action, type, entity, JSON.stringify(details)]);
      await entry(tree, 'person.create', 'person', person, { given_name: 'Zorblax', surname: 'Quimbyfrost' });
      await entry(tree, 'person.update', 'person', person, { notes: 'second SECRETNOTE2 diagnosis', sex: 'female', identifiers: 2 });
      await entry(tree, 'relationship.create', 'relationship', randomUUID(), { type: 'association', role: 'godmother SECRETROLE', person_a_id: person });
      await entry(null, 'person.update', 'person', randomUUID(), { given_name: 'PURGEDNAME' });
      await entry(null, 'tree.purge', 'tree', randomUUID(), { name: 'PURGEDTREE' });
      await orm.getMigrator().up();
    } finally {
      await orm.close(true);
    }
  });
  after(async () => {
    await db?.end();
    await dropDatabase(name);
  });

  it('leaves no record content in the audit log, and keeps its ids and codes', async () => {
    const { rows } = await db.query<{ action: string; details: Record<string, unknown> }>('select action, details from audit_entries order by action');
    const text = JSON.stringify(rows);
    for (const secret of ['Zorblax', 'Quimbyfrost', 'SECRETNOTE2', 'SECRETROLE', 'PURGEDNAME', 'PURGEDTREE']) expect(text).to.not.include(secret);
    expect(rows.find((r) => r.action === 'person.update' && 'sex' in r.details)?.details).to.deep.equal({ sex: 'female', identifiers: 2 });
    expect(rows.find((r) => r.action === 'relationship.create')?.details).to.deep.equal({ type: 'association', person_a_id: person });
  });

  it('moves a live tree\'s content into that tree\'s history, with its actor; a purged tree\'s is gone', async () => {
    const { rows } = await db.query<{ tree_id: string; record_type: string; actor_id: string; origin: string; changes: { field: string; after: unknown }[] }>(
      'select tree_id, record_type, actor_id, origin, changes from record_changes order by seq');
    expect(rows.every((r) => r.tree_id === tree && r.actor_id === actor && r.origin === 'api')).to.equal(true);
    const fields = rows.flatMap((r) => r.changes.map((c) => `${r.record_type}.${c.field}=${String(c.after)}`)).sort();
    expect(fields).to.deep.equal(['person.given_name=Zorblax', 'person.notes=second SECRETNOTE2 diagnosis', 'person.surname=Quimbyfrost', 'relationship.role=godmother SECRETROLE']);
    expect(JSON.stringify(rows)).to.not.include('PURGED');
  });
});
