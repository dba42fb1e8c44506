import { expect } from 'chai';
import type { MikroORM } from '@mikro-orm/postgresql';
import { initOrm } from '../../adapters/postgres/orm.js';
import { sqlOn, type Sql } from '../../adapters/postgres/sql.js';
import { pgPersonListJson } from '../../adapters/postgres/person-list-json.js';
import { LOOK, pgPersonCards } from '../../adapters/postgres/person-cards.js';
import { CardDemand } from '../../adapters/postgres/card-demand.js';
import { memberAudience, nonMemberAt } from '../../core/kernel/audience.js';
import type { Audience } from '../../core/kernel/audience.js';
import type { Id } from '../../core/kernel/ids.js';
import { postgresStorage, type PostgresFixture } from '../support/database.js';
import { givenMixedTree } from '../contracts/person-list-json.contract.js';

// What a whole list and the card schedule repeat at every page or step. A list's page statement is
// planned once on a connection (sql.ts `generic`): left to itself PostgreSQL planned it for its values
// at every page (2.7 ms of its 20 ms on a 1,000-person page of the 100,000-person bench tree). A card
// step first counts its persons without a card, and sends the statement that writes cards only when
// there are some: a pass walks every tree at each start and every 5 minutes, and that statement cost
// 5.5 ms of PostgreSQL even with nothing to write (2.7 of them planning it). One pooled connection,
// so each statement's plan counts are that connection's.
describe('PostgreSQL whole-list pages and card steps', function () {
  this.timeout(120_000);
  let fx: PostgresFixture;
  let orm: MikroORM;
  let db: Sql;
  let treeId: Id;
  const NOW = new Date('2026-06-01T12:00:00.000Z');

  before(async () => {
    fx = await postgresStorage();
    ({ treeId } = await givenMixedTree(fx.storage, 60, 11));
    orm = await initOrm(fx.url, { poolMax: 1 });
    db = sqlOn(() => orm.em.fork());
  });
  after(async () => {
    await orm.close(true);
    await fx.close();
  });

  const plansOf = async (like: string) =>
    db.rows<{ statement: string; generic_plans: string; custom_plans: string }>(
      'select statement, generic_plans, custom_plans from pg_prepared_statements where statement like ? order by statement',
      [like],
    );

  /** The statement (text and parameters) a page of the whole list sends, caught instead of run. */
  const pageStatement = async (audience: Audience, after?: Id): Promise<{ readonly text: string; readonly params: readonly unknown[] }> => {
    let sent: { text: string; params: readonly unknown[] } | undefined;
    const capture = { bytes: async (text: string, params: readonly unknown[] = []) => ((sent = { text, params }), []) } as unknown as Sql;
    await pgPersonListJson(capture, new CardDemand()).listJson(treeId, { limit: 20, ...(after === undefined ? {} : { after }), audience });
    if (sent === undefined) throw new Error('the page sent no statement');
    return sent;
  };

  it('reads every page of a whole list on one generic plan per statement, for a member and a non-member', async () => {
    const lists = pgPersonListJson(db, new CardDemand());
    const pages = async (audience: Audience): Promise<number> => {
      let after: Id | undefined;
      let n = 0;
      for (;;) {
        const page = await lists.listJson(treeId, { limit: 5, ...(after === undefined ? {} : { after }), audience });
        n += 1;
        if (page.lastId === null) return n;
        after = page.lastId;
      }
    };
    // Enough pages that PostgreSQL, left to itself, would have planned the first five for their values.
    expect(await pages(memberAudience)).to.be.at.least(8);
    expect(await pages(nonMemberAt(NOW))).to.be.at.least(8);
    const plans = await plansOf('%persons.listJson%');
    // A first page and a later page, for a member and for a non-member.
    expect(plans).to.have.length(4);
    for (const p of plans) expect(Number(p.custom_plans), p.statement.slice(0, 200)).to.equal(0);
    expect(plans.reduce((n, p) => n + Number(p.generic_plans), 0)).to.be.at.least(16);
  });

  it("keeps in a page's rows only each person's id, tree, visibility and card: a person's other columns are read for those without a card alone", async () => {
    // Materialized with every person's notes, identifiers and times beside the card, the rows cost a
    // 1,000-person page of the 100,000-person bench tree 10-12.5 ms of PostgreSQL against 7.8-10.5 ms.
    type Node = { 'Subplan Name'?: string; Output?: string[]; Plans?: Node[] };
    const nodes = (n: Node): Node[] => [n, ...(n.Plans ?? []).flatMap(nodes)];
    const [second] = await db.rows<{ id: Id }>('select id from persons where tree_id = ? and deleted_at is null order by id offset 1 limit 1', [treeId]);
    for (const audience of [memberAudience, nonMemberAt(NOW)]) {
      for (const after of [undefined, second!.id]) {
        const sent = await pageStatement(audience, after);
        // The statement the page sends, planned as the page runs it: its page CTE and what it keeps per row.
        const [{ 'QUERY PLAN': plan }] = (await db.rows<{ 'QUERY PLAN': { Plan: Node }[] }>(`explain (verbose, format json) ${sent.text}`, sent.params)) as [{ 'QUERY PLAN': { Plan: Node }[] }];
        const page = nodes(plan[0]!.Plan).filter((n) => n['Subplan Name'] === 'CTE pg');
        expect(page, JSON.stringify(plan).slice(0, 2000)).to.have.length(1);
        const kept = page[0]!.Output ?? [];
        expect(kept, kept.join(' | ')).to.have.length(4);
        // Of a person's own columns only the id and the tree, as they are: the others enter the visibility alone.
        expect(kept.filter((o) => /^\w+\.\w+$/.test(o)).map((o) => o.split('.')[1]), kept.join(' | ')).to.deep.equal(['id', 'tree_id']);
        expect(kept.filter((o) => o.includes('c.card')), kept.join(' | ')).to.have.length(1);
      }
    }
  });

  it("plans no statement of the service's connections in parallel, however cheap the planner thinks a parallel plan", async () => {
    // On the bench's database as the service's start leaves it (a 200,000-person tree beside), a whole
    // list's page statement got a generic plan with 2 workers, launched at every page: 25-54 ms a
    // 1,000-person page against 6-21 ms without them, and each list 3.0-3.4 s against 1.5-2.1 s in the
    // same hour. The cores are the other requests' too, and every statement reads rows in proportion
    // to its answer.
    const sent = await pageStatement(nonMemberAt(NOW));
    const cheap = ['parallel_setup_cost', 'parallel_tuple_cost', 'min_parallel_table_scan_size', 'min_parallel_index_scan_size'];
    const workers = async (on: Sql): Promise<number> =>
      on.tx(async (t) => {
        for (const name of cheap) await t.rows(`select set_config(?, '0', true)`, [name]);
        const plan = await t.rows<{ 'QUERY PLAN': string }>(`explain ${sent.text}`, sent.params);
        return plan.filter((r) => /Gather|Parallel/.test(r['QUERY PLAN'])).length;
      });
    // A connection with workers allowed (PostgreSQL's default of 2) plans the page in parallel at those costs...
    const plain = await initOrm(fx.url, { poolMax: 1 });
    try {
      const bare = sqlOn(() => plain.em.fork());
      await bare.run(`select set_config('max_parallel_workers_per_gather', '2', false)`);
      expect(await workers(bare), 'a parallel plan where workers are allowed').to.be.greaterThan(0);
    } finally {
      await plain.close(true);
    }
    // ...and the service's never does.
    expect(await workers(db)).to.equal(0);
  });

  it('writes cards only in the steps that find persons without one: a step over carded persons sends no writing statement', async () => {
    await db.run('delete from person_cards where tree_id = ?', [treeId]);
    const pass = async (): Promise<{ steps: number; filled: number; writes: number }> => {
      const seen: string[] = [];
      const observed = sqlOn(() => orm.em.fork(), { onQuery: (q) => void seen.push(q) });
      let steps = 0;
      let filled = 0;
      for (let after: Id | null = null; ;) {
        const step = await observed.tx((t) => pgPersonCards(t, new CardDemand()).fillNext(treeId, after, 6));
        expect(step.busy).to.equal(false);
        steps += 1;
        filled += step.filled;
        if (step.last === null) break;
        after = step.last;
      }
      return { steps, filled, writes: seen.filter((q) => q.includes('insert into person_cards')).length };
    };
    const [{ live } = { live: 0 }] = await db.rows<{ live: number }>('select count(*)::int as live from persons where tree_id = ? and deleted_at is null', [treeId]);
    const first = await pass();
    expect(first.steps).to.be.at.least(8);
    expect(first.filled, 'a card for every live person').to.equal(live);
    expect(first.writes, 'each step had persons without a card').to.equal(first.steps - (live % 6 === 0 ? 1 : 0));
    const [{ n } = { n: 0 }] = await db.rows<{ n: number }>('select count(*)::int as n from person_cards where tree_id = ?', [treeId]);
    expect(n).to.equal(live);
    // Again, every person carded: the first step finds no card missing and ends the tree (person-cards.ts
    // COMPLETE), no card written, and the statement that writes them never sent.
    const again = await pass();
    expect(again).to.deep.equal({ steps: 1, filled: 0, writes: 0 });
    // One removed card: only its step writes.
    await db.run('delete from person_cards where person_id = (select person_id from person_cards where tree_id = ? order by person_id offset 10 limit 1)', [treeId]);
    expect(await pass()).to.deep.equal({ steps: first.steps, filled: 1, writes: 1 });
  });

  it("counts a step's persons without a card from the tree's cards as one range, not by a probe of the cards per person", async () => {
    // A tree of 5,000 persons more (on 60 PostgreSQL reads the cards whole either way), a card for
    // every live person, and statistics as a tree of this size has them.
    await db.run(`insert into persons (id, tree_id, notes, created_at, updated_at) select gen_random_uuid(), ?, '', now(), now() from generate_series(1, 5000)`, [treeId]);
    await db.run('delete from person_cards where tree_id = ?', [treeId]);
    for (let after: Id | null = null; ;) {
      const step: { last: Id | null } = await db.tx((t) => pgPersonCards(t, new CardDemand()).fillNext(treeId, after, 500));
      if (step.last === null) break;
      after = step.last;
    }
    await db.run('analyze persons, person_cards');
    type Node = { 'Node Type': string; 'Relation Name'?: string; 'Index Name'?: string; 'Actual Loops': number; 'Actual Rows': number; 'Rows Removed by Filter'?: number; Plans?: Node[] };
    const nodes = (n: Node): Node[] => [n, ...(n.Plans ?? []).flatMap(nodes)];
    const [first] = await db.rows<{ id: Id }>('select id from persons where tree_id = ? and deleted_at is null order by id limit 1', [treeId]);
    for (const after of [null, first!.id]) {
      const [{ 'QUERY PLAN': plan }] = (await db.rows<{ 'QUERY PLAN': { Plan: Node }[] }>(
        `explain (analyze, format json) ${LOOK}`, [treeId, after, 500, treeId, after],
      )) as [{ 'QUERY PLAN': { Plan: Node }[] }];
      const cards = nodes(plan[0]!.Plan).filter((n) => n['Relation Name'] === 'person_cards');
      expect(cards, JSON.stringify(plan)).to.have.length(1);
      const [c] = cards as [Node];
      const how = `${c['Node Type']} on ${c['Index Name'] ?? 'the table'}: ${c['Actual Loops']} loops of ${c['Actual Rows']} rows (${c['Rows Removed by Filter'] ?? 0} filtered out)`;
      // One read of the cards, of about the step's persons: the one after the step's last at most, not the tree's.
      expect(c['Actual Loops'], how).to.equal(1);
      expect(c['Actual Rows'] + (c['Rows Removed by Filter'] ?? 0), how).to.be.at.most(501);
    }
  });
});
