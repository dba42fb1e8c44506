import { expect } from 'chai';
import type { MikroORM } from '@mikro-orm/postgresql';
import { initOrm } from '../../adapters/postgres/orm.js';
import { chunkOf, pgGedcomExport } from '../../adapters/postgres/gedcom-export.js';
import type { PickedEdges } from '../../adapters/postgres/export-edges.js';
import { storageOnOrm } from '../../adapters/postgres/storage.js';
import type { Storage } from '../../core/stores.js';
import type { ExportEdge } from '../../core/gedcom/export-reads.js';
import { freshDatabaseUrl, dropDatabase } from '../support/database.js';
import { aPerson, aRelationship, aTree, aUser, aMembership, sortedIds } from '../contracts/fixtures.js';

// The GEDCOM export reads the tree's edges on a second pooled connection while its own prepares
// (adapters/postgres/gedcom-export.ts). A pool with no connection to spare (DB_POOL_MAX is at least
// 2; two exports at once, each holding one) must not leave the exports waiting on each other until
// the pool's acquire timeout: the export then reads the edges on its own connection.

/** What COPY's text escapes (tab, line break, backslash) and what is above ASCII, in an edge's fields. */
const NOTES = 'Married twice:\tfirst in Łódź,\nthen in York \\ or so';
const ROLE = 'Témoin ✓';

describe('the GEDCOM export with no pooled connection to spare (postgres)', function () {
  this.timeout(60_000);
  let url: string;
  let orm: MikroORM;
  let storage: Storage;
  let treeId: string;
  before(async () => {
    url = await freshDatabaseUrl();
    orm = await initOrm(url, { poolMax: 2 });
    storage = storageOnOrm(orm);
    const user = aUser();
    const tree = aTree({ name: 'Pool' });
    await storage.users.insert(user);
    await storage.trees.insert(tree);
    await storage.memberships.insert(aMembership(tree.id, user.id, 'owner'));
    treeId = tree.id;
    const persons = sortedIds(3).map((id) => aPerson(tree.id, { id, identifiers: [], sex: 'female' }));
    for (const p of persons) await storage.persons.insert(p);
    for (const r of [
      aRelationship(tree.id, 'partnership', persons[0]!.id, persons[1]!.id, { notes: NOTES, role: null }),
      aRelationship(tree.id, 'parent_child', persons[0]!.id, persons[2]!.id, { role: null, qualifier: 'foster' }),
      aRelationship(tree.id, 'association', persons[2]!.id, persons[0]!.id, { role: ROLE, qualifier: null, notes: '' }),
    ]) await storage.relationships.insert(r);
  });
  after(async () => {
    await orm?.close();
    if (url !== undefined) await dropDatabase(new URL(url).pathname.slice(1));
  });

  const exportOnce = async (): Promise<{ persons: number; edges: number; read: { type: string; a: string; b: string; qualifier: string | null; role: string | null; notes: string }[] }> => {
    let persons = 0;
    let edges = 0;
    const read: { type: string; a: string; b: string; qualifier: string | null; role: string | null; notes: string }[] = [];
    const add = (r: ExportEdge) => read.push({ type: r.type, a: r.personAId, b: r.personBId, qualifier: r.qualifier, role: r.role, notes: r.notes });
    for await (const c of pgGedcomExport(() => orm.em).chunks(treeId, 2000)) {
      if (c.kind !== 'persons') continue;
      for (const x of c.individuals) {
        persons += 1;
        x.associations.forEach(add);
      }
      edges += c.relationships.length;
      c.relationships.forEach(add);
      expect([...c.people]).to.have.deep.members([['1', 'female'], ['2', 'female'], ['3', 'female']]);
    }
    return { persons, edges, read: read.sort((x, y) => x.type.localeCompare(y.type)) };
  };
  const whole = {
    persons: 3, edges: 2, read: [
      { type: 'association', a: '3', b: '1', qualifier: null, role: ROLE, notes: '' },
      { type: 'parent_child', a: '1', b: '3', qualifier: 'foster', role: null, notes: '' },
      { type: 'partnership', a: '1', b: '2', qualifier: null, role: null, notes: NOTES },
    ],
  };

  it('alone, with the pool to itself: every person and edge, the edges\' fields as stored', async () => {
    expect(await exportOnce()).to.deep.equal(whole);
  });

  it('two at once on a pool of 2: both answer in full, neither waits for the pool to give up', async () => {
    const started = Date.now();
    expect(await Promise.all([exportOnce(), exportOnce()])).to.deep.equal([whole, whole]);
    // The pool's acquire timeout is 10 s (orm.ts): an export that waited on it took that long at least.
    expect(Date.now() - started).to.be.below(8_000);
  });
});

describe('a chunk of the export whose persons are not those the edges numbered (postgres reader)', () => {
  // The chunks' bounds and the persons' numbers come from the edges' read (export-edges.ts), the
  // chunk's persons from its own statement, both of one snapshot. Were they ever different, every
  // number after the chunk would be wrong: the reader stops the export instead.
  const none: PickedEdges = { relationships: [], people: new Map(), partnerships: new Map(), owned: [], associations: new Map(), ids: new Set() };
  // The chunk statement's columns: tag, id, two null uuids, identifiers, sex, privacy, notes, five nulls, kept lines.
  const row = (id: string) => `p\t${id}\t\\N\t\\N\t[]\tmale\tpublic\t\t\\N\t\\N\t\\N\t\\N\t\\N\t\\N\n`;
  const bytes = Buffer.from(sortedIds(2).map(row).join(''), 'latin1');

  it('reads the chunk when it holds the persons numbered there', () => {
    expect([...chunkOf(bytes, 1, 2, none, new Map()).individuals].map((x) => x.person.sex)).to.deep.equal(['male', 'male']);
  });

  it('throws when the chunk holds fewer (or more) persons than were numbered there', () => {
    expect(() => [...chunkOf(bytes, 1, 3, none, new Map()).individuals]).to.throw('export: 2 persons in the chunk of persons 1 to 3');
    expect(() => [...chunkOf(bytes, 5, 1, none, new Map()).individuals]).to.throw('export: 2 persons in the chunk of persons 5 to 5');
  });
});
