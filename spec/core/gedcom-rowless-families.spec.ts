import { expect } from 'chai';
import { importGedcom } from '../../core/gedcom/commands/import-gedcom.js';
import { bytesOf, gedcomRoundTrip, gedcomStorages } from './gedcom-roundtrip-support.js';
import { right } from './support.js';

// Issue 28: a FAM record that makes no row (no partner at all, or one partner and nothing else) is
// kept whole, and so are the FAMS and FAMC lines of the persons it names: a man's FAM of his own
// (FTM, PAF write those for a marriage whose wife is unknown), children listed in a FAM without
// parents (pres2020). Before, the record was kept (one partner) or lost (no partner), and the
// persons' FAMS and FAMC lines were lost either way.

/** The file in 5.5.1, or in 7.0 (whose standard structures only a 7.0 export writes back as kept). */
const fileIn = (version: '5.5.1' | '7.0'): string => `0 HEAD
1 GEDC
2 VERS ${version}
${version === '7.0' ? '' : '2 FORM LINEAGE-LINKED\n1 CHAR UTF-8\n'}0 @I1@ INDI
1 NAME Adam /Lone/
1 SEX M
1 FAMS @F1@
0 @I2@ INDI
1 NAME Beth /Foundling/
1 FAMC @F2@
2 PEDI ${version === '7.0' ? 'BIRTH' : 'birth'}
0 @I3@ INDI
1 NAME Carl /Foundling/
1 FAMC @F2@
0 @F1@ FAM
1 HUSB @I1@
1 _UID F1-UID
0 @F2@ FAM
1 CHIL @I2@
1 CHIL @I3@
1 _UID F2-UID
0 TRLR
`;

// A FAM of one parent and one child whose link another FAM made already (555SAMPLE: Robert's own FAM
// of Joe, whom he adopted, beside Joe's FAM with Robert and Mary) makes no edge: the edge keeps it (a
// link form, core/gedcom/extensions.ts), and export writes it again, with Joe's PEDI in it.

const adoption = (version: '5.5.1' | '7.0'): string => `0 HEAD
1 GEDC
2 VERS ${version}
${version === '7.0' ? '' : '2 FORM LINEAGE-LINKED\n1 CHAR UTF-8\n'}0 @I1@ INDI
1 NAME Robert /Williams/
1 SEX M
1 FAMS @F1@
1 FAMS @F2@
0 @I2@ INDI
1 NAME Mary /Wilson/
1 SEX F
1 FAMS @F1@
0 @I3@ INDI
1 NAME Joe /Williams/
1 FAMC @F1@
1 FAMC @F2@
2 PEDI ${version === '7.0' ? 'ADOPTED' : 'adopted'}
0 @F1@ FAM
1 HUSB @I1@
1 WIFE @I2@
1 CHIL @I3@
0 @F2@ FAM
1 HUSB @I1@
1 CHIL @I3@
1 _UID F2-UID
0 TRLR
`;

// Two FAMs of one parent, each of that parent and other children (royal92: Pedro III's @F905@ and
// @F908@, each of him and one child, the mothers unknown): two families, not one of all his children.
// The edges of the second keep which of the parent's FAMs they came in (a group form), and export
// writes each as its own FAM again.

const twoOfOne = (version: '5.5.1' | '7.0'): string => `0 HEAD
1 GEDC
2 VERS ${version}
${version === '7.0' ? '' : '2 FORM LINEAGE-LINKED\n1 CHAR UTF-8\n'}0 @I1@ INDI
1 NAME Pedro /Aragon/
1 SEX M
1 FAMS @F1@
1 FAMS @F2@
0 @I2@ INDI
1 NAME Jaime /Aragon/
1 FAMC @F1@
0 @I3@ INDI
1 NAME Beatriz /Aragon/
1 FAMC @F2@
0 @I4@ INDI
1 NAME Teresa /Aragon/
1 FAMC @F2@
0 @F1@ FAM
1 HUSB @I1@
1 CHIL @I2@
1 _UID F1-UID
0 @F2@ FAM
1 HUSB @I1@
1 CHIL @I3@
1 CHIL @I4@
1 _UID F2-UID
0 TRLR
`;

