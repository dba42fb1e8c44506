import { expect } from 'chai';
import { registerUser, startTestService, type TestService } from '../support/service.js';
import { rawCaller } from '../support/raw-call.js';
import { startObservedService, type ObservedService } from '../support/observed-service.js';
import { PAGE_MAX_GENERATIONS } from '../../adapters/http/pages/public/chart-pages.js';
import { getPage, plantFamily, WITHHELD, type Planted } from './public-pages-fixture.js';

// The chart pages (GET /persons/{id}/pedigree and /descendants, issue 26) over HTTP on PostgreSQL:
// the boxes are exactly the persons the JSON public surface answers for the same chart (one privacy
// engine: a living person is a `Living person` box without a link, a hidden one is absent), every
// box shown in full links to its person's page, generations are clamped to what a page draws, and a root the
// reader may not see is the one 404 page of the public pages. No page has a script.

type JsonNode = { person: { id: string; display_name: string; redacted: boolean }; ref: boolean; parents?: JsonNode[]; children?: JsonNode[] };
type Answer = { readonly status: number; readonly headers: Headers; readonly html: string };

const born = (year: number) => ({ birth: { date: { qualifier: 'exact' as const, year } } });
const lived = (b: number, d: number) => ({ ...born(b), death: { date: { qualifier: 'exact' as const, year: d } } });
const UNKNOWN = '0190a000-0000-7000-8000-000000000000';

/** The narrow drawing's boxes in order (the wide one holds the same, checked below): a link's target, or `living`. */
const boxesOf = (html: string, layout: 'wide' | 'narrow'): string[] => {
  const svg = new RegExp(`<svg class="${layout}"[\\s\\S]*?</svg>`).exec(html)?.[0];
  expect(svg, `the ${layout} drawing`).to.be.a('string');
  return [...svg!.matchAll(/<a href="([^"]*)"><title>|<g><rect class="box living"/g)].map((m) => m[1] ?? 'living');
};

/** The chart's boxes in the same order from the JSON: a person in full as their page's URL, a redacted one as `living`. */
const jsonBoxes = (n: JsonNode, href: (id: string) => string): string[] => [
  n.person.redacted ? 'living' : href(n.person.id),
  ...(n.ref ? [] : (n.parents ?? n.children ?? []).flatMap((c) => jsonBoxes(c, href))),
];

