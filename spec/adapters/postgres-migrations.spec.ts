import { expect } from 'chai';
import { readdir } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { migrationsList } from '../../migrations/index.js';
import { migrate } from '../../adapters/postgres/migrate.js';
import { initOrm } from '../../adapters/postgres/orm.js';
import { createDatabase, databaseUrl, dropDatabase } from '../support/database.js';

const migrationsDir = fileURLToPath(new URL('../../migrations/', import.meta.url));

describe('PostgreSQL migrations', () => {
  const names = migrationsList.map((m) => m.name);

  it('form one line: unique names in strictly increasing order', () => {
    expect(names).to.have.length.greaterThan(0);
    expect(new Set(names).size).to.equal(names.length);
    for (let i = 1; i < names.length; i += 1) expect(names[i]! > names[i - 1]!, `${names[i]} after ${names[i - 1]}`).to.equal(true);
    for (const n of names) expect(n).to.match(/^Migration\d{14}_[a-z0-9_]+$/);
  });

  it('list every migration file, and only those', async () => {
    const files = (await readdir(migrationsDir)).filter((f) => f !== 'index.ts').map((f) => f.replace(/\.ts$/, ''));
    expect([...files].sort()).to.deep.equal([...names].sort());
  });

  it('name each class after its entry', () => {
    for (const m of migrationsList) expect(m.class.name).to.equal(m.name);
  });

  describe('on an empty database', () => {
    const name = `test_empty_${randomBytes(6).toString('hex')}`;
    let url: string;

    before(async () => {
      await createDatabase(name);
      url = databaseUrl(process.env['TEST_PG_ADMIN_URL']!, name);
    });
    after(() => dropDatabase(name));

    it('apply every migration once, and again without effect', async () => {
      await migrate(url);
      await migrate(url);
      const orm = await initOrm(url);
      try {
        const executed = await orm.getMigrator().getExecutedMigrations();
        expect(executed.map((m) => m.name)).to.deep.equal(names);
        expect(await orm.getMigrator().getPendingMigrations()).to.deep.equal([]);
      } finally {
        await orm.close(true);
      }
    });

    it('leave no difference between the database and the entity schemas', async () => {
      await migrate(url);
      const orm = await initOrm(url);
      try {
        const diff = await orm.schema.getUpdateSchemaSQL({ wrap: false });
        expect(diff.trim()).to.equal('');
        const [ext] = await orm.em.fork().execute("select count(*)::int as n from pg_extension where extname = 'pg_trgm'");
        expect(ext).to.deep.equal({ n: 1 });
      } finally {
        await orm.close(true);
      }
    });
  });

  describe('started together on an empty database (a rolling deploy, an autoscaler)', () => {
    const name = `test_race_${randomBytes(6).toString('hex')}`;
    let url: string;

    before(async () => {
      await createDatabase(name);
      url = databaseUrl(process.env['TEST_PG_ADMIN_URL']!, name);
    });
    after(() => dropDatabase(name));

    it('every instance comes up and each migration runs once', async () => {
      // Before the advisory lock, one of two failed in three of three tries on `create extension
      // if not exists pg_trgm` (duplicate key in pg_extension_name_index) or on a table made twice.
      const results = await Promise.allSettled([migrate(url), migrate(url), migrate(url), migrate(url)]);
      expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : 'ok'))).to.deep.equal(['ok', 'ok', 'ok', 'ok']);
      const orm = await initOrm(url);
      try {
        expect((await orm.getMigrator().getExecutedMigrations()).map((m) => m.name)).to.deep.equal(names);
      } finally {
        await orm.close(true);
      }
    });
  });
});
