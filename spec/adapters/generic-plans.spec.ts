import { expect } from 'chai';
import type { MikroORM } from '@mikro-orm/postgresql';
import { initOrm } from '../../adapters/postgres/orm.js';
import { sqlOn, type Sql } from '../../adapters/postgres/sql.js';
import { wholeField, type RawField } from '../../adapters/postgres/raw-rows.js';
import { dropDatabase, freshDatabaseUrl } from '../support/database.js';

// `bytes(..., { generic: true })` (adapters/postgres/sql.ts GENERIC): the statement runs on its
// generic plan, and the connection goes back to PostgreSQL's own choice after it, whether the
// statement answered or failed, in a transaction or not. One pooled connection (and one transaction
// where a test must be sure of it), so every statement below meets the session the one before left.
describe('PostgreSQL statements on their generic plan', function () {
  this.timeout(60_000);
  let url: string;
  let orm: MikroORM;
  let db: Sql;
  const text = (b: RawField | undefined): string | null => (b == null ? null : wholeField(b).toString('utf8'));
  const mode = async (): Promise<string | null> => text((await db.bytes("select current_setting('plan_cache_mode')"))[0]?.[0]);

  before(async () => {
    url = await freshDatabaseUrl();
    orm = await initOrm(url, { poolMax: 1 });
    db = sqlOn(() => orm.em.fork());
  });
  after(async () => {
    await orm.close(true);
    await dropDatabase(new URL(url).pathname.slice(1));
  });

  /**
   * On `on` (one connection): the settings during a statement run so and around it, and the prepared
   * statement `probe` (named, as every statement of sql.ts) run so three times: planned once,
   * generic, never for its values (`like`: its text in pg_prepared_statements). Its plan counts, for more.
   */
  const settingsAndPlans = async (on: Sql, probe: string, like: string) => {
    const one = async (sql: string, generic = false): Promise<string | null> => text((await on.bytes(sql, [], { generic }))[0]?.[0]);
    const pid = await one('select pg_backend_pid()');
    const settings = "select concat_ws(' ', current_setting('plan_cache_mode'), current_setting('enable_hashagg'), current_setting('enable_memoize'))";
    expect(await one(settings)).to.equal('auto on on');
    expect(await one(settings, true)).to.equal('force_generic_plan off off');
    expect(await one(settings)).to.equal('auto on on');
    for (let i = 0; i < 3; i++) await on.bytes(probe, [10, i], { generic: true });
    const plans = async () => (await on.rows<{ generic_plans: string; custom_plans: string }>(
      'select generic_plans, custom_plans from pg_prepared_statements where statement like ?', [like]))[0];
    expect(await plans()).to.deep.equal({ generic_plans: '3', custom_plans: '0' });
    expect(await one('select pg_backend_pid()'), 'one connection').to.equal(pid);
    return plans;
  };

  it('runs the statement on its generic plan, then gives the connection back to PostgreSQL\'s choice', async () => {
    // One connection throughout (a transaction's), as a pooled one may be replaced between statements.
    await db.tx(async (t) => {
      const probe = 'select count(*) from generate_series(1, ?::int) g where g > ?::int';
      const plans = await settingsAndPlans(t, probe, 'select count(*) from generate_series(%');
      // Without the option PostgreSQL plans for the values first (five times), as before.
      await t.bytes(probe, [10, 9]);
      expect(await plans()).to.deep.equal({ generic_plans: '3', custom_plans: '1' });
    });
  });

  it('outside a transaction: the settings for the statement\'s own transaction, sent with it, gone after it', async () => {
    // The pool's one connection throughout.
    await settingsAndPlans(db, 'select count(*) from generate_series(1, ?::int) g where g > ?::int and g < 1000', 'select count(*) from generate_series(%1000');
    // The statements the observer sees: the settings, then the statement (one round trip; no reset).
    const seen: string[] = [];
    await sqlOn(() => orm.em.fork(), { onQuery: (q) => void seen.push(q) }).bytes('select 1', [], { generic: true });
    expect(seen).to.deep.equal([
      "select set_config('plan_cache_mode', 'force_generic_plan', true), set_config('enable_hashagg', 'off', true), set_config('enable_memoize', 'off', true)",
      'select 1',
    ]);
  });

  it('plans the statement without hash aggregates or Memoize, whose tables a generic plan sizes large and allocates at every start', async () => {
    // A grouping PostgreSQL hashes when left to itself, planned here (explain) with and without the option.
    const explain = "explain (format json) select g % 10 as d, count(*) from generate_series(1, 100000) g group by 1";
    const strategy = async (generic: boolean): Promise<string> => {
      const [r] = await db.bytes(explain, [], { generic });
      const plan = (JSON.parse(text(r?.[0]) ?? '[]') as { Plan: Record<string, unknown> }[])[0]!.Plan;
      return String(plan['Strategy']);
    };
    expect(await strategy(false)).to.equal('Hashed');
    expect(await strategy(true)).to.equal('Sorted');
    expect(await strategy(false), 'the connection as it was').to.equal('Hashed');
  });

  it('after a statement that fails, reports its error and leaves the connection as it was, in a transaction or not', async () => {
    let failure: unknown;
    await db.bytes('select 1 / (? - 1)', [1], { generic: true }).catch((e: unknown) => (failure = e));
    expect(String(failure)).to.match(/division by zero/);
    expect(await mode()).to.equal('auto');
    // In a transaction the reset cannot run once the statement failed; the rollback undoes the SET.
    failure = undefined;
    await db.tx(async (t) => t.bytes('select 1 / (? - 1)', [1], { generic: true })).catch((e: unknown) => (failure = e));
    expect(String(failure)).to.match(/division by zero/);
    expect(await mode()).to.equal('auto');
  });
});
