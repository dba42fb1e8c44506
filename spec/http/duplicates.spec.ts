import { expect } from 'chai';
import type { ApiClient } from '../../client/index.js';
import { registerUser, startTestService, type TestService } from '../support/service.js';
import { importGedcomFile } from '../support/gedcom.js';

// The duplicate finder over HTTP on PostgreSQL, on a hand-built tree with planted duplicates and
// planted look-alikes that are not duplicates; precision and recall are printed. Then dismissal:
// remembered for good, also after either person is edited; and the GEDCOM case of one family
// imported twice.

const pid = (id: string) => ({ params: { path: { id } } });
const code = (error: unknown): string | undefined => (error as { code?: string } | undefined)?.code;

type Vital = { year: number; month?: number; day?: number; place?: string };
type Spec = { sex?: 'male' | 'female'; birth?: Vital; death?: Vital; names?: [string, string, string?][] };
const vital = (v: Vital | undefined) =>
  v === undefined ? undefined : { date: { qualifier: 'exact' as const, year: v.year, ...(v.month === undefined ? {} : { month: v.month }), ...(v.day === undefined ? {} : { day: v.day }) }, ...(v.place === undefined ? {} : { place: v.place }) };

describe('HTTP duplicates', function () {
  this.timeout(120_000);
  let svc: TestService;
  let owner: ApiClient;
  let viewer: ApiClient;
  let stranger: ApiClient;
  let treeId: string;

  const person = async (given: string, surname: string, s: Spec = {}): Promise<string> => {
    const r = await owner.POST('/trees/{id}/persons', {
      ...pid(treeId),
      body: { given_name: given, surname, ...(s.sex === undefined ? {} : { sex: s.sex }), ...(s.birth === undefined ? {} : { birth: vital(s.birth) }), ...(s.death === undefined ? {} : { death: vital(s.death) }) },
    });
    expect(r.response.status, JSON.stringify(r.error)).to.equal(201);
    for (const [g, sn, type] of s.names ?? []) {
      const n = await owner.POST('/persons/{id}/names', { ...pid(r.data!.id), body: { given_name: g, surname: sn, name_type: (type ?? 'alias') as 'alias' } });
      expect(n.response.status, JSON.stringify(n.error)).to.equal(201);
    }
    return r.data!.id;
  };
  const edge = async (type: 'parent_child' | 'partnership', a: string, b: string) => {
    const r = await owner.POST('/trees/{id}/relationships', { ...pid(treeId), body: { type, person_a_id: a, person_b_id: b, ...(type === 'parent_child' ? { qualifier: 'biological' as const } : {}) } });
    expect(r.response.status, JSON.stringify(r.error)).to.equal(201);
  };
  const pairKey = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);
  const list = async (c: ApiClient = owner, tree = treeId) => {
    const r = await c.GET('/trees/{id}/duplicates', pid(tree));
    expect(r.response.status, JSON.stringify(r.error)).to.equal(200);
    return r.data!;
  };

  const planted = new Map<string, string>(); // pair -> label
  const lookalikes = new Map<string, string>();

  before(async () => {
    svc = await startTestService();
    owner = svc.client((await registerUser(svc, 'owner@example.org')).token);
    const v = await registerUser(svc, 'viewer@example.org');
    viewer = svc.client(v.token);
    stranger = svc.client((await registerUser(svc, 'stranger@example.org')).token);
    treeId = (await owner.POST('/trees', { body: { name: 'Three cousins' } })).data!.id;
    expect((await owner.POST('/trees/{id}/members', { ...pid(treeId), body: { email: v.email, role: 'viewer' } })).response.status).to.equal(201);

    const dup = async (label: string, a: Promise<string>, b: Promise<string>) => planted.set(pairKey(await a, await b), label);
    const not = (label: string, a: string, b: string) => lookalikes.set(pairKey(a, b), label);

    await dup('spelling variants', person('Johann', 'Schmidt', { sex: 'male', birth: { year: 1850, place: 'Hamburg' } }), person('Johan', 'Schmitt', { birth: { year: 1850, place: 'Hamburg, Germany' } }));
    await dup('spelling variant with a one-year difference', person('Catharina', 'Becker', { birth: { year: 1840 } }), person('Katharina', 'Becker', { birth: { year: 1841 } }));
    await dup('given names swapped', person('Anna Maria', 'Weber', { birth: { year: 1862 } }), person('Maria Anna', 'Weber', { birth: { year: 1862 } }));
    const johnJones = await person('John', 'Jones', { sex: 'male', birth: { year: 1850 } });
    const marySmith = await person('Mary', 'Smith', { sex: 'female', birth: { year: 1855 } });
    await edge('partnership', johnJones, marySmith);
    await dup('maiden and married name', Promise.resolve(marySmith), person('Mary', 'Jones', { sex: 'female', birth: { year: 1855 } }));
    await dup('maiden and married name, nothing else known', person('Ida', 'Roth', { sex: 'female', birth: { year: 1875 } }), person('Ida', 'Schwarz', { sex: 'female', birth: { year: 1875 } }));
    await dup('one-year birth difference', person('Peter', 'Müller', { birth: { year: 1870 }, death: { year: 1930 } }), person('Peter', 'Muller', { birth: { year: 1871 }, death: { year: 1930 } }));
    await dup('alternate name', person('Wilhelm', 'Braun', { birth: { year: 1890 }, names: [['Willi', 'Braun', 'nickname']] }), person('Willi', 'Braun', { birth: { year: 1890 } }));
    await dup('Elisabeth/Elizabeth, same death', person('Elisabeth', 'Taylor', { birth: { year: 1880, place: 'Leeds' }, death: { year: 1950 } }), person('Elizabeth', 'Taylor', { birth: { year: 1880 }, death: { year: 1950 } }));
    // The same child entered twice under the same parents (one with a full date, one with the year).
    const karl = await person('Karl', 'Fischer', { sex: 'male', birth: { year: 1870 } });
    const emma = await person('Emma', 'Fischer', { sex: 'female', birth: { year: 1872 } });
    await edge('partnership', karl, emma);
    const otto1 = await person('Otto', 'Fischer', { birth: { year: 1900, month: 3, day: 4 } });
    const otto2 = await person('Otto', 'Fischer', { birth: { year: 1900 } });
    for (const c of [otto1, otto2]) for (const p of [karl, emma]) await edge('parent_child', p, c);
    planted.set(pairKey(otto1, otto2), 'the same child twice under the same parents');

    // Not duplicates: father and son of one name; cousins named after their grandfather; siblings of
    // one name born on different dates; partners of one name; a brother and sister of one sound.
    const heinrich = await person('Heinrich', 'Wolf', { sex: 'male', birth: { year: 1820 } });
    const heinrichJr = await person('Heinrich', 'Wolf', { sex: 'male', birth: { year: 1848 } });
    await edge('parent_child', heinrich, heinrichJr);
    not('father and son of one name', heinrich, heinrichJr);
    const jakob = await person('Jakob', 'Klein', { sex: 'male', birth: { year: 1800 } });
    const peter = await person('Peter', 'Klein', { sex: 'male', birth: { year: 1825 } });
    const paul = await person('Paul', 'Klein', { sex: 'male', birth: { year: 1827 } });
    const jakobA = await person('Jakob', 'Klein', { sex: 'male', birth: { year: 1850, place: 'Mainz' } });
    const jakobB = await person('Jakob', 'Klein', { sex: 'male', birth: { year: 1851, place: 'Mainz' } });
    await edge('parent_child', jakob, peter);
    await edge('parent_child', jakob, paul);
    await edge('parent_child', peter, jakobA);
    await edge('parent_child', paul, jakobB);
    not('cousins named after their grandfather', jakobA, jakobB);
    const hans1 = await person('Johann', 'Hoffmann', { birth: { year: 1860, month: 1, day: 2 }, death: { year: 1861 } });
    const hans2 = await person('Johann', 'Hoffmann', { birth: { year: 1862, month: 5, day: 6 } });
    const hoffmann = await person('Georg', 'Hoffmann', { sex: 'male', birth: { year: 1830 } });
    for (const c of [hans1, hans2]) await edge('parent_child', hoffmann, c);
    not('siblings of one name born on different dates', hans1, hans2);
    const robin1 = await person('Robin', 'Gray', { birth: { year: 1900 } });
    const robin2 = await person('Robin', 'Gray', { birth: { year: 1901 } });
    await edge('partnership', robin1, robin2);
    not('partners of one name', robin1, robin2);
    // Twins called by their second names (Johann Ambrosius and Johann Christoph Bach, 1645).
    const ambrosius = await person('Johann Ambrosius', 'Bach', { sex: 'male', birth: { year: 1645, month: 2, day: 22, place: 'Erfurt' } });
    const christoph = await person('Johann Christoph', 'Bach', { sex: 'male', birth: { year: 1645, month: 2, day: 22, place: 'Erfurt' } });
    const christophSr = await person('Christoph', 'Bach', { sex: 'male', birth: { year: 1613 } });
    for (const c of [ambrosius, christoph]) await edge('parent_child', christophSr, c);
    not('twins called by their second names', ambrosius, christoph);
    not('two men of one given name and year, different surnames', await person('Thomas', 'Brown', { sex: 'male', birth: { year: 1860 } }), await person('Thomas', 'White', { sex: 'male', birth: { year: 1860 } }));
    not('brother and sister', await person('Francis', 'Baker', { sex: 'male', birth: { year: 1870 } }), await person('Frances', 'Baker', { sex: 'female', birth: { year: 1870 } }));
  });
  after(() => svc.close());

  it('finds every planted duplicate at medium or better and no planted look-alike at high (precision and recall printed)', async () => {
    const pairs = await list();
    const found = new Map(pairs.map((p) => [pairKey(p.person_ids[0]!, p.person_ids[1]!), p]));
    const missed = [...planted].filter(([k]) => !found.has(k)).map(([, label]) => label);
    expect(missed, 'planted duplicates not found').to.deep.equal([]);
    const highLookalikes = [...lookalikes].filter(([k]) => found.get(k)?.score === 'high').map(([, label]) => label);
    expect(highLookalikes, 'look-alikes proposed at high').to.deep.equal([]);
    const truePositives = pairs.filter((p) => planted.has(pairKey(p.person_ids[0]!, p.person_ids[1]!))).length;
    const precision = truePositives / pairs.length;
    const recall = truePositives / planted.size;
    console.log(`      duplicates finder: ${pairs.length} pairs proposed, ${truePositives} of ${planted.size} planted found; precision ${precision.toFixed(2)}, recall ${recall.toFixed(2)}; look-alikes proposed: ${[...lookalikes.keys()].filter((k) => found.has(k)).length} of ${lookalikes.size} (none at high)`);
    expect(recall).to.equal(1);
    expect(precision).to.be.at.least(0.8);
    for (const p of pairs) {
      expect(p.person_ids[0]! < p.person_ids[1]!, 'ids in order').to.equal(true);
      expect(p.reasons.length).to.be.greaterThan(0);
    }
  });

  it('never proposes a parent and child, partners, or siblings born on different dates, at any level', async () => {
    const found = new Set((await list()).map((p) => pairKey(p.person_ids[0]!, p.person_ids[1]!)));
    for (const [k, label] of lookalikes) if (['father and son of one name', 'partners of one name', 'siblings of one name born on different dates', 'brother and sister'].includes(label)) expect(found.has(k), label).to.equal(false);
  });

  it('says why in words', async () => {
    const pairs = await list();
    const ottos = pairs.find((p) => planted.get(pairKey(p.person_ids[0]!, p.person_ids[1]!)) === 'the same child twice under the same parents')!;
    expect(ottos.score).to.equal('high');
    expect(ottos.reasons).to.include('the same name (Otto Fischer)');
    expect(ottos.reasons).to.include('children of the same parents');
    const mary = pairs.find((p) => planted.get(pairKey(p.person_ids[0]!, p.person_ids[1]!)) === 'maiden and married name')!;
    expect(mary.reasons.join('; ')).to.match(/under another surname/).and.match(/surname of a partner/);
  });

  it('a dismissed pair never comes back, even after either person is edited; members read, editors dismiss', async () => {
    const [first] = await list();
    const ids = first!.person_ids;
    expect((await viewer.POST('/trees/{id}/duplicates/dismiss', { ...pid(treeId), body: { person_ids: ids } })).response.status).to.equal(403);
    expect((await stranger.POST('/trees/{id}/duplicates/dismiss', { ...pid(treeId), body: { person_ids: ids } })).response.status).to.equal(403);
    // Reversed order names the same pair.
    expect((await owner.POST('/trees/{id}/duplicates/dismiss', { ...pid(treeId), body: { person_ids: [ids[1]!, ids[0]!] } })).response.status).to.equal(204);
    expect((await owner.POST('/trees/{id}/duplicates/dismiss', { ...pid(treeId), body: { person_ids: ids } })).response.status).to.equal(204);
    const gone = (pairs: Awaited<ReturnType<typeof list>>) => !pairs.some((p) => pairKey(p.person_ids[0]!, p.person_ids[1]!) === pairKey(ids[0]!, ids[1]!));
    expect(gone(await list())).to.equal(true);
    expect(gone(await list(viewer))).to.equal(true);
    // Edit both: make them look even more alike.
    const a = (await owner.GET('/persons/{id}', pid(ids[0]!))).data!;
    expect((await owner.PATCH('/persons/{id}', { ...pid(ids[1]!), body: { given_name: a.given_name ?? '', surname: a.surname ?? '', notes: 'edited' } })).response.status).to.equal(200);
    expect((await owner.PATCH('/persons/{id}', { ...pid(ids[0]!), body: { notes: 'edited too' } })).response.status).to.equal(200);
    expect(gone(await list())).to.equal(true);
    // Exactly one audit entry for the two dismissals of one pair.
    const audit = await owner.GET('/trees/{id}/audit', pid(treeId));
    expect((audit.data ?? []).filter((e) => e.action === 'duplicates.dismiss')).to.have.length(1);
  });

  it('refuses a pair that is not two persons of this tree (422) and callers who may not', async () => {
    const [p] = await list();
    const one = p!.person_ids[0]!;
    const other = (await owner.POST('/trees', { body: { name: 'Other' } })).data!.id;
    const stray = (await owner.POST('/trees/{id}/persons', { ...pid(other), body: { given_name: 'Stray', surname: 'Person' } })).data!.id;
    for (const body of [{ person_ids: [one, one] }, { person_ids: [one, stray] }, { person_ids: [one, '0190a000-0000-7000-8000-000000000000'] }]) {
      const r = await owner.POST('/trees/{id}/duplicates/dismiss', { ...pid(treeId), body: body as { person_ids: [string, string] } });
      expect(r.response.status, JSON.stringify(body)).to.equal(422);
      expect(code(r.error)).to.equal('invalid_input');
    }
    for (const body of [{ person_ids: [one] }, { person_ids: [one, one, one] }, { person_ids: 'x' }, {}]) {
      const r = await owner.POST('/trees/{id}/duplicates/dismiss', { ...pid(treeId), body: body as never });
      expect(r.response.status, JSON.stringify(body)).to.equal(422);
    }
    expect((await stranger.GET('/trees/{id}/duplicates', pid(treeId))).response.status).to.equal(403);
    expect((await svc.client().GET('/trees/{id}/duplicates', pid(treeId))).response.status).to.equal(401);
  });

  it('pairs each person of a family imported twice with its copy, at high, and nothing else', async () => {
    const tree = (await owner.POST('/trees', { body: { name: 'Imported twice' } })).data!.id;
    const family = `0 HEAD
1 GEDC
2 VERS 5.5.1
1 CHAR UTF-8
0 @F@ INDI
1 NAME Friedrich /Lange/
1 SEX M
1 BIRT
2 DATE 1 MAR 1801
2 PLAC Kassel
1 DEAT
2 DATE 1870
0 @M@ INDI
1 NAME Luise /Lange/
1 NAME Luise /Vogel/
2 TYPE maiden
1 SEX F
1 BIRT
2 DATE 1805
0 @C1@ INDI
1 NAME Wilhelm /Lange/
1 SEX M
1 BIRT
2 DATE 12 JUN 1830
2 PLAC Kassel
0 @C2@ INDI
1 NAME Sophie /Lange/
1 SEX F
1 BIRT
2 DATE 1832
0 @FAM@ FAM
1 HUSB @F@
1 WIFE @M@
1 CHIL @C1@
1 CHIL @C2@
0 TRLR
`;
    for (let i = 0; i < 2; i++) {
      const r = await importGedcomFile(owner, tree, family, { default_action: 'new' });
      expect(r.response.status, JSON.stringify(r.error)).to.be.oneOf([200, 201]);
    }
    const persons = (await owner.GET('/trees/{id}/persons', pid(tree))).data!;
    expect(persons).to.have.length(8);
    const pairs = await list(owner, tree);
    const nameOf = new Map(persons.map((p) => [p.id, p.display_name]));
    expect(pairs.map((p) => [nameOf.get(p.person_ids[0]!), nameOf.get(p.person_ids[1]!), p.score]).sort()).to.deep.equal([
      ['Friedrich Lange', 'Friedrich Lange', 'high'],
      ['Luise Lange', 'Luise Lange', 'high'],
      ['Sophie Lange', 'Sophie Lange', 'high'],
      ['Wilhelm Lange', 'Wilhelm Lange', 'high'],
    ]);
  });
});
