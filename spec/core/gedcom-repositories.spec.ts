import { expect } from 'chai';
import type { Id } from '../../core/kernel/ids.js';
import { importGedcom } from '../../core/gedcom/commands/import-gedcom.js';
import { readPlan } from '../../core/gedcom/read-plan.js';
import { memoryStorage } from '../../adapters/memory/storage.js';
import { cleanupSetup } from './cleanup-support.js';
import { bytesOf, gedcomRoundTrip, gedcomStorages, type Version } from './gedcom-roundtrip-support.js';
import { right } from './support.js';

// Issue 28, "model what genealogists use": REPO records become repositories of the tree; a SOUR's
// REPO pointers with CALN become its links (a call number each); ABBR, and DATA (EVEN with DATE and
// PLAC, AGNC, NOTE) become fields of the source. Export writes them back in 5.5.1 and 7.0 (REPO
// records after the sources, `1 REPO @R1@` with `2 CALN` under the SOUR), and the export imports back
// to the same fields. Sources without them write exactly as before (the golden files hold that).

const header = (version: '5.5.1' | '7.0'): string => (version === '7.0'
  ? '0 HEAD\n1 GEDC\n2 VERS 7.0\n'
  : '0 HEAD\n1 GEDC\n2 VERS 5.5.1\n2 FORM LINEAGE-LINKED\n1 CHAR UTF-8\n');

const RECORDS = `0 @I1@ INDI
1 NAME John /Smith/
1 BIRT
2 DATE 1851
2 SOUR @S1@
3 PAGE folio 7
0 @S1@ SOUR
1 TITL Census of England and Wales, 1851
1 ABBR 1851 Census
1 AUTH General Register Office
1 PUBL London: HMSO
1 DATA
2 EVEN CENS
3 DATE FROM 1851 TO 1851
3 PLAC Exeter, Devon, England
2 EVEN BIRT, DEAT
2 AGNC General Register Office
2 NOTE Piece 1869 is damaged.
1 REPO @R1@
2 CALN HO 107/1869
1 REPO @R2@
1 NOTE Enumerator's book.
0 @R1@ REPO
1 NAME The National Archives
1 ADDR Kew
2 CONT Richmond TW9 4DU
2 CTRY United Kingdom
1 NOTE Film and images online.
0 @R2@ REPO
1 NAME Devon Heritage Centre
0 TRLR
`;

describe('GEDCOM repositories and source fields: the mapping (issue 28)', () => {
  for (const version of ['5.5.1', '7.0'] as const) {
    it(`${version}: REPO records, SOUR.REPO with CALN, ABBR and DATA map, and are no longer unmapped`, async () => {
      const read = right(await readPlan(bytesOf(header(version) + RECORDS).open()));
      const plan = read.plan;
      expect(plan.warnings).to.deep.equal([]);
      expect(plan.sources[0]).to.deep.include({
        title: 'Census of England and Wales, 1851', abbreviation: '1851 Census', author: 'General Register Office', publication: 'London: HMSO',
        agency: 'General Register Office', dataNotes: 'Piece 1869 is damaged.', notes: "Enumerator's book.",
        recordedEvents: [{ events: 'CENS', date: 'FROM 1851 TO 1851', place: 'Exeter, Devon, England' }, { events: 'BIRT, DEAT', date: '', place: '' }],
      });
      expect(plan.sources[0]!.repositories.map((l) => [l.xref, l.callNumber])).to.deep.equal([['@R1@', 'HO 107/1869'], ['@R2@', '']]);
      expect(plan.unmapped.map((u) => u.tag)).to.deep.equal([]);
    });
  }

  it('an ADDR of parts only becomes their lines; a part the ADDR text holds already adds nothing', async () => {
    const text = `${header('5.5.1')}0 @R1@ REPO\n1 NAME A\n1 ADDR\n2 ADR1 1 High St\n2 CITY Exeter\n2 POST EX1 1AA\n0 @R2@ REPO\n1 NAME B\n1 ADDR 2 Low St\n2 CONT Exeter\n2 CITY Exeter\n2 CTRY England\n`
      + '0 @S1@ SOUR\n1 TITL T\n1 REPO @R1@\n1 REPO @R2@\n0 TRLR\n';
    const fx = { storage: memoryStorage() };
    const f = await cleanupSetup(fx.storage);
    right(await importGedcom(f.deps)(f.owner, f.tree.id, bytesOf(text), { defaultAction: 'new', resolutions: {} }));
    const repositories = await fx.storage.repositories.listByTree(f.tree.id, {});
    expect(repositories.map((r) => [r.name, r.address]).sort()).to.deep.equal([['A', '1 High St\nExeter\nEX1 1AA'], ['B', '2 Low St\nExeter\nEngland']]);
  });

  it('a SOUR.REPO without a pointer, or naming no REPO record, links nothing: unmapped, with a warning for the missing record', async () => {
    const text = `${header('5.5.1')}0 @S1@ SOUR\n1 TITL T\n1 REPO\n2 CALN 12\n1 REPO @R9@\n2 CALN 13\n0 TRLR\n`;
    const plan = right(await readPlan(bytesOf(text).open())).plan;
    expect(plan.sources[0]!.repositories).to.deep.equal([]);
    expect(plan.unmapped.map((u) => [u.tag, u.count])).to.deep.equal([['SOUR.REPO', 2]]);
    expect(plan.warnings.map((w) => w.message)).to.deep.equal(['repository @R9@ is not a REPO record of this file: left out']);
  });
});

