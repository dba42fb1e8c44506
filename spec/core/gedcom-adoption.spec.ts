import { expect } from 'chai';
import { gedcomRoundTrip, gedcomStorages } from './gedcom-roundtrip-support.js';
import { right } from './support.js';

// Issue 28: an adoption event names the family the person was adopted into and who adopted
// (`ADOP` / `2 FAMC @F1@` / `3 ADOP BOTH|HUSB|WIFE`: FTM, RootsMagic and Legacy write it). Import
// reads it into the child's edges (adoptive from those parents); export writes it again under the
// adoption event, from those edges.

const file = (version: '5.5.1' | '7.0', adopters: 'BOTH' | 'HUSB'): string => `0 HEAD
1 GEDC
2 VERS ${version}
${version === '7.0' ? '' : '2 FORM LINEAGE-LINKED\n1 CHAR UTF-8\n'}0 @I1@ INDI
1 NAME John /Smith/
1 SEX M
1 FAMS @F1@
0 @I2@ INDI
1 NAME Mary /Jones/
1 SEX F
1 FAMS @F1@
0 @I3@ INDI
1 NAME Tom /Smith/
1 ADOP
2 DATE 1920
2 FAMC @F1@
3 ADOP ${adopters}
1 FAMC @F1@
0 @F1@ FAM
1 HUSB @I1@
1 WIFE @I2@
1 CHIL @I3@
0 TRLR
`;

for (const [name, make] of gedcomStorages) {
  describe(`GEDCOM adoption: ADOP.FAMC written back (issue 28, ${name})`, () => {
    const g = gedcomRoundTrip(make);
    /** Tom's ADOP event's lines. */
    const adoption = (text: string): string[] => {
      const lines = text.split('\n');
      const at = lines.indexOf('1 ADOP');
      return lines.slice(at, lines.findIndex((l, i) => i > at && l.startsWith('1 ')));
    };

    for (const version of ['5.5.1', '7.0'] as const) {
      it(`writes the adoption's FAMC and who adopted under the ADOP event again (${version}), again after a round trip`, async () => {
        expect(right(await g.load(g.setup.tree.id, file(version, 'BOTH'))).warnings).to.deep.equal([]);
        await g.rounds(g.setup.tree.id, version, (out, at) => {
          const fam = /^0 (@F\d+@) FAM$/m.exec(out)![1]!;
          expect(adoption(out), at).to.deep.equal(['1 ADOP', '2 DATE 1920', `2 FAMC ${fam}`, '3 ADOP BOTH']);
        }, true);
      });
    }

    it('keeps an adoption\'s FAMC @VOID@ (7.0: a family not in the file) as written, with its ADOP and PHRASE', async () => {
      const text = file('7.0', 'BOTH').replace('2 FAMC @F1@\n3 ADOP BOTH\n', '2 FAMC @VOID@\n3 ADOP WIFE\n4 PHRASE Stepmother\n').replace('1 FAMC @F1@\n', '');
      expect(right(await g.load(g.setup.tree.id, text)).warnings).to.deep.equal([]);
      expect(adoption(await g.exported(g.setup.tree.id, '7.0'))).to.deep.equal(['1 ADOP', '2 DATE 1920', '2 FAMC @VOID@', '3 ADOP WIFE', '4 PHRASE Stepmother']);
    });

    it('says the one partner who adopted (5.5.1: _FREL Adopted, _MREL Natural under CHIL)', async () => {
      expect(right(await g.load(g.setup.tree.id, file('5.5.1', 'HUSB'))).warnings).to.deep.equal([]);
      const out = await g.exported(g.setup.tree.id, '5.5.1');
      const fam = /^0 (@F\d+@) FAM$/m.exec(out)![1]!;
      expect(adoption(out)).to.deep.equal(['1 ADOP', '2 DATE 1920', `2 FAMC ${fam}`, '3 ADOP HUSB']);
    });
  });
}
