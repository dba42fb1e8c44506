import { expect } from 'chai';
import type { Id } from '../../core/kernel/ids.js';
import { gedcomRoundTrip, gedcomStorages } from './gedcom-roundtrip-support.js';
import { right } from './support.js';

// Issue 28: a couple who married in 1900, divorced in 1910 and remarried in 1912 comes as two FAM
// records of one HUSB/WIFE pair. A pair has one live partnership, so both families are that one
// partnership: every event, note and citation of the second lands on it (nothing is dropped), its
// children get one edge from each parent. The partnership keeps that it was two FAM records (family
// forms: core/gedcom/extensions.ts), so the export writes the couple as two FAM records again: the
// second with its own events and kept lines, the first with the rest (children, notes, the
// partnership's citations), each one's events in date order.

const family = (xref: string, lines: string): string => `0 ${xref} FAM\n1 HUSB @I1@\n1 WIFE @I2@\n${lines}`;

const file = (families: readonly string[]): string => `0 HEAD
1 GEDC
2 VERS 5.5.1
2 FORM LINEAGE-LINKED
1 CHAR UTF-8
0 @I1@ INDI
1 NAME John /Smith/
1 SEX M
1 FAMS @F1@
1 FAMS @F2@
0 @I2@ INDI
1 NAME Mary /Jones/
1 SEX F
1 FAMS @F1@
1 FAMS @F2@
0 @I3@ INDI
1 NAME Anne /Smith/
1 FAMC @F2@
2 PEDI adopted
${families.join('')}0 @S1@ SOUR
1 TITL Parish register
0 TRLR
`;

const FIRST = family('@F1@', '1 MARR\n2 DATE 1900\n1 DIV\n2 DATE 1910\n1 NOTE Married young\n');
const SECOND = family('@F2@', '1 MARR\n2 DATE 1912\n2 PLAC Leeds\n1 CHIL @I3@\n1 NOTE Married again\n1 SOUR @S1@\n2 PAGE p. 12\n');

