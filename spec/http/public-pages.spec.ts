import { expect } from 'chai';
import { startTestService, type TestService } from '../support/service.js';
import { rawCaller } from '../support/raw-call.js';
import { getPage, jsonLdOf, plantFamily, runnableScripts, WITHHELD, type Planted } from './public-pages-fixture.js';
import { aName, aPerson } from '../contracts/fixtures.js';
import { escapeXml } from '../../adapters/http/pages/public/sitemap.js';
import { publicLayout } from '../../adapters/http/pages/public/layout.js';
import { scriptSafeJson } from '../../adapters/http/pages/public/json-ld.js';

// Issue 26: the public HTML pages over both stores: every page kind for a public tree, the one 404
// page for unknown, private and withheld alike, redacted persons as `Living person` without a link,
// hidden persons absent from every list, count, index and sitemap, no script a browser runs (a person's page carries one JSON-LD data block), caching
// (public for strangers, never for a session; ETag, 304, and a change that moves the ETags).

const UNKNOWN = '0190a1b2-c3d4-7e5f-8a6b-7c8d9e0f1a2b';

describe('public pages: pieces', () => {
  it('sitemap text is XML-escaped', () => {
    expect(escapeXml(`http://h/a?b=1&c=<'">`)).to.equal('http://h/a?b=1&amp;c=&lt;&apos;&quot;&gt;');
  });

  it('the layout escapes what it is given as text, and carries the viewport and a print style', () => {
    const html = publicLayout({ title: '<script>x</script>', canonical: 'http://h/"x"', body: '<p>b</p>', crumbs: [{ href: 'http://h/?a=1&b=2', label: 'A & B' }] });
    expect(html).not.to.include('<script');
    expect(html).to.include('<title>&lt;script&gt;x&lt;/script&gt; · Family trees</title>');
    expect(html).to.include('<link rel="canonical" href="http://h/&quot;x&quot;">');
    expect(html).to.include('<a href="http://h/?a=1&amp;b=2">A &amp; B</a>');
    expect(html).to.include('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(html).to.include('@media print{');
  });

  it('JSON-LD text cannot close its element or open a comment, and reads back as the same value', () => {
    const value = { name: '</script><script>alert(1)</script><!-- & \u2028\u2029 "q"' };
    const text = scriptSafeJson(value);
    expect(text).not.to.match(/[<>&\u2028\u2029]/);
    expect(JSON.parse(text)).to.deep.equal(value);
  });
});

for (const storage of ['postgres', 'memory'] as const) {
  describe(`public pages (${storage})`, function () {
    this.timeout(120_000);
    let svc: TestService;
    let f: Planted;
    const get = (path: string, headers?: Record<string, string>) => getPage(svc, path, headers);

    before(async () => {
      svc = await startTestService({ storage });
      f = await plantFamily(svc);
    });
    after(async () => svc?.close());

    /** Every page a visitor of the public tree can reach, by kind. */
    const pages = (): Record<string, string> => ({
      directory: '/',
      tree: `/trees/${f.publicTree}`,
      search: `/trees/${f.publicTree}/search?q=Dan%20Kin`,
      'person D1': `/persons/${f.persons.D1}`,
      'person D2': `/persons/${f.persons.D2}`,
      'person P1 (living, published)': `/persons/${f.persons.P1}`,
      'unlisted tree': `/trees/${f.unlistedTree}`,
      'unlisted person': `/persons/${f.unlistedPerson}`,
    });

    it('answers every page kind with 200 HTML: lang, one h1, a canonical link, no script a browser runs', async () => {
      for (const [kind, path] of Object.entries(pages())) {
        const r = await get(path);
        expect(r.status, `${kind} ${path}`).to.equal(200);
        expect(r.headers.get('content-type'), kind).to.match(/^text\/html; charset=utf-8/);
        expect(r.text, kind).to.match(/^<!doctype html>\n<html lang="en">/);
        expect(r.text.match(/<h1[\s>]/g) ?? [], `${kind}: one h1`).to.have.length(1);
        expect(r.text, kind).to.match(/<link rel="canonical" href="http:\/\/127\.0\.0\.1:\d+\//);
        expect(r.text, kind).to.match(/<main id="content"/);
        // No script a browser runs: a person's page holds one JSON-LD data block, other pages none.
        expect(runnableScripts(r.text), `${kind}: no runnable script`).to.equal(0);
        expect(jsonLdOf(r.text), `${kind}: JSON-LD`).to.have.length(kind.includes('person') ? 1 : 0);
        expect(r.headers.get('content-security-policy'), kind).to.match(/^default-src 'none'; style-src 'sha256-/);
      }
    });

    it('the directory lists the public tree with its description and counts, never the private or unlisted one', async () => {
      const r = await get('/');
      expect(r.text).to.include('The Kin family');
      expect(r.text).to.include('Descendants of Dan Kin &amp; his kin, &lt;from&gt; Kent.');
      // Seven persons, one hidden: six (the redacted one counts, as the JSON list shows them).
      expect(r.text).to.include('6 people');
      expect(r.text).not.to.include('Privtreename');
      expect(r.text).not.to.include('Unlistedtreename');
      expect(r.text).to.include(`href="${svc.baseUrl}/trees/${f.publicTree}"`);
    });

    it('a tree home: counts, the search form with a label, the surname index of persons shown in full', async () => {
      const r = await get(`/trees/${f.publicTree}`);
      expect(r.text).to.include('<h1>The Kin family</h1>');
      expect(r.text).to.include('6 people, 3 surnames');
      expect(r.text).to.match(/<form class="search" role="search" method="get" action="[^"]+\/search">/);
      expect(r.text).to.include('<label for="q">');
      // Kin: Dan, Dot, Dora (the living Lena and the private Hal are not counted); Abbot: Del; Zed: Pat.
      expect(r.text).to.include('>Kin</a> <span class="count">(3 people)</span>');
      expect(r.text).to.include('>Abbot</a> <span class="count">(1 person)</span>');
      expect(r.text).to.include('>Zed</a> <span class="count">(1 person)</span>');
      const byLetter = await get(`/trees/${f.publicTree}?letter=K`);
      expect(byLetter.status).to.equal(200);
      expect(byLetter.text).to.include('>Kin</a>');
      expect(byLetter.text).not.to.include('>Abbot</a>');
      expect((await get(`/trees/${f.publicTree}?letter=Q`)).status).to.equal(404);
    });

    it('search: the API\'s typo-tolerant search, only persons shown in full, next page by link', async () => {
      const r = await get(`/trees/${f.publicTree}/search?q=Dann%20Kinn`);
      expect(r.status).to.equal(200);
      expect(r.text).to.include(`href="${svc.baseUrl}/persons/${f.persons.D1}">Dan Kin</a>`);
      expect(r.text).to.include('<meta name="robots" content="noindex">');
      for (const q of ['Lenalivingname', 'Hidehal', 'LIVMARRIED']) {
        const none = await get(`/trees/${f.publicTree}/search?q=${q}`);
        expect(none.text, q).to.include('No one found');
      }
      const empty = await get(`/trees/${f.publicTree}/search`);
      expect(empty.status).to.equal(200);
      expect(empty.text).not.to.include('No one found');
    });

    it('a person: names primary first, vitals and events as written, family as links, a redacted child as Living person without a link, no hidden child', async () => {
      const r = await get(`/persons/${f.persons.D2}`);
      expect(r.status).to.equal(200);
      const t = r.text;
      expect(t).to.include('<h1><span itemprop="name">Dot Kin</span></h1>');
      expect(t.indexOf('itemprop="givenName">Dot')).to.be.lessThan(t.indexOf('itemprop="alternateName">Dot Abbot'));
      expect(t).to.include('<time datetime="1805-03-12" itemprop="birthDate">12 MAR 1805</time>');
      expect(t).to.include('<span>ABT 1870</span>');
      expect(t).to.include('Canterbury');
      expect(t).to.include('Weaver');
      // Life events in the order of the life.
      expect(t.indexOf('>Birth<')).to.be.lessThan(t.indexOf('>Occupation<'));
      expect(t.indexOf('>Occupation<')).to.be.lessThan(t.indexOf('>Death<'));
      expect(t).to.include(`href="${svc.baseUrl}/persons/${f.persons.D1}"><span itemprop="name">Dan Kin</span></a>`);
      expect(t).to.include(`href="${svc.baseUrl}/persons/${f.persons.D3}"><span itemprop="name">Del Abbot</span></a>`);
      expect(t).to.include(`href="${svc.baseUrl}/persons/${f.persons.D4}"><span itemprop="name">Dora Kin</span></a>`);
      expect(t).to.include('Gretna Green');
      expect(t).to.include('Eloped.');
      expect(t).to.include('<span class="living">Living person</span>');
      expect(t).not.to.include(f.persons.L1);
      expect(t).not.to.include(f.persons.H1);
      for (const w of WITHHELD) expect(t, w).not.to.include(w);
      // Microdata and JSON-LD: schema.org Person with vitals and the relatives shown in full, never the living child.
      expect(t).to.include('itemscope itemtype="https://schema.org/Person"');
      const [ld] = jsonLdOf(t);
      const url = (id: string) => `${svc.baseUrl}/persons/${id}`;
      const rel = (id: string, name: string) => ({ '@type': 'Person', '@id': url(id), name, url: url(id) });
      expect(ld).to.deep.equal({
        '@context': 'https://schema.org', '@type': 'Person', '@id': url(f.persons.D2), url: url(f.persons.D2),
        name: 'Dot Kin', givenName: 'Dot', familyName: 'Kin', alternateName: ['Dot Abbot'], gender: 'https://schema.org/Female',
        // The death is ABT 1870: not an exact date, so no deathDate (the page writes it as the record does); its place is kept.
        birthDate: '1805-03-12', birthPlace: { '@type': 'Place', name: 'Canterbury' }, deathPlace: { '@type': 'Place', name: 'Dover' },
        parent: [rel(f.persons.D1, 'Dan Kin')], spouse: [rel(f.persons.D3, 'Del Abbot')], sibling: [rel(f.persons.D4, 'Dora Kin')],
      });
      // Dora is D1's adoptive child: her qualifier shows on D1's page (both shown in full).
      const d1 = await get(`/persons/${f.persons.D1}`);
      expect(d1.text).to.include('Dora Kin</span></a></span> <span class="muted">(adoptive)</span>');
      expect(d1.text).to.include('<p>He &lt;b&gt;married&lt;/b&gt; twice.</p>');
    });

    it('the 404 page is one page for unknown, malformed, private, hidden and redacted alike', async () => {
      const paths = [
        `/persons/${UNKNOWN}`, '/persons/not-a-uuid', `/persons/${f.privatePerson}`, `/persons/${f.persons.H1}`, `/persons/${f.persons.L1}`,
        `/trees/${UNKNOWN}`, `/trees/${f.privateTree}`, `/trees/${f.privateTree}/search?q=Privpriv`, `/trees/${f.privateTree}/sitemap.xml`,
        `/trees/${f.unlistedTree}/sitemap.xml`, `/trees/${f.publicTree}/sitemap.xml?page=2`, '/?page=99', `/trees/${f.publicTree}?page=0`,
      ];
      // The allowed reader gets the page first: the 404s below are refusals, not a broken path.
      expect((await get(`/persons/${f.persons.D1}`)).status).to.equal(200);
      expect((await get(`/trees/${f.publicTree}/sitemap.xml`)).status).to.equal(200);
      const first = await get(paths[0]!);
      expect(first.status).to.equal(404);
      expect(first.text).to.include('<h1>Page not found</h1>');
      expect(first.text).to.include('<meta name="robots" content="noindex">');
      for (const path of paths) {
        const r = await get(path);
        expect(r.status, path).to.equal(404);
        expect(r.text, path).to.equal(first.text);
        expect(r.headers.get('cache-control'), path).to.equal(first.headers.get('cache-control'));
        expect(r.headers.get('etag'), path).to.equal(null);
      }
    });

    it('caching: public for a stranger, private and no-store with a session; ETag and 304 without a body', async () => {
      const path = `/persons/${f.persons.D2}`;
      const anon = await get(path);
      expect(anon.headers.get('cache-control')).to.equal('public, max-age=300');
      const etag = anon.headers.get('etag');
      expect(etag).to.match(/^"[\w-]{27}"$/);
      const again = await get(path, { 'If-None-Match': etag! });
      expect(again.status).to.equal(304);
      expect(again.text).to.equal('');
      expect(again.headers.get('etag')).to.equal(etag);
      expect((await get(path, { 'If-None-Match': '"other"' })).status).to.equal(200);
      for (const headers of [{ Cookie: `session=${f.owner}` }, { Authorization: `Bearer ${f.owner}` }] as Record<string, string>[]) {
        const member = await get(path, headers);
        expect(member.status).to.equal(200);
        expect(member.headers.get('cache-control'), JSON.stringify(headers)).to.equal('private, no-store');
        // The same page as a stranger's: the pages read as an anonymous visitor, whoever asks.
        expect(member.text).to.equal(anon.text);
      }
      for (const p of ['/', `/trees/${f.publicTree}`, `/trees/${f.publicTree}/sitemap.xml`, '/sitemap.xml', '/robots.txt']) {
        const r = await get(p);
        expect(r.headers.get('cache-control'), p).to.equal('public, max-age=300');
        expect(r.headers.get('etag'), p).to.match(/^"/);
        expect((await get(p, { 'If-None-Match': r.headers.get('etag')! })).status, p).to.equal(304);
        expect((await get(p, { Cookie: 'session=whatever' })).headers.get('cache-control'), p).to.equal('private, no-store');
      }
    });

    it('a change to a person changes the ETag of their page and of their parent\'s page', async () => {
      const call = rawCaller(() => svc.baseUrl);
      const before = { own: (await get(`/persons/${f.persons.D2}`)).headers.get('etag'), parent: (await get(`/persons/${f.persons.D1}`)).headers.get('etag') };
      const patched = await call('PATCH', `/persons/${f.persons.D2}`, f.owner, { given_name: 'Dorothy' });
      expect(patched.status, patched.text).to.equal(200);
      const own = await get(`/persons/${f.persons.D2}`, { 'If-None-Match': before.own! });
      const parent = await get(`/persons/${f.persons.D1}`, { 'If-None-Match': before.parent! });
      expect(own.status).to.equal(200);
      expect(parent.status).to.equal(200);
      expect(own.headers.get('etag')).not.to.equal(before.own);
      expect(parent.headers.get('etag')).not.to.equal(before.parent);
      expect(own.text).to.include('Dorothy Kin');
      expect(parent.text).to.include('Dorothy Kin');
      const back = await call('PATCH', `/persons/${f.persons.D2}`, f.owner, { given_name: 'Dot' });
      expect(back.status).to.equal(200);
    });

    it('a tree made private: its pages become the 404 page at once', async () => {
      const call = rawCaller(() => svc.baseUrl);
      const tree = (await call('POST', '/trees', f.owner, { name: 'Soon private', visibility: 'public' })).body.id as string;
      const p = (await call('POST', `/trees/${tree}/persons`, f.owner, { given_name: 'Old', surname: 'Timer', death: { date: { qualifier: 'exact', year: 1800 } } })).body.id as string;
      const shown = await get(`/persons/${p}`);
      expect(shown.status).to.equal(200);
      expect((await call('PATCH', `/trees/${tree}`, f.owner, { visibility: 'private' })).status).to.equal(200);
      // Even with the ETag it had: never a 304 for what is now withheld.
      expect((await get(`/persons/${p}`, { 'If-None-Match': shown.headers.get('etag')! })).status).to.equal(404);
      expect((await get(`/trees/${tree}`)).status).to.equal(404);
    });

    it('sitemaps: the index names the public tree\'s file; the file lists the persons shown in full only, escaped', async () => {
      const index = await get('/sitemap.xml');
      expect(index.status).to.equal(200);
      expect(index.headers.get('content-type')).to.equal('application/xml; charset=utf-8');
      expect(index.text).to.include(`<sitemap><loc>${svc.baseUrl}/trees/${f.publicTree}/sitemap.xml</loc></sitemap>`);
      expect(index.text).not.to.include(f.privateTree);
      expect(index.text).not.to.include(f.unlistedTree);
      const file = await get(`/trees/${f.publicTree}/sitemap.xml`);
      expect(file.status).to.equal(200);
      expect(file.text).to.match(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
      for (const k of ['D1', 'D2', 'D3', 'D4', 'P1'] as const) expect(file.text, k).to.include(`<loc>${svc.baseUrl}/persons/${f.persons[k]}</loc>`);
      for (const k of ['L1', 'H1'] as const) expect(file.text, k).not.to.include(f.persons[k]);
      expect(file.text.match(/<url>/g) ?? []).to.have.length(5);
      expect(file.text.trimEnd().endsWith('</urlset>')).to.equal(true);
    });

    it('robots.txt points at the sitemap index by its absolute address', async () => {
      const r = await get('/robots.txt');
      expect(r.status).to.equal(200);
      expect(r.headers.get('content-type')).to.equal('text/plain; charset=utf-8');
      expect(r.text).to.include(`Sitemap: ${svc.baseUrl}/sitemap.xml`);
      expect(r.text).to.include('Disallow: /api/');
    });

    it('search pages 20 at a time, with a link to the next results until the last', async () => {
      const call = rawCaller(() => svc.baseUrl);
      const tree = (await call('POST', '/trees', f.owner, { name: 'Many', visibility: 'public' })).body.id as string;
      for (let i = 0; i < 25; i++) {
        const r = await call('POST', `/trees/${tree}/persons`, f.owner, { given_name: 'Ann', surname: 'Many', death: { date: { qualifier: 'exact', year: 1800 + i } } });
        expect(r.status).to.equal(201);
      }
      const first = await get(`/trees/${tree}/search?q=Ann%20Many`);
      const links = (html: string) => [...html.matchAll(/href="[^"]+\/persons\/([0-9a-f-]{36})"/g)].map((m) => m[1]);
      expect(links(first.text)).to.have.length(20);
      const next = /<a href="([^"]+)" rel="next">More results<\/a>/.exec(first.text);
      expect(next, 'a link to the next results').not.to.equal(null);
      const second = await get(next![1]!.replaceAll('&amp;', '&').replace(svc.baseUrl, ''));
      expect(second.status).to.equal(200);
      expect(links(second.text)).to.have.length(5);
      expect(new Set([...links(first.text), ...links(second.text)]).size).to.equal(25);
      expect(second.text).not.to.include('More results');
    });

    it('a large tree\'s surname index goes by letter and by pages of 200', async () => {
      const call = rawCaller(() => svc.baseUrl);
      const tree = (await call('POST', '/trees', f.owner, { name: 'Surnames', visibility: 'public' })).body.id as string;
      for (let i = 0; i < 205; i++) {
        const p = aPerson(tree, { hasDeathFact: true, birthYear: 1800 });
        await svc.storage.persons.insert(p);
        await svc.storage.names.insert(aName(p, { surname: `${i % 2 === 0 ? 'B' : 'C'}name${String(i).padStart(3, '0')}` }));
      }
      const all = await get(`/trees/${tree}`);
      expect(all.text).to.include('205 surnames');
      expect(all.text).to.match(/<nav class="letters" aria-label="Surnames by first letter">/);
      expect(all.text.match(/<li><a href="[^"]+search\?q=/g) ?? []).to.have.length(200);
      expect(all.text).to.include('rel="next">Next page</a>');
      const page2 = await get(`/trees/${tree}?page=2`);
      expect(page2.text.match(/<li><a href="[^"]+search\?q=/g) ?? []).to.have.length(5);
      const c = await get(`/trees/${tree}?letter=C`);
      expect(c.text.match(/<li><a href="[^"]+search\?q=/g) ?? []).to.have.length(102);
      expect(c.text).not.to.include('Bname');
      expect((await get(`/trees/${tree}?page=3`)).status).to.equal(404);
    });

    it('a tree home names its home person to start with, only when they are shown in full', async () => {
      const call = rawCaller(() => svc.baseUrl);
      const before = await get(`/trees/${f.publicTree}`);
      expect(before.text).not.to.include('Start with');
      try {
        expect((await call('PATCH', `/trees/${f.publicTree}`, f.owner, { home_person_id: f.persons.D1 })).status).to.equal(200);
        const shown = await get(`/trees/${f.publicTree}`, { 'If-None-Match': before.headers.get('etag')! });
        expect(shown.status).to.equal(200);
        expect(shown.text).to.include(`<p>Start with <a href="${svc.baseUrl}/persons/${f.persons.D1}">Dan Kin</a>`);
        expect((await call('PATCH', `/trees/${f.publicTree}`, f.owner, { home_person_id: f.persons.L1 })).status).to.equal(200);
        const living = await get(`/trees/${f.publicTree}`);
        expect(living.text).not.to.include('Start with');
        expect(living.text).not.to.include(f.persons.L1);
      } finally {
        await call('PATCH', `/trees/${f.publicTree}`, f.owner, { home_person_id: null });
      }
    });

    it('HEAD answers the headers of GET without a body', async () => {
      const res = await fetch(`${svc.baseUrl}/persons/${f.persons.D1}`, { method: 'HEAD' });
      expect(res.status).to.equal(200);
      expect(res.headers.get('etag')).to.match(/^"/);
      expect(await res.text()).to.equal('');
    });

    it('an unlisted tree is readable by its link but asks not to be indexed', async () => {
      const r = await get(`/persons/${f.unlistedPerson}`);
      expect(r.status).to.equal(200);
      expect(r.text).to.include('<meta name="robots" content="noindex">');
      expect((await get(`/persons/${f.persons.D1}`)).text).to.include('<meta name="robots" content="index,follow">');
    });
  });
}