describe('HTTP public chart pages (/persons/{id}/pedigree, /persons/{id}/descendants)', function () {
  this.timeout(120_000);
  let svc: TestService;
  let owner: string;
  const call = rawCaller(() => svc.baseUrl);
  const ids: Record<string, string> = {};
  let treeId = '';

  const post = async (path: string, body: unknown): Promise<any> => {
    const r = await call('POST', path, owner, body);
    if (r.status !== 201) throw new Error(`setup: POST ${path}: ${r.status} ${r.text}`);
    return r.body;
  };
  const person = async (tree: string, key: string, given: string, extra: object, surname = 'Kin') => {
    ids[key] = (await post(`/trees/${tree}/persons`, { given_name: given, surname, ...extra })).id;
  };
  const parent = async (tree: string, p: string, c: string) =>
    post(`/trees/${tree}/relationships`, { type: 'parent_child', person_a_id: ids[p], person_b_id: ids[c], qualifier: 'biological' });
  const get = async (path: string, headers: Record<string, string> = {}): Promise<Answer> => {
    const r = await fetch(`${svc.baseUrl}${path}`, { headers, redirect: 'manual' });
    return { status: r.status, headers: r.headers, html: await r.text() };
  };
  const href = (id: string) => `${svc.baseUrl}/persons/${id}`;

  before(async () => {
    svc = await startTestService();
    owner = (await registerUser(svc, 'owner@example.org')).token;
    treeId = (await post('/trees', { name: 'Kin & "Co"', visibility: 'public' })).id;
    const t = treeId;
    await person(t, 'root', 'Root', { sex: 'male', ...lived(1900, 1980) });
    await person(t, 'f', 'Father', { sex: 'male', ...lived(1870, 1940) });
    await person(t, 'm', 'Mother', { sex: 'female', ...lived(1875, 1950) });
    await parent(t, 'f', 'root');
    await parent(t, 'm', 'root');
    for (const [k, c] of [['ff', 'f'], ['fm', 'f'], ['mf', 'm'], ['mm', 'm']] as const) {
      await person(t, k, k.toUpperCase(), { sex: k.endsWith('f') ? 'male' : 'female', ...lived(1840, 1900) });
      await parent(t, k, c);
    }
    await person(t, 'kid', 'Kid', lived(1930, 1999));
    await parent(t, 'root', 'kid');
    // Gus (dead) -> Cora (dead) -> Livia (living) -> Konrad (public); Gus -> Priscilla (private) -> Quentin.
    await person(t, 'gus', 'Gus', { sex: 'male', ...lived(1850, 1920) });
    await person(t, 'cora', 'Cora', { sex: 'female', ...lived(1890, 1960) });
    await person(t, 'livia', 'Livia', { sex: 'female', ...born(1965) });
    await person(t, 'konrad', 'Konrad', { sex: 'male', privacy: 'public', ...born(1990) });
    await person(t, 'pris', 'Priscilla', { sex: 'female', privacy: 'private', ...lived(1885, 1955) });
    await person(t, 'quentin', 'Quentin', { sex: 'male', ...lived(1910, 1980) });
    for (const [p, c] of [['gus', 'cora'], ['cora', 'livia'], ['livia', 'konrad'], ['gus', 'pris'], ['pris', 'quentin']] as const) await parent(t, p, c);
    // A name that is markup.
    await person(t, 'evil', '<script>alert(1)</script>', lived(1800, 1850), '"><img src=x onerror=alert(2)>');
    await parent(t, 'evil', 'gus');

    const closed = (await post('/trees', { name: 'Closed' })).id;
    await person(closed, 'closed', 'Closed', lived(1800, 1870));
    const members = (await post('/trees', { name: 'Members', visibility: 'site_members' })).id;
    await person(members, 'membersOnly', 'Member', lived(1800, 1870));
    const unlisted = (await post('/trees', { name: 'By link', visibility: 'unlisted' })).id;
    await person(unlisted, 'byLink', 'Linked', lived(1800, 1870));
  });
  after(async () => svc?.close());

  it('draws the default four-generation pedigree: every box a link to its person, in the JSON chart\'s order', async () => {
    const page = await get(`/persons/${ids.root}/pedigree`);
    expect(page.status, page.html.slice(0, 500)).to.equal(200);
    expect(page.headers.get('content-type')).to.match(/^text\/html; charset=utf-8/);
    const json = await call('GET', `/public/persons/${ids.root}/pedigree?generations=4`);
    expect(json.status).to.equal(200);
    const expected = jsonBoxes(json.body as JsonNode, href);
    expect(expected).to.have.length(7);
    expect(boxesOf(page.html, 'narrow')).to.deep.equal(expected);
    expect(boxesOf(page.html, 'wide')).to.deep.equal(expected);
    expect(page.html).to.include('<title>Ancestors of Root Kin · ');
    expect(page.html).to.include('<title>Root Kin, 1900–1980</title>');
    // The breadcrumb names the tree (escaped) and links to the tree's and the person's pages.
    expect(page.html).to.include(`<a href="${svc.baseUrl}/trees/${treeId}">Kin &amp; &quot;Co&quot;</a>`);
    expect(page.html).to.include(`<a href="${href(ids.root!)}">Root Kin</a>`);
    expect(page.html).not.to.match(/<script/i);
    // The CSP allows the page's two stylesheets by hash and nothing else runs.
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).to.include("default-src 'none'");
    expect(csp.match(/'sha256-/g)).to.have.length(2);
    expect(csp).not.to.include('script-src');
  });

  it('draws descendants, three generations by default, with the same boxes as the JSON surface', async () => {
    const page = await get(`/persons/${ids.mm}/descendants`);
    expect(page.status).to.equal(200);
    const json = await call('GET', `/public/persons/${ids.mm}/descendants?generations=3`);
    const expected = jsonBoxes(json.body as JsonNode, href);
    expect(expected).to.deep.equal([href(ids.mm!), href(ids.m!), href(ids.root!)]);
    expect(boxesOf(page.html, 'narrow')).to.deep.equal(expected);
    expect(page.html).to.include('<title>Descendants of MM Kin · ');
  });

  it('goes through the privacy engine as the JSON surface does: a living person is a box without a link, a private one and whoever only they lead to are absent', async () => {
    const page = await get(`/persons/${ids.gus}/descendants?generations=4`);
    expect(page.status).to.equal(200);
    const json = await call('GET', `/public/persons/${ids.gus}/descendants?generations=4`);
    const expected = jsonBoxes(json.body as JsonNode, href);
    expect(expected).to.deep.equal([href(ids.gus!), href(ids.cora!), 'living', href(ids.konrad!)]);
    for (const layout of ['wide', 'narrow'] as const) expect(boxesOf(page.html, layout)).to.deep.equal(expected);
    expect(page.html).to.include('>Living person</text>');
    for (const withheld of ['Livia', '1965', 'Priscilla', 'Quentin', ids.livia!, ids.pris!, ids.quentin!]) expect(page.html, withheld).not.to.include(withheld);
    // Up through the living mother too.
    const up = await get(`/persons/${ids.konrad}/pedigree`);
    expect(boxesOf(up.html, 'narrow')).to.deep.equal([href(ids.konrad!), 'living', href(ids.cora!), href(ids.gus!)]);
    expect(up.html).not.to.include(ids.livia!);
  });

  it('escapes a name that is markup', async () => {
    const page = await get(`/persons/${ids.gus}/pedigree?generations=2`);
    expect(page.status).to.equal(200);
    expect(boxesOf(page.html, 'narrow')).to.deep.equal([href(ids.gus!), href(ids.evil!)]);
    expect(page.html).not.to.match(/<script/i);
    expect(page.html).not.to.match(/<img/i);
    expect(page.html).to.include('&lt;script&gt;alert(1)&lt;/script&gt; &quot;&gt;&lt;img src=x onerror=alert(2)&gt;, 1800–1850');
  });

  it(`draws 1 to ${PAGE_MAX_GENERATIONS} generations: a whole number is clamped to that range, anything else is the default; the canonical address names what was drawn`, async () => {
    const canonical = (html: string) => /<link rel="canonical" href="([^"]*)">/.exec(html)?.[1];
    const chartUrl = (g?: number) => `${svc.baseUrl}/persons/${ids.root}/pedigree${g === undefined ? '' : `?generations=${g}`}`;
    // Root's pedigree has three generations of ancestors above him: 1, 3, 7, 7 (nobody further).
    for (const [asked, drawn, boxes] of [
      ['1', 1, 1], ['2', 2, 3], ['3', 3, 7], ['4', undefined, 7], [String(PAGE_MAX_GENERATIONS), PAGE_MAX_GENERATIONS, 7],
      ['0', 1, 1], [String(PAGE_MAX_GENERATIONS + 1), PAGE_MAX_GENERATIONS, 7], ['10', PAGE_MAX_GENERATIONS, 7], ['999999', PAGE_MAX_GENERATIONS, 7],
      ['x', undefined, 7], ['4.5', undefined, 7], ['-1', undefined, 7], ['', undefined, 7], ['1e1', undefined, 7], ['2&generations=3', undefined, 7],
    ] as const) {
      const page = await get(`/persons/${ids.root}/pedigree?generations=${asked}`);
      expect(page.status, asked).to.equal(200);
      expect(boxesOf(page.html, 'narrow'), asked).to.have.length(boxes);
      expect(canonical(page.html), asked).to.equal(chartUrl(drawn));
    }
    // Descendants: three by default (MM, Mother, Root; Root's Kid is the fourth generation).
    expect(boxesOf((await get(`/persons/${ids.mm}/descendants?generations=x`)).html, 'narrow')).to.have.length(3);
    expect(boxesOf((await get(`/persons/${ids.mm}/descendants?generations=9`)).html, 'narrow')).to.have.length(4);
  });

  it('answers the one 404 page for a root that is unknown, hidden, living, deleted or in a tree a stranger may not view; an unlisted tree is read by its link', async () => {
    // The same bytes as the 404 page of an unknown person's chart, whatever the reason.
    const unknown = await get(`/persons/${UNKNOWN}/pedigree`);
    expect(unknown.status).to.equal(404);
    expect(unknown.html).to.include('Page not found');
    // Each root is proved to exist first: its owner reads its chart on the members' API.
    for (const key of ['pris', 'livia', 'closed', 'membersOnly']) {
      expect((await call('GET', `/persons/${ids[key]}/pedigree`, owner)).status, key).to.equal(200);
      for (const kind of ['pedigree', 'descendants']) {
        const page = await get(`/persons/${ids[key]}/${kind}`);
        expect(page.status, `${key} ${kind}`).to.equal(404);
        expect(page.html, `${key} ${kind}`).to.equal(unknown.html);
        expect(page.headers.get('etag'), `${key} ${kind}`).to.equal(null);
      }
    }
    for (const path of ['/persons/not-a-uuid/pedigree', `/persons/${UNKNOWN}/descendants?generations=2`]) {
      const page = await get(path);
      expect(page.status, path).to.equal(404);
      expect(page.html, path).to.equal(unknown.html);
    }
    expect((await get(`/persons/${ids.byLink}/pedigree`)).status).to.equal(200);
    // Deleted: the chart is there, then it is the 404 page.
    await person(treeId, 'doomed', 'Doomed', lived(1700, 1760));
    expect((await get(`/persons/${ids.doomed}/descendants`)).status).to.equal(200);
    expect((await call('DELETE', `/persons/${ids.doomed}`, owner)).status).to.equal(200);
    const gone = await get(`/persons/${ids.doomed}/descendants`);
    expect(gone.status).to.equal(404);
    expect(gone.html).to.equal(unknown.html);
  });

  it('carries a version: unchanged, a revalidation is 304; a new parent changes the chart and its version', async () => {
    const first = await get(`/persons/${ids.kid}/pedigree?generations=2`);
    expect(first.status).to.equal(200);
    const etag = first.headers.get('etag');
    expect(etag).to.match(/^"[^"]+"$/);
    expect(first.headers.get('cache-control')).to.match(/^public, max-age=\d+$/);
    const again = await get(`/persons/${ids.kid}/pedigree?generations=2`, { 'if-none-match': etag! });
    expect(again.status).to.equal(304);
    expect(again.html).to.equal('');
    await person(treeId, 'kidMother', 'Kidmother', lived(1905, 1990));
    await parent(treeId, 'kidMother', 'kid');
    const changed = await get(`/persons/${ids.kid}/pedigree?generations=2`, { 'if-none-match': etag! });
    expect(changed.status).to.equal(200);
    expect(changed.headers.get('etag')).not.to.equal(etag);
    expect(boxesOf(changed.html, 'narrow')).to.deep.equal([href(ids.kid!), href(ids.root!), href(ids.kidMother!)]);
  });

  it('links around the chart: fewer and more generations, the other chart, the person\'s page', async () => {
    const page = await get(`/persons/${ids.root}/pedigree?generations=3`);
    for (const link of [
      `${svc.baseUrl}/persons/${ids.root}/pedigree?generations=2`,
      `${svc.baseUrl}/persons/${ids.root}/pedigree`,
      `${svc.baseUrl}/persons/${ids.root}/descendants`,
      href(ids.root!),
    ]) expect(page.html, link).to.include(`href="${link}"`);
    expect(page.html).to.include(`<link rel="canonical" href="${svc.baseUrl}/persons/${ids.root}/pedigree?generations=3">`);
    const last = await get(`/persons/${ids.root}/pedigree?generations=${PAGE_MAX_GENERATIONS}`);
    expect(last.html).not.to.include(`generations=${PAGE_MAX_GENERATIONS + 1}`);
  });
});