for (const [name, make] of gedcomStorages) {
  describe(`GEDCOM repositories and source fields: import, export, import again (issue 28, ${name})`, () => {
    const g = gedcomRoundTrip(make);
    const { load } = g;
    const exported = async (treeId: Id, version: Version): Promise<string[]> => (await g.exported(treeId, version)).split(/\r?\n/);
    /** What the tree holds of sources and repositories, ids resolved to names. */
    const held = async (treeId: Id) => {
      const repositories = await g.storage.repositories.listByTree(treeId, {});
      const nameOf = new Map(repositories.map((r) => [r.id, r.name]));
      const sources = (await g.storage.sources.listByTree(treeId, {})).map((s) => ({
        title: s.title, abbreviation: s.abbreviation, author: s.author, publication: s.publication, notes: s.notes,
        recordedEvents: s.recordedEvents, agency: s.agency, dataNotes: s.dataNotes,
        repositories: s.repositories.map((l) => [nameOf.get(l.repositoryId), l.callNumber]),
      }));
      return { repositories: repositories.map((r) => ({ name: r.name, address: r.address, notes: r.notes })).sort((a, b) => a.name.localeCompare(b.name)), sources };
    };
    const EXPECTED = {
      repositories: [
        { name: 'Devon Heritage Centre', address: '', notes: '' },
        { name: 'The National Archives', address: 'Kew\nRichmond TW9 4DU\nUnited Kingdom', notes: 'Film and images online.' },
      ],
      sources: [{
        title: 'Census of England and Wales, 1851', abbreviation: '1851 Census', author: 'General Register Office', publication: 'London: HMSO',
        notes: "Enumerator's book.", agency: 'General Register Office', dataNotes: 'Piece 1869 is damaged.',
        recordedEvents: [{ events: 'CENS', date: 'FROM 1851 TO 1851', place: 'Exeter, Devon, England' }, { events: 'BIRT, DEAT', date: '', place: '' }],
        repositories: [['The National Archives', 'HO 107/1869'], ['Devon Heritage Centre', '']],
      }],
    };

    for (const version of ['5.5.1', '7.0'] as const) {
      it(`${version}: the file's repositories and source fields are kept, exported in both versions, and import back equal`, async () => {
        const report = right(await load(g.setup.tree.id, header(version) + RECORDS));
        expect(report.warnings).to.deep.equal([]);
        expect(report.repositories).to.deep.equal({ created: 2, reused: 0 });
        expect(report.unmapped).to.deep.equal([]);
        expect(await held(g.setup.tree.id)).to.deep.equal(EXPECTED);
        for (const out of ['5.5.1', '7.0'] as const) {
          const lines = await exported(g.setup.tree.id, out);
          const sour = lines.indexOf('0 @S1@ SOUR');
          const end = lines.findIndex((l, i) => i > sour && l.startsWith('0 '));
          expect(lines.slice(sour, end), out).to.deep.equal([
            '0 @S1@ SOUR', '1 TITL Census of England and Wales, 1851', '1 AUTH General Register Office', '1 PUBL London: HMSO', '1 ABBR 1851 Census',
            '1 DATA', '2 EVEN CENS', '3 DATE FROM 1851 TO 1851', '3 PLAC Exeter, Devon, England', '2 EVEN BIRT, DEAT', '2 AGNC General Register Office',
            '2 NOTE Piece 1869 is damaged.', '1 REPO @R1@', '2 CALN HO 107/1869', '1 REPO @R2@', "1 NOTE Enumerator's book.",
          ]);
          const r1 = lines.indexOf('0 @R1@ REPO');
          // The address part CTRY, folded into the address, is also kept as the file wrote it (issue 28:
          // nothing dropped): written back under ADDR, in 7.0 only when it came from a 7.0 file.
          const ctry = out === '5.5.1' || version === '7.0' ? ['2 CTRY United Kingdom'] : [];
          expect(lines.slice(r1, r1 + 6 + ctry.length), out).to.deep.equal([
            '0 @R1@ REPO', '1 NAME The National Archives', '1 ADDR Kew', '2 CONT Richmond TW9 4DU', '2 CONT United Kingdom', ...ctry, '1 NOTE Film and images online.',
          ]);
          expect(lines.slice(lines.indexOf('0 @R2@ REPO'), lines.indexOf('0 @R2@ REPO') + 3), out).to.deep.equal(['0 @R2@ REPO', '1 NAME Devon Heritage Centre', '0 TRLR']);
          const repoLines = lines.filter((l) => /^0 @R\d+@ REPO$/.test(l));
          expect(repoLines, out).to.have.length(2);
          const copy = await g.newTree(`Copy ${out}`);
          const again = right(await load(copy, lines.join('\n')));
          expect(again.warnings, out).to.deep.equal([]);
          expect(again.unmapped.filter((u) => /^(SOUR|REPO)\b/.test(u.tag)), out).to.deep.equal([]);
          expect(await held(copy), out).to.deep.equal(EXPECTED);
        }
      });
    }

    it('a second import of the same file reuses the repositories (same name and address)', async () => {
      right(await load(g.setup.tree.id, header('5.5.1') + RECORDS));
      const again = right(await load(g.setup.tree.id, header('5.5.1') + RECORDS));
      expect(again.repositories).to.deep.equal({ created: 0, reused: 2 });
      expect(await g.storage.repositories.listByTree(g.setup.tree.id, {})).to.have.length(2);
    });

    it('7.0: a recorded date that is not a period goes as an empty DATE with its PHRASE, and comes back', async () => {
      const text = `${header('5.5.1')}0 @S1@ SOUR\n1 TITL Parish register\n1 DATA\n2 EVEN CHR\n3 DATE 1780-1850\n0 TRLR\n`;
      right(await load(g.setup.tree.id, text));
      const lines = await exported(g.setup.tree.id, '7.0');
      const at = lines.indexOf('2 EVEN CHR');
      expect(lines.slice(at, at + 3)).to.deep.equal(['2 EVEN CHR', '3 DATE', '4 PHRASE 1780-1850']);
      const copy = await g.newTree('Copy');
      const again = right(await load(copy, lines.join('\n')));
      expect(again.unmapped.filter((u) => /^(SOUR|REPO)\b/.test(u.tag))).to.deep.equal([]);
      expect((await g.storage.sources.listByTree(copy, {}))[0]!.recordedEvents).to.deep.equal([{ events: 'CHR', date: '1780-1850', place: '' }]);
    });

    it('a link to a deleted repository is not written; the repository is not either', async () => {
      right(await load(g.setup.tree.id, header('5.5.1') + RECORDS));
      const devon = (await g.storage.repositories.listByTree(g.setup.tree.id, {})).find((r) => r.name === 'Devon Heritage Centre')!;
      await g.storage.repositories.update({ ...devon, deletedAt: new Date('2026-01-01T00:00:00Z') });
      const lines = await exported(g.setup.tree.id, '5.5.1');
      expect(lines.filter((l) => /^1 REPO /.test(l))).to.deep.equal(['1 REPO @R1@']);
      expect(lines.filter((l) => / REPO$/.test(l))).to.deep.equal(['0 @R1@ REPO']);
      expect(lines).to.not.include('1 NAME Devon Heritage Centre');
    });
  });
}
