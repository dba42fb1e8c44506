import { expect } from 'chai';
import type { Id } from '../../core/kernel/ids.js';
import type { Storage } from '../../core/stores.js';
import { importGedcom } from '../../core/gedcom/commands/import-gedcom.js';
import { createTree } from '../../core/trees/commands/create-tree.js';
import { BATCH_ROWS } from '../../core/gedcom/commands/import-rows.js';
import { TURN_MS } from '../../core/kernel/turns.js';
import { generateGedcom } from '../bench/generate-gedcom.js';
import { postgresStorage } from '../support/database.js';
import { memoryStorage } from '../../adapters/memory/storage.js';
import { cleanupSetup } from './cleanup-support.js';
import { right } from './support.js';

// Issue 14: the import reads a file twice and writes it in batches as the records arrive, so a record
// may point at one that comes later: families before their members, sources and shared notes at the
// end. Whatever the order of the records, the tree must come out the same, across several batches.

const bytesOf = (text: string) => ({ open: async function* () { yield new TextEncoder().encode(text); } });

/** The generated file's level-0 records, HEAD first and TRLR last, each with its lines. */
const recordsOf = (text: string): string[] => {
  const out: string[] = [];
  for (const line of text.split('\n')) {
    if (line === '') continue;
    if (line.startsWith('0 ')) out.push(`${line}\n`);
    else out[out.length - 1] += `${line}\n`;
  }
  return out;
};

/** HEAD, then every other record in reverse (sources, families, then persons last to first), then TRLR. */
const reversed = (text: string): string => {
  const rs = recordsOf(text);
  return [rs[0]!, ...rs.slice(1, -1).reverse(), rs[rs.length - 1]!].join('');
};

/** The tree as names and edges between names, independent of ids and of the order rows were written. */
const shape = async (storage: Storage, treeId: Id) => {
  const persons = await storage.persons.listByTree(treeId, {});
  const names = await storage.names.listByTree(treeId);
  const label = new Map<Id, string>();
  for (const n of names) if (n.isPrimary) label.set(n.personId, `${n.givenName} ${n.surname}`);
  const events = await storage.events.listByTree(treeId, {});
  const rels = await storage.relationships.listByTree(treeId, {});
  const relLabel = new Map(rels.map((r) => [r.id, `${label.get(r.personAId)} + ${label.get(r.personBId)}`]));
  const citations = await storage.citations.listByTree(treeId, {});
  const sources = new Map((await storage.sources.listByTree(treeId, {})).map((s) => [s.id, s.title]));
  return {
    persons: persons.map((p) => `${label.get(p.id)}|${p.sex}|${p.notes}|${p.birthYear}|${p.hasDeathFact}`).sort(),
    events: events.map((e) => `${e.type}|${e.personId === null ? relLabel.get(e.partnershipId!) : label.get(e.personId)}|${JSON.stringify(e.date)}`).sort(),
    relationships: rels.map((r) => `${r.type}|${relLabel.get(r.id)}|${r.qualifier}`).sort(),
    citations: citations.map((c) => `${sources.get(c.sourceId)}|${c.target.kind}|${c.page}`).sort(),
  };
};

const storages: readonly (readonly [string, () => Promise<{ storage: Storage; close: () => Promise<void> }>])[] = [
  ['memory', async () => ({ storage: memoryStorage(), close: async () => undefined })],
  ['postgres', () => postgresStorage()],
];

