import { expect } from 'chai';
import type { Id } from '../../core/kernel/ids.js';
import type { Storage } from '../../core/stores.js';
import { importGedcom } from '../../core/gedcom/commands/import-gedcom.js';
import { createEarlyNames } from '../../core/gedcom/commands/import-early-names.js';
import { createRowWriter } from '../../core/gedcom/commands/import-rows.js';
import { createTree } from '../../core/trees/commands/create-tree.js';
import { readGedcomBatches } from '../../core/gedcom/reader.js';
import type { GedcomNode } from '../../core/gedcom/types.js';
import { generateGedcom } from '../bench/generate-gedcom.js';
import { postgresStorage } from '../support/database.js';
import { memoryStorage } from '../../adapters/memory/storage.js';
import { cleanupSetup } from './cleanup-support.js';
import { right } from './support.js';

// Issue 27: an import into a tree with no one to match writes its new persons' plain names in the
// first pass (core/gedcom/commands/import-early-names.ts), while PostgreSQL would otherwise wait for
// the pass to end. The tree must come out exactly as when the second pass writes every name.

const bytesOf = (text: string) => ({ open: async function* () { yield new TextEncoder().encode(text); } });

/** Names of every kind the mapping makes, some written early (plain) and some not (a note, kept lines). */
const FILE = [
  '0 HEAD', '1 GEDC', '2 VERS 5.5.1', '1 CHAR UTF-8',
  '0 @I1@ INDI', '1 NAME Anna Maria /Berg/', '2 NICK Mia', '1 NAME Anna /Lind/', '2 TYPE married', '1 _MARNM Holm', '1 ALIA Ann Berg', '1 SEX F',
  '0 @I2@ INDI', '1 NAME Dr. Carl /van Dijk/ Jr.', '2 NPFX Dr.', '2 SPFX van', '2 SURN Dijk', '2 NSFX Jr.', '2 SOUR @S1@', '3 PAGE p. 3', '1 SEX M',
  '0 @I3@ INDI', '1 NAME Eva /Noted/', '2 NOTE @N1@', '1 NAME Eve /Kept/', '2 _CUSTOM something kept',
  '0 @I4@ INDI', '1 SEX M', '1 BIRT', '2 DATE 1901',
  '0 @I5@ INDI', '1 NAME /Ohne/', '1 NAME Otto //', '2 TYPE aka', '2 SOUR @S1@',
  '0 @I6@ INDI', '1 NAME Åsa /Ström/', '1 NAME Asa /Strom/', '2 TYPE maiden',
  '0 @F1@ FAM', '1 HUSB @I2@', '1 WIFE @I1@', '1 CHIL @I5@',
  '0 @N1@ NOTE A note at the end.', '0 @S1@ SOUR', '1 TITL Parish register', '0 TRLR', '',
].join('\n');

/** The tree's names with who holds them (their primary name) and what cites them, independent of ids (and of the import's tag in kept pointers). */
const namesOf = async (storage: Storage, treeId: Id, leaveOut: ReadonlySet<Id> = new Set()) => {
  const names = (await storage.names.listByTree(treeId)).filter((n) => !leaveOut.has(n.personId));
  const holder = new Map(names.filter((n) => n.isPrimary).map((n) => [n.personId, `${n.givenName} ${n.surname}`]));
  const label = new Map(names.map((n) => [n.id, `${holder.get(n.personId)}: ${n.nameType} ${n.givenName}/${n.surname}`]));
  const sources = new Map((await storage.sources.listByTree(treeId, {})).map((s) => [s.id, s.title]));
  const citations = (await storage.citations.listByTree(treeId, {})).filter((c) => c.target.kind === 'name');
  return {
    names: names.map((n) => [holder.get(n.personId), n.nameType, n.givenName, n.surname, n.prefix, n.suffix, n.surnamePrefix, n.isPrimary, n.notes, (n.gedcomExtra ?? '').replace(/@X[0-9A-F]{6}_/g, '@X_')].join('|')).sort(),
    citations: citations.map((c) => `${sources.get(c.sourceId)}|${label.get(c.target.id)}|${c.page}`).sort(),
  };
};

/**
 * The storage, with the names its bulk writer took in batches of names alone: the first pass's (the
 * second pass writes each person with their names, so each of its batches holds persons).
 */
const watched = (storage: Storage) => {
  const seen = { firstPassNames: 0 };
  const s: Storage = {
    ...storage,
    uow: {
      run: (work) => storage.uow.run((stores) => work(Object.assign(Object.create(Object.getPrototypeOf(stores) as object) as typeof stores, stores, {
        bulk: {
          ...stores.bulk,
          insertAll: (batch: Parameters<typeof stores.bulk.insertAll>[0], options?: Parameters<typeof stores.bulk.insertAll>[1]) => {
            if (batch.persons.length === 0) seen.firstPassNames += batch.names.length;
            return stores.bulk.insertAll(batch, options);
          },
        },
      }))),
    },
  };
  return { storage: s, seen };
};