// A child in two FAMs of one father with two mothers (relationships-complex: I00015 in @F00006@ and
// @F00003@; legacy10): the father's edge is made once, by the first FAM. The second mother's edge
// keeps that it came in a FAM beside the father (a shared form), and export writes the child in both
// couples' FAMs again, not in a FAM of that mother alone.

const twoMothers = (version: '5.5.1' | '7.0'): string => `0 HEAD
1 GEDC
2 VERS ${version}
${version === '7.0' ? '' : '2 FORM LINEAGE-LINKED\n1 CHAR UTF-8\n'}0 @I1@ INDI
1 NAME Hugo /Berg/
1 SEX M
1 FAMS @F1@
1 FAMS @F2@
0 @I2@ INDI
1 NAME Anna /Lind/
1 SEX F
1 FAMS @F1@
0 @I3@ INDI
1 NAME Greta /Holm/
1 SEX F
1 FAMS @F2@
0 @I4@ INDI
1 NAME Nils /Berg/
1 FAMC @F1@
1 FAMC @F2@
0 @I5@ INDI
1 NAME Olof /Berg/
1 FAMC @F2@
0 @F1@ FAM
1 HUSB @I1@
1 WIFE @I2@
1 CHIL @I4@
0 @F2@ FAM
1 HUSB @I1@
1 WIFE @I3@
1 CHIL @I4@
1 CHIL @I5@
0 TRLR
`;

