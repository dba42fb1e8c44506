import { expect } from 'chai';
import { gedcomRoundTrip, gedcomStorages } from './gedcom-roundtrip-support.js';
import { right } from './support.js';

// Issue 28: names as the file typed them. A NAME of TYPE nickname stays a NAME with that TYPE (only
// a NICK is written as NICK of the primary name), and a 7.0 `TYPE OTHER` keeps its PHRASE.

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

for (const [name, make] of gedcomStorages) {
  describe(`GEDCOM names: NAME of TYPE nickname, TYPE OTHER with its PHRASE (issue 28, ${name})`, () => {
    const g = gedcomRoundTrip(make);
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
        expect(right(await g.load(g.setup.tree.id, text)).warnings).to.deep.equal([]);
        await g.rounds(g.setup.tree.id, version, (out, at) => {
          expect(names(out), at).to.deep.equal(want);
        }, true);
      });
    }
  });
}
