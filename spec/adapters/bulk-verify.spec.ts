import { expect } from 'chai';
import pg from 'pg';
import { E } from '../../core/kernel/either.js';
import { newId } from '../../core/kernel/ids.js';
import type { RecordBatch } from '../../core/gedcom/ports.js';
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

  const count = async (table: string, treeId: string): Promise<number> =>
    (await db.query<{ n: number }>(`select count(*)::int as n from ${table} where tree_id = $1`, [treeId])).rows[0]!.n;

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
