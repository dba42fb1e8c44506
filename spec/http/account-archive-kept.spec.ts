import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { exportGedcomText, importGedcomFile } from '../support/gedcom.js';
import { exportZip, importZip, unzip } from '../support/account-archive.js';
import { expectRefused, rawZip } from '../support/hostile-zip.js';
import { registerUser, startTestService, type TestService } from '../support/service.js';

// GEDCOM lines an import kept verbatim (core/gedcom/extensions.ts) travel with an account backup:
// the rows' kept lines and the records the tree's imports kept whole. A tree restored from the
// backup exports them again, in place, with kept pointers naming the restored records. A backup
// without them (written before) restores as before; one whose kept lines are broken or too large is
// refused with a 422. On both stores, over HTTP.

const FILE = `0 HEAD
1 GEDC
2 VERS 5.5.1
2 FORM LINEAGE-LINKED
1 CHAR UTF-8
0 @I1@ INDI
1 NAME John /Smith/
1 SEX M
1 RIN 101
1 _UID 0F3A9E7C1B2D4E5F
1 BIRT
2 DATE 1 JAN 1900
2 _FOO bar
2 PLAC Boston
3 _PLACE_ID P-77
1 _EVT @E1@
1 _LINK @I2@
2 _WHY godson
1 _PHOTO @M1@
1 OBJE @M1@
1 FAMS @F1@
1 FAMS @F2@
0 @I2@ INDI
1 NAME Mary /Jones/
1 SEX F
1 FAMS @F1@
1 FAMS @F2@
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
0 @F2@ FAM
1 HUSB @I1@
1 WIFE @I2@
1 RIN 302
1 MARR
2 DATE 1930
0 @I5@ INDI
1 NAME Paul /Brown/
1 SEX M
1 FAMS @F3@
1 FAMS @F4@
0 @I6@ INDI
1 NAME Rose /Brown/
1 FAMC @F3@
0 @I7@ INDI
1 NAME Luke /Brown/
1 FAMC @F4@
0 @I8@ INDI
1 NAME Lisa /Berg/
1 SEX F
1 FAMS @F5@
0 @F3@ FAM
1 HUSB @I5@
1 CHIL @I6@
0 @F4@ FAM
1 HUSB @I5@
1 CHIL @I7@
0 @F5@ FAM
1 HUSB @I1@
1 WIFE @I8@
1 CHIL @I3@
0 @S1@ SOUR
1 TITL Parish register
1 _MASTER 12
0 @R1@ REPO
1 NAME County record office
1 _CONTACT @I2@
0 @M1@ OBJE
1 FILE scans/john.jpg
2 FORM jpg
0 @E1@ _EVENT_DEFN
1 _SENT [P] was born [D] [PL]
1 _REF @I1@
0 TRLR
`;

/** The lines of the record whose first line matches `head`. */
const recordOf = (text: string, head: RegExp): string[] => {
  const lines = text.split('\n');
  const at = lines.findIndex((l) => head.test(l));
  if (at < 0) return [];
  const end = lines.findIndex((l, i) => i > at && l.startsWith('0 '));
  return lines.slice(at, end);
};
const xrefOf = (text: string, name: string): string => new RegExp(`^0 (@I\\d+@) INDI\\n1 NAME ${name.replace(/\//g, '\\/')}$`, 'm').exec(text)![1]!;
const personRecord = (text: string, name: string): string[] => recordOf(text, new RegExp(`^0 ${xrefOf(text, name)} INDI$`));
/** An export's lines without its header and with every cross-reference blanked, sorted: what it says, not how it numbers. */
const body = (t: string): string[] =>
  t.split('\n').filter((l) => !/^(0 HEAD|1 (SOUR|DATE|GEDC|CHAR|SUBM)|2 (VERS|NAME|DATA|FORM|TIME)|0 @U1@ SUBM)/.test(l)).map((l) => l.replace(/@[A-Z0-9_]+@/g, '@@')).sort();

type Json = any;

