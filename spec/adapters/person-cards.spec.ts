import { expect } from 'chai';
import { knex, type Knex } from '@mikro-orm/postgresql';
import type { Actor } from '../../core/kernel/actor.js';
import { E } from '../../core/kernel/either.js';
import { newId, type Id } from '../../core/kernel/ids.js';
import { getPerson } from '../../core/people/queries/get-person.js';
import { getPersonJson } from '../../core/people/queries/get-person-json.js';
import { listPersons } from '../../core/people/queries/list-persons.js';
import { listPersonsJson } from '../../core/people/queries/list-persons-json.js';
import { jsonText, piecesText } from '../support/json-text.js';
import { personsJson } from '../../core/people/queries/pick-persons-json.js';
import { fillPersonCards } from '../../core/people/commands/fill-person-cards.js';
import { scheduleCards } from '../../bootstrap/card-schedule.js';
import { pino } from 'pino';
import { memberAudience, nonMemberAt } from '../../core/kernel/audience.js';
import { personWire } from '../../adapters/http/wire-records.js';
import { postgresStorage, type PostgresFixture } from '../support/database.js';
import { pgPersonCards } from '../../adapters/postgres/person-cards.js';
import { pgPersonListJson } from '../../adapters/postgres/person-list-json.js';
import { CardDemand } from '../../adapters/postgres/card-demand.js';
import type { Sql } from '../../adapters/postgres/sql.js';
import { aName, anEvent, aPerson, at, givenTree } from '../contracts/fixtures.js';
import { givenMixedTree } from '../contracts/person-list-json.contract.js';

// Kept person cards (migration 20270116090000, adapters/postgres/person-cards.ts): a read answers the
// same text with a card as without one, a change removes the cards it makes wrong in its own
// statement, a step never writes while a change of the tree is in progress, and a card goes with its
// person. The per-row path (core getPerson, then the route's personWire) is what every read must equal.

const NOW = at('2026-06-01T12:00:00.000Z');
const user = (userId: Id): Actor => ({ kind: 'user', userId, email: `${userId}@example.org`, emailVerified: true, sessionId: newId(), clientAddress: '127.0.0.1' });