for (const [name, make] of gedcomStorages) {
  describe(`GEDCOM import: one couple married twice, two FAM records (issue 28, ${name})`, () => {
    const g = gedcomRoundTrip(make);
    /** The tree as labels: its partnerships with their events (in the order the store lists them), notes and citations, and its parent edges. */
    const shape = async (treeId: Id) => {
      const names = await g.storage.names.listByTree(treeId);
      const label = new Map(names.filter((n) => n.isPrimary).map((n) => [n.personId, n.givenName]));
      const rels = await g.storage.relationships.listByTree(treeId, {});
      const events = await g.storage.events.listByTree(treeId, {});
      const places = new Map((await g.storage.places.listByTree(treeId)).map((p) => [p.id, p.name]));
      const citations = await g.storage.citations.listByTree(treeId, {});
      const partnerships = rels.filter((r) => r.type === 'partnership').map((r) => ({
        partners: [label.get(r.personAId), label.get(r.personBId)].sort().join(' + '),
        events: events.filter((e) => e.partnershipId === r.id).map((e) => `${e.type} ${e.date?.year ?? '?'}${e.placeId === null ? '' : ` ${places.get(e.placeId)}`}`),
        notes: r.notes,
        citations: citations.filter((c) => c.target.kind === 'relationship' && c.target.id === r.id).map((c) => c.page),
      }));
      const parents = rels.filter((r) => r.type === 'parent_child').map((r) => `${label.get(r.personAId)} -> ${label.get(r.personBId)} ${r.qualifier}`).sort();
      return { partnerships, parents };
    };


    /** The FAM records of an export: each record's lines from `0 @F..@ FAM` to the next level-0 line. */
    const famRecords = (text: string): string[][] => {
      const out: string[][] = [];
      let current: string[] | null = null;
      for (const line of text.split(/\r?\n/)) {
        if (line.startsWith('0 ')) current = / FAM$/.test(line) ? [] : null;
        if (current !== null) {
          if (line.startsWith('0 ')) out.push(current);
          current.push(line);
        }
      }
      return out;
    };

    const want = {
      partnerships: [{
        partners: 'John + Mary',
        events: ['marriage 1900', 'divorce 1910', 'marriage 1912 Leeds'],
        notes: 'Married young\n\nMarried again',
        citations: ['p. 12'],
      }],
      parents: ['John -> Anne adoptive', 'Mary -> Anne adoptive'],
    };

    it('keeps the second family\'s marriage, note, citation and child on the couple\'s one partnership, in date order, and the report drops nothing', async () => {
      const report = right(await g.load(g.setup.tree.id, file([FIRST, SECOND])));
      expect(await shape(g.setup.tree.id)).to.deep.equal(want);
      expect(report.relationships).to.deep.equal({ created: 3, skipped: 0 });
      expect(report.events).to.deep.equal({ created: 3, skipped: 0 });
      expect(report.citations).to.deep.equal({ created: 1, skipped: 0 });
      expect(report.warnings).to.deep.equal([]);
    });

    it('keeps the second family\'s own kept lines with it, and exports them under its FAM record', async () => {
      const report = right(await g.load(g.setup.tree.id, file([FIRST, SECOND + '1 _UID 0A1B2C3D\n'])));
      expect(report.warnings).to.deep.equal([]);
      for (const version of ['5.5.1', '7.0'] as const) {
        const fams = famRecords(await g.exported(g.setup.tree.id, version));
        expect(fams, version).to.have.length(2);
        expect(fams[0]!.filter((l) => l.startsWith('1 _UID')), version).to.deep.equal([]);
        expect(fams[1]!.filter((l) => l.startsWith('1 _UID')), version).to.deep.equal(['1 _UID 0A1B2C3D']);
      }
    });

    it('exports the couple as the two FAM records the file had (the second marriage in the second), in 5.5.1 and 7.0, and imports that back to the same partnership', async () => {
      right(await g.load(g.setup.tree.id, file([FIRST, SECOND])));
      for (const version of ['5.5.1', '7.0'] as const) {
        const text = await g.exported(g.setup.tree.id, version);
        const fams = famRecords(text);
        expect(fams, `${version}: two FAMs`).to.have.length(2);
        const events = (fam: string[]) => fam.filter((l) => /^1 (MARR|DIV)\b/.test(l) || /^2 (DATE|PLAC) /.test(l));
        expect(events(fams[0]!), version).to.deep.equal(['1 MARR', '2 DATE 1900', '1 DIV', '2 DATE 1910']);
        expect(events(fams[1]!), version).to.deep.equal(['1 MARR', '2 DATE 1912', '2 PLAC Leeds']);
        // Both records name the couple; each partner names both records.
        for (const fam of fams) expect(fam.filter((l) => /^1 (HUSB|WIFE) /.test(l)), version).to.have.length(2);
        const xrefs = fams.map((fam) => fam[0]!.split(' ')[1]!);
        expect(new Set(xrefs).size, version).to.equal(2);
        for (const x of xrefs) expect(text.split('\n').filter((l) => l === `1 FAMS ${x}`), `${version}: FAMS ${x}`).to.have.length(2);
        // Anne, listed in the second FAM, is its child again (her FAMC names it).
        expect(fams.map((fam) => fam.filter((l) => /^1 CHIL /.test(l)).length), `${version}: the child`).to.deep.equal([0, 1]);
        const anne = text.split('\n').slice(text.split('\n').indexOf('1 NAME Anne /Smith/'));
        expect(anne.find((l) => l.startsWith('1 FAMC ')), `${version}: her FAMC`).to.equal(`1 FAMC ${xrefs[1]}`);
        const copy = await g.newTree(`Copy ${version}`);
        const again = right(await g.load(copy, text));
        expect(again.warnings, `${version}: warnings`).to.deep.equal([]);
        expect(await shape(copy), `${version} imported again`).to.deep.equal(want);
        // And written as two FAM records again.
        expect(famRecords(await g.exported(copy, version)), `${version} exported again`).to.have.length(2);
      }
    });

    it('writes each FAM record\'s NOTE under that record while the couple\'s notes are as imported (again after a round trip); once edited, the notes under the first', async () => {
      const shared = family('@F2@', '1 MARR\n2 DATE 1912\n1 NOTE @N1@\n1 NOTE Witnesses: the Browns\n');
      const withShared = file([FIRST, shared]).replace('0 TRLR', '0 @N1@ NOTE Married again\n0 TRLR');
      for (const [text, second] of [[file([FIRST, SECOND]), ['1 NOTE Married again']], [withShared, ['1 NOTE @@', '1 NOTE Witnesses: the Browns']]] as const) {
        const tree = await g.newTree(`Notes ${second.length}`);
        expect(right(await g.load(tree, text)).warnings).to.deep.equal([]);
        // A record's NOTE lines with their continuations (`2 CONT`), pointers blanked.
        const notes = (fam: string[]) => {
          let inNote = false;
          return fam.filter((l) => {
            if (l.startsWith('1 ')) inNote = /^1 S?NOTE /.test(l);
            return inNote && (l.startsWith('1 ') || /^2 CON[CT]\b/.test(l));
          }).map((l) => l.replace(/@[A-Z0-9_]+@/, '@@'));
        };
        for (const version of ['5.5.1', '7.0'] as const) {
          await g.rounds(tree, version, (out, at) => {
            const seven = version === '7.0' && second.length === 2 ? ['1 SNOTE @@', second[1]!] : second;
            expect(famRecords(out).map(notes), at).to.deep.equal([['1 NOTE Married young'], seven]);
          }, true);
        }
        const couple = (await g.storage.relationships.listByTree(tree, {})).find((r) => r.type === 'partnership')!;
        expect(couple.notes).to.match(/^Married young\n\nMarried again/);
        await g.storage.relationships.update({ ...couple, notes: 'Married twice' });
        for (const version of ['5.5.1', '7.0'] as const) {
          expect(famRecords(await g.exported(tree, version)).map(notes), version).to.deep.equal([['1 NOTE Married twice'], []]);
        }
      }
    });

    it('writes a citation of the second marriage once, under that marriage in the second FAM record', async () => {
      const cited = family('@F2@', '1 MARR\n2 DATE 1912\n2 SOUR @S1@\n3 PAGE p. 13\n');
      right(await g.load(g.setup.tree.id, file([FIRST, cited])));
      for (const version of ['5.5.1', '7.0'] as const) {
        const fams = famRecords(await g.exported(g.setup.tree.id, version));
        expect(fams.map((fam) => fam.filter((l) => l.endsWith('PAGE p. 13'))), version).to.deep.equal([[], ['3 PAGE p. 13']]);
      }
    });

    // The partnership keeps its events as they were made (file order); each FAM record is written
    // with its own events, in date order: a file that gives the later family first is written back so.
    it('keeps both marriages when the file gives the later family first, and exports each under the FAM record it came in', async () => {
      right(await g.load(g.setup.tree.id, file([SECOND, FIRST])));
      const got = await shape(g.setup.tree.id);
      const inFileOrder = ['marriage 1912 Leeds', 'marriage 1900', 'divorce 1910'];
      expect(got).to.deep.equal({ ...want, partnerships: [{ ...want.partnerships[0]!, events: inFileOrder, notes: 'Married again\n\nMarried young' }] });
      for (const version of ['5.5.1', '7.0'] as const) {
        const fams = famRecords(await g.exported(g.setup.tree.id, version));
        expect(fams, `${version}: two FAMs`).to.have.length(2);
        expect(fams.map((fam) => fam.filter((l) => /^1 (MARR|DIV)\b/.test(l) || /^2 DATE /.test(l))), version)
          .to.deep.equal([['1 MARR', '2 DATE 1912'], ['1 MARR', '2 DATE 1900', '1 DIV', '2 DATE 1910']]);
      }
    });
  });
}