/**
 * The storage, with a bulk writer as PostgreSQL's is: a call returns while what it took is still
 * being written, one write at a time, each after the one before (as the real writer writes its held
 * sets). `writes.whenWorkEnded`: how many were still under way when the unit of work's work ended,
 * returned or thrown.
 */
const backgroundWrites = (base: Storage) => {
  const writes = { underWay: 0, whenWorkEnded: -1 };
  const storage: Storage = {
    ...base,
    uow: {
      run: (work) => base.uow.run(async (stores) => {
        const background: Promise<void>[] = [];
        let chain: Promise<void> = Promise.resolve();
        const bulk = {
          insertAll: async (batch: Parameters<typeof stores.bulk.insertAll>[0], options?: Parameters<typeof stores.bulk.insertAll>[1]) => {
            writes.underWay += 1;
            chain = chain.then(() => new Promise<void>((resolve) => setTimeout(resolve, 50))).then(() => stores.bulk.insertAll(batch, options)).finally(() => {
              writes.underWay -= 1;
            });
            background.push(chain);
          },
          verify: async () => {
            await Promise.all(background);
            await stores.bulk.verify();
          },
          settle: async () => {
            await Promise.allSettled(background);
            await stores.bulk.settle();
          },
        };
        try {
          return await work(Object.assign(Object.create(Object.getPrototypeOf(stores) as object) as typeof stores, stores, { bulk }));
        } finally {
          writes.whenWorkEnded = writes.underWay;
          await Promise.allSettled(background);
        }
      }),
    },
  };
  return { storage, writes };
};

const storages: readonly (readonly [string, () => Promise<{ storage: Storage; close: () => Promise<void> }>])[] = [
  ['memory', async () => ({ storage: memoryStorage(), close: async () => undefined })],
  ['postgres', () => postgresStorage()],
];

for (const [kind, make] of storages) {
  describe(`names written in an import's first pass (${kind})`, () => {
    let fx: Awaited<ReturnType<typeof make>>;
    beforeEach(async () => {
      fx = await make();
    });
    afterEach(async () => fx.close());

    it('the names and their citations are those an import writes in its second pass', async () => {
      const w = watched(fx.storage);
      const f = await cleanupSetup(w.storage);
      // Into an empty tree: nobody to match, the plain names go in the first pass.
      const early = right(await importGedcom(f.deps)(f.owner, f.tree.id, bytesOf(FILE), { defaultAction: 'new', resolutions: {} }));
      // Into a tree holding someone: the import matches (skip), so every name waits for the second pass.
      const other = right(await createTree(f.deps)(f.owner, { name: 'Holding one' })).id;
      const stranger = await f.person({ givenName: 'Quintus', surname: 'Zzyzx' }, other);
      const late = right(await importGedcom(f.deps)(f.owner, other, bytesOf(FILE), { defaultAction: 'skip', resolutions: {} }));
      expect(late.persons.created).to.equal(6);
      expect({ ...early, importId: '' }).to.deep.equal({ ...late, importId: '' });
      const a = await namesOf(fx.storage, f.tree.id);
      expect(a).to.deep.equal(await namesOf(fx.storage, other, new Set([stranger.id])));
      expect(a.names).to.have.length(early.names.created);
      expect(a.citations).to.deep.equal(['Parish register| Ohne: alias Otto/|', 'Parish register|Carl Dijk: birth Carl/Dijk|p. 3']);
      // The names the second pass wrote, a shared note resolved and kept lines kept:
      expect(a.names.filter((n) => n.startsWith('Eva Noted|')).map((n) => n.split('|').slice(0, 9).join('|'))).to.deep.equal(['Eva Noted|birth|Eva|Noted||||true|A note at the end.', 'Eva Noted|birth|Eve|Kept||||false|']);
    });

    it('a big file\'s names are written while the first pass reads, and only when there is no one to match', async () => {
      let text = '';
      for await (const chunk of generateGedcom({ persons: 3_000, seed: 31 })) text += chunk;
      const w = watched(fx.storage);
      const f = await cleanupSetup(w.storage);
      const early = right(await importGedcom(f.deps)(f.owner, f.tree.id, bytesOf(text), { defaultAction: 'new', resolutions: {} }));
      expect(early.persons.created).to.equal(3_000);
      // Batches of names reached the writer before the second pass began.
      expect(w.seen.firstPassNames).to.be.greaterThan(1_000);

      w.seen.firstPassNames = 0;
      const other = right(await createTree(f.deps)(f.owner, { name: 'Holding one' })).id;
      const stranger = await f.person({ givenName: 'Quintus', surname: 'Zzyzx' }, other);
      const late = right(await importGedcom(f.deps)(f.owner, other, bytesOf(text), { defaultAction: 'skip', resolutions: {} }));
      expect(w.seen.firstPassNames).to.equal(0);
      expect({ ...early, importId: '' }).to.deep.equal({ ...late, importId: '' });
      expect(await namesOf(fx.storage, f.tree.id)).to.deep.equal(await namesOf(fx.storage, other, new Set([stranger.id])));
    });

    it('an import refused at the end of its first pass, after names went to the writer, leaves no write under way when its unit of work ends', async () => {
      let text = '';
      for await (const chunk of generateGedcom({ persons: 3_000, seed: 31 })) text += chunk;
      // A last record past the reader's bounds (lines of at most 500 characters here): refused as the pass ends.
      const refused = text.replace(/0 TRLR\n?$/, `0 @N9@ NOTE ${'x'.repeat(600)}\n0 TRLR\n`);
      const f = await cleanupSetup(fx.storage);
      const { storage, writes } = backgroundWrites(fx.storage);
      const deps = { ...f.deps, storage };
      const ok = right(await importGedcom(deps)(f.owner, f.tree.id, bytesOf(text), { defaultAction: 'new', resolutions: {}, limits: { maxLineChars: 500 } }));
      expect(ok.persons.created).to.equal(3_000);
      expect(writes.whenWorkEnded).to.equal(0);
      const other = right(await createTree(f.deps)(f.owner, { name: 'Refused' })).id;
      writes.whenWorkEnded = -1;
      const r = await importGedcom(deps)(f.owner, other, bytesOf(refused), { defaultAction: 'new', resolutions: {}, limits: { maxLineChars: 500 } });
      expect(r._tag).to.equal('Left');
      expect((r as { left: { code: string } }).left.code).to.equal('gedcom_too_large');
      expect(writes.whenWorkEnded).to.equal(0);
      expect(await fx.storage.names.listByTree(other)).to.deep.equal([]);
    });

    it('an import that throws in its second pass, with writes under way, leaves none under way when its unit of work ends, and nothing written', async () => {
      let text = '';
      for await (const chunk of generateGedcom({ persons: 3_000, seed: 31 })) text += chunk;
      const f = await cleanupSetup(fx.storage);
      const { storage, writes } = backgroundWrites(fx.storage);
      const deps = { ...f.deps, storage };
      // Allowed first: the same file, the same writer, no throw.
      const ok = right(await importGedcom(deps)(f.owner, f.tree.id, bytesOf(text), { defaultAction: 'new', resolutions: {} }));
      expect(ok.persons.created).to.equal(3_000);
      expect(writes.whenWorkEnded).to.equal(0);
      // A caller's progress report that fails (the CLI's, say) throws out of the second pass mid-way.
      const other = right(await createTree(f.deps)(f.owner, { name: 'Thrown' })).id;
      writes.whenWorkEnded = -1;
      let thrown: unknown = null;
      await importGedcom(deps)(f.owner, other, bytesOf(text), {
        defaultAction: 'new', resolutions: {},
        onRecord: (records, pass) => {
          if (pass === 2 && records >= 2_048) throw new Error('progress report failed');
        },
      }).catch((e: unknown) => (thrown = e));
      expect((thrown as Error | null)?.message).to.equal('progress report failed');
      expect(writes.whenWorkEnded).to.equal(0);
      expect(await fx.storage.names.listByTree(other)).to.deep.equal([]);
      expect(await fx.storage.persons.listByTree(other, {})).to.deep.equal([]);
    });
  });
}

