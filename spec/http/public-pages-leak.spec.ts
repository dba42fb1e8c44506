import { expect } from 'chai';
import { startTestService, type TestService } from '../support/service.js';
import { rawCaller } from '../support/raw-call.js';
import { getPage, jsonLdOf, plantFamily, WITHHELD, type Planted } from './public-pages-fixture.js';

// Issue 26: the pages go through the engine exactly as the JSON public surface does. For a family
// with living, private, deceased and published people: no name, date, place or note of a withheld
// person appears on any page (nor their id), and every page shows the same persons, names and events
// as the JSON public answers for the same (anonymous) reader.

const LINK = /href="http:\/\/127\.0\.0\.1:\d+\/persons\/([0-9a-f-]{36})"/g;
const linkedIds = (html: string): Set<string> => new Set([...html.matchAll(LINK)].map((m) => m[1]!));
const text = (s: string): string => s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#39;');

for (const storage of ['postgres', 'memory'] as const) {
  describe(`public pages show what the JSON public surface shows, nothing withheld (${storage})`, function () {
    this.timeout(120_000);
    let svc: TestService;
    let f: Planted;
    const json = async (path: string): Promise<any> => {
      const r = await rawCaller(() => svc.baseUrl)('GET', path);
      expect(r.status, path).to.equal(200);
      return r.body;
    };

    before(async () => {
      svc = await startTestService({ storage });
      f = await plantFamily(svc);
    });
    after(async () => svc?.close());

    /** Every page of the site a visitor reaches from the directory, with its text. */
    const crawl = async (): Promise<Map<string, string>> => {
      const out = new Map<string, string>();
      const paths = ['/', '/sitemap.xml', '/robots.txt', `/trees/${f.publicTree}`, `/trees/${f.publicTree}/sitemap.xml`, `/trees/${f.publicTree}?letter=K`];
      for (const q of ['Kin', 'Lena', 'Hal', 'Hidehal', 'Lenalivingname', 'LIVMARRIED', 'Privpriv', 'Abbot']) paths.push(`/trees/${f.publicTree}/search?q=${q}`);
      const seen = new Set<string>();
      const queue = [...Object.values(f.persons)];
      while (queue.length > 0) {
        const id = queue.shift()!;
        if (seen.has(id)) continue;
        seen.add(id);
        const r = await getPage(svc, `/persons/${id}`);
        out.set(`/persons/${id}`, r.text);
        for (const next of linkedIds(r.text)) queue.push(next);
      }
      for (const p of paths) out.set(p, (await getPage(svc, p)).text);
      return out;
    };

    it('no page holds any text or id of a withheld person; the redacted child is named only "Living person"', async () => {
      const pages = await crawl();
      expect(pages.size).to.be.greaterThan(10);
      for (const [path, page] of pages) {
        // A search page repeats the visitor's own words (the form and "no one has a name like"): nothing else of them.
        const q = new URL(path, 'http://x').searchParams.get('q');
        const html = q === null ? page : page.replaceAll(q, '');
        if (q !== null && WITHHELD.includes(q)) expect(page, path).to.include('No one found');
        for (const w of WITHHELD) expect(html, `${path} shows ${w}`).not.to.include(w);
        if (path !== `/persons/${f.persons.L1}` && path !== `/persons/${f.persons.H1}`) {
          expect(html, `${path} names the living person's id`).not.to.include(f.persons.L1);
          expect(html, `${path} names the hidden person's id`).not.to.include(f.persons.H1);
        }
      }
      expect(pages.get(`/persons/${f.persons.D2}`)).to.include('Living person');
    });

    it('each person page shows the names, events and relatives the JSON answers show, and links only to persons shown in full', async () => {
      const list: any[] = await json(`/public/trees/${f.publicTree}/persons`);
      const edges: any[] = await json(`/public/trees/${f.publicTree}/relationships`);
      const byId = new Map(list.map((p) => [p.id, p]));
      const full = list.filter((p) => !p.redacted).map((p) => p.id as string);
      expect(full).to.have.length(5);
      for (const id of full) {
        const html = (await getPage(svc, `/persons/${id}`)).text;
        const person = await json(`/public/persons/${id}`);
        expect(html, id).to.include(text(person.display_name));
        for (const n of person.names as any[]) expect(html, `${id}: name ${n.given_name} ${n.surname}`).to.include(text(`${n.given_name}`));
        for (const n of person.names as any[]) expect(html, `${id}: name ${n.surname}`).to.include(text(`${n.surname}`));
        const events: any[] = await json(`/public/persons/${id}/events`);
        for (const e of events) {
          if (e.date_display !== null) expect(html, `${id}: ${e.type} date`).to.include(text(e.date_display));
          if (e.place !== null) expect(html, `${id}: ${e.type} place`).to.include(text(e.place));
          if (e.notes !== '') expect(html, `${id}: ${e.type} notes`).to.include(text(e.notes));
          if (e.detail !== '') expect(html, `${id}: ${e.type} detail`).to.include(text(e.detail));
        }
        // Events on the page: as many rows as the JSON events (each event is one table row).
        expect((html.match(/<tr><th scope="row">/g) ?? []).length, `${id}: event rows`).to.equal(events.length);
        // Relatives: the other ends of the JSON edges touching the person, and the parents' other children.
        const touching = edges.filter((r) => r.person_a_id === id || r.person_b_id === id);
        const parents = touching.filter((r) => r.type === 'parent_child' && r.person_b_id === id).map((r) => r.person_a_id);
        const siblings = edges.filter((r) => r.type === 'parent_child' && parents.includes(r.person_a_id) && r.person_b_id !== id).map((r) => r.person_b_id);
        const others = new Set([...touching.map((r) => (r.person_a_id === id ? r.person_b_id : r.person_a_id)), ...siblings]);
        const shownFull = [...others].filter((o) => byId.get(o)?.redacted === false);
        const redacted = [...others].filter((o) => byId.get(o)?.redacted === true);
        const links = linkedIds(html);
        links.delete(id);
        expect([...links].sort(), `${id}: links`).to.deep.equal(shownFull.sort());
        // The JSON-LD names the same relatives as the links: those shown in full, no one else.
        const [ld] = jsonLdOf(html);
        expect(ld['@id'], `${id}: JSON-LD`).to.match(new RegExp(`/persons/${id}$`));
        expect(ld.name, `${id}: JSON-LD name`).to.equal(person.display_name);
        const ldRelatives = ['parent', 'spouse', 'children', 'sibling'].flatMap((k) => (ld[k] ?? []) as any[]).map((r) => String(r['@id']).split('/').pop());
        expect([...new Set(ldRelatives)].sort(), `${id}: JSON-LD relatives`).to.deep.equal(shownFull.sort());
        expect((html.match(/<span class="living">Living person<\/span>/g) ?? []).length, `${id}: living persons`).to.equal(redacted.length);
        if (person.notes) expect(html, `${id}: notes`).to.include(text(person.notes.split('\n')[0]));
      }
    });

    it('counts, the surname index, the search and the sitemap agree with the JSON person list', async () => {
      const list: any[] = await json(`/public/trees/${f.publicTree}/persons`);
      const full = list.filter((p) => !p.redacted);
      const directory = (await getPage(svc, '/')).text;
      expect(directory).to.include(`${list.length} people`);
      const home = (await getPage(svc, `/trees/${f.publicTree}`)).text;
      const surnames = new Map<string, number>();
      for (const p of full) surnames.set(p.surname, (surnames.get(p.surname) ?? 0) + 1);
      for (const [surname, n] of surnames) expect(home, surname).to.include(`>${surname}</a> <span class="count">(${n} ${n === 1 ? 'person' : 'people'})</span>`);
      expect((home.match(/<span class="count">\(\d+ (?:person|people)\)<\/span>/g) ?? []).length).to.equal(surnames.size);
      const sitemap = (await getPage(svc, `/trees/${f.publicTree}/sitemap.xml`)).text;
      const listed = [...sitemap.matchAll(/\/persons\/([0-9a-f-]{36})</g)].map((m) => m[1]).sort();
      expect(listed).to.deep.equal(full.map((p) => p.id).sort());
      for (const q of ['Kin', 'Dot Abbot', 'Pat']) {
        const found: any[] = await json(`/public/trees/${f.publicTree}/persons?q=${encodeURIComponent(q)}`);
        const page = (await getPage(svc, `/trees/${f.publicTree}/search?q=${encodeURIComponent(q)}`)).text;
        expect([...linkedIds(page)], q).to.deep.equal(found.map((p) => p.id));
      }
    });
  });
}
