import { expect } from 'chai';
import type { Id } from '../../core/kernel/ids.js';
import { importGedcom } from '../../core/gedcom/commands/import-gedcom.js';
import { bytesOf, gedcomRoundTrip, gedcomStorages } from './gedcom-roundtrip-support.js';
import { right } from './support.js';

// Issue 28, media without bytes, on both stores: an OBJE of a plain file (inline under an INDI event,
// a record linked from two persons) becomes media records without bytes, keeping FILE, FORM and TITL;
// export writes them back as OBJE records linked from the same records, and they import back the same.
// A record nothing (or only a FAM) links is not made a media record: it is kept whole, as it was.

const FILE = `0 HEAD
1 GEDC
2 VERS 5.5.1
2 FORM LINEAGE-LINKED
1 CHAR UTF-8
0 @I1@ INDI
1 NAME Ann /Lee/
1 BIRT
2 DATE 1850
2 OBJE
3 FILE C:\\Scans\\Baptism Ann.jpg
4 FORM jpg
4 TITL Baptism entry
1 OBJE @O1@
0 @I2@ INDI
1 NAME Bob /Lee/
1 OBJE @O1@
0 @O1@ OBJE
1 FILE photos/family.png
2 FORM png
2 TITL The family
0 @O2@ OBJE
1 FILE letters/1901.pdf
2 FORM pdf
0 TRLR
`;

// Family Tree Maker names a person's portrait with a kept pointer (`_PHOTO @M1@`) beside the link
// (`OBJE @M1@`). The record became a media record, so the kept pointer names that media record: export
// writes it as the OBJE record's cross-reference, not @VOID@ (Gramps made a note of the missing object).
const PHOTO = `0 HEAD
1 GEDC
2 VERS 5.5.1
2 FORM LINEAGE-LINKED
1 CHAR UTF-8
0 @I1@ INDI
1 NAME Bill /Clinton/
1 _PHOTO @M31@
1 OBJE @M31@
0 @M31@ OBJE
1 FILE C:\\FTM\\Media\\Photo_Bill_Clinton.jpg
2 FORM jpg
2 TITL William J Clinton
0 TRLR
`;

