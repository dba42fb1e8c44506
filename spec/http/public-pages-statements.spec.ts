import { expect } from 'chai';
import { startObservedService, type ObservedService } from '../support/observed-service.js';
import { DATE, plantFamily, type Planted } from './public-pages-fixture.js';
import { rawCaller } from '../support/raw-call.js';

// Issue 26, "Fast": a person's page costs at most one statement more than the JSON public read of
// that person (GET /api/v1/public/persons/{id}), whatever their family holds: the person's row with
// their tree's stamp and kept page, then, when no page is kept under the current key, their family
// with them. With the page kept it takes no more than the JSON read (one statement). An unchanged page
// (If-None-Match) answers 304 after one statement, a changed one after two (one when kept); the other
// pages cost a constant few.

describe('public pages: statements per page', function () {
  this.timeout(120_000);
  let svc: ObservedService;
  let f: Planted;
  const log: string[] = [];

  before(async () => {
    svc = await startObservedService({ debugQueries: (sql) => void log.push(sql) });
    f = await plantFamily(svc);
  });
  after(async () => svc?.close());

  const statements = async (url: string, status: number, headers: Record<string, string> = {}): Promise<string[]> => {
    await new Promise((r) => setTimeout(r, 20));
    log.length = 0;
    const res = await fetch(`${svc.baseUrl}${url}`, { headers });
    await res.arrayBuffer();
    const sent = [...log];
    expect(res.status, url).to.equal(status);
    return sent;
  };

  it('a page not kept takes at most one statement more than the JSON public read', async () => {
    for (const k of ['D1', 'D2'] as const) {
      const json = await statements(`/api/v1/public/persons/${f.persons[k]}`, 200);
      const live = await statements(`/persons/${f.persons[k]}`, 200);
      expect(json.length).to.be.at.least(1);
      expect(live.length, `${k}: ${live.length} statements:\n${live.join('\n---\n')}`).to.be.at.most(json.length + 1);
      expect(live.some((q) => q.includes('person_profile(')), `${k} written live`).to.equal(true);
    }
    const stale = await statements(`/persons/${f.persons.D2}`, 200, { 'If-None-Match': '"stale"' });
    expect(stale.length, stale.join('\n---\n')).to.equal(2);
  });

  it('a kept page takes no more statements than the JSON public read', async () => {
    expect((await svc.keepPages())?.kept).to.be.above(0);
    for (const k of ['D1', 'D2'] as const) {
      const json = await statements(`/api/v1/public/persons/${f.persons[k]}`, 200);
      const kept = await statements(`/persons/${f.persons[k]}`, 200);
      expect(kept.length, `${k}: ${kept.length} statements:\n${kept.join('\n---\n')}`).to.be.at.most(json.length);
      expect(kept.some((q) => q.includes('person_profile(')), `${k} served as kept`).to.equal(false);
    }
  });

  it('an unchanged person page answers 304 after one statement; a changed one, kept, after one', async () => {
    const res = await fetch(`${svc.baseUrl}/persons/${f.persons.D2}`);
    await res.arrayBuffer();
    const sql = await statements(`/persons/${f.persons.D2}`, 304, { 'If-None-Match': res.headers.get('etag')! });
    expect(sql.length, sql.join('\n---\n')).to.equal(1);
    const stale = await statements(`/persons/${f.persons.D2}`, 200, { 'If-None-Match': '"stale"' });
    expect(stale.length, stale.join('\n---\n')).to.equal(1);
  });

  it('withheld persons cost the same one statement and answer 404', async () => {
    for (const k of ['L1', 'H1'] as const) {
      const sql = await statements(`/persons/${f.persons[k]}`, 404);
      expect(sql.length, k).to.equal(1);
    }
  });

  it('the tree home, search, sitemap and directory take a constant few statements', async () => {
    for (const [url, most] of [[`/trees/${f.publicTree}`, 4], [`/trees/${f.publicTree}/search?q=Kin`, 5], [`/trees/${f.publicTree}/sitemap.xml`, 3], ['/', 2], ['/sitemap.xml', 2]] as const) {
      const sql = await statements(url, 200);
      expect(sql.length, `${url}:\n${sql.join('\n---\n')}`).to.be.at.most(most);
    }
  });

  // A tree's home page is kept as rendered by its ETag (kept-homes.ts): the ETag is made from all that
  // decides the page, so an unchanged tree's home is the stamp's one statement, as a 304 is.
  it('an unchanged tree\'s home, and a letter\'s page of it, is the page kept by its ETag, after one statement', async () => {
    const home = `/trees/${f.publicTree}`;
    for (const url of [home, `${home}?letter=A`]) {
      const first = await fetch(`${svc.baseUrl}${url}`);
      const body = await first.text();
      expect(first.status, url).to.equal(200);
      expect(body, url).to.include('>Abbot</a>');
      const sql = await statements(url, 200);
      expect(sql.length, `${url}:\n${sql.join('\n---\n')}`).to.equal(1);
      const again = await fetch(`${svc.baseUrl}${url}`);
      expect(await again.text(), url).to.equal(body);
      expect(again.headers.get('etag'), url).to.equal(first.headers.get('etag'));
    }
  });

  // A tree's home (its surname index and counts) and the directory are kept by each instance by the
  // tree's version (spec/adapters/tree-index-reads.spec.ts: rows read): a visit after a change of the
  // tree shows the change, and a visit while it is unchanged costs the same few statements.
  it('the tree home and the directory show a change of the tree at the next visit, in the same few statements', async () => {
    const home = `/trees/${f.publicTree}`;
    expect(await (await fetch(`${svc.baseUrl}${home}`)).text()).to.include('>Abbot</a>');
    const counted = await (await fetch(`${svc.baseUrl}/`)).text();
    const again = await statements(home, 200);
    expect(again.length).to.be.at.most(4);
    expect((await statements('/', 200)).length).to.be.at.most(2);
    // A new surname, and the only person of another made private.
    const call = rawCaller(() => svc.baseUrl);
    const added = await call('POST', `/trees/${f.publicTree}/persons`, f.owner, { given_name: 'Nell', surname: 'Newsurname', birth: { date: DATE(1801) }, death: { date: DATE(1871) } });
    expect(added.status).to.equal(201);
    expect(await (await fetch(`${svc.baseUrl}/`)).text(), 'the directory counts the new person').to.not.equal(counted);
    const hidden = await call('PATCH', `/persons/${f.persons.D3}`, f.owner, { privacy: 'private' });
    expect(hidden.status).to.equal(200);
    const html = await (await fetch(`${svc.baseUrl}${home}`)).text();
    expect(html).to.include('>Newsurname</a>');
    expect(html).to.not.include('>Abbot</a>');
    expect((await statements(home, 200)).length).to.equal(again.length);
  });
});
