import { expect } from 'chai';
import type { Id } from '../../core/kernel/ids.js';
import type { Storage } from '../../core/stores.js';
import { importGedcom } from '../../core/gedcom/commands/import-gedcom.js';
import { exportGedcom } from '../../core/gedcom/queries/export-gedcom.js';
import { createTree } from '../../core/trees/commands/create-tree.js';
import { postgresStorage } from '../support/database.js';
import { memoryStorage } from '../../adapters/memory/storage.js';
import { cleanupSetup } from './cleanup-support.js';
import { right } from './support.js';

// Issue 28: names as the file typed them. A NAME of TYPE nickname stays a NAME with that TYPE (only
// a NICK is written as NICK of the primary name), and a 7.0 `TYPE OTHER` keeps its PHRASE.

const bytesOf = (text: string) => ({ open: async function* () { yield new TextEncoder().encode(text); } });

const FILE_551 = `0 HEAD
1 GEDC
2 VERS 5.5.1
2 FORM LINEAGE-LINKED
1 CHAR UTF-8
0 @I1@ INDI
1 NAME John /Smith/
2 NICK Jack
1 NAME Jo
2 TYPE nickname
0 TRLR
`;

const FILE_70 = `0 HEAD
1 GEDC
2 VERS 7.0
0 @I1@ INDI
1 NAME John /Smith/
1 NAME Bob
2 TYPE OTHER
3 PHRASE Pet name
0 TRLR
`;

const storages: readonly (readonly [string, () => Promise<{ storage: Storage; close: () => Promise<void> }>])[] = [
  ['memory', async () => ({ storage: memoryStorage(), close: async () => undefined })],
  ['postgres', () => postgresStorage()],
];

for (const [name, make] of storages) {
  describe(`GEDCOM names: NAME of TYPE nickname, TYPE OTHER with its PHRASE (issue 28, ${name})`, () => {
    let fx: Awaited<ReturnType<typeof make>>;
    let f: Awaited<ReturnType<typeof cleanupSetup>>;
    beforeEach(async () => {
      fx = await make();
      f = await cleanupSetup(fx.storage);
    });
    afterEach(async () => fx.close());

    const load = (treeId: Id, text: string) => importGedcom(f.deps)(f.owner, treeId, bytesOf(text), { defaultAction: 'new', resolutions: {} });
    const exported = async (treeId: Id, version: '5.5.1' | '7.0'): Promise<string> => {
      const r = right(await exportGedcom({ storage: fx.storage, clock: f.deps.clock, product: { name: 'Spec', version: '1' } })(f.owner, treeId, version));
      let text = '';
      for await (const part of r.lines) text += part;
      return text;
    };
    /** The NAME lines of the export with their TYPE, PHRASE and NICK (GIVN and SURN left out). */
    const names = (text: string): string[] => {
      const lines = text.split('\n');
      const at = lines.findIndex((l) => / INDI$/.test(l));
      return lines.slice(at + 1, lines.findIndex((l, i) => i > at && l.startsWith('0 '))).filter((l) => /^1 NAME |^2 (TYPE|NICK) |^3 PHRASE /.test(l));
    };

    const cases = [
      ['5.5.1', FILE_551, ['1 NAME John /Smith/', '2 NICK Jack', '1 NAME Jo //', '2 TYPE nickname']],
      ['7.0', FILE_70, ['1 NAME John /Smith/', '1 NAME Bob //', '2 TYPE OTHER', '3 PHRASE Pet name']],
    ] as const;
    for (const [version, text, want] of cases) {
      it(`writes them back as the ${version} file typed them, again after a round trip`, async () => {
        expect(right(await load(f.tree.id, text)).warnings).to.deep.equal([]);
        let tree = f.tree.id;
        for (const round of [1, 2]) {
          const out = await exported(tree, version);
          expect(names(out), `round ${round}`).to.deep.equal(want);
          const copy = right(await createTree(f.deps)(f.owner, { name: `Copy ${round}` }));
          expect(right(await load(copy.id, out)).warnings, `round ${round}`).to.deep.equal([]);
          tree = copy.id;
        }
      });
    }
  });
}