// The public pages' planted family (public-pages-fixture.ts), on both stores: every chart of every
// person, at the most generations a page draws, holds nothing of a withheld person and shows the
// boxes the JSON public chart answers; a root not shown in full has no chart page.
for (const storage of ['postgres', 'memory'] as const) {
  describe(`HTTP public chart pages of the planted family, nothing withheld (${storage})`, function () {
    this.timeout(120_000);
    let svc: TestService;
    let f: Planted;
    before(async () => {
      svc = await startTestService({ storage });
      f = await plantFamily(svc);
    });
    after(async () => svc?.close());

    it('every chart page matches the JSON chart and holds no withheld text or id', async () => {
      const call = rawCaller(() => svc.baseUrl);
      const href = (id: string) => `${svc.baseUrl}/persons/${id}`;
      let drawn = 0;
      for (const [key, id] of [...Object.entries(f.persons), ['privatePerson', f.privatePerson], ['unlistedPerson', f.unlistedPerson]] as const) {
        const person = await call('GET', `/public/persons/${id}`);
        const full = person.status === 200 && person.body.redacted === false;
        for (const kind of ['pedigree', 'descendants'] as const) {
          const page = await getPage(svc, `/persons/${id}/${kind}?generations=${PAGE_MAX_GENERATIONS}`);
          expect(page.status, `${key} ${kind}`).to.equal(full ? 200 : 404);
          for (const w of WITHHELD) expect(page.text, `${key} ${kind} shows ${w}`).not.to.include(w);
          for (const hidden of [f.persons.L1, f.persons.H1, f.privatePerson]) expect(page.text, `${key} ${kind}`).not.to.include(hidden);
          if (!full) continue;
          drawn += 1;
          const json = await call('GET', `/public/persons/${id}/${kind}?generations=${PAGE_MAX_GENERATIONS}`);
          expect(json.status).to.equal(200);
          const expected = jsonBoxes(json.body as JsonNode, href);
          expect(boxesOf(page.text, 'narrow'), `${key} ${kind}`).to.deep.equal(expected);
          expect(boxesOf(page.text, 'wide'), `${key} ${kind}`).to.deep.equal(expected);
        }
      }
      // Dan, Dot, Del, Dora, Pat (published) and the unlisted tree's Ulla: two charts each.
      expect(drawn).to.equal(12);
      // Dot's descendants: the living child is a box without a link, the private one is absent.
      const dot = await getPage(svc, `/persons/${f.persons.D2}/descendants`);
      expect(boxesOf(dot.text, 'narrow')).to.deep.equal([href(f.persons.D2), 'living']);
    });
  });
}