describe('the first pass\'s names are checked against the second pass\'s mapping', () => {
  const recordsOf = async (text: string): Promise<GedcomNode[]> => {
    const out: GedcomNode[] = [];
    for await (const batch of readGedcomBatches(bytesOf(text).open())) out.push(...batch);
    return out;
  };
  const rows = () => createRowWriter({ bulk: { insertAll: async () => undefined } } as never);

  it('answers the ids it wrote, in order, for the same names, and none for a person it left to the second pass', async () => {
    const [, anna, eva] = await recordsOf(['0 HEAD', '0 @I1@ INDI', '1 NAME Anna /Berg/', '1 _MARNM Holm', '0 @I3@ INDI', '1 NAME Eva /Noted/', '2 NOTE inline', '0 TRLR', ''].join('\n'));
    const writer = rows();
    const early = createEarlyNames(writer, 'tree', new Date(0));
    early.note(anna!, 0, 'p0', false);
    early.note(eva!, 1, 'p1', false);
    const written = writer.rows().names;
    expect(written.map((n) => [n.personId, n.nameType, n.givenName, n.surname, n.isPrimary])).to.deep.equal([['p0', 'birth', 'Anna', 'Berg', true], ['p0', 'married', 'Anna', 'Holm', false]]);
    const same = written.map((n) => ({ nameType: n.nameType, givenName: n.givenName, surname: n.surname, prefix: '', suffix: '', surnamePrefix: '', isPrimary: n.isPrimary, notes: '', citations: [] }));
    expect(early.idsOf(0, same)).to.deep.equal(written.map((n) => n.id));
    expect(early.idsOf(1, same)).to.equal(undefined);
    expect(early.idsOf(7, same)).to.equal(undefined);
    // Names the second pass maps otherwise: the import fails rather than keep the first pass's.
    expect(() => early.idsOf(0, [same[0]!, { ...same[1]!, surname: 'Holmes' }])).to.throw(/first pass wrote other names/);
    expect(() => early.idsOf(0, [same[0]!])).to.throw(/first pass wrote other names/);
  });
});
