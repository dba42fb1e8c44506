import { expect } from 'chai';
import { registerUser, startTestService, type TestService } from '../support/service.js';
import { rawCaller } from '../support/raw-call.js';
import { ok as right } from '../../core/kernel/either.js';
import { CHART_PERSON_CAP } from '../../core/charts/ports.js';
import { aPerson, aRelationship } from '../contracts/fixtures.js';

// Pedigree and descendant charts over HTTP on PostgreSQL: exact nesting and order for a member,
// generations validation, pedigree collapse as references, and the privacy engine for non-members
// and the anonymous surface (every probe first proves a member sees what the others must not).

type Node = { person: { id: string; display_name: string; redacted: boolean }; ref: boolean; parents?: Node[]; children?: Node[]; truncated?: boolean };

const born = (year: number) => ({ birth: { date: { qualifier: 'exact' as const, year } } });
const lived = (b: number, d: number) => ({ ...born(b), death: { date: { qualifier: 'exact' as const, year: d } } });
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

/** A chart as text: `Name[next, ...]`, a reference `Name*`. */
const text = (n: Node): string => {
  if (n.ref) {
    expect(Object.keys(n).sort()).to.deep.equal(['person', 'ref']);
    return `${n.person.display_name}*`;
  }
  const next = n.parents ?? n.children;
  expect(next, `a non-ref node carries its list: ${JSON.stringify(n)}`).to.be.an('array');
  return `${n.person.display_name}${n.truncated ? '!' : ''}[${next!.map(text).join(', ')}]`;
};

