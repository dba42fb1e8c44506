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

// Issue 28: a citation's detail is its DATA.TEXT; a file may give it as a TEXT directly under the
// citation (5.5's inline form, written by some programs under a pointer too) or as several DATA.TEXT.
// The detail joins them (a blank line between), and the citation keeps how they were written (a
// structure form bound to the detail): export writes them so again while the detail is unchanged,
// and as one DATA.TEXT once it was edited.

const bytesOf = (text: string) => ({ open: async function* () { yield new TextEncoder().encode(text); } });

const file = (version: '5.5.1' | '7.0', citation: string): string => `0 HEAD
1 GEDC
2 VERS ${version}
${version === '7.0' ? '' : '2 FORM LINEAGE-LINKED\n1 CHAR UTF-8\n'}0 @I1@ INDI
1 NAME John /Smith/
1 BIRT
2 DATE 1900
2 SOUR @S1@
3 PAGE p. 1
${citation}0 @S1@ SOUR
1 TITL Register
0 TRLR
`;

const DIRECT = '3 TEXT Born at home\n4 CONT in the kitchen\n3 DATA\n4 DATE 2 JAN 1900\n';
const SEVERAL = '3 DATA\n4 DATE 2 JAN 1900\n4 TEXT line one\n4 TEXT line two\n';

const storages: readonly (readonly [string, () => Promise<{ storage: Storage; close: () => Promise<void> }>])[] = [
  ['memory', async () => ({ storage: memoryStorage(), close: async () => undefined })],
  ['postgres', () => postgresStorage()],
];

for (const [name, make] of storages) {
  describe(`GEDCOM citations: TEXT and several DATA.TEXT written back as they came (issue 28, ${name})`, () => {
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
    /** The citation's lines under BIRT, after its SOUR line. */
    const citation = (text: string): string[] => {
      const lines = text.split('\n');
      const at = lines.findIndex((l) => l.startsWith('2 SOUR @'));
      return lines.slice(at + 1, lines.findIndex((l, i) => i > at && /^[0-2] /.test(l)));
    };

    it('writes a citation of an event\'s place under its PLAC again in 5.5.1 (7.0 has no PLAC.SOUR: under the event), again after a round trip', async () => {
      const text = file('5.5.1', '').replace('2 SOUR @S1@\n3 PAGE p. 1\n', '2 PLAC Leeds\n3 SOUR @S1@\n4 PAGE p. 9\n');
      expect(right(await load(f.tree.id, text)).warnings).to.deep.equal([]);
      const birth = (out: string): string[] => {
        const lines = out.split('\n');
        const at = lines.indexOf('1 BIRT');
        return lines.slice(at + 1, lines.findIndex((l, i) => i > at && /^[01] /.test(l)));
      };
      let tree = f.tree.id;
      for (const round of [1, 2]) {
        const out = await exported(tree, '5.5.1');
        expect(birth(out).map((l) => l.replace(/@S\d+@/, '@S@')), `round ${round}`).to.deep.equal(['2 DATE 1900', '2 PLAC Leeds', '3 SOUR @S@', '4 PAGE p. 9']);
        const copy = right(await createTree(f.deps)(f.owner, { name: `Copy ${round}` }));
        expect(right(await load(copy.id, out)).warnings, `round ${round}`).to.deep.equal([]);
        tree = copy.id;
      }
      expect(birth(await exported(f.tree.id, '7.0')).map((l) => l.replace(/@S\d+@/, '@S@'))).to.deep.equal(['2 DATE 1900', '2 PLAC Leeds', '2 SOUR @S@', '3 PAGE p. 9']);
    });

    const cases = [
      ['a TEXT under the citation', '5.5.1', DIRECT, 'Born at home\nin the kitchen'],
      ['several DATA.TEXT', '5.5.1', SEVERAL, 'line one\n\nline two'],
      ['several DATA.TEXT of a 7.0 file', '7.0', SEVERAL, 'line one\n\nline two'],
    ] as const;
    for (const [what, version, lines, detail] of cases) {
      it(`writes ${what} back as it came while the detail is unchanged, again after a round trip; once edited, as one DATA.TEXT`, async () => {
        expect(right(await load(f.tree.id, file(version, lines))).warnings).to.deep.equal([]);
        const [row] = await fx.storage.citations.listByTree(f.tree.id, {});
        expect(row!.detail).to.equal(detail);
        let tree = f.tree.id;
        for (const round of [1, 2]) {
          const text = await exported(tree, version);
          expect(citation(text), `round ${round}`).to.have.members(['3 PAGE p. 1', ...lines.trimEnd().split('\n')]);
          const copy = right(await createTree(f.deps)(f.owner, { name: `Copy ${round}` }));
          expect(right(await load(copy.id, text)).warnings, `round ${round}`).to.deep.equal([]);
          tree = copy.id;
        }
        await fx.storage.citations.update({ ...row!, detail: 'Edited' });
        expect(citation(await exported(f.tree.id, version))).to.deep.equal(['3 PAGE p. 1', '3 DATA', '4 DATE 2 JAN 1900', '4 TEXT Edited']);
      });
    }
  });
}
