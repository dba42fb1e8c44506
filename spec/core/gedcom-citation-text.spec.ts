import { expect } from 'chai';
import { gedcomRoundTrip, gedcomStorages } from './gedcom-roundtrip-support.js';
import { right } from './support.js';

// Issue 28: a citation's detail is its DATA.TEXT; a file may give it as a TEXT directly under the
// citation (5.5's inline form, written by some programs under a pointer too) or as several DATA.TEXT.
// The detail joins them (a blank line between), and the citation keeps how they were written (a
// structure form bound to the detail): export writes them so again while the detail is unchanged,
// and as one DATA.TEXT once it was edited.

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

for (const [name, make] of gedcomStorages) {
  describe(`GEDCOM citations: TEXT and several DATA.TEXT written back as they came (issue 28, ${name})`, () => {
    const g = gedcomRoundTrip(make);
    /** The citation's lines under BIRT, after its SOUR line. */
    const citation = (text: string): string[] => {
      const lines = text.split('\n');
      const at = lines.findIndex((l) => l.startsWith('2 SOUR @'));
      return lines.slice(at + 1, lines.findIndex((l, i) => i > at && /^[0-2] /.test(l)));
    };

    it('writes a citation of an event\'s place under its PLAC again in 5.5.1 (7.0 has no PLAC.SOUR: under the event), again after a round trip', async () => {
      const text = file('5.5.1', '').replace('2 SOUR @S1@\n3 PAGE p. 1\n', '2 PLAC Leeds\n3 SOUR @S1@\n4 PAGE p. 9\n');
      expect(right(await g.load(g.setup.tree.id, text)).warnings).to.deep.equal([]);
      const birth = (out: string): string[] => {
        const lines = out.split('\n');
        const at = lines.indexOf('1 BIRT');
        return lines.slice(at + 1, lines.findIndex((l, i) => i > at && /^[01] /.test(l)));
      };
      await g.rounds(g.setup.tree.id, '5.5.1', (out, at) => {
        expect(birth(out).map((l) => l.replace(/@S\d+@/, '@S@')), at).to.deep.equal(['2 DATE 1900', '2 PLAC Leeds', '3 SOUR @S@', '4 PAGE p. 9']);
      }, true);
      expect(birth(await g.exported(g.setup.tree.id, '7.0')).map((l) => l.replace(/@S\d+@/, '@S@'))).to.deep.equal(['2 DATE 1900', '2 PLAC Leeds', '2 SOUR @S@', '3 PAGE p. 9']);
    });

    const cases = [
      ['a TEXT under the citation', '5.5.1', DIRECT, 'Born at home\nin the kitchen'],
      ['several DATA.TEXT', '5.5.1', SEVERAL, 'line one\n\nline two'],
      ['several DATA.TEXT of a 7.0 file', '7.0', SEVERAL, 'line one\n\nline two'],
    ] as const;
    for (const [what, version, lines, detail] of cases) {
      it(`writes ${what} back as it came while the detail is unchanged, again after a round trip; once edited, as one DATA.TEXT`, async () => {
        expect(right(await g.load(g.setup.tree.id, file(version, lines))).warnings).to.deep.equal([]);
        const [row] = await g.storage.citations.listByTree(g.setup.tree.id, {});
        expect(row!.detail).to.equal(detail);
        await g.rounds(g.setup.tree.id, version, (text, at) => {
          expect(citation(text), at).to.have.members(['3 PAGE p. 1', ...lines.trimEnd().split('\n')]);
        }, true);
        await g.storage.citations.update({ ...row!, detail: 'Edited' });
        expect(citation(await g.exported(g.setup.tree.id, version))).to.deep.equal(['3 PAGE p. 1', '3 DATA', '4 DATE 2 JAN 1900', '4 TEXT Edited']);
      });
    }
  });
}
