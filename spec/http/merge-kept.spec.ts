import { expect } from 'chai';
import type { ApiClient } from '../../client/index.js';
import { exportGedcomText, importGedcomFile } from '../support/gedcom.js';
import { registerUser, startTestService, type TestService } from '../support/service.js';

// Merging two persons keeps the merged-away person's own GEDCOM kept lines (core/gedcom/extensions.ts):
// the kept person takes them, after its own, each under the substructure it was under (a _STATUS
// under the other's FAMC stays under that family's FAMC). Names and events move as rows with their
// own kept lines. Undoing the merge (restoring the other person) gives both persons their kept lines
// back exactly. On both stores, over HTTP.

const FILE = `0 HEAD
1 GEDC
2 VERS 5.5.1
2 FORM LINEAGE-LINKED
1 CHAR UTF-8
0 @I1@ INDI
1 NAME John /Smith/
2 _PREF Y
1 SEX M
1 RIN 101
1 _FOO kept one
1 FAMC @F1@
2 _STATUS from the kept
0 @I2@ INDI
1 NAME Johnny /Smith/
2 _NICK yes
1 BIRT
2 DATE 1 JAN 1900
2 _BORN at home
1 RIN 202
1 _BAR other one
1 _LINK @I3@
1 FAMC @F2@
2 _STATUS from the other
0 @I3@ INDI
1 NAME Mary /Jones/
1 _ZED mary's own
0 @I4@ INDI
1 NAME Adam /Smith/
1 SEX M
0 @I5@ INDI
1 NAME Abel /Smith/
1 SEX M
0 @F1@ FAM
1 HUSB @I4@
1 CHIL @I1@
0 @F2@ FAM
1 HUSB @I5@
1 CHIL @I2@
0 TRLR
`;

const lines = (text: string) => text.split('\n');
/** The lines of the record whose first line matches `head`. */
const recordOf = (text: string, head: RegExp): string[] => {
  const all = lines(text);
  const at = all.findIndex((l) => head.test(l));
  if (at < 0) return [];
  const end = all.findIndex((l, i) => i > at && l.startsWith('0 '));
  return all.slice(at, end);
};
const xrefOf = (text: string, name: string): string => new RegExp(`^0 (@I\\d+@) INDI\\n1 NAME ${name.replace(/\//g, '\\/')}$`, 'm').exec(text)![1]!;
const personRecord = (text: string, name: string): string[] => recordOf(text, new RegExp(`^0 ${xrefOf(text, name)} INDI$`));
/** The FAM whose HUSB is the person named `name`. */
const familyOf = (text: string, name: string): string => new RegExp(`^0 (@[A-Z]\\d+@) FAM\\n1 HUSB ${xrefOf(text, name)}$`, 'm').exec(text)![1]!;
const body = (t: string): string[] => lines(t).filter((l) => !/^(0 HEAD|1 (SOUR|DATE|GEDC|CHAR|SUBM)|2 (VERS|NAME|DATA|FORM|TIME)|0 @U1@ SUBM)/.test(l)).sort();