for (const [name, make] of storages) {
  describe(`streamed GEDCOM import (${name})`, () => {
    let fx: Awaited<ReturnType<typeof make>>;
    beforeEach(async () => {
      fx = await make();
    });
    afterEach(async () => fx.close());

    it('records in reverse order (families before their members, sources first) give the same tree, over several batches', async () => {
      let text = '';
      for await (const chunk of generateGedcom({ persons: 6_000, seed: 14 })) text += chunk;
      const f = await cleanupSetup(fx.storage);
      const written: number[] = [];
      const forward = right(await importGedcom(f.deps)(f.owner, f.tree.id, bytesOf(text), {
        defaultAction: 'new', resolutions: {}, onProgress: (p) => written.push(p.personsWritten),
      }));
      // More rows than one batch holds: the import wrote in several.
      const rows = forward.persons.created + forward.names.created + forward.events.created + forward.relationships.created + forward.citations.created;
      expect(rows).to.be.greaterThan(2 * BATCH_ROWS);
      expect(written.length).to.be.greaterThan(1);
      expect(written[written.length - 1]).to.equal(forward.persons.created);

      const second = right(await createTree(f.deps)(f.owner, { name: 'Reversed' })).id;
      const backward = right(await importGedcom(f.deps)(f.owner, second, bytesOf(reversed(text)), { defaultAction: 'new', resolutions: {} }));
      expect({ ...backward, importId: '', warnings: [], warningCount: 0, unmapped: [] }).to.deep.equal({ ...forward, importId: '', warnings: [], warningCount: 0, unmapped: [] });
      expect(backward.unmapped.map((u) => [u.tag, u.count])).to.deep.equal(forward.unmapped.map((u) => [u.tag, u.count]));
      expect(await shape(fx.storage, second)).to.deep.equal(await shape(fx.storage, f.tree.id));
    });

    it('gives the event loop turns while it reads a file that arrives in one piece (its own writes and other requests are not held off)', async () => {
      let text = '';
      for await (const chunk of generateGedcom({ persons: 3_000, seed: 27 })) text += chunk;
      const f = await cleanupSetup(fx.storage);
      // A ticker that counts the event loop's turns (setImmediate runs once per turn); the file is one
      // chunk, so no read of it waits for I/O: without turns the passes never leave the microtask queue.
      let turns = 0;
      let ticking = true;
      const tick = (): void => {
        turns += 1;
        if (ticking) setImmediate(tick);
      };
      setImmediate(tick);
      const started = performance.now();
      const r = right(await importGedcom(f.deps)(f.owner, f.tree.id, bytesOf(text), { defaultAction: 'new', resolutions: {} }));
      const ms = performance.now() - started;
      ticking = false;
      expect(r.persons.created).to.equal(3_000);
      // Without turns: 0. With them, one per TURN_MS of the passes; the import's other steps take no
      // turns and a loaded machine (CI: two spec jobs on two cores) stretches each, so the bound is one
      // per 10 TURN_MS of the whole import (a run under that load gave 71 turns in 424 ms).
      expect(turns, `${turns} turns in ${ms.toFixed(0)} ms`).to.be.at.least(Math.floor(ms / TURN_MS / 10));
    });

    it('a shared note, a source and a family that come after the persons pointing at them are resolved', async () => {
      const f = await cleanupSetup(fx.storage);
      const file = [
        '0 HEAD', '1 GEDC', '2 VERS 5.5.1', '1 CHAR UTF-8',
        '0 @F1@ FAM', '1 HUSB @I1@', '1 WIFE @I2@', '1 CHIL @I3@', '1 MARR', '2 DATE 1900', '2 SOUR @S1@', '3 PAGE p. 7',
        '0 @I3@ INDI', '1 NAME Carl /Late/', '1 FAMC @F1@', '2 PEDI adopted',
        '0 @I1@ INDI', '1 NAME Al /Late/', '1 SEX M', '1 NOTE @N1@', '1 FAMS @F1@',
        '0 @I2@ INDI', '1 NAME Bea /Early/', '1 SEX F', '1 FAMS @F1@', '1 BIRT', '2 DATE 1875', '2 SOUR @S1@',
        '0 @N1@ NOTE A note written at the end.', '0 @S1@ SOUR', '1 TITL Parish register', '0 TRLR', '',
      ].join('\n');
      const r = right(await importGedcom(f.deps)(f.owner, f.tree.id, bytesOf(file), { defaultAction: 'new', resolutions: {} }));
      expect(r.persons.created).to.equal(3);
      expect(r.relationships.created).to.equal(3);
      expect(r.citations.created).to.equal(2);
      expect(r.sources.created).to.equal(1);
      expect(r.warningCount).to.equal(0);
      expect(r.unmapped).to.deep.equal([]);
      const s = await shape(fx.storage, f.tree.id);
      expect(s.relationships).to.deep.equal([
        'parent_child|Al Late + Carl Late|adoptive', 'parent_child|Bea Early + Carl Late|adoptive', 'partnership|Al Late + Bea Early|null',
      ]);
      expect(s.persons).to.include('Al Late|male|A note written at the end.|null|false');
      expect(s.citations).to.deep.equal(['Parish register|event|', 'Parish register|event|p. 7']);
    });
  });
}
