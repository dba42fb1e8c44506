import { expect } from 'chai';
import { registerUser, startTestService, type TestService } from '../support/service.js';
import { rawCaller } from '../support/raw-call.js';

// API.md "Lists", issue 13: every list, read by every kind of reader, pages at limit 1 and 7 into
// exactly the rows its whole (streamed) answer holds, in the same order, and every cursor names a row
// the reader was shown. A withheld row never starts or ends a page.

type User = Awaited<ReturnType<typeof registerUser>>;

describe('HTTP paging of every list as every reader', function () {
  this.timeout(120_000);
  let svc: TestService;
  let owner: User;
  let stranger: User;
  let treeId: string;
  const call = rawCaller(() => svc.baseUrl);

  const post = async (path: string, body: unknown): Promise<any> => {
    const r = await call('POST', path, owner.token, body);
    if (r.status !== 201) throw new Error(`POST ${path}: ${r.status} ${r.text}`);
    return r.body;
  };

  before(async () => {
    svc = await startTestService();
    owner = await registerUser(svc, 'owner@example.org');
    stranger = await registerUser(svc, 'stranger@example.org');
    treeId = (await post('/trees', { name: 'Paged', visibility: 'public' })).id;
    const source = await post(`/trees/${treeId}/sources`, { title: 'Register' });
    const ids: string[] = [];
    // Dead, living, private, unknown and public-living people in turn, with an event, a citation and edges.
    for (let i = 0; i < 15; i++) {
      const kind = i % 5;
      const p = await post(`/trees/${treeId}/persons`, {
        given_name: `Given${i}`, surname: 'Family',
        ...(kind === 2 ? { privacy: 'private' } : kind === 4 ? { privacy: 'public' } : {}),
        ...(kind === 0 || kind === 2 ? { birth: { date: { qualifier: 'exact', year: 1800 } }, death: { date: { qualifier: 'exact', year: 1870 } } } : {}),
        ...(kind === 1 || kind === 4 ? { birth: { date: { qualifier: 'exact', year: 1990 } } } : {}),
      });
      ids.push(p.id);
      await post(`/trees/${treeId}/events`, { type: 'residence', person_id: p.id, date: { qualifier: 'exact', year: 1850 } });
      await post(`/trees/${treeId}/citations`, { source_id: source.id, person_id: p.id });
      if (i >= 2) await post(`/trees/${treeId}/relationships`, { type: 'parent_child', person_a_id: ids[i - 2], person_b_id: p.id, qualifier: 'biological' });
      if (i % 2 === 1) await post(`/trees/${treeId}/relationships`, { type: 'partnership', person_a_id: ids[i - 1], person_b_id: p.id });
    }
  });

  after(async () => svc?.close());

  /** The ids of every page at `limit`, following X-Next-Cursor, and the ids each cursor names. */
  const paged = async (path: string, token: string | undefined, limit: number): Promise<{ ids: string[]; cursors: string[] }> => {
    const ids: string[] = [];
    const cursors: string[] = [];
    let cursor: string | null = null;
    for (let n = 0; n < 200; n++) {
      const sep = path.includes('?') ? '&' : '?';
      const res: Response = await fetch(`${svc.baseUrl}/api/v1${path}${sep}limit=${limit}${cursor === null ? '' : `&cursor=${cursor}`}`, {
        headers: token === undefined ? {} : { Authorization: `Bearer ${token}` },
      });
      expect(res.status, `${path} at limit ${limit}`).to.equal(200);
      const rows = (await res.json()) as { id: string }[];
      expect(rows.length).to.be.at.most(limit);
      ids.push(...rows.map((r) => r.id));
      cursor = res.headers.get('X-Next-Cursor');
      if (cursor === null) return { ids, cursors };
      cursors.push(Buffer.from(cursor, 'base64url').toString('utf8'));
    }
    throw new Error(`${path}: more than 200 pages`);
  };

  const lists = ['persons', 'events', 'relationships', 'sources', 'citations', 'media'];
  const readers: readonly { readonly name: string; readonly token: () => string | undefined; readonly prefix: string; readonly lists: readonly string[] }[] = [
    { name: 'the owner', token: () => owner.token, prefix: '/trees', lists },
    { name: 'a signed-in non-member', token: () => stranger.token, prefix: '/trees', lists },
    { name: 'an anonymous caller (public surface)', token: () => undefined, prefix: '/public/trees', lists: ['persons', 'events', 'relationships'] },
    { name: 'a signed-in non-member (public surface)', token: () => stranger.token, prefix: '/public/trees', lists: ['persons', 'events', 'relationships'] },
  ];

  for (const r of readers) {
    it(`${r.name}: pages of 1 and 7 of every list are its whole answer, and every cursor names a row shown`, async () => {
      for (const list of r.lists) {
        const path = `${r.prefix}/${treeId}/${list}`;
        const whole = await call('GET', path, r.token());
        expect(whole.status, path).to.equal(200);
        const all = (whole.body as { id: string }[]).map((x) => x.id);
        if (list !== 'media') expect(all.length, `${path} answers rows`).to.be.greaterThan(0);
        for (const limit of [1, 7]) {
          const p = await paged(path, r.token(), limit);
          expect(p.ids, `${path} at limit ${limit}`).to.deep.equal(all);
          for (const c of p.cursors) expect(all, `${path}: a cursor names a row not shown`).to.include(c);
        }
      }
    });
  }

  it('a non-member\'s search pages at 1 and 7 into its whole ranking, which holds persons shown in full only', async () => {
    const path = `/trees/${treeId}/persons?q=Family`;
    const whole = await call('GET', `${path}&limit=1000`, stranger.token);
    const all = (whole.body as { id: string; redacted?: boolean }[]);
    expect(all.length).to.be.greaterThan(0);
    expect(all.every((x) => x.redacted !== true)).to.equal(true);
    const owners = (await call('GET', `${path}&limit=1000`, owner.token)).body as unknown[];
    expect(owners.length).to.be.greaterThan(all.length);
    for (const limit of [1, 7]) expect((await paged(path, stranger.token, limit)).ids).to.deep.equal(all.map((x) => x.id));
    // Without limit a search answers the first 20 with a cursor to the next ones.
    expect(((await call('GET', path, stranger.token)).body as unknown[]).length).to.equal(Math.min(20, all.length));
  });
});