for (const [name, make] of gedcomStorages) {
  describe(`GEDCOM media records without bytes: import, export, import again (issue 28, ${name})`, () => {
    const g = gedcomRoundTrip(make);
    /** The tree's media as [title, path, form, what it is attached to (by the person's given name; `birth` for the event)]. */
    const held = async (treeId: Id) => {
      const given = new Map((await g.storage.names.listByTree(treeId)).map((n) => [n.personId, n.givenName]));
      const events = new Map((await g.storage.events.listByTree(treeId, {})).map((e) => [e.id, `${e.type} of ${given.get(e.personId ?? '')}`]));
      return (await g.storage.media.listByTree(treeId, {})).map((m) => {
        expect([m.storageKey, m.size, m.checksum]).to.deep.equal([null, 0, '']);
        const on = m.target === null ? null : m.target.kind === 'person' ? given.get(m.target.id) : events.get(m.target.id);
        return [m.title, m.filePath, m.form, on];
      }).sort();
    };

    it('keeps them, and a 5.5.1 or 7.0 export imports back to the same paths, titles and attachments', async () => {
      const report = right(await g.load(g.setup.tree.id, FILE));
      expect(report.warnings).to.deep.equal([]);
      expect(report.media).to.deep.equal({ created: 3, skipped: 0 });
      expect(report.unmapped.filter((u) => /OBJE/.test(u.tag))).to.deep.equal([{ tag: 'OBJE', count: 1, firstLine: 22, keptLines: 3 }]);
      const expected = [
        ['Baptism entry', 'C:\\Scans\\Baptism Ann.jpg', 'jpg', 'birth of Ann'],
        ['The family', 'photos/family.png', 'png', 'Ann'],
        ['The family', 'photos/family.png', 'png', 'Bob'],
      ];
      expect(await held(g.setup.tree.id)).to.deep.equal(expected);
      for (const version of ['5.5.1', '7.0'] as const) {
        const text = await g.exported(g.setup.tree.id, version);
        // The unattached record, kept whole, is written back as it came (in 5.5.1; 7.0 is the kept lines' own business).
        if (version === '5.5.1') expect(text, version).to.include('1 FILE letters/1901.pdf\n2 FORM pdf\n');
        // The record Ann and Bob link is one OBJE record again, linked from both (not one a person).
        expect(text.split('\n').filter((l) => l === '1 FILE photos/family.png'), version).to.have.length(1);
        const links = text.split('\n').filter((l) => l.startsWith('1 OBJE @'));
        expect(links, version).to.have.length(2);
        expect(links[0], version).to.equal(links[1]);
        const copy = await g.newTree(`Copy ${version}`);
        const again = right(await g.load(copy, text));
        expect(again.warnings, version).to.deep.equal([]);
        // 7.0 writes a path as a URI (a drive path as a file: URI) and a FORM as a media type.
        const want = version === '5.5.1' ? expected : [
          ['Baptism entry', 'file:///C:/Scans/Baptism Ann.jpg', 'image/jpeg', 'birth of Ann'],
          ['The family', 'photos/family.png', 'image/png', 'Ann'],
          ['The family', 'photos/family.png', 'image/png', 'Bob'],
        ];
        expect(await held(copy), version).to.deep.equal(want);
      }
    });

    it('writes a kept pointer at an OBJE record that became a media record as that record\'s cross-reference, in 5.5.1 and 7.0, again after a round trip', async () => {
      right(await g.load(g.setup.tree.id, PHOTO));
      for (const version of ['5.5.1', '7.0'] as const) {
        await g.rounds(g.setup.tree.id, version, (text, at) => {
          const lines = text.split('\n');
          const photo = lines.find((l) => l.startsWith('1 _PHOTO '));
          const link = lines.find((l) => l.startsWith('1 OBJE '));
          expect(link, at).to.match(/^1 OBJE @O\d+@$/);
          expect(photo, at).to.equal(`1 _PHOTO ${link!.slice(7)}`);
          expect(lines, at).to.include(`0 ${link!.slice(7)} OBJE`);
        }, true);
      }
    });

    it('writes an inline OBJE back inline, as the file wrote it, in 5.5.1 while its path, form and title are unchanged; as a record in 7.0 and once edited', async () => {
      const inline = FILE.replace('2 OBJE\n3 FILE C:\\Scans\\Baptism Ann.jpg\n4 FORM jpg\n4 TITL Baptism entry\n', '2 OBJE\n3 FORM jpg\n3 TITL Baptism entry\n3 FILE C:\\Scans\\Baptism Ann.jpg\n3 _SCAN 300dpi\n');
      expect(inline).to.not.equal(FILE);
      right(await g.load(g.setup.tree.id, inline));
      const birth = (text: string) => {
        const lines = text.split('\n');
        const at = lines.indexOf('1 BIRT');
        return lines.slice(at + 1, lines.findIndex((l, i) => i > at && l.startsWith('1 ')));
      };
      await g.rounds(g.setup.tree.id, '5.5.1', (text, at) => {
        expect(birth(text), at).to.deep.equal(['2 DATE 1850', '2 OBJE', '3 FORM jpg', '3 TITL Baptism entry', '3 FILE C:\\Scans\\Baptism Ann.jpg', '3 _SCAN 300dpi']);
        expect(text, at).to.not.match(/^1 FILE C:/m);
      }, true);
      // 7.0 has no inline OBJE: a record and a pointer.
      const seven = await g.exported(g.setup.tree.id, '7.0');
      expect(birth(seven).filter((l) => l.startsWith('2 OBJE'))).to.have.length(1);
      expect(birth(seven)[birth(seven).findIndex((l) => l.startsWith('2 OBJE'))]).to.match(/^2 OBJE @O\d+@$/);
      // Once its title is edited, 5.5.1 writes it as a record too, with its kept line.
      const baptism = (await g.storage.media.listByTree(g.setup.tree.id, {})).find((m) => m.title === 'Baptism entry')!;
      await g.storage.media.update({ ...baptism, title: 'Baptism, St Mary' });
      const edited = await g.exported(g.setup.tree.id, '5.5.1');
      expect(birth(edited).filter((l) => l.startsWith('2 OBJE'))[0]).to.match(/^2 OBJE @O\d+@$/);
      expect(edited).to.match(/^1 FILE C:\\Scans\\Baptism Ann\.jpg\n2 FORM jpg\n2 TITL Baptism, St Mary$/m);
      expect(edited).to.include('1 _SCAN 300dpi');
    });

    it('a second import of the file, merged into the same persons, makes no second record for the same path on the same record', async () => {
      right(await g.load(g.setup.tree.id, FILE));
      const persons = (await g.storage.persons.listByTree(g.setup.tree.id, {})).map((p) => p.id);
      const resolutions = Object.fromEntries(['@I1@', '@I2@'].map((x, i) => [x, { action: 'merge' as const, targetId: persons[i]! }]));
      right(await importGedcom(g.setup.deps)(g.setup.owner, g.setup.tree.id, bytesOf(FILE), { defaultAction: 'new', resolutions }));
      const paths = (await g.storage.media.listByTree(g.setup.tree.id, {})).map((m) => m.filePath);
      expect(paths.filter((p) => p === 'photos/family.png')).to.have.length(2);
      expect(paths.filter((p) => p === 'letters/1901.pdf')).to.have.length(0);
    });
  });
}