for (const [name, make] of gedcomStorages) {
  describe(`GEDCOM: FAM records that make no row, or repeat a link another FAM made, are written back (issue 28, ${name})`, () => {
    const g = gedcomRoundTrip(make);
    /** The record whose level-0 line matches `head`, its lines. */
    const record = (text: string, head: RegExp): string[] => {
      const lines = text.split('\n');
      const at = lines.findIndex((l) => head.test(l));
      if (at < 0) return [];
      const end = lines.findIndex((l, i) => i > at && l.startsWith('0 '));
      return lines.slice(at, end);
    };
    const person = (text: string, given: string): string[] => {
      const lines = text.split('\n');
      const named = lines.findIndex((l) => l.startsWith(`1 NAME ${given} `));
      const at = lines.slice(0, named).map((l) => l.startsWith('0 ')).lastIndexOf(true);
      return record(text, new RegExp(`^${lines[at]!}$`));
    };

    it('writes both families back, with the partner\'s FAMS and the children\'s FAMC (and PEDI) naming them, in 5.5.1 and 7.0, again after a round trip', async () => {
      for (const version of ['5.5.1', '7.0'] as const) {
        const tree = await g.newTree(`Rowless ${version}`);
        const report = right(await g.load(tree, fileIn(version)));
        expect(report.warnings.map((w) => w.message), version).to.deep.equal([]);
        await g.rounds(tree, version, (text, at) => {
          const lone = record(text, /^0 @X[0-9A-F]{6}_F1@ FAM$/);
          const orphans = record(text, /^0 @X[0-9A-F]{6}_F2@ FAM$/);
          expect(lone, `${at}: F1`).to.have.length(3);
          expect(orphans, `${at}: F2`).to.have.length(4);
          const adam = person(text, 'Adam');
          const beth = person(text, 'Beth');
          const carl = person(text, 'Carl');
          const xrefOf = (r: string[]) => r[0]!.split(' ')[1]!;
          expect(lone.slice(1), at).to.deep.equal([`1 HUSB ${xrefOf(adam)}`, '1 _UID F1-UID']);
          expect(orphans.slice(1), at).to.deep.equal([`1 CHIL ${xrefOf(beth)}`, `1 CHIL ${xrefOf(carl)}`, '1 _UID F2-UID']);
          expect(adam, at).to.include(`1 FAMS ${xrefOf(lone)}`);
          expect(beth.slice(beth.indexOf(`1 FAMC ${xrefOf(orphans)}`), beth.indexOf(`1 FAMC ${xrefOf(orphans)}`) + 2), at).to.deep.equal([`1 FAMC ${xrefOf(orphans)}`, `2 PEDI ${version === '7.0' ? 'BIRTH' : 'birth'}`]);
          expect(carl, at).to.include(`1 FAMC ${xrefOf(orphans)}`);
        });
      }
    });

    const records = (text: string, tag: string): string[][] => {
      const out: string[][] = [];
      let current: string[] | null = null;
      for (const line of text.split('\n')) {
        if (line.startsWith('0 ')) {
          current = line.endsWith(` ${tag}`) ? [line] : null;
          if (current !== null) out.push(current);
        } else current?.push(line);
      }
      return out;
    };

    it('says so when the link was the tree\'s before the import (a merge): the repeating FAM is not kept, the edge left as it was', async () => {
      const tree = await g.newTree('Before');
      right(await g.load(tree, adoption('5.5.1').replace(/0 @F2@ FAM[\s\S]*?(?=0 TRLR)/, '').replace('1 FAMS @F2@\n', '').replace(/1 FAMC @F2@\n2 PEDI adopted\n/, '')));
      const persons = await g.storage.persons.listByTree(tree, {});
      const names = await g.storage.names.listByTree(tree);
      const idOf = (given: string) => names.find((n) => n.givenName === given)!.personId;
      expect(persons).to.have.length(3);
      const edge = await g.storage.relationships.findEdge(tree, 'parent_child', idOf('Robert'), idOf('Joe'));
      const second = `0 HEAD\n1 GEDC\n2 VERS 5.5.1\n1 CHAR UTF-8\n0 @I1@ INDI\n1 NAME Robert /Williams/\n1 SEX M\n1 FAMS @F2@\n0 @I3@ INDI\n1 NAME Joe /Williams/\n1 FAMC @F2@\n2 PEDI adopted
0 @F2@ FAM\n1 HUSB @I1@\n1 CHIL @I3@\n0 TRLR\n`;
      const report = right(await importGedcom(g.setup.deps)(g.setup.owner, tree, bytesOf(second), {
        defaultAction: 'new', resolutions: { '@I1@': { action: 'merge', targetId: idOf('Robert') }, '@I3@': { action: 'merge', targetId: idOf('Joe') } },
      }));
      expect(report.warnings.map((w) => w.message)).to.deep.equal(['family @F2@ repeats a parent and child the tree linked before this import: it is not kept']);
      expect((await g.storage.relationships.byId(edge!.id))?.gedcomExtra ?? null).to.equal(null);
    });

    it('writes two FAMs of one parent, each with its own children, back as two, with the parent\'s FAMS and each child\'s FAMC naming its own, in 5.5.1 and 7.0, again after a round trip', async () => {
      for (const version of ['5.5.1', '7.0'] as const) {
        const tree = await g.newTree(`Two of one ${version}`);
        const report = right(await g.load(tree, twoOfOne(version)));
        expect(report.warnings.map((w) => w.message), version).to.deep.equal([]);
        await g.rounds(tree, version, (text, at) => {
          const fams = records(text, 'FAM');
          expect(fams, at).to.have.length(2);
          const persons = records(text, 'INDI');
          const xrefOf = (given: string) => persons.find((p) => p.some((l) => l.startsWith(`1 NAME ${given} `)))![0]!.split(' ')[1]!;
          const [pedro, jaime, beatriz, teresa] = [xrefOf('Pedro'), xrefOf('Jaime'), xrefOf('Beatriz'), xrefOf('Teresa')];
          const first = fams.find((fam) => fam.includes('1 _UID F1-UID'))!;
          const second = fams.find((fam) => fam.includes('1 _UID F2-UID'))!;
          // (5.5.1 says each child's relation to the father, `2 _FREL Natural`.)
          const own = (fam: string[]) => fam.slice(1).filter((l) => !l.startsWith('2 _FREL'));
          expect(own(first), at).to.deep.equal([`1 HUSB ${pedro}`, `1 CHIL ${jaime}`, '1 _UID F1-UID']);
          expect(own(second), at).to.deep.equal([`1 HUSB ${pedro}`, `1 CHIL ${beatriz}`, `1 CHIL ${teresa}`, '1 _UID F2-UID']);
          const [one, two] = [first[0]!.split(' ')[1]!, second[0]!.split(' ')[1]!];
          const lines = (x: string) => persons.find((p) => p[0]!.split(' ')[1] === x)!;
          expect(lines(pedro).filter((l) => l.startsWith('1 FAMS')), at).to.deep.equal([`1 FAMS ${one}`, `1 FAMS ${two}`]);
          expect(lines(jaime).filter((l) => l.startsWith('1 FAMC')), at).to.deep.equal([`1 FAMC ${one}`]);
          expect(lines(beatriz).filter((l) => l.startsWith('1 FAMC')), at).to.deep.equal([`1 FAMC ${two}`]);
          expect(lines(teresa).filter((l) => l.startsWith('1 FAMC')), at).to.deep.equal([`1 FAMC ${two}`]);
        });
      }
    });

    it('writes a child of two FAMs of one father and two mothers in both FAMs again, in 5.5.1 and 7.0, again after a round trip', async () => {
      for (const version of ['5.5.1', '7.0'] as const) {
        const tree = await g.newTree(`Two mothers ${version}`);
        const report = right(await g.load(tree, twoMothers(version)));
        expect(report.warnings.map((w) => w.message), version).to.deep.equal([]);
        await g.rounds(tree, version, (text, at) => {
          const fams = records(text, 'FAM');
          const persons = records(text, 'INDI');
          const xrefOf = (given: string) => persons.find((p) => p.some((l) => l.startsWith(`1 NAME ${given} `)))![0]!.split(' ')[1]!;
          const [hugo, anna, greta, nils, olof] = ['Hugo', 'Anna', 'Greta', 'Nils', 'Olof'].map(xrefOf) as [string, string, string, string, string];
          const own = (fam: string[]) => fam.slice(1).filter((l) => !l.startsWith('2 _FREL') && !l.startsWith('2 _MREL'));
          expect(fams.map(own), at).to.deep.equal([
            [`1 HUSB ${hugo}`, `1 WIFE ${anna}`, `1 CHIL ${nils}`],
            [`1 HUSB ${hugo}`, `1 WIFE ${greta}`, `1 CHIL ${nils}`, `1 CHIL ${olof}`],
          ]);
          const [one, two] = fams.map((fam) => fam[0]!.split(' ')[1]!) as [string, string];
          const lines = (x: string) => persons.find((p) => p[0]!.split(' ')[1] === x)!;
          expect(lines(nils).filter((l) => l.startsWith('1 FAMC')), at).to.deep.equal([`1 FAMC ${one}`, `1 FAMC ${two}`]);
          expect(lines(hugo).filter((l) => l.startsWith('1 FAMS')), at).to.deep.equal([`1 FAMS ${one}`, `1 FAMS ${two}`]);
        });
      }
    });

    it('writes the father\'s own FAM of his adopted son back, with the son\'s FAMC and PEDI and the father\'s FAMS naming it, in 5.5.1 and 7.0, again after a round trip', async () => {
      for (const version of ['5.5.1', '7.0'] as const) {
        const tree = await g.newTree(`Adoption ${version}`);
        const report = right(await g.load(tree, adoption(version)));
        expect(report.warnings.map((w) => w.message), version).to.deep.equal([]);
        await g.rounds(tree, version, (text, at) => {
          const fams = records(text, 'FAM');
          expect(fams, at).to.have.length(2);
          const persons = records(text, 'INDI');
          const xrefOf = (given: string) => persons.find((p) => p.some((l) => l.startsWith(`1 NAME ${given} `)))![0]!.split(' ')[1]!;
          const [robert, joe] = [xrefOf('Robert'), xrefOf('Joe')];
          const own = fams.find((fam) => !fam.some((l) => l.startsWith('1 WIFE')))!;
          const adopted = version === '7.0' ? 'ADOPTED' : 'adopted';
          expect(own.slice(1), at).to.deep.equal([`1 HUSB ${robert}`, `1 CHIL ${joe}`, ...(version === '7.0' ? [] : ['2 _FREL Adopted']), '1 _UID F2-UID']);
          const ownXref = own[0]!.split(' ')[1]!;
          const joeLines = persons.find((p) => p[0]!.split(' ')[1] === joe)!;
          expect(joeLines.slice(joeLines.indexOf(`1 FAMC ${ownXref}`), joeLines.indexOf(`1 FAMC ${ownXref}`) + 2), at).to.deep.equal([`1 FAMC ${ownXref}`, `2 PEDI ${adopted}`]);
          expect(persons.find((p) => p[0]!.split(' ')[1] === robert), at).to.include(`1 FAMS ${ownXref}`);
        });
      }
    });
  });
}
