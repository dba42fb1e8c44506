import { expect } from 'chai';
import { knex, type Knex } from '@mikro-orm/postgresql';
import { purgeExpired } from '../../core/cleanup/commands/purge-expired.js';
import { memoryBlobStore } from '../../adapters/memory/blob-store.js';
import { withBaseStyle } from '../../adapters/http/pages/public/layout.js';
import { rawCaller } from '../support/raw-call.js';
import { startTestService, type TestService } from '../support/service.js';
import { getPage, plantFamily, type Page, type Planted } from './public-pages-fixture.js';

// Issue 26: kept person pages (adapters/http/pages/public/kept.ts). A kept page is served only while
// its key is the one the tree's current stamp gives, and only for a person shown in full now: it is
// always the page written live at the same stamp, byte for byte. Whatever changes in the tree, a
// visitor gets the page written live; a purge leaves no kept page holding what it erased.

const DAY = 24 * 3600 * 1000;

describe('HTTP kept person pages', function () {
  this.timeout(120_000);
  let svc: TestService;
  let db: Knex;
  let f: Planted;
  const call = rawCaller(() => svc.baseUrl);

  before(async () => {
    svc = await startTestService();
    if (svc.databaseUrl === null) throw new Error('postgres storage expected');
    db = knex({ client: 'pg', connection: svc.databaseUrl, pool: { min: 0, max: 1 } });
    f = await plantFamily(svc);
  });
  after(async () => {
    await db?.destroy();
    await svc?.close();
  });

  const everyone = (): string[] => [...Object.values(f.persons), f.privatePerson, f.unlistedPerson, '0190a1b2-c3d4-7e5f-8a6b-7c8d9e0f1a2b'];
  const pages = async (): Promise<Map<string, Page>> => new Map(await Promise.all(everyone().map(async (id) => [id, await getPage(svc, `/persons/${id}`)] as const)));
  const same = (a: Page, b: Page, what: string): void => {
    expect(b.status, what).to.equal(a.status);
    expect(b.text, what).to.equal(a.text);
    for (const h of ['etag', 'cache-control', 'content-type', 'content-security-policy']) expect(b.headers.get(h), `${what}: ${h}`).to.equal(a.headers.get(h));
  };
  const kept = async (): Promise<Map<string, string>> =>
    new Map(((await db.raw<{ rows: { person_id: string; body: string }[] }>('select person_id, body from person_pages')).rows).map((r) => [r.person_id, r.body]));

  it('keeps the pages of the persons shown in full, and serves them as they are written live', async () => {
    const live = await pages();
    // Shown in full: D1 to D4 and the published P1 of the public tree, and the unlisted tree's person.
    const shown = [f.persons.D1, f.persons.D2, f.persons.D3, f.persons.D4, f.persons.P1, f.unlistedPerson].sort();
    expect([...live].filter(([, p]) => p.status === 200).map(([id]) => id).sort()).to.deep.equal(shown);
    const pass = await svc.keepPages();
    expect(pass?.kept).to.equal(6);
    expect(pass?.walked).to.equal(pass?.trees);
    const rows = await kept();
    expect([...rows.keys()].sort()).to.deep.equal(shown);
    for (const [id, body] of rows) {
      // Kept without the base stylesheet every page carries, and read back with it.
      expect(body.length, id).to.be.below(live.get(id)!.text.length - 3000);
      expect(withBaseStyle(body), id).to.equal(live.get(id)!.text);
    }
    // They are what is read: a kept page's text is what a visitor gets.
    await db.raw(`update person_pages set body = body || '<!-- kept -->' where person_id = ?`, [f.persons.D1]);
    expect((await getPage(svc, `/persons/${f.persons.D1}`)).text.endsWith('<!-- kept -->')).to.equal(true);
    await db.raw(`update person_pages set body = left(body, -length('<!-- kept -->')) where person_id = ?`, [f.persons.D1]);
    for (const [id, page] of await pages()) same(live.get(id)!, page, id);
    // A second pass finds nothing to write, and goes through no tree: each one's last pass kept every
    // page under the key it has now.
    const again = await svc.keepPages();
    expect(again?.kept).to.equal(0);
    expect(again?.trees).to.equal(pass?.trees);
    expect(again?.walked).to.equal(0);
  });

  it('a whole pass leaves a tree whose pages were all kept under its key; a tree asked for is gone through anyway', async () => {
    await svc.keepPages();
    // A page gone behind the pass's back (no change of the tree): a whole pass does not see it...
    await db.raw('delete from person_pages where person_id = ?', [f.persons.D1]);
    expect((await svc.keepPages())?.walked).to.equal(0);
    expect((await kept()).has(f.persons.D1)).to.equal(false);
    // ...the read that misses it asks for the tree, whose pass goes through it and keeps it again.
    svc.storage.keptPages.wanted();
    const live = await getPage(svc, `/persons/${f.persons.D1}`);
    expect(svc.storage.keptPages.wanted()).to.deep.equal([f.publicTree]);
    const asked = await svc.keepPages([f.publicTree]);
    expect(asked?.walked).to.equal(1);
    expect(asked?.kept).to.equal(1);
    same(live, await getPage(svc, `/persons/${f.persons.D1}`), 'kept again');
    // Its last pass stands again: the next whole pass leaves it.
    expect((await svc.keepPages())?.walked).to.equal(0);
  });

  it('a change anywhere in the tree: its kept pages no longer hold, and pages show the change at once', async () => {
    await svc.keepPages();
    const renamed = await call('PATCH', `/persons/${f.persons.D1}`, f.owner, { given_name: 'Daniel' });
    expect(renamed.status).to.equal(200);
    // D2's page names her father: kept before the rename, it must not be served.
    const page = await getPage(svc, `/persons/${f.persons.D2}`);
    expect(page.status).to.equal(200);
    expect(page.text).to.include('Daniel Kin');
    expect((await kept()).get(f.persons.D2)).not.to.include('Daniel');
    // Kept again, the pages are the live ones of the new stamp: the changed tree alone is gone through.
    const live = await pages();
    const pass = await svc.keepPages();
    expect(pass?.kept).to.equal(5, 'the public tree\'s five');
    expect(pass?.walked).to.equal(1);
    for (const [id, p] of await pages()) same(live.get(id)!, p, id);
    expect((await kept()).get(f.persons.D2)).to.include('Daniel Kin');
  });

  it('a person withheld since their page was kept is the 404 page, as an unknown id is', async () => {
    await svc.keepPages();
    expect((await kept()).has(f.persons.D4)).to.equal(true);
    const unknown = await getPage(svc, '/persons/0190a1b2-c3d4-7e5f-8a6b-7c8d9e0f1a2b');
    expect((await call('PATCH', `/persons/${f.persons.D4}`, f.owner, { privacy: 'private' })).status).to.equal(200);
    same(unknown, await getPage(svc, `/persons/${f.persons.D4}`), 'D4 made private');
    // The next pass through the tree keeps no page of theirs.
    await svc.keepPages();
    expect((await kept()).has(f.persons.D4)).to.equal(false);
    expect((await kept()).has(f.persons.D2)).to.equal(true);
    // The tree made private: every page is the 404 page, kept or not.
    await svc.keepPages();
    expect((await call('PATCH', `/trees/${f.publicTree}`, f.owner, { visibility: 'private' })).status).to.equal(200);
    for (const id of [f.persons.D1, f.persons.D2, f.persons.P1]) same(unknown, await getPage(svc, `/persons/${id}`), id);
    // And a pass over every tree removes its kept pages.
    await svc.keepPages();
    expect([...(await kept()).keys()]).to.deep.equal([f.unlistedPerson]);
    expect((await call('PATCH', `/trees/${f.publicTree}`, f.owner, { visibility: 'public' })).status).to.equal(200);
    expect((await call('PATCH', `/persons/${f.persons.D4}`, f.owner, { privacy: 'default' })).status).to.equal(200);
  });

  it('a tree made readable to visitors asks for its pages; a page read that finds none kept asks too', async () => {
    svc.storage.keptPages.wanted();
    expect((await call('PATCH', `/trees/${f.privateTree}`, f.owner, { description: 'still private' })).status).to.equal(200);
    expect(svc.storage.keptPages.wanted()).to.deep.equal([]);
    expect((await call('PATCH', `/trees/${f.privateTree}`, f.owner, { visibility: 'public' })).status).to.equal(200);
    expect(svc.storage.keptPages.wanted()).to.deep.equal([f.privateTree]);
    expect((await getPage(svc, `/persons/${f.privatePerson}`)).status).to.equal(200);
    expect(svc.storage.keptPages.wanted()).to.deep.equal([f.privateTree]);
    await svc.keepPages();
    expect((await getPage(svc, `/persons/${f.privatePerson}`)).status).to.equal(200);
    expect(svc.storage.keptPages.wanted(), 'kept: no ask').to.deep.equal([]);
    expect((await call('PATCH', `/trees/${f.privateTree}`, f.owner, { visibility: 'private' })).status).to.equal(200);
    expect(svc.storage.keptPages.wanted()).to.deep.equal([]);
  });

  it('a purge leaves no kept page holding what it erased', async () => {
    expect((await getPage(svc, `/persons/${f.persons.D3}`)).text).to.include('Abbot');
    await svc.keepPages();
    // D3 Del Abbot is on D2's page (her partner); D2's married name is Abbot too, so look for Del.
    expect((await kept()).get(f.persons.D2)).to.include('Del Abbot');
    expect((await call('DELETE', `/persons/${f.persons.D3}`, f.owner)).status).to.equal(200);
    // Deleted, not yet purged: the kept page is no longer served, and stays until the purge.
    expect((await getPage(svc, `/persons/${f.persons.D2}`)).text).not.to.include('Del Abbot');
    await purgeExpired({ storage: svc.storage, clock: { now: () => new Date(Date.now() + DAY) }, purgeAfterDays: 0, blobs: memoryBlobStore() })();
    const rows = (await db.raw<{ rows: { row: string }[] }>('select t::text as row from person_pages t')).rows;
    expect(rows.filter((r) => r.row.includes('Del Abbot') || r.row.includes(f.persons.D3))).to.deep.equal([]);
    // Kept again after the purge: the pages are the live ones.
    const live = await pages();
    await svc.keepPages();
    for (const [id, p] of await pages()) same(live.get(id)!, p, id);
  });
});