// A read costs what it returns: a chart page takes the JSON public chart's statements and one more
// (the tree, for its name), whatever the generations; a root without a page costs no more.
describe('HTTP public chart pages: statements per page', function () {
  this.timeout(120_000);
  let svc: ObservedService;
  let f: Planted;
  const log: string[] = [];
  before(async () => {
    svc = await startObservedService({ debugQueries: (sql) => void log.push(sql) });
    f = await plantFamily(svc);
  });
  after(async () => svc?.close());

  const statements = async (url: string, status: number): Promise<string[]> => {
    await new Promise((r) => setTimeout(r, 20));
    log.length = 0;
    const res = await fetch(`${svc.baseUrl}${url}`);
    await res.arrayBuffer();
    expect(res.status, url).to.equal(status);
    return [...log];
  };

  for (const kind of ['pedigree', 'descendants'] as const) {
    it(`${kind}: one statement more than the JSON public chart, at 1 and ${PAGE_MAX_GENERATIONS} generations`, async () => {
      for (const [key, g] of [['D1', 1], ['D1', PAGE_MAX_GENERATIONS], ['D2', PAGE_MAX_GENERATIONS]] as const) {
        const json = await statements(`/api/v1/public/persons/${f.persons[key]}/${kind}?generations=${g}`, 200);
        const page = await statements(`/persons/${f.persons[key]}/${kind}?generations=${g}`, 200);
        expect(json.length).to.be.at.least(1);
        expect(page.length, `${key} ${g}: ${page.length} statements:\n${page.join('\n---\n')}`).to.equal(json.length + 1);
      }
      for (const key of ['L1', 'H1'] as const) {
        const json = await statements(`/api/v1/public/persons/${f.persons[key]}/${kind}`, key === 'L1' ? 200 : 404);
        const page = await statements(`/persons/${f.persons[key]}/${kind}`, 404);
        expect(page.length, key).to.be.at.most(json.length);
      }
    });
  }
});