for (const storage of ['memory', 'postgres'] as const) {
  describe(`Merging persons keeps the merged-away person's GEDCOM kept lines (${storage})`, function () {
    this.timeout(60_000);
    let svc: TestService;
    let c: ApiClient;

    before(async () => {
      svc = await startTestService({ storage });
      c = svc.client((await registerUser(svc, 'merger@example.org')).token);
    });
    after(async () => svc?.close());

    const idsByGiven = async (treeId: string): Promise<Map<string, string>> => {
      const persons = await svc.storage.persons.listByTree(treeId, {});
      const names = await svc.storage.names.listByPersons(persons.map((p) => p.id));
      return new Map(names.map((n) => [n.givenName, n.personId]));
    };

    it('the kept person writes the other\'s kept lines after its own, in place; undo gives both back exactly', async () => {
      const tree = (await c.POST('/trees', { body: { name: 'Kept merge' } })).data!.id;
      expect((await importGedcomFile(c, tree, FILE)).response.status).to.equal(200);
      const ids = await idsByGiven(tree);
      const K = ids.get('John')!;
      const O = ids.get('Johnny')!;
      const before = (await exportGedcomText(c, tree, '5.5.1')).text;
      const keptBefore = await svc.storage.archive.keptLines('person', [K, O]);
      expect(keptBefore.get(O), 'the other has kept lines of its own').to.include('_BAR');

      const merged = await c.POST('/persons/{id}/merge', { params: { path: { id: K } }, body: { other_id: O } });
      expect(merged.response.status, JSON.stringify(merged.error)).to.equal(200);
      const text = (await exportGedcomText(c, tree, '5.5.1')).text;
      const john = personRecord(text, 'John /Smith/');
      // The kept person's own first, then the other's, and the other's pointer still names Mary.
      expect(john).to.include.members(['1 RIN 101', '1 _FOO kept one', '1 RIN 202', '1 _BAR other one', `1 _LINK ${xrefOf(text, 'Mary /Jones/')}`]);
      expect(john.indexOf('1 _FOO kept one')).to.be.below(john.indexOf('1 RIN 202'));
      // Names and events moved as rows, with their own kept lines.
      expect(john).to.include.members(['2 _PREF Y', '2 _NICK yes', '2 _BORN at home']);
      // Each _STATUS under the FAMC of the family it was under.
      const famc = (fam: string): string[] => {
        const at = john.indexOf(`1 FAMC ${fam}`);
        expect(at, `FAMC ${fam}`).to.be.above(-1);
        return john.slice(at + 1, john.findIndex((l, i) => i > at && l.startsWith('1 ')));
      };
      expect(famc(familyOf(text, 'Adam /Smith/'))).to.include('2 _STATUS from the kept').and.not.include('2 _STATUS from the other');
      expect(famc(familyOf(text, 'Abel /Smith/'))).to.include('2 _STATUS from the other').and.not.include('2 _STATUS from the kept');

      const restored = await c.POST('/persons/{id}/restore', { params: { path: { id: O } } });
      expect(restored.response.status, JSON.stringify(restored.error)).to.equal(200);
      expect(await svc.storage.archive.keptLines('person', [K, O]), 'both texts as they were').to.deep.equal(keptBefore);
      const undone = (await exportGedcomText(c, tree, '5.5.1')).text;
      expect(personRecord(undone, 'John /Smith/')).to.not.include('1 RIN 202');
      expect(personRecord(undone, 'Johnny /Smith/')).to.include.members(['1 RIN 202', '1 _BAR other one', '2 _STATUS from the other']);
      expect(body(undone)).to.deep.equal(body(before));
    });

    it('undoing a merge takes out only what it appended, when the kept person took more since', async () => {
      const tree = (await c.POST('/trees', { body: { name: 'Kept merge twice' } })).data!.id;
      expect((await importGedcomFile(c, tree, FILE)).response.status).to.equal(200);
      const ids = await idsByGiven(tree);
      const [K, O, M] = [ids.get('John')!, ids.get('Johnny')!, ids.get('Mary')!];
      const keptBefore = await svc.storage.archive.keptLines('person', [K, O, M]);
      expect((await c.POST('/persons/{id}/merge', { params: { path: { id: K } }, body: { other_id: O } })).response.status).to.equal(200);
      expect((await c.POST('/persons/{id}/merge', { params: { path: { id: K } }, body: { other_id: M } })).response.status).to.equal(200);
      const mine = keptBefore.get(K)!;
      const marys = keptBefore.get(M)!;
      // Undo of the first merge: the other's run goes from the middle, Mary's stays after K's own.
      expect((await c.POST('/persons/{id}/restore', { params: { path: { id: O } } })).response.status).to.equal(200);
      expect(await svc.storage.archive.keptLines('person', [K, O])).to.deep.equal(new Map([[K, `${mine.slice(0, -1)},${marys.slice(1)}`], [O, keptBefore.get(O)]]));
      expect((await c.POST('/persons/{id}/restore', { params: { path: { id: M } } })).response.status).to.equal(200);
      expect(await svc.storage.archive.keptLines('person', [K, O, M])).to.deep.equal(keptBefore);
    });
  });
}
