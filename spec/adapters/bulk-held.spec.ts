import { expect } from 'chai';
import pg from 'pg';
import { E } from '../../core/kernel/either.js';
import type { RecordBatch } from '../../core/gedcom/ports.js';
import type { Name, Person } from '../../core/people/model.js';
import { postgresStorage, type PostgresFixture } from '../support/database.js';
import { aName, aPerson, givenTree } from '../contracts/fixtures.js';

// An import's batches (`deferChecks`) are encoded when they come and held, then written one COPY
// per table for all the batches held, once they pass a bound of encoded rows (256 KB, doubling up to
// 4 MB: adapters/postgres/bulk.ts HELD_BYTES) or at `verify`: about 80 batches of eight COPYs each made PostgreSQL wait
// on the service between pieces for a fifth of a 100,000-person import. What the rows read back as
// is held by spec/contracts (both adapters alike); this spec holds when they are written.

const batchOf = (persons: Person[], names: Name[]): RecordBatch => ({ persons, names, places: [], relationships: [], events: [], sources: [], citations: [] });

describe('PostgreSQL: an import\'s batches held and written together', function () {
  this.timeout(120_000);
  let fx: PostgresFixture;
  let db: pg.Client;
  const statements: string[] = [];
  before(async () => {
    fx = await postgresStorage({ debugQueries: (s) => statements.push(s) });
    db = new pg.Client({ connectionString: fx.url });
    await db.connect();
  });
  after(async () => {
    await db?.end();
    await fx?.close();
  });

  const copies = (table: string): number => statements.filter((s) => s.startsWith(`copy ${table} (`)).length;
  const count = async (sql: string, params: unknown[]): Promise<number> => (await db.query<{ n: number }>(sql, params)).rows[0]!.n;

  it('writes thirty small batches as one COPY per table, at verify, with every row and its name searchable', async () => {
    const t = await givenTree(fx.storage);
    statements.length = 0;
    let beforeVerify = -1;
    await fx.storage.uow.run(async (tx) => {
      for (let b = 0; b < 30; b++) {
        const persons = Array.from({ length: 10 }, () => aPerson(t.id));
        await tx.bulk.insertAll(batchOf(persons, persons.map((p, i) => aName(p, { givenName: `Held${b}x${i}`, surname: 'Quillfeather' }))), { deferChecks: true, leanHistory: true });
      }
      beforeVerify = copies('persons') + copies('names');
      await tx.bulk.verify();
      return E.right(undefined);
    });
    expect(beforeVerify, 'COPYs before verify: the batches are held').to.equal(0);
    expect([copies('persons'), copies('names')], 'one COPY of each table for the thirty batches').to.deep.equal([1, 1]);
    expect(await count('select count(*)::int as n from persons where tree_id = $1', [t.id])).to.equal(300);
    expect(await count('select count(*)::int as n from names where tree_id = $1', [t.id])).to.equal(300);
    expect((await fx.storage.names.search(t.id, 'quillfeather', 0.3, { limit: 500 })).length).to.equal(300);
  });

  it('writes its first held set past 256 KB, each next past twice the last bound up to 4 MB, and the bytes arrive whole', async () => {
    const t = await givenTree(fx.storage);
    // 10 persons of 30,000 characters of notes (two of them outside ASCII) a batch: about 300 KB each.
    const notes = (k: number) => `${'é'.repeat(2)}${String(k).padStart(8, '0')}${'n'.repeat(29_990)}`;
    statements.length = 0;
    let k = 0;
    let beforeVerify = -1;
    await fx.storage.uow.run(async (tx) => {
      for (let b = 0; b < 30; b++) {
        const persons = Array.from({ length: 10 }, () => aPerson(t.id, { notes: notes(k++) }));
        await tx.bulk.insertAll(batchOf(persons, []), { deferChecks: true, leanHistory: true });
      }
      beforeVerify = copies('persons');
      await tx.bulk.verify();
      return E.right(undefined);
    });
    // Bounds 256 KB, 512 KB, 1, 2 and 4 MB: sets of 1, 2, 4, 7 and 14 batches (7 x 300 KB is the
    // first past 2 MB, 14 the first past 4), each written as the batch that passes its bound comes,
    // then the last 2 batches at verify: six COPYs (4 MB from the first: three; 256 KB throughout:
    // thirty). The batch that passes a bound waits for the set before it to be written, so by the
    // last batch the first four sets are.
    expect(beforeVerify, 'COPYs sent before verify').to.be.at.least(4);
    expect(copies('persons')).to.equal(6);
    const rows = (await db.query<{ notes: string }>('select notes from persons where tree_id = $1 order by notes', [t.id])).rows;
    expect(rows.map((r) => r.notes)).to.deep.equal(Array.from({ length: 300 }, (_, i) => notes(i)));
  });

  it('fails at verify, and keeps nothing of the import, when a held set cannot be written (an id the tree has already)', async () => {
    const t = await givenTree(fx.storage);
    const existing = aPerson(t.id, { notes: 'there before' });
    await fx.storage.uow.run(async (tx) => {
      await tx.persons.insert(existing);
      return E.right(undefined);
    });
    const fresh = Array.from({ length: 5 }, () => aPerson(t.id));
    let failed: unknown = null;
    try {
      await fx.storage.uow.run(async (tx) => {
        await tx.bulk.insertAll(batchOf(fresh, []), { deferChecks: true });
        // Held: nothing is written yet, so nothing fails yet.
        await tx.bulk.insertAll(batchOf([{ ...existing, notes: 'again' }], []), { deferChecks: true });
        await tx.bulk.verify();
        return E.right(undefined);
      });
    } catch (e) {
      failed = e;
    }
    expect(String(failed), 'the write\'s own error').to.match(/duplicate key value violates unique constraint "persons_pkey"/);
    expect(await count('select count(*)::int as n from persons where tree_id = $1', [t.id]), 'only the person there before').to.equal(1);
    expect((await db.query<{ notes: string }>('select notes from persons where id = $1', [existing.id])).rows[0]!.notes).to.equal('there before');
  });
});
