import { request } from 'node:http';
import { expect } from 'chai';
import type { ApiClient } from '../../client/index.js';
import { exportGedcomText, importGedcomFile } from '../support/gedcom.js';
import { registerUser, startTestService, type TestService } from '../support/service.js';

// Issue 28, "nothing is dropped silently": a line the import does not map is kept verbatim on the
// record (and substructure) it came from and written back in place by export; a record no row takes
// is kept whole. The import report counts the lines kept per tag path. On both stores, over HTTP.

const FILE = `0 HEAD
1 GEDC
2 VERS 5.5.1
2 FORM LINEAGE-LINKED
1 CHAR UTF-8
1 SUBM @U1@
0 @U1@ SUBM
1 NAME Anne Researcher
0 @U2@ SUBM
1 NAME Other submitter
1 ADDR 1 Main Street
0 @SUBN1@ SUBN
1 TEMP SLAKE
0 @I1@ INDI
1 NAME John /Smith/
2 _PREF Y
1 SEX M
1 RIN 101
1 _UID 0F3A9E7C1B2D4E5F
1 BIRT
2 DATE 1 JAN 1900
2 PLAC Boston
3 _PLACE_ID P-77
2 _UPD 3 MAR 2024
2 SOUR @S1@
3 PAGE p. 4
3 _APID 1,7602::12345
1 _EVT @E1@
1 _LINK @I2@
2 _WHY godson
1 FAMS @F1@
1 CHAN
2 DATE 1 JAN 2024
0 @I2@ INDI
1 NAME Mary /Jones/
1 SEX U
1 ALIA Polly Jones
1 FAMS @F1@
0 @I3@ INDI
1 NAME Tom /Smith/
1 FAMC @F1@
2 _STATUS confirmed
0 @F1@ FAM
1 HUSB @I1@
1 WIFE @I2@
1 CHIL @I3@
1 RIN 301
1 MARR
2 _MEMO at home
0 @S1@ SOUR
1 TITL Parish register
1 _MASTER 12
0 @R1@ REPO
1 NAME County record office
1 _CONTACT @I2@
0 @E1@ _EVENT_DEFN
1 _SENT [P] was born [D] [PL]
1 _REF @I1@
0 @N9@ NOTE A note nothing points at
0 TRLR
`;

type Unmapped = { readonly tag: string; readonly count: number; readonly first_line: number; readonly kept_lines: number };

