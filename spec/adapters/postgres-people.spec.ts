import { expect } from 'chai';
import { knex, type Knex } from '@mikro-orm/postgresql';
import { newId } from '../../core/kernel/ids.js';
import { postgresStorage, type PostgresFixture } from '../support/database.js';
import { givenTree } from '../contracts/fixtures.js';

// What the port contracts cannot see: the expression indexes the schema diff compares by name only,
// that name search is answered by the trigram index, and statements per call.
describe('PostgreSQL people storage', () => {
  let fx: PostgresFixture;
  let sql: Knex;
  const statements: string[] = [];

  beforeEach(async () => {
    fx = await postgresStorage({ debugQueries: (s) => statements.push(s) });
    statements.length = 0;
    sql = knex({ client: 'pg', connection: fx.url, pool: { min: 0, max: 1 } });
  });
  afterEach(async () => {
    await sql.destroy();
    await fx.close();
  });

  it('has the expression and partial indexes as declared', async () => {
    const { rows } = await sql.raw<{ rows: { indexname: string; indexdef: string }[] }>(
      `select indexname, indexdef from pg_indexes where indexname in
         ('names_search_trgm_index', 'names_words_index', 'places_tree_id_name_unique', 'relationships_live_partnership_unique', 'relationships_live_parent_child_unique')
       order by indexname`,
    );
    expect(rows.map((r) => r.indexname)).to.deep.equal([
      'names_words_index', 'places_tree_id_name_unique', 'relationships_live_parent_child_unique', 'relationships_live_partnership_unique',
    ]);
    const def = Object.fromEntries(rows.map((r) => [r.indexname, r.indexdef]));
    // names_search_trgm_index is gone (Migration20261201100000): search matches words, and every name written paid for it.
    expect(def['names_words_index']).to.match(/USING gin \(regexp_split_to_array/);
    expect(def['places_tree_id_name_unique']).to.match(/UNIQUE INDEX .* \(tree_id, lower\(btrim\(name\)\)\)/);
    expect(def['relationships_live_partnership_unique']).to.match(/UNIQUE .*LEAST.*GREATEST.*WHERE .*partnership.*deleted_at IS NULL/);
    expect(def['relationships_live_parent_child_unique']).to.match(/UNIQUE .*\(tree_id, person_a_id, person_b_id\) WHERE .*parent_child.*deleted_at IS NULL/);
  });

  it('answers a name search from the word and name indexes, setting the threshold in the same transaction', async () => {
    const t = await givenTree(fx.storage);
    await sql.raw(
      `insert into persons (id, tree_id, notes, created_at, updated_at)
         select gen_random_uuid(), ?, '', now(), now() from generate_series(1, 2000)`,
      [t.id],
    );
    await sql.raw(
      `insert into names (id, tree_id, person_id, name_type, given_name, surname, is_primary, created_at)
         select gen_random_uuid(), tree_id, id, 'birth', md5(id::text), md5(id::text || 'x'), true, now() from persons`,
    );
    await sql.raw('analyze names; analyze persons');
    statements.length = 0;
    expect(await fx.storage.names.search(t.id, 'nobody here', 0.3, { limit: 20 })).to.deep.equal([]);
    expect(statements).to.have.length(2);
    expect(statements[0]).to.match(/set_config\('pg_trgm.similarity_threshold', \?, true\)/);

    const plan = await sql.transaction(async (trx) => {
      await trx.raw(`select set_config('pg_trgm.similarity_threshold', '0.3', true)`);
      // Whether the planner prefers the index depends on the data (random md5 names are costly in
      // GIN); that it can answer the filter from it is what this checks: only a bitmap scan is left.
      await trx.raw('set local enable_seqscan = off');
      await trx.raw('set local enable_indexscan = off');
      const q = 'nobody here';
      const res = await trx.raw<{ rows: { 'QUERY PLAN': string }[] }>(`explain ${statements[1]!}`, [q, t.id, q, t.id, q, 0.3, 20]);
      return res.rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    // The names holding one of the query's matched words come from their index, never a scan of the tree's names.
    expect(plan).to.contain('names_words_index');
  });

  it('purges a tree with every row it owns', async () => {
    const t = await givenTree(fx.storage);
    const p = newId();
    await sql.raw(`insert into persons (id, tree_id, notes, created_at, updated_at) values (?, ?, '', now(), now())`, [p, t.id]);
    await sql.raw(
      `insert into names (id, tree_id, person_id, name_type, given_name, surname, is_primary, created_at)
       values (gen_random_uuid(), ?, ?, 'birth', 'A', 'B', true, now())`,
      [t.id, p],
    );
    await fx.storage.places.ensure(t.id, 'York', newId());
    await fx.storage.trees.purge(t.id);
    const { rows } = await sql.raw<{ rows: { n: number }[] }>(
      `select (select count(*) from persons) + (select count(*) from names) + (select count(*) from places) as n`,
    );
    expect(Number(rows[0]!.n)).to.equal(0);
  });
});
