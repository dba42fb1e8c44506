import { expect } from 'chai';
import pg from 'pg';
import { E } from '../../core/kernel/either.js';
import { newId } from '../../core/kernel/ids.js';
import type { RecordBatch } from '../../core/gedcom/ports.js';
import { idCounter, idSequence } from '../../core/gedcom/commands/import-rows.js';
import { postgresStorage, type PostgresFixture } from '../support/database.js';
import { aCitation, aName, anEvent, aPerson, aRelationship, aSource, givenPerson, givenSource, givenTree } from '../contracts/fixtures.js';

// An import's COPYs run with the foreign keys' triggers off (adapters/postgres/bulk.ts, `deferChecks`
// where the role may set session_replication_role), so `verify` is what stands for them: every
// reference of the rows written must name a row, one of the import's own or one there before.

const empty: RecordBatch = { persons: [], names: [], places: [], relationships: [], events: [], sources: [], citations: [] };

describe('PostgreSQL: an import\'s references checked at verify', function () {
  this.timeout(120_000);
  let fx: PostgresFixture;
  let db: pg.Client;
  before(async () => {
    fx = await postgresStorage();
    db = new pg.Client({ connectionString: fx.url });
    await db.connect();
  });
  after(async () => {
    await db?.end();
    await fx?.close();
  });

  const count = async (table: string, treeId: string, on: pg.Client = db): Promise<number> =>
    (await on.query<{ n: number }>(`select count(*)::int as n from ${table} where tree_id = $1`, [treeId])).rows[0]!.n;

  /** Writes `batch` as an import does and verifies it: the error, or null when it was committed. */
  const imported = async (batch: (treeId: string) => Partial<RecordBatch>, treeId: string): Promise<unknown> => {
    try {
      await fx.storage.uow.run(async (tx) => {
        await tx.bulk.insertAll({ ...empty, ...batch(treeId) }, { deferChecks: true, leanHistory: true });
        await tx.bulk.verify();
        return E.right(undefined);
      });
      return null;
    } catch (e) {
      return e;
    }
  };

  it('lets the import\'s rows name each other and rows there before, in every reference', async () => {
    const t = await givenTree(fx.storage);
    const before = await givenPerson(fx.storage, t.id);
    const source = await givenSource(fx.storage, t.id);
    const failed = await imported((treeId) => {
      const a = aPerson(treeId);
      const b = aPerson(treeId);
      const couple = aRelationship(treeId, 'partnership', a.id, before.id);
      const child = aRelationship(treeId, 'parent_child', before.id, b.id);
      const place = { id: newId(), treeId, name: 'Ely', latitude: null, longitude: null };
      const fresh = aSource(treeId);
      return {
        persons: [a, b], names: [aName(a), aName(b), aName(before)], places: [place], relationships: [couple, child],
        events: [anEvent(treeId, { personId: a.id }, { placeId: place.id }), anEvent(treeId, { personId: before.id }), anEvent(treeId, { partnershipId: couple.id })],
        sources: [fresh], citations: [aCitation(treeId, fresh.id, { kind: 'person', id: a.id }), aCitation(treeId, source.id, { kind: 'person', id: b.id })],
      };
    }, t.id);
    expect(failed).to.equal(null);
    expect([await count('persons', t.id), await count('names', t.id), await count('events', t.id), await count('relationships', t.id), await count('citations', t.id)])
      .to.deep.equal([3, 3, 3, 2, 2]);
  });

  // Each reference of an import's rows, naming no row: refused, naming the table and the column, and nothing is kept.
  const dangling: readonly (readonly [string, (treeId: string, nobody: string) => Partial<RecordBatch>])[] = [
    ['names.person_id', (treeId, nobody) => ({ names: [aName({ id: nobody, treeId })] })],
    ['events.person_id', (treeId, nobody) => ({ events: [anEvent(treeId, { personId: nobody })] })],
    ['events.partnership_id', (treeId, nobody) => ({ events: [anEvent(treeId, { partnershipId: nobody })] })],
    ['events.place_id', (treeId, nobody) => {
      const p = aPerson(treeId);
      return { persons: [p], events: [anEvent(treeId, { personId: p.id }, { placeId: nobody })] };
    }],
    ['relationships.person_a_id', (treeId, nobody) => {
      const p = aPerson(treeId);
      return { persons: [p], relationships: [aRelationship(treeId, 'parent_child', nobody, p.id)] };
    }],
    ['relationships.person_b_id', (treeId, nobody) => {
      const p = aPerson(treeId);
      return { persons: [p], relationships: [aRelationship(treeId, 'parent_child', p.id, nobody)] };
    }],
    ['citations.source_id', (treeId, nobody) => {
      const p = aPerson(treeId);
      return { persons: [p], citations: [aCitation(treeId, nobody, { kind: 'person', id: p.id })] };
    }],
  ];
  /**
   * An import's rows as the import draws their ids (import-rows.ts): the persons from one sequence,
   * every other row from another; `n` persons, each with a name, a birth at a place, a citation of one
   * source, and edges (parent and child, partners) between neighbours with a marriage.
   */
  const sequenced = (treeId: string, n: number): { readonly batch: Partial<RecordBatch>; readonly personAt: (i: number) => string } => {
    const personAt = idSequence();
    const next = idCounter();
    const persons = Array.from({ length: n }, (_, i) => aPerson(treeId, { id: personAt(i) }));
    const place = { id: next(), treeId, name: 'Ely', latitude: null, longitude: null };
    const source = aSource(treeId, { id: next() });
    const relationships = persons.slice(1).map((p, i) => aRelationship(treeId, i % 2 === 0 ? 'parent_child' : 'partnership', persons[i]!.id, p.id, { id: next() }));
    return {
      personAt,
      batch: {
        persons, names: persons.map((p) => aName(p, { id: next() })), places: [place], relationships, sources: [source],
        events: [
          ...persons.map((p) => anEvent(treeId, { personId: p.id }, { id: next(), placeId: place.id })),
          ...relationships.filter((r) => r.type === 'partnership').map((r) => anEvent(treeId, { partnershipId: r.id }, { id: next(), type: 'marriage' })),
        ],
        citations: persons.map((p) => aCitation(treeId, source.id, { kind: 'person', id: p.id }, { id: next() })),
      },
    };
  };

  it('reads none of the tables the references name when every reference names a row the import wrote', async () => {
    // What verify sends, and nothing else.
    const sent: string[] = [];
    let recording = false;
    const observed = await postgresStorage({ debugQueries: (sql) => void (recording && sent.push(sql)) });
    try {
      const t = await givenTree(observed.storage);
      const { batch } = sequenced(t.id, 300);
      await observed.storage.uow.run(async (tx) => {
        await tx.bulk.insertAll({ ...empty, ...batch }, { deferChecks: true, leanHistory: true });
        recording = true;
        await tx.bulk.verify();
        recording = false;
        return E.right(undefined);
      });
      const on = new pg.Client({ connectionString: observed.url });
      await on.connect();
      const written: number[] = [];
      try {
        for (const table of ['persons', 'names', 'events', 'relationships', 'citations']) written.push(await count(table, t.id, on));
      } finally {
        await on.end();
      }
      expect(written).to.deep.equal([300, 300, 300 + 149, 299, 300]);
      expect(sent.length, 'verify sent its statements').to.be.above(0);
      // The rows pointed at are the import's own: no statement of verify looks any of them up (before,
      // one per referenced table read it whole, every tree's rows, to check the import's references).
      expect(sent.filter((s) => /\b(from|join)\s+(persons|relationships|places|sources)\b/i.test(s))).to.deep.equal([]);
    } finally {
      await observed.close();
    }
  });

  it('refuses a reference to an id of the import\'s own sequence that it never wrote', async () => {
    const t = await givenTree(fx.storage);
    const failed = await imported((treeId) => {
      const { batch, personAt } = sequenced(treeId, 300);
      // The sequence's next person, never written: its name points at no row.
      return { ...batch, names: [...batch.names!, aName({ id: personAt(300), treeId })] };
    }, t.id);
    const fast = (await db.query<{ ok: boolean }>(`select rolsuper or has_parameter_privilege('session_replication_role', 'SET') as ok from pg_roles where rolname = current_user`)).rows[0]!.ok;
    if (fast) expect(String(failed)).to.contain('bulk write: 1 names.person_id name no persons row');
    else expect(String(failed)).to.match(/violates foreign key constraint/);
    expect(await count('persons', t.id)).to.equal(0);
  });

  for (const [reference, batch] of dangling) {
    it(`refuses an import whose ${reference} names no row, and keeps none of it`, async () => {
      const t = await givenTree(fx.storage);
      // Beside rows whose references hold, of every table, so that the one wrong reference is found among right ones.
      const failed = await imported((treeId) => {
        const a = aPerson(treeId);
        const b = aPerson(treeId);
        const edge = aRelationship(treeId, 'partnership', a.id, b.id);
        const source = aSource(treeId);
        const wrong = batch(treeId, newId());
        return {
          persons: [a, b, ...(wrong.persons ?? [])], names: [aName(a), ...(wrong.names ?? [])], relationships: [edge, ...(wrong.relationships ?? [])],
          events: [anEvent(treeId, { personId: a.id }), anEvent(treeId, { partnershipId: edge.id }), ...(wrong.events ?? [])],
          sources: [source], citations: [aCitation(treeId, source.id, { kind: 'person', id: b.id }), ...(wrong.citations ?? [])],
        };
      }, t.id);
      const [table, column] = reference.split('.');
      // Where this role may not set session_replication_role, the foreign keys themselves refuse it, at the commit.
      const fast = (await db.query<{ ok: boolean }>(`select rolsuper or has_parameter_privilege('session_replication_role', 'SET') as ok from pg_roles where rolname = current_user`)).rows[0]!.ok;
      if (fast) expect(String(failed)).to.contain(`bulk write: 1 ${table}.${column} name no `);
      else expect(String(failed)).to.match(/violates foreign key constraint/);
      expect(await count('persons', t.id)).to.equal(0);
    });
  }
});