for (const storage of ['memory', 'postgres'] as const) {
  describe(`Account backups carry GEDCOM kept lines (${storage})`, function () {
    this.timeout(120_000);
    let svc: TestService;
    let owner: Awaited<ReturnType<typeof registerUser>>;
    let original: string;
    let zip: Buffer;
    let entries: Map<string, Buffer>;
    let users = 0;

    const restorer = () => registerUser(svc, `heir${++users}@example.org`);
    /** The backup with account.json changed by `change` (the media entries as they were). */
    const changed = (change: (doc: Json) => void): Buffer => {
      const doc = JSON.parse(entries.get('account.json')!.toString('utf8'));
      change(doc);
      return rawZip([...entries].map(([name, data]) => ({ name, data: name === 'account.json' ? Buffer.from(JSON.stringify(doc)) : data })));
    };
    const tree = (doc: Json): Json => doc.trees[0];

    before(async () => {
      svc = await startTestService({ storage });
      owner = await registerUser(svc, 'keeper@example.org');
      const c = svc.client(owner.token);
      const t = await c.POST('/trees', { body: { name: 'Kept lines' } });
      original = t.data!.id;
      const imported = await importGedcomFile(c, original, FILE);
      expect(imported.response.status, JSON.stringify(imported.error)).to.equal(200);
      const exported = await exportZip(svc, owner.token);
      expect(exported.status).to.equal(200);
      zip = exported.bytes;
      entries = await unzip(zip);
    });
    after(async () => svc?.close());

    it('a tree restored from the backup exports its kept lines in place, kept pointers naming the restored records', async () => {
      const heir = await restorer();
      const res = await importZip(svc, heir.token, zip);
      expect(res.status, JSON.stringify(res.body)).to.equal(201);
      const restored = res.body.trees[0].id as string;
      const before = (await exportGedcomText(svc.client(owner.token), original, '5.5.1')).text;
      const after = (await exportGedcomText(svc.client(heir.token), restored, '5.5.1')).text;

      const john = personRecord(after, 'John /Smith/');
      expect(john).to.include.members(['1 RIN 101', '1 _UID 0F3A9E7C1B2D4E5F', '2 _WHY godson']);
      // In place: the _FOO under the BIRT, the _PLACE_ID under its PLAC.
      const birth = john.indexOf('1 BIRT');
      const birthLines = john.slice(birth + 1, john.findIndex((l, i) => i > birth && l.startsWith('1 ')));
      expect(birthLines).to.include('2 _FOO bar');
      expect(birthLines[birthLines.indexOf('2 PLAC Boston') + 1]).to.equal('3 _PLACE_ID P-77');
      // The kept pointer names the restored Mary, by the restored export's own cross-reference.
      const mary = xrefOf(after, 'Mary /Jones/');
      expect(john).to.include(`1 _LINK ${mary}`);
      // The kept pointer at the OBJE record that became a media record names the restored one.
      const photo = john.find((l) => l.startsWith('1 OBJE @'));
      expect(photo).to.match(/^1 OBJE @O\d+@$/);
      expect(john).to.include(`1 _PHOTO ${photo!.slice(7)}`);
      // The record no row takes, with its pointer at the restored John.
      const defn = /^0 (@X[0-9A-F]{6}_E1@) _EVENT_DEFN$/m.exec(after);
      expect(defn, 'the _EVENT_DEFN record').to.not.equal(null);
      expect(john).to.include(`1 _EVT ${defn![1]}`);
      expect(recordOf(after, /_EVENT_DEFN$/)).to.deep.equal([`0 ${defn![1]} _EVENT_DEFN`, '1 _SENT [P] was born [D] [PL]', `1 _REF ${xrefOf(after, 'John /Smith/')}`]);
      const tom = personRecord(after, 'Tom /Smith/');
      const famc = tom.findIndex((l) => /^1 FAMC @F\d+@$/.test(l));
      expect(tom.slice(famc + 1, famc + 3), 'the FAMC keeps its _STATUS').to.include('2 _STATUS confirmed');
      const fam = after.split(/\n(?=0 )/).map((r) => r.split('\n')).find((r) => r[0]!.endsWith(' FAM') && r.includes('1 RIN 301')) ?? [];
      expect(fam).to.include('1 RIN 301');
      expect(fam[fam.indexOf('1 MARR Y') + 1]).to.equal('2 _MEMO at home');
      // The couple's second FAM record (a family form) is written again as its own, with its lines.
      const secondFam = recordOf(after, /^0 @F\d+_1@ FAM$/);
      expect(secondFam.filter((l) => /^1 (HUSB|WIFE|RIN|MARR)|^2 DATE/.test(l)).map((l) => l.replace(/@I\d+@/, '@@'))).to.deep.equal(['1 HUSB @@', '1 WIFE @@', '1 MARR', '2 DATE 1930', '1 RIN 302']);
      // Paul's two FAMs without a partner (a group form) and Tom in the FAMs of John with Mary and
      // with Lisa (a shared form) are written as the file had them: five FAMs.
      expect(after.split("\n").filter((l) => / FAM$/.test(l)), after).to.have.length(5);
      expect(personRecord(after, 'Paul /Brown/').filter((l) => l.startsWith('1 FAMS'))).to.have.length(2);
      expect(personRecord(after, 'Tom /Smith/').filter((l) => l.startsWith('1 FAMC'))).to.have.length(2);
      expect(recordOf(after, /^0 @S\d+@ SOUR$/)).to.include('1 _MASTER 12');
      expect(recordOf(after, /^0 @R\d+@ REPO$/)).to.include(`1 _CONTACT ${mary}`);
      // Nothing else lost or added: the two exports say the same.
      expect(body(after)).to.deep.equal(body(before));
      // Backed up again, the restored kept pointers name the restored records' ids, none of the original's.
      const again = JSON.parse((await unzip((await exportZip(svc, heir.token)).bytes)).get('account.json')!.toString('utf8'));
      const ids = new Set<string>(['persons', 'sources', 'relationships', 'media'].flatMap((k) => again.trees[0][k].map((r: Json) => r.id as string)));
      const pointers = [...JSON.stringify(again.trees[0]).matchAll(/@#[ISFM]([0-9a-f-]{36})@/g)].map((m) => m[1]!);
      expect(pointers).to.have.length.above(2);
      for (const id of pointers) expect(ids.has(id), id).to.equal(true);
    });

    it('the backup holds the kept lines as text, and the import\'s kept records', async () => {
      const doc = JSON.parse(entries.get('account.json')!.toString('utf8'));
      const t = tree(doc);
      const john = t.persons.find((p: Json) => typeof p.gedcom_extra === 'string' && p.gedcom_extra.includes('RIN'));
      expect(john, 'a person with kept lines').to.not.equal(undefined);
      expect(t.events.some((e: Json) => String(e.gedcom_extra).includes('_FOO'))).to.equal(true);
      expect(t.imports).to.have.length(1);
      expect(t.imports[0].kept_records.some((r: string) => r.includes('_EVENT_DEFN'))).to.equal(true);
    });

    it('a backup written before kept lines travelled (no gedcom_extra, no imports) restores as before', async () => {
      const old = changed((doc) => {
        for (const t of doc.trees) {
          delete t.imports;
          for (const key of Object.keys(t)) if (Array.isArray(t[key])) for (const r of t[key]) delete r.gedcom_extra;
        }
      });
      const heir = await restorer();
      const res = await importZip(svc, heir.token, old);
      expect(res.status, JSON.stringify(res.body)).to.equal(201);
      const text = (await exportGedcomText(svc.client(heir.token), res.body.trees[0].id, '5.5.1')).text;
      expect(text).to.include('0 @I1@ INDI');
      expect(text).to.not.include('RIN 101');
      expect(text).to.not.include('_EVENT_DEFN');
    });

    const hostile = async (reason: string, change: (doc: Json) => void): Promise<void> => {
      const heir = await restorer();
      expectRefused(await importZip(svc, heir.token, changed(change)), reason);
      expect((await svc.client(heir.token).GET('/trees')).data).to.deep.equal([]);
    };
    const johnOf = (doc: Json): Json => tree(doc).persons.find((p: Json) => String(p.gedcom_extra).includes('RIN'));

    it('refuses kept lines that are no kept lines: not JSON, a line break in a tag, a pointer of another form, nested past GEDCOM levels', async () => {
      await hostile('gedcom_extra', (doc) => (johnOf(doc).gedcom_extra = '[["", ["RIN", "1"'));
      await hostile('gedcom_extra', (doc) => (johnOf(doc).gedcom_extra = JSON.stringify([['', ['RIN\n0 @X@ INDI', '1', 0, []]]])));
      await hostile('gedcom_extra', (doc) => (johnOf(doc).gedcom_extra = JSON.stringify([['', ['_LINK', '@#Inot-an-id@', 1, []]]])));
      await hostile('gedcom_extra', (doc) => (johnOf(doc).gedcom_extra = JSON.stringify([['', ['_LINK', 'plain\ntext', 1, []]]])));
      let deep: unknown = ['_X', null, 0, []];
      for (let i = 0; i < 150; i++) deep = ['_X', null, 0, [deep]];
      await hostile('gedcom_extra', (doc) => (johnOf(doc).gedcom_extra = JSON.stringify([['', deep]])));
      await hostile('kept_records', (doc) => (tree(doc).imports[0].kept_records = ['{"xref":"@E1@","node":["_X",null,0,[]],"extra":1}', '7']));
    });

    it('refuses an import whose kept records pass what one GEDCOM import keeps (16 MiB), or more extension tags than one declares', async () => {
      // 17 records of 1 MiB of text that does not compress (the zip is stored, not a bomb).
      const big = Array.from({ length: 17 }, (_, i) => JSON.stringify({ xref: `@X000000_N${i}@`, node: ['NOTE', randomBytes(512 * 1024).toString('hex'), 0, []] }));
      await hostile('16 MiB', (doc) => (tree(doc).imports[0].kept_records = big));
      await hostile('tags', (doc) => (tree(doc).imports[0].kept_tags = Array.from({ length: 1001 }, (_, i) => `_T${i}`)));
    });
  });
}