describe('HTTP pedigree and descendant charts', function () {
  this.timeout(120_000);
  let svc: TestService;
  let owner: string;
  let stranger: string;
  const call = rawCaller(() => svc.baseUrl);
  const ids: Record<string, string> = {};
  let treeId = '';
  let privateTreeRoot = '';

  const post = async (path: string, body: unknown, token = owner): Promise<any> => {
    const r = await call('POST', path, token, body);
    if (r.status !== 201) throw new Error(`setup: POST ${path}: ${r.status} ${r.text}`);
    return r.body;
  };
  const person = async (tree: string, key: string, given: string, extra: object) => {
    ids[key] = (await post(`/trees/${tree}/persons`, { given_name: given, surname: 'Kin', ...extra })).id;
  };
  const parent = async (tree: string, p: string, c: string) =>
    post(`/trees/${tree}/relationships`, { type: 'parent_child', person_a_id: ids[p], person_b_id: ids[c], qualifier: 'biological' });
  const chart = async (path: string, token?: string) => {
    const r = await call('GET', path, token);
    expect(r.status, `GET ${path}: ${r.text}`).to.equal(200);
    return { node: r.body as Node, text: r.text };
  };

  before(async () => {
    svc = await startTestService();
    owner = (await registerUser(svc, 'owner@example.org')).token;
    stranger = (await registerUser(svc, 'stranger@example.org')).token;
    treeId = (await post('/trees', { name: 'Kin', visibility: 'public' })).id;
    const t = treeId;
    // A four-generation pedigree of Root, all dead; parents given out of order on purpose.
    await person(t, 'root', 'Root', { sex: 'male', ...lived(1900, 1980) });
    await person(t, 'm', 'Mother', { sex: 'female', ...lived(1875, 1950) });
    await person(t, 'f', 'Father', { sex: 'male', ...lived(1870, 1940) });
    for (const [k, sex, year] of [['mm', 'female', 1850], ['mf', 'male', 1848], ['fm', 'female', 1845], ['ff', 'male', 1840]] as const)
      await person(t, k, k.toUpperCase(), { sex, ...lived(year, year + 60) });
    for (const k of ['mm', 'mf', 'fm', 'ff']) for (const s of ['m', 'f']) await person(t, `${k}${s}`, `${k}${s}`.toUpperCase(), { sex: s === 'm' ? 'female' : 'male', ...lived(1820, 1890) });
    await parent(t, 'm', 'root');
    await parent(t, 'f', 'root');
    for (const [k, c] of [['mm', 'm'], ['mf', 'm'], ['fm', 'f'], ['ff', 'f']]) await parent(t, k!, c!);
    for (const k of ['mm', 'mf', 'fm', 'ff']) for (const s of ['m', 'f']) await parent(t, `${k}${s}`, k);
    // A younger brother of Root, and Root's child.
    await person(t, 'bro', 'Brother', { sex: 'male', ...lived(1905, 1985) });
    await parent(t, 'f', 'bro');
    await person(t, 'kid', 'Kid', { ...lived(1930, 1999) });
    await parent(t, 'root', 'kid');

    // Privacy: Gus (dead) -> Cora (dead) -> Livia (living, 1965) -> Konrad (public);
    // Gus -> Priscilla (private) -> Quentin (dead, reachable only through Priscilla).
    await person(t, 'gus', 'Gus', { sex: 'male', ...lived(1850, 1920) });
    await person(t, 'cora', 'Cora', { sex: 'female', ...lived(1890, 1960) });
    await person(t, 'livia', 'Livia', { sex: 'female', ...born(1965) });
    await person(t, 'konrad', 'Konrad', { sex: 'male', privacy: 'public', ...born(1990) });
    await person(t, 'pris', 'Priscilla', { sex: 'female', privacy: 'private', ...lived(1885, 1955) });
    await person(t, 'quentin', 'Quentin', { sex: 'male', ...lived(1910, 1980) });
    await parent(t, 'gus', 'cora');
    await parent(t, 'cora', 'livia');
    await parent(t, 'livia', 'konrad');
    await parent(t, 'gus', 'pris');
    await parent(t, 'pris', 'quentin');

    // Cousins who married: Ann and Bob are children of siblings Sis and Bro2, whose parents are Gp and Gm.
    for (const [k, sex, y] of [['gp', 'male', 1800], ['gm', 'female', 1802], ['sis', 'female', 1830], ['bro2', 'male', 1828], ['ann', 'female', 1860], ['bob', 'male', 1858], ['cc', 'female', 1890]] as const)
      await person(t, k, k.toUpperCase(), { sex, ...lived(y, y + 50) });
    for (const [p, c] of [['gp', 'sis'], ['gm', 'sis'], ['gp', 'bro2'], ['gm', 'bro2'], ['sis', 'ann'], ['bro2', 'bob'], ['ann', 'cc'], ['bob', 'cc']]) await parent(t, p!, c!);

    const privateTree = (await post('/trees', { name: 'Closed' })).id;
    await person(privateTree, 'closed', 'Closed', lived(1800, 1870));
    privateTreeRoot = ids.closed!;
  });
  after(async () => svc?.close());

  it('a member reads a four-generation pedigree (the default) with exact nesting: father first, the last generation empty', async () => {
    const expected = 'Root Kin[Father Kin[FF Kin[FFF Kin[], FFM Kin[]], FM Kin[FMF Kin[], FMM Kin[]]], Mother Kin[MF Kin[MFF Kin[], MFM Kin[]], MM Kin[MMF Kin[], MMM Kin[]]]]';
    const { node } = await chart(`/persons/${ids.root}/pedigree`, owner);
    expect(text(node)).to.equal(expected);
    expect(node.ref).to.equal(false);
    expect(node.person).to.include({ id: ids.root, redacted: false });
    expect(text((await chart(`/persons/${ids.root}/pedigree?generations=4`, owner)).node)).to.equal(expected);
    expect(text((await chart(`/persons/${ids.root}/pedigree?generations=2`, owner)).node)).to.equal('Root Kin[Father Kin[], Mother Kin[]]');
    expect(text((await chart(`/persons/${ids.root}/pedigree?generations=1`, owner)).node)).to.equal('Root Kin[]');
  });

  it('a member reads descendants, children by birth year', async () => {
    const { node } = await chart(`/persons/${ids.f}/descendants?generations=3`, owner);
    expect(text(node)).to.equal('Father Kin[Root Kin[Kid Kin[]], Brother Kin[]]');
    // The person record is the one GET /persons/{id} gives, without names.
    const single = await call('GET', `/persons/${ids.root}`, owner);
    const { names: _names, ...record } = single.body;
    expect(node.children![0]!.person).to.deep.equal(record);
  });

  for (const bad of ['0', '11', 'x', '4.5', '-1', '']) {
    it(`generations=${bad} is 422 on all four routes`, async () => {
      for (const [path, token] of [[`/persons/${ids.root}/pedigree`, owner], [`/persons/${ids.root}/descendants`, owner], [`/public/persons/${ids.root}/pedigree`, undefined], [`/public/persons/${ids.root}/descendants`, undefined]] as const) {
        expect((await call('GET', path, token)).status, path).to.equal(200);
        expect((await call('GET', `${path}?generations=${bad}`, token)).status, `${path}?generations=${bad}`).to.equal(422);
      }
    });
  }

  it('generations=10 is accepted', async () => {
    expect(text((await chart(`/persons/${ids.gus}/descendants?generations=10`, owner)).node)).to.equal('Gus Kin[Priscilla Kin[Quentin Kin[]], Cora Kin[Livia Kin[Konrad Kin[]]]]');
  });

  it('pedigree collapse: the shared grandparents are expanded once and are references in the second line', async () => {
    const { node } = await chart(`/persons/${ids.cc}/pedigree?generations=4`, owner);
    expect(text(node)).to.equal('CC Kin[BOB Kin[BRO2 Kin[GP Kin[], GM Kin[]]], ANN Kin[SIS Kin[GP Kin*, GM Kin*]]]');
    expect(text((await chart(`/persons/${ids.gp}/descendants?generations=4`, owner)).node)).to.equal('GP Kin[BRO2 Kin[BOB Kin[CC Kin[]]], SIS Kin[ANN Kin[CC Kin*]]]');
  });

  const nonMembers = [
    { name: 'a signed-in non-member (members\' API)', prefix: '', token: () => stranger },
    { name: 'an anonymous reader (public surface)', prefix: '/public', token: () => undefined },
  ];
  for (const r of nonMembers) {
    it(`${r.name}: a living person is "Living person" with no name or date, a private one and those only reachable through them are absent`, async () => {
      const member = await chart(`/persons/${ids.gus}/descendants?generations=4`, owner);
      for (const s of ['Livia', '1965', 'Priscilla', 'Quentin']) expect(member.text.replace(UUID, ''), s).to.include(s);
      const seen = await chart(`${r.prefix}/persons/${ids.gus}/descendants?generations=4`, r.token());
      expect(text(seen.node)).to.equal('Gus Kin[Cora Kin[Living person[Konrad Kin[]]]]');
      for (const s of ['Livia', '1965', 'Priscilla', 'Quentin']) expect(seen.text.replace(UUID, ''), s).not.to.include(s);
      const living = seen.node.children![0]!.children![0]!;
      expect(living.person).to.deep.include({ id: ids.livia, redacted: true, display_name: 'Living person' });
      // Upwards through the redacted mother too.
      const up = await chart(`${r.prefix}/persons/${ids.konrad}/pedigree?generations=4`, r.token());
      expect(text(up.node)).to.equal('Konrad Kin[Living person[Cora Kin[Gus Kin[]]]]');
      expect(up.text.replace(UUID, '')).not.to.include('Livia').and.not.to.include('1965');
      // Quentin's only parent is private: the chart stops at Quentin.
      expect(text((await chart(`/persons/${ids.quentin}/pedigree`, owner)).node)).to.equal('Quentin Kin[Priscilla Kin[Gus Kin[]]]');
      expect(text((await chart(`${r.prefix}/persons/${ids.quentin}/pedigree`, r.token())).node)).to.equal('Quentin Kin[]');
    });

    it(`${r.name}: a hidden root is 404 exactly like the person read`, async () => {
      expect((await call('GET', `/persons/${ids.pris}/pedigree`, owner)).status).to.equal(200);
      for (const path of ['', '/pedigree', '/descendants']) expect((await call('GET', `${r.prefix}/persons/${ids.pris}${path}`, r.token())).status, path).to.equal(404);
    });
  }

  it('a private tree: 403 for a non-member on the members\' API, 404 on the public surface', async () => {
    for (const kind of ['pedigree', 'descendants']) {
      expect((await call('GET', `/persons/${privateTreeRoot}/${kind}`, owner)).status).to.equal(200);
      expect((await call('GET', `/persons/${privateTreeRoot}/${kind}`, stranger)).status).to.equal(403);
      expect((await call('GET', `/public/persons/${privateTreeRoot}/${kind}`, stranger)).status).to.equal(404);
      expect((await call('GET', `/public/persons/${privateTreeRoot}/${kind}`)).status).to.equal(404);
    }
    expect((await call('GET', `/persons/${privateTreeRoot}/pedigree`)).status).to.equal(401);
  });

  it(`descendants stop at ${CHART_PERSON_CAP} distinct persons: whole generations first, a cut node says truncated`, async () => {
    // 60 children with 90 children each: 5,461 persons, more than the cap (seeded through the store, fast).
    const tree = (await post('/trees', { name: 'Big family' })).id;
    const root = aPerson(tree, { hasDeathFact: true, birthYear: 1700 });
    await svc.storage.uow.run(async (s) => {
      await s.persons.insert(root);
      for (let i = 0; i < 60; i++) {
        const child = aPerson(tree, { hasDeathFact: true, birthYear: 1730 });
        await s.persons.insert(child);
        await s.relationships.insert(aRelationship(tree, 'parent_child', root.id, child.id));
        for (let j = 0; j < 90; j++) {
          const grandchild = aPerson(tree, { hasDeathFact: true, birthYear: 1760 });
          await s.persons.insert(grandchild);
          await s.relationships.insert(aRelationship(tree, 'parent_child', child.id, grandchild.id));
        }
      }
      return right(undefined);
    });
    const { node } = await chart(`/persons/${root.id}/descendants?generations=3`, owner);
    expect(node.truncated).to.equal(undefined);
    expect(node.children).to.have.length(60);
    const grandchildren = node.children!.flatMap((c) => c.children!);
    expect(1 + 60 + grandchildren.length).to.equal(CHART_PERSON_CAP);
    expect(new Set(grandchildren.map((g) => g.person.id)).size).to.equal(grandchildren.length);
    const cut = node.children!.filter((c) => c.truncated === true);
    expect(cut.length).to.be.at.least(1);
    for (const c of cut) expect(c.children!.length).to.be.below(90);
    for (const c of node.children!.filter((x) => x.truncated !== true)) expect(c.children).to.have.length(90);
    for (const g of grandchildren) expect(g).to.not.have.property('truncated');
    // Two generations fit: nothing is cut.
    const two = (await chart(`/persons/${root.id}/descendants?generations=2`, owner)).node;
    expect(two.children).to.have.length(60);
    expect(JSON.stringify(two)).to.not.include('truncated');
  });

  it('a deleted root or an unknown id is 404; a deleted parent leaves the chart', async () => {
    await person(treeId, 'doomed', 'Doomed', lived(1700, 1760));
    await person(treeId, 'doomedKid', 'DoomedKid', lived(1730, 1790));
    await parent(treeId, 'doomed', 'doomedKid');
    expect(text((await chart(`/persons/${ids.doomedKid}/pedigree`, owner)).node)).to.equal('DoomedKid Kin[Doomed Kin[]]');
    expect((await call('DELETE', `/persons/${ids.doomed}`, owner)).status).to.equal(200);
    expect(text((await chart(`/persons/${ids.doomedKid}/pedigree`, owner)).node)).to.equal('DoomedKid Kin[]');
    for (const path of [`/persons/${ids.doomed}/pedigree`, `/persons/${ids.doomed}/descendants`, '/persons/0190a000-0000-7000-8000-000000000000/pedigree'])
      expect((await call('GET', path, owner)).status, path).to.equal(404);
    expect((await call('GET', `/public/persons/${ids.doomed}/descendants`)).status).to.equal(404);
  });
});