/** The export with its trailers (node:http: fetch does not expose them). */
const exportWithTrailers = (base: string, token: string, treeId: string, version: string): Promise<{ text: string; trailers: Record<string, string>; trailerHeader: string | undefined }> =>
  new Promise((resolve, reject) => {
    const url = new URL(`${base}/api/v1/trees/${treeId}/gedcom/export?version=${version}`);
    const req = request(url, { headers: { authorization: `Bearer ${token}` } }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (b: Buffer) => parts.push(b));
      res.on('end', () => resolve({ text: Buffer.concat(parts).toString('utf8'), trailers: res.trailers as Record<string, string>, trailerHeader: res.headers['trailer'] as string | undefined }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });

/** The INDI record whose first NAME is `name`. */
const personRecord = (text: string, name: string): string[] => {
  const at = text.split('\n').findIndex((l, i, all) => /^0 @I\d+@ INDI$/.test(l) && all[i + 1] === `1 NAME ${name}`);
  return at < 0 ? [] : recordOf(text.split('\n').slice(at).join('\n'), /^0 @I\d+@ INDI$/);
};

/** The lines of the record whose first line is `head`. */
const recordOf = (text: string, head: RegExp): string[] => {
  const lines = text.split('\n');
  const at = lines.findIndex((l) => head.test(l));
  if (at < 0) return [];
  const end = lines.findIndex((l, i) => i > at && l.startsWith('0 '));
  return lines.slice(at, end);
};

for (const storage of ['memory', 'postgres'] as const) {
  describe(`GEDCOM lines kept verbatim and written back in place (${storage})`, function () {
    this.timeout(60_000);
    let svc: TestService;
    let token: string;
    let c: ApiClient;
    let trees = 0;
    const freshTree = async (): Promise<string> => {
      const r = await c.POST('/trees', { body: { name: `Kept ${++trees}` } });
      expect(r.response.status).to.equal(201);
      return r.data!.id;
    };

    before(async () => {
      svc = await startTestService({ storage });
      token = (await registerUser(svc, 'kept@example.org')).token;
      c = svc.client(token);
    });
    after(async () => {
      await svc.close();
    });

    it('the report counts the kept lines per tag path', async () => {
      const r = await importGedcomFile(c, await freshTree(), FILE);
      expect(r.response.status, JSON.stringify(r.error)).to.equal(200);
      const unmapped = (r.data as unknown as { unmapped_tags: Unmapped[] }).unmapped_tags;
      const kept = Object.fromEntries(unmapped.map((u) => [u.tag, u.kept_lines]));
      expect(kept).to.deep.include({
        'INDI.NAME._PREF': 1, 'INDI.RIN': 1, 'INDI.BIRT.PLAC._PLACE_ID': 1, 'INDI.BIRT._UPD': 1,
        'INDI.BIRT.SOUR._APID': 1, 'INDI._EVT': 1, 'INDI._LINK': 2, 'INDI.SEX': 1, 'INDI.FAMC._STATUS': 1,
        'FAM.RIN': 1, 'FAM.MARR._MEMO': 1, 'SOUR._MASTER': 1, 'REPO._CONTACT': 1, '_EVENT_DEFN': 3, NOTE: 1, SUBM: 3, SUBN: 2,
      });
      // An INDI's _UID is read as an identifier, ALIA text as an alias name, not kept as lines; CHAN is
      // neither (export writes its own); nor the file's own submitter, HEAD.SUBM's (export writes its own).
      expect(unmapped.map((u) => u.tag)).to.not.include.members(['INDI._UID', 'INDI.ALIA', 'INDI.CHAN', 'INDI.CHAN.DATE']);
    });

    it('5.5.1 export writes every kept line back under the structure it came from, pointers renamed to the export\'s records', async () => {
      const tree = await freshTree();
      expect((await importGedcomFile(c, tree, FILE)).response.status).to.equal(200);
      const out = await exportGedcomText(c, tree, '5.5.1');
      expect(out.status).to.equal(200);
      const john = personRecord(out.text, 'John /Smith/');
      expect(john).to.include.members(['2 _PREF Y', '1 RIN 101', '1 _UID 0F3A9E7C1B2D4E5F', '2 _UPD 3 MAR 2024', '2 _WHY godson']);
      // In place: under the BIRT's PLAC, under its citation, under the NAME.
      const plac = john.indexOf('2 PLAC Boston');
      expect(john[plac + 1]).to.equal('3 _PLACE_ID P-77');
      const cite = john.findIndex((l) => /^2 SOUR @S\d+@$/.test(l));
      expect(john.slice(cite, cite + 3)).to.include('3 _APID 1,7602::12345');
      const name = john.indexOf('1 NAME John /Smith/');
      expect(john.slice(name, john.findIndex((l, i) => i > name && l.startsWith('1 ')))).to.include('2 _PREF Y');
      // _LINK points at Mary, by the export's own cross-reference; _EVT at the kept _EVENT_DEFN record.
      const maryXref = out.text.match(/^0 (@I\d+@) INDI\n1 NAME Mary \/Jones\//m)![1]!;
      expect(john).to.include(`1 _LINK ${maryXref}`);
      // Kept records are renamed @X<the import's tag>_<xref>@, so two imports' records never share one.
      const tag = /^0 @X([0-9A-F]{6})_E1@ _EVENT_DEFN$/m.exec(out.text)![1]!;
      expect(john).to.include(`1 _EVT @X${tag}_E1@`);
      const defn = recordOf(out.text, new RegExp(`^0 @X${tag}_E1@ _EVENT_DEFN$`));
      expect(defn).to.deep.equal([`0 @X${tag}_E1@ _EVENT_DEFN`, '1 _SENT [P] was born [D] [PL]', `1 _REF ${out.text.match(/^0 (@I\d+@) INDI\n1 NAME John/m)![1]}`]);
      expect(recordOf(out.text, new RegExp(`^0 @X${tag}_N9@ NOTE`))).to.deep.equal([`0 @X${tag}_N9@ NOTE A note nothing points at`]);
      expect(recordOf(out.text, new RegExp(`^0 @X${tag}_SUBN1@ SUBN$`))).to.deep.equal([`0 @X${tag}_SUBN1@ SUBN`, '1 TEMP SLAKE']);
      expect(recordOf(out.text, new RegExp(`^0 @X${tag}_U2@ SUBM$`))).to.deep.equal([`0 @X${tag}_U2@ SUBM`, '1 NAME Other submitter', '1 ADDR 1 Main Street']);
      const mary = personRecord(out.text, 'Mary /Jones/');
      expect(mary).to.include.members(['1 SEX U']);
      const tom = personRecord(out.text, 'Tom /Smith/');
      const famc = tom.findIndex((l) => /^1 FAMC @F\d+@$/.test(l));
      expect(tom.slice(famc + 1, famc + 3), 'the FAMC keeps its _STATUS').to.include('2 _STATUS confirmed');
      const fam = recordOf(out.text, /^0 @F\d+@ FAM$/);
      expect(fam).to.include('1 RIN 301');
      // A MARR with nothing but an extension is `MARR Y` (it happened), the extension under it.
      expect(fam[fam.indexOf('1 MARR Y') + 1]).to.equal('2 _MEMO at home');
      expect(recordOf(out.text, /^0 @S\d+@ SOUR$/)).to.include('1 _MASTER 12');
      // A repository's kept pointer names the export's own record too.
      expect(recordOf(out.text, /^0 @R\d+@ REPO$/)).to.include(`1 _CONTACT ${maryXref}`);
      // No CHAN of the file's: the export writes none.
      expect(out.text).to.not.match(/^1 CHAN$/m);
    });

    it('a second round (import the export, export again) writes the same kept lines', async () => {
      const first = await freshTree();
      await importGedcomFile(c, first, FILE);
      const once = (await exportGedcomText(c, first, '5.5.1')).text;
      const second = await freshTree();
      const again = await importGedcomFile(c, second, once);
      expect(again.response.status).to.equal(200);
      expect((again.data as unknown as { warnings: unknown[] }).warnings).to.deep.equal([]);
      const twice = (await exportGedcomText(c, second, '5.5.1')).text;
      // A kept record's xref takes the new import's tag in place of the old one (it does not grow): compare without xrefs.
      const body = (t: string) => t.split('\n').filter((l) => !/^(0 HEAD|1 (SOUR|DATE|GEDC|CHAR|SUBM)|2 (VERS|NAME|DATA|FORM|TIME)|0 @U1@ SUBM)/.test(l)).map((l) => l.replace(/@[A-Z0-9_]+@/g, '@@')).sort();
      expect(body(twice)).to.deep.equal(body(once));
      expect(twice).to.match(/^0 @X[0-9A-F]{6}_E1@ _EVENT_DEFN$/m);
    });

    it('7.0 export declares the kept extension tags in HEAD.SCHMA, leaves 5.5.1 structures out and says so in the GEDCOM-Not-Written trailer', async () => {
      const tree = await freshTree();
      expect((await importGedcomFile(c, tree, FILE)).response.status).to.equal(200);
      const out = await exportWithTrailers(svc.baseUrl, token, tree, '7.0');
      for (const tag of ['_PREF', '_PLACE_ID', '_UPD', '_APID', '_EVT', '_LINK', '_WHY', '_STATUS', '_MEMO', '_MASTER', '_CONTACT', '_EVENT_DEFN', '_SENT', '_REF'])
        expect(out.text, tag).to.match(new RegExp(`^2 TAG ${tag} urn:x-genealogy-service:gedcom:kept:${tag}$`, 'm'));
      expect(out.text).to.match(/^3 _PLACE_ID P-77$/m);
      expect(out.text).to.match(/^0 @X[0-9A-F]{6}_E1@ _EVENT_DEFN$/m);
      // 5.5.1 structures with no place in 7.0: not written, counted.
      expect(out.text).to.not.match(/^1 RIN /m);
      expect(out.text).to.not.match(/ SUBN$/m);
      expect(out.trailerHeader).to.equal('GEDCOM-Not-Written');
      expect(out.trailers['gedcom-not-written']).to.equal('RIN=2; SEX=1; SUBM record=1; SUBN record=1');
    });

    it('two imports of one file into one tree keep their records under distinct cross-references, each pointer naming its own', async () => {
      const tree = await freshTree();
      expect((await importGedcomFile(c, tree, FILE)).response.status).to.equal(200);
      expect((await importGedcomFile(c, tree, FILE, { default_action: 'new' })).response.status).to.equal(200);
      const text = (await exportGedcomText(c, tree, '5.5.1')).text;
      const defs = [...text.matchAll(/^0 (@X[0-9A-F]{6}_E1@) _EVENT_DEFN$/gm)].map((m) => m[1]!);
      expect(defs).to.have.length(2);
      expect(new Set(defs).size, 'two distinct cross-references').to.equal(2);
      const xrefs = [...text.matchAll(/^0 (@[^@]+@) /gm)].map((m) => m[1]!);
      expect(new Set(xrefs).size, 'no cross-reference twice in the file').to.equal(xrefs.length);
      for (const d of defs) expect(text.split('\n').filter((l) => l === `1 _EVT ${d}`), `one _EVT names ${d}`).to.have.length(1);
    });

    it('a family of one partner with children keeps its own lines and notes, written back under its FAM', async () => {
      const tree = await freshTree();
      const file = `0 HEAD
1 GEDC
2 VERS 5.5.1
2 FORM LINEAGE-LINKED
1 CHAR UTF-8
0 @I1@ INDI
1 NAME Ada /Lone/
1 SEX F
1 FAMS @F1@
0 @I2@ INDI
1 NAME Ben /Lone/
1 FAMC @F1@
1 NOTE @N1@
0 @I3@ INDI
1 NAME Cy /Lone/
1 FAMC @F1@
0 @F1@ FAM
1 WIFE @I1@
1 CHIL @I2@
1 CHIL @I3@
1 RIN 77
1 _UID 9A8B7C6D
1 NOTE The father is not known.
1 NOTE @N1@
0 @N1@ NOTE Census of 1901
0 TRLR
`;
      const r = await importGedcomFile(c, tree, file);
      expect(r.response.status, JSON.stringify(r.error)).to.equal(200);
      const { text } = await exportGedcomText(c, tree, '5.5.1');
      const fam = recordOf(text, /^0 @[A-Z]+\d+@ FAM$/);
      expect(fam.filter((l) => /^1 CHIL /.test(l)), text).to.have.length(2);
      for (const l of ['1 RIN 77', '1 _UID 9A8B7C6D', '1 NOTE The father is not known.']) expect(fam, text).to.include(l);
      expect(text.split('\n').filter((l) => l === '1 _UID 9A8B7C6D'), 'written once').to.have.length(1);
      // A shared note the family points at, used by Ben too: one record, both pointing at it.
      const pointer = fam.find((l) => /^1 NOTE @X[0-9A-F]{6}_N1@$/.test(l));
      expect(pointer, text).to.not.equal(undefined);
      expect(text, 'the note record').to.include(`0 ${pointer!.slice('1 NOTE '.length)} NOTE Census of 1901`);
      expect(personRecord(text, 'Ben /Lone/'), text).to.include(pointer);
    });

    it('shared notes and several NOTEs of one structure are written back as they were, until the notes change', async () => {
      const tree = await freshTree();
      const file = `0 HEAD
1 GEDC
2 VERS 5.5.1
2 FORM LINEAGE-LINKED
1 CHAR UTF-8
0 @I1@ INDI
1 NAME Nora /Notes/
1 NOTE @N1@
1 NOTE Her own words.
1 BIRT
2 DATE 1900
2 NOTE First event note.
2 NOTE Second event note.
0 @I2@ INDI
1 NAME Ned /Notes/
1 NOTE @N1@
0 @N1@ NOTE From the family bible,
1 CONT page 3.
0 TRLR
`;
      const r = await importGedcomFile(c, tree, file);
      expect(r.response.status, JSON.stringify(r.error)).to.equal(200);
      const { text } = await exportGedcomText(c, tree, '5.5.1');
      const nora = personRecord(text, 'Nora /Notes/');
      const pointer = nora.find((l) => /^1 NOTE @X[0-9A-F]{6}_N1@$/.test(l));
      expect(pointer, text).to.not.equal(undefined);
      expect(nora, text).to.include('1 NOTE Her own words.');
      expect(nora.filter((l) => /^2 NOTE (First|Second) event note\.$/.test(l)), text).to.have.length(2);
      expect(personRecord(text, 'Ned /Notes/'), text).to.include(pointer);
      const record = recordOf(text, new RegExp(`^0 ${pointer!.slice('1 NOTE '.length)} NOTE`));
      expect(record, text).to.deep.equal([`0 ${pointer!.slice('1 NOTE '.length)} NOTE From the family bible,`, '1 CONT page 3.']);
      // The API reads the notes joined; once they change, export writes them as they are now.
      const persons = await c.GET('/trees/{id}/persons', { params: { path: { id: tree } } });
      const noraRow = persons.data!.find((p) => p.given_name === 'Nora')!;
      const read = await c.GET('/persons/{id}', { params: { path: { id: noraRow.id } } });
      expect(read.data!.notes).to.equal('From the family bible,\npage 3.\n\nHer own words.');
      const changed = await c.PATCH('/persons/{id}', { params: { path: { id: noraRow.id } }, body: { notes: 'Rewritten.' } });
      expect(changed.response.status, JSON.stringify(changed.error)).to.equal(200);
      const after = personRecord((await exportGedcomText(c, tree, '5.5.1')).text, 'Nora /Notes/');
      expect(after.filter((l) => l.startsWith('1 NOTE'))).to.deep.equal(['1 NOTE Rewritten.']);
    });

    it('an ALIA with a name\'s text is written back as ALIA in 5.5.1 until the name changes; 7.0 writes it as NAME', async () => {
      const tree = await freshTree();
      const file = `0 HEAD
1 GEDC
2 VERS 5.5.1
2 FORM LINEAGE-LINKED
1 CHAR UTF-8
0 @I1@ INDI
1 NAME Margaret /Smith/
1 ALIA Peggy /Smith/
0 TRLR
`;
      expect((await importGedcomFile(c, tree, file)).response.status).to.equal(200);
      const five = personRecord((await exportGedcomText(c, tree, '5.5.1')).text, 'Margaret /Smith/');
      expect(five).to.include('1 ALIA Peggy /Smith/');
      expect(five.filter((l) => l.startsWith('1 NAME'))).to.deep.equal(['1 NAME Margaret /Smith/']);
      const seven = personRecord((await exportGedcomText(c, tree, '7.0')).text, 'Margaret /Smith/');
      expect(seven.filter((l) => l.startsWith('1 NAME'))).to.deep.equal(['1 NAME Margaret /Smith/', '1 NAME Peggy /Smith/']);
      const persons = await c.GET('/trees/{id}/persons', { params: { path: { id: tree } } });
      const personId = persons.data![0]!.id;
      const names = await c.GET('/persons/{id}/names', { params: { path: { id: personId } } });
      const alias = names.data!.find((n) => n.given_name === 'Peggy')!;
      expect(alias.name_type).to.equal('alias');
      const patched = await c.PATCH('/persons/{id}/names/{name_id}', { params: { path: { id: personId, name_id: alias.id } }, body: { given_name: 'Maggie' } });
      expect(patched.response.status, JSON.stringify(patched.error)).to.equal(200);
      const changed = personRecord((await exportGedcomText(c, tree, '5.5.1')).text, 'Margaret /Smith/');
      expect(changed).to.not.include('1 ALIA Peggy /Smith/');
      expect(changed).to.include('1 NAME Maggie /Smith/');
    });

    it('an undone import takes its kept records out of the export', async () => {
      const tree = await freshTree();
      const r = await importGedcomFile(c, tree, FILE);
      const id = (r.data as unknown as { import_id: string }).import_id;
      expect((await exportGedcomText(c, tree, '5.5.1')).text).to.match(/^0 @X[0-9A-F]{6}_E1@ _EVENT_DEFN$/m);
      const undo = await c.POST('/trees/{id}/imports/{import_id}/undo', { params: { path: { id: tree, import_id: id } }, body: {} });
      expect(undo.response.status, JSON.stringify(undo.error)).to.equal(200);
      expect((await exportGedcomText(c, tree, '5.5.1')).text).to.not.match(/_EVENT_DEFN/);
    });
  });
}