describe('PostgreSQL person cards', function () {
  this.timeout(120_000);
  let fx: PostgresFixture;
  let sql: Knex;
  const deps = () => ({ storage: fx.storage, clock: { now: () => NOW } });

  beforeEach(async () => {
    fx = await postgresStorage();
    sql = knex({ client: 'pg', connection: fx.url, pool: { min: 0, max: 2 } });
  });
  afterEach(async () => {
    await sql.destroy();
    await fx.close();
  });

  const rows = async (q: string, params: readonly unknown[] = []) => (await sql.raw(q, params as never[])).rows as Record<string, unknown>[];
  const cards = async (treeId: Id) => Number((await rows('select count(*)::int as n from person_cards where tree_id = ?', [treeId]))[0]!['n']);
  const step = async (treeId: Id, after: Id | null, limit: number) => {
    const r = await fx.storage.uow.run(async (tx) => E.right(await tx.personCards.fillNext(treeId, after, limit)));
    if (E.isLeft(r)) throw new Error('step refused');
    return r.right;
  };
  const fillAll = async (treeId: Id) => {
    for (let after: Id | null = null; ;) {
      const r = await step(treeId, after, 40);
      if (r.busy) throw new Error('busy');
      if (r.last === null) return;
      after = r.last;
    }
  };

  let viewed = 0;
  /** Every person of the tree as GET /persons/{id} answers them, for the owner, a signed-in stranger and anonymous: text or the refusal. */
  const reads = async (treeId: Id, owner: Id, stranger: Id) => {
    const ids = (await rows('select id from persons where tree_id = ? order by id', [treeId])).map((r) => r['id'] as Id);
    const out: string[] = [];
    for (const [actor, surface] of [[user(owner), 'members'], [user(stranger), 'members'], [{ kind: 'anonymous', clientAddress: '127.0.0.1' } as Actor, 'public']] as const)
      for (const id of ids) {
        const text = await getPersonJson(deps())(actor, id, surface);
        const view = await getPerson(deps())(actor, id, surface);
        const perRow = E.isLeft(view) ? `refused ${view.left._tag}` : JSON.stringify(personWire(view.right));
        if (E.isRight(text) && text.right.kind === 'view') viewed += 1;
        const got = E.isLeft(text) ? `refused ${text.left._tag}` : text.right.kind === 'text' ? text.right.json : JSON.stringify(personWire(text.right.view));
        expect(got, `${id} as ${actor.kind === 'user' ? actor.userId : 'anonymous'}`).to.equal(perRow);
        out.push(got);
      }
    const batch = [await fx.storage.persons.pickJson(treeId, ids, memberAudience), await fx.storage.persons.pickJson(treeId, ids, nonMemberAt(NOW))];
    // The whole list, every page (a person shown in full from their card when they have one), as the per-row path answers it.
    const listed: string[] = [];
    for (const [actor, surface] of [[user(owner), 'members'], [user(stranger), 'members'], [{ kind: 'anonymous', clientAddress: '127.0.0.1' } as Actor, 'public']] as const)
      for (const limit of [7, 1000])
        for (let after: Id | undefined, page = 0; page < 200; page++) {
          const input = { limit, ...(after === undefined ? {} : { after }) };
          const rows = await listPersons({ ...deps(), searchThreshold: 0.2 })(actor, treeId, input, surface);
          const text = await listPersonsJson(deps())(actor, treeId, input, surface);
          if (E.isLeft(rows) || E.isLeft(text)) throw new Error('a reader of a public tree was refused');
          const perRow = { json: rows.right.views.map((v) => JSON.stringify(personWire(v))).join(','), lastId: rows.right.lastId };
          expect({ json: piecesText(text.right.json), lastId: text.right.lastId }, `the list, limit ${limit}, page ${page}`).to.deep.equal(perRow);
          listed.push(perRow.json);
          if (perRow.lastId === null) break;
          after = perRow.lastId;
        }
    // Name searches, every page (one query word: their short statement over cards; several: the other), as the per-row path answers them.
    const searched: string[] = [];
    const d = { ...deps(), searchThreshold: 0.2 };
    for (const [actor, surface] of [[user(owner), 'members'], [user(stranger), 'members'], [{ kind: 'anonymous', clientAddress: '127.0.0.1' } as Actor, 'public']] as const)
      for (const q of ['Smith', 'anna', 'Smiht', "o'brien smith", 'zzzz'])
        for (const limit of [1, 7, 20])
          for (let after: Id | undefined, page = 0; page < 200; page++) {
            const input = { q, limit, ...(after === undefined ? {} : { after }) };
            const rows = await listPersons(d)(actor, treeId, input, surface);
            const text = await personsJson(d)(actor, treeId, input, surface);
            if (E.isLeft(rows) || E.isLeft(text)) throw new Error('a reader of a public tree was refused');
            const perRow = { json: rows.right.views.map((v) => JSON.stringify(personWire(v))).join(','), lastId: rows.right.lastId };
            expect({ ...text.right, json: jsonText(text.right.json) }, `q=${q}, limit ${limit}, page ${page}`).to.deep.equal(perRow);
            searched.push(perRow.json);
            if (perRow.lastId === null) break;
            after = perRow.lastId;
          }
    expect(searched.filter((j) => j !== '').length, 'searches found persons').to.be.greaterThan(50);
    return { out, batch, searched, listed };
  };

  it('a read answers the same text with cards, with some and without, and takes the card when there is one', async () => {
    const t = await givenMixedTree(fx.storage, 80, 41);
    const none = await reads(t.treeId, t.owner, t.stranger);
    // Without cards, a person shown in full is viewed by the core (the per-row path), with them passed as the card's text.
    expect(viewed, 'some reads were viewed without a card').to.be.greaterThan(0);
    viewed = 0;
    expect(await cards(t.treeId)).to.equal(0);
    await step(t.treeId, null, 30);
    const some = await cards(t.treeId);
    expect(some, 'a step of 30 wrote cards').to.be.within(1, 30);
    expect(await reads(t.treeId, t.owner, t.stranger)).to.deep.equal(none);
    await fillAll(t.treeId);
    viewed = 0;
    const live = Number((await rows('select count(*)::int as n from persons where tree_id = ? and deleted_at is null', [t.treeId]))[0]!['n']);
    expect(await cards(t.treeId), 'every live person has a card').to.equal(live);
    expect(await reads(t.treeId, t.owner, t.stranger)).to.deep.equal(none);
    expect(viewed, 'with every card kept, no read is viewed').to.equal(0);
    // Not vacuous: the card is what the read answers (a card changed behind the triggers' back shows).
    const [one] = await rows("select c.person_id from person_cards c where c.tree_id = ? and c.card like '%\"names\":[{%' limit 1", [t.treeId]);
    const id = one!['person_id'] as Id;
    await sql.raw(`update person_cards set card = '{"marker":1}' where person_id = ?`, [id]);
    const owned = await getPersonJson(deps())(user(t.owner), id);
    expect(E.isRight(owned) && owned.right).to.deep.equal({ kind: 'text', json: '{"marker":1}' });
    // The list too takes the card, cut before its names.
    await sql.raw(`update person_cards set card = '{"marker":1,"names":[]}' where person_id = ?`, [id]);
    const listed = await listPersonsJson(deps())(user(t.owner), t.treeId, { limit: 1000 });
    expect(E.isRight(listed) && piecesText(listed.right.json)).to.include('{"marker":1}');
    await fillAll(t.treeId);
    await sql.raw('delete from person_cards where person_id = ?', [id]);
    await fillAll(t.treeId);
    // A name search decides whom a non-member finds by the facts kept with the card: a card marked
    // private behind the triggers' back hides its person from a stranger's search, not the owner's.
    const search = async (actor: Actor, q: string) => {
      const r = await personsJson({ ...deps(), searchThreshold: 0.2 })(actor, t.treeId, { q, limit: 100 }, 'members');
      if (E.isLeft(r)) throw new Error('refused');
      return jsonText(r.right.json) === '' ? [] : (JSON.parse(`[${jsonText(r.right.json)}]`) as { id: Id; surname: string }[]);
    };
    const [target] = await search(user(t.stranger), 'Smith');
    expect(target, 'a stranger finds a Smith').not.to.equal(undefined);
    await sql.raw(`update person_cards set privacy = 'private' where person_id = ?`, [target!.id]);
    expect((await search(user(t.stranger), 'Smith')).map((p) => p.id)).not.to.include(target!.id);
    expect((await search(user(t.owner), 'Smith')).map((p) => p.id)).to.include(target!.id);
    // A card without facts (written before they were kept) is read as no card: the answers stay exact.
    await sql.raw('update person_cards set privacy = null where tree_id = ?', [t.treeId]);
    expect(await reads(t.treeId, t.owner, t.stranger)).to.deep.equal(none);
  });

  it('a change removes the cards it makes wrong in its own statement, and the reads follow it', async () => {
    const t = await givenMixedTree(fx.storage, 40, 43);
    await fillAll(t.treeId);
    const [p] = await rows("select p.id from persons p join person_cards c on c.person_id = p.id where p.tree_id = ? and p.deleted_at is null and exists (select 1 from names n where n.person_id = p.id and n.deleted_at is null) limit 1", [t.treeId]);
    const id = p!['id'] as Id;
    const has = async () => (await rows('select 1 from person_cards where person_id = ?', [id])).length === 1;
    const person = (await fx.storage.persons.byId(id))!;
    const same = async (what: string) => {
      expect(await has(), `${what}: the card is gone`).to.equal(false);
      await reads(t.treeId, t.owner, t.stranger);
      await fillAll(t.treeId);
      expect(await has(), `${what}: written again`).to.equal(true);
    };
    await fx.storage.persons.update({ ...person, notes: 'changed notes', updatedAt: NOW });
    await same('the person row');
    const name = aName(person, { givenName: 'Added', isPrimary: true });
    await fx.storage.names.insert(name);
    await same('a name added');
    await fx.storage.names.update({ ...name, surname: 'Renamed' });
    await same('a name changed');
    const birth = anEvent(t.treeId, { personId: id }, { type: 'birth', date: { qualifier: 'exact', year: 1901 } });
    await fx.storage.events.insert(birth);
    await same('an event added');
    const [pl] = await rows('select e.place_id from events e where e.person_id = ? and e.place_id is not null and e.deleted_at is null limit 1', [id]);
    if (pl !== undefined) {
      await sql.raw("update places set name = 'Renamed place' where id = ?", [pl['place_id'] as string]);
      await same('a place renamed');
    }
    // A hard delete of a name (a purge) takes the name's text out of the card.
    await sql.raw('delete from names where id = ?', [name.id]);
    expect(await has(), 'a purged name: the card is gone').to.equal(false);
    expect(JSON.stringify(await rows('select card from person_cards where tree_id = ?', [t.treeId]))).not.to.include('Renamed');
    // And a purged person takes their card with them.
    await fillAll(t.treeId);
    await sql.raw('delete from persons where id = ?', [id]);
    expect(await has()).to.equal(false);
  });

  it('reads that meet a person without a card ask for their tree, and the schedule fills it within seconds, not at its next pass', async () => {
    const t = await givenMixedTree(fx.storage, 60, 53);
    const live = (await rows('select p.id from persons p where p.tree_id = ? and p.deleted_at is null order by p.id', [t.treeId])).map((r) => r['id'] as Id);
    expect(fx.storage.personCards.wanted()).to.deep.equal([]);
    // A read answered from the rows (no card), and a one-word search over persons without cards: each asks once.
    let viewedOne = false;
    for (const id of live) {
      const r = await getPersonJson(deps())(user(t.owner), id);
      if (E.isRight(r) && r.right.kind === 'view') {
        viewedOne = true;
        break;
      }
    }
    expect(viewedOne, 'a person was read without a card').to.equal(true);
    expect(fx.storage.personCards.wanted()).to.deep.equal([t.treeId]);
    expect(fx.storage.personCards.wanted(), 'once').to.deep.equal([]);
    const search = async () => {
      const found = await personsJson({ ...deps(), searchThreshold: 0.2 })(user(t.owner), t.treeId, { q: 'Smith', limit: 100 }, 'members');
      if (E.isLeft(found) || jsonText(found.right.json) === '') throw new Error('the search found no one');
      return JSON.parse(`[${jsonText(found.right.json)}]`) as { id: Id }[];
    };
    // Right after, a search goes straight to the statement that writes persons live, and does not ask again.
    const [first] = await search();
    expect(fx.storage.personCards.wanted()).to.deep.equal([]);
    // Once the tree's cards are all written it tries cards again; meeting a found person without one, it asks.
    await fillAll(t.treeId);
    await sql.raw('delete from person_cards where person_id = ?', [first!.id]);
    expect((await search())[0]!.id).to.equal(first!.id);
    expect(fx.storage.personCards.wanted()).to.deep.equal([t.treeId]);
    // A whole list that wrote a person shown in full live asks too; with every card kept it does not.
    await fillAll(t.treeId);
    await listPersonsJson(deps())(user(t.owner), t.treeId, { limit: 1000 });
    expect(fx.storage.personCards.wanted(), 'every card kept').to.deep.equal([]);
    await sql.raw('delete from person_cards where person_id = ?', [first!.id]);
    await listPersonsJson(deps())(user(t.owner), t.treeId, { limit: 1000 });
    expect(fx.storage.personCards.wanted()).to.deep.equal([t.treeId]);
    await sql.raw('delete from person_cards where tree_id = ?', [t.treeId]);
    // An import's bulk write does not ask (a tree imported is asked for by its first reads): the GEDCOM export right after an import is not slowed by the pass.
    await fx.storage.uow.run(async (tx) => {
      await tx.bulk.insertAll({ persons: [aPerson(t.treeId)], names: [], places: [], relationships: [], events: [], sources: [], citations: [] });
      return E.right(undefined);
    });
    expect(fx.storage.personCards.wanted(), 'a bulk write does not ask').to.deep.equal([]);
    const liveNow = Number((await rows('select count(*)::int as n from persons where tree_id = ? and deleted_at is null', [t.treeId]))[0]!['n']);
    expect(liveNow).to.equal(live.length + 1);
    // The schedule, its passes far off, fills the tree a read asked for.
    const schedule = scheduleCards({ storage: fx.storage }, pino({ level: 'silent' }), 3_600_000, 50, 3_600_000);
    try {
      await getPersonJson(deps())(user(t.owner), live[0]!);
      const until = Date.now() + 10_000;
      while ((await cards(t.treeId)) < liveNow && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
      expect(await cards(t.treeId), 'every live person has a card').to.equal(liveNow);
    } finally {
      await schedule.stop();
    }
  });

  it('a step, and a page written live, read each vital once: the rows their plans go through grow with the persons, not with their square', async () => {
    // 400 persons without cards, each born and dead somewhere: 800 vitals.
    const t = await givenTree(fx.storage, { visibility: 'public' });
    const place = (await fx.storage.places.ensure(t.id, 'Boston', newId())).id;
    const persons = Array.from({ length: 400 }, () => aPerson(t.id, { isLiving: false }));
    await fx.storage.uow.run(async (tx) => {
      await tx.bulk.insertAll({
        persons, names: persons.map((p) => aName(p, { givenName: 'Anna', surname: 'Smith' })), places: [], relationships: [], sources: [], citations: [],
        events: persons.flatMap((p) => [anEvent(t.id, { personId: p.id }, { type: 'birth', date: { qualifier: 'exact', year: 1850 }, placeId: place }),
          anEvent(t.id, { personId: p.id }, { type: 'death', date: { qualifier: 'exact', year: 1900 }, placeId: place })]),
      });
      return E.right(undefined);
    });
    // With statistics as autovacuum keeps them on a live database, where nearly every person has a
    // card (a tree imported since has none yet): the planner then expects a step to find few persons
    // without one. Without statistics it guesses other joins altogether.
    await fillAll(t.id);
    await sql.raw('analyze persons, names, events, places, person_cards');
    await sql.raw('delete from person_cards where tree_id = ?', [t.id]);
    // The statements as the stores send them (placeholders `?`, as knex binds them).
    const sent: { text: string; params: unknown[] }[] = [];
    const recording = {
      rows: async (text: string, params: readonly unknown[] = []) => {
        sent.push({ text, params: [...params] });
        // The lock taken; at the tree's first step, some card missing (the tree is walked).
        return text.includes('pg_try_advisory_xact_lock') ? [{ ok: true }] : text.includes(' as complete') ? [{ complete: false }] : [{ filled: 0, seen: 0, last: null }];
      },
      bytes: async (text: string, params: readonly unknown[] = []) => {
        sent.push({ text, params: [...params] });
        return [];
      },
    } as unknown as Sql;
    await pgPersonCards(recording, new CardDemand()).fillNext(t.id, null, 400);
    await pgPersonListJson(recording, new CardDemand()).listJson(t.id, { limit: 400, audience: memberAudience });
    const statements = sent.filter((s) => !s.text.includes('pg_try_advisory_xact_lock'));
    expect(statements).to.have.length(3);
    for (const [what, s] of [['whether a card is missing', statements[0]!], ['a card step', statements[1]!], ['a page of the whole list', statements[2]!]] as const) {
      const trx = await sql.transaction();
      try {
        const plan = (await trx.raw<{ rows: { 'QUERY PLAN': unknown }[] }>(`explain (analyze, format json) ${s.text}`, s.params as never[])).rows[0]!['QUERY PLAN'];
        let rowsSeen = 0;
        const walk = (node: Record<string, unknown>): void => {
          rowsSeen += Number(node['Actual Rows']) * Number(node['Actual Loops']);
          for (const child of (node['Plans'] as Record<string, unknown>[] | undefined) ?? []) walk(child);
        };
        walk((plan as { Plan: Record<string, unknown> }[])[0]!.Plan);
        // Each person, name and vital goes through a few nodes (about 39 rows a person here); once per
        // person of the step each (the plan that scanned the vitals for every person) is 400 x 800 x 2.
        // Whether a card is missing stops at the first person without one (here the first person).
        expect(rowsSeen, what).to.be.within(what === 'whether a card is missing' ? 1 : 400, 60 * 400);
      } finally {
        await trx.rollback();
      }
    }
  });

  it('a step never writes while a change of the tree is in progress; it writes once that change has committed', async () => {
    const t = await givenMixedTree(fx.storage, 30, 47);
    const [n] = await rows('select n.id from names n join persons p on p.id = n.person_id where p.tree_id = ? limit 1', [t.treeId]);
    const slow = (await sql.client.acquireConnection()) as { query: (q: string, p?: unknown[]) => Promise<unknown> };
    try {
      await slow.query('begin');
      await slow.query("update names set notes = 'in progress' where id = $1", [n!['id']]);
      const busy = await step(t.treeId, null, 100);
      expect(busy.busy).to.equal(true);
      expect(await cards(t.treeId)).to.equal(0);
      await slow.query('commit');
      const done = await step(t.treeId, null, 100);
      expect(done.busy).to.equal(false);
      expect(done.filled).to.be.greaterThan(0);
      expect(JSON.stringify(await rows('select card from person_cards where tree_id = ?', [t.treeId]))).to.include('in progress');
    } finally {
      await slow.query('rollback').catch(() => undefined);
      await sql.client.releaseConnection(slow);
    }
  });

  it('a step finds the tree busy while an export of it is in progress (it waits for the export, not the export for it); it writes once the export has ended', async () => {
    const t = await givenMixedTree(fx.storage, 30, 61);
    const other = await givenMixedTree(fx.storage, 5, 67);
    const chunks = fx.storage.gedcomExport.chunks(t.treeId, 2000)[Symbol.asyncIterator]();
    try {
      const first = await chunks.next();
      expect(first.done).to.equal(false);
      const busy = await step(t.treeId, null, 100);
      expect(busy.busy).to.equal(true);
      expect(await cards(t.treeId)).to.equal(0);
      // Another tree's pass goes on.
      const elsewhere = await step(other.treeId, null, 100);
      expect(elsewhere.busy).to.equal(false);
      expect(elsewhere.filled).to.be.greaterThan(0);
    } finally {
      await chunks.return?.();
    }
    const done = await step(t.treeId, null, 100);
    expect(done.busy).to.equal(false);
    expect(done.filled).to.be.greaterThan(0);
  });

  it('a change at another isolation level than read committed is refused (its snapshot could not see a card to remove)', async () => {
    const t = await givenMixedTree(fx.storage, 5, 59);
    const [n] = await rows('select n.id from names n join persons p on p.id = n.person_id where p.tree_id = ? limit 1', [t.treeId]);
    const other = (await sql.client.acquireConnection()) as { query: (q: string, p?: unknown[]) => Promise<unknown> };
    try {
      await other.query("update names set notes = 'read committed' where id = $1", [n!['id']]);
      await other.query('begin isolation level repeatable read');
      let refused = '';
      await other.query("update names set notes = 'repeatable read' where id = $1", [n!['id']]).catch((e: Error) => { refused = e.message; });
      expect(refused).to.include('must run at read committed');
    } finally {
      await other.query('rollback').catch(() => undefined);
      await sql.client.releaseConnection(other);
    }
  });

  it('a pass keeps every tree\'s cards, one instance at a time; the next pass finds nothing to do', async () => {
    const a = await givenMixedTree(fx.storage, 30, 51);
    const b = await givenMixedTree(fx.storage, 30, 53);
    const pass = fillPersonCards({ storage: fx.storage });
    const first = await pass({ pause: async () => undefined, stopped: () => false, step: 7 });
    expect(first?.busy).to.equal(0);
    // Every live person of every tree (the fixture's trees have neighbours) has a card, each written once.
    const [all] = await rows('select (select count(*)::int from person_cards) as cards, (select count(*)::int from persons where deleted_at is null) as live');
    expect(first!.filled).to.equal(all!['cards']);
    expect(all!['cards']).to.equal(all!['live']);
    expect(await cards(a.treeId)).to.be.greaterThan(0);
    expect(await cards(b.treeId)).to.be.greaterThan(0);
    // A tree whose persons all have cards is looked at in one step, not walked a step at a time
    // (`pause` runs after each step): one step a tree.
    let steps = 0;
    const second = await pass({ pause: async () => { steps += 1; }, stopped: () => false, step: 7 });
    expect(second?.filled).to.equal(0);
    expect(second!.trees).to.be.greaterThan(1);
    expect(steps).to.equal(second!.trees);
    // One card gone (as a change takes it): the next pass walks that tree and writes it again, and only it.
    const [gone] = await rows('delete from person_cards where person_id = (select min(person_id::text)::uuid from person_cards where tree_id = ?) returning person_id', [a.treeId]);
    expect(gone).to.not.equal(undefined);
    steps = 0;
    const third = await pass({ pause: async () => { steps += 1; }, stopped: () => false, step: 7 });
    expect(third?.filled).to.equal(1);
    expect(steps).to.be.greaterThan(third!.trees);
    expect(await rows('select 1 from person_cards where person_id = ?', [gone!['person_id']])).to.have.length(1);
    // Another instance's pass while one runs: skipped.
    let inner: unknown = 'not run';
    await pass({ pause: async () => { inner = await pass({ pause: async () => undefined, stopped: () => false }); }, stopped: () => false });
    expect(inner).to.equal(null);
  });
});
