import { expect } from 'chai';
import type { ApiClient } from '../../client/index.js';
import { memoryBlobStore } from '../../adapters/memory/blob-store.js';
import { registerUser, startTestService, type TestService } from '../support/service.js';
import { content, upload } from '../support/media.js';

// Tries to reach every kind of media item as every kind of reader, on a public tree: a non-member
// gets an item only when it hangs on a fully visible person, on an event of fully visible persons,
// or on a source they can see; unattached media is for members; anonymous callers and the public
// surface get no media at all. Lists, single reads and content are checked, and the raw JSON is
// searched for the withheld items' ids and titles.

const pid = (id: string) => ({ params: { path: { id } } });
const DEAD = { birth: { date: { qualifier: 'exact' as const, year: 1800 } }, death: { date: { qualifier: 'exact' as const, year: 1870 } } };
const LIVING = { birth: { date: { qualifier: 'exact' as const, year: 1990 } } };
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4]);

describe('HTTP media: privacy for each reader and each attachment', () => {
  let svc: TestService;
  let owner: ApiClient;
  let ownerToken: string;
  let viewerToken: string;
  let strangerToken: string;
  let treeId: string;
  const visible: Record<string, string> = {};
  const withheld: Record<string, string> = {};

  before(async () => {
    svc = await startTestService({ blobs: memoryBlobStore() });
    const o = await registerUser(svc, 'owner@example.org');
    ownerToken = o.token;
    owner = svc.client(o.token);
    treeId = (await owner.POST('/trees', { body: { name: 'Public photos', visibility: 'public' } })).data!.id;
    const t = pid(treeId);
    const person = async (given: string, facts: object) => (await owner.POST('/trees/{id}/persons', { ...t, body: { given_name: given, surname: 'Kin', ...facts } })).data!.id;
    const dead = await person('Dead', DEAD);
    const living = await person('Living', LIVING);
    const privateDead = await person('Hidden', DEAD);
    await owner.PATCH('/persons/{id}', { ...pid(privateDead), body: { privacy: 'private' } });
    const event = async (personId: string) => (await owner.POST('/trees/{id}/events', { ...t, body: { type: 'census', person_id: personId } })).data!.id;
    const deadCensus = await event(dead);
    const livingCensus = await event(living);
    const mixed = (await owner.POST('/trees/{id}/relationships', { ...t, body: { type: 'partnership', person_a_id: dead, person_b_id: living } })).data!.id;
    const mixedMarriage = (await owner.POST('/trees/{id}/events', { ...t, body: { type: 'marriage', partnership_id: mixed } })).data!.id;
    const source = async (title: string, citedPerson: string | null) => {
      const id = (await owner.POST('/trees/{id}/sources', { ...t, body: { title } })).data!.id;
      if (citedPerson !== null) await owner.POST('/trees/{id}/citations', { ...t, body: { source_id: id, person_id: citedPerson } });
      return id;
    };
    const seenSource = await source('Seen register', dead);
    const livingSource = await source('Living register', living);
    const uncited = await source('Uncited register', null);

    const add = async (into: Record<string, string>, title: string, fields: Record<string, string>) => {
      const r = await upload(owner, treeId, JPEG, { title, ...fields });
      if (r.data === undefined) throw new Error(`upload ${title}: ${r.response.status}`);
      into[title] = r.data.id;
    };
    await add(visible, 'photo-of-dead-person', { person_id: dead });
    await add(visible, 'census-of-dead-person', { event_id: deadCensus });
    await add(visible, 'scan-of-seen-source', { source_id: seenSource });
    await add(withheld, 'photo-of-living-person', { person_id: living });
    await add(withheld, 'photo-of-private-person', { person_id: privateDead });
    await add(withheld, 'census-of-living-person', { event_id: livingCensus });
    await add(withheld, 'marriage-with-living-partner', { event_id: mixedMarriage });
    await add(withheld, 'scan-of-living-only-source', { source_id: livingSource });
    await add(withheld, 'scan-of-uncited-source', { source_id: uncited });
    await add(withheld, 'unattached-photo', {});

    const v = await registerUser(svc, 'viewer@example.org');
    viewerToken = v.token;
    await owner.POST('/trees/{id}/members', { ...pid(treeId), body: { email: v.email, role: 'viewer' } });
    strangerToken = (await registerUser(svc, 'stranger@example.org')).token;
  });
  after(async () => {
    await svc.close();
  });

  const rawList = async (token: string | null) => {
    const res = await fetch(`${svc.baseUrl}/api/v1/trees/${treeId}/media`, { headers: token === null ? {} : { Authorization: `Bearer ${token}` } });
    return { status: res.status, text: await res.text() };
  };

  it('a signed-in non-member lists, reads and downloads exactly the visible items; withheld ones are absent and 404', async () => {
    const stranger = svc.client(strangerToken);
    const list = await rawList(strangerToken);
    expect(list.status).to.equal(200);
    const ids = (JSON.parse(list.text) as { id: string }[]).map((m) => m.id).sort();
    expect(ids).to.deep.equal(Object.values(visible).sort());
    for (const [title, id] of Object.entries(withheld)) {
      expect(list.text, title).to.not.contain(id);
      expect(list.text, title).to.not.contain(title);
      expect((await stranger.GET('/media/{id}', pid(id))).response.status, title).to.equal(404);
      expect((await content(svc, strangerToken, id)).res.status, title).to.equal(404);
    }
    for (const [title, id] of Object.entries(visible)) {
      expect((await stranger.GET('/media/{id}', pid(id))).response.status, title).to.equal(200);
      const got = await content(svc, strangerToken, id);
      expect(got.res.status, title).to.equal(200);
      expect([...got.bytes]).to.deep.equal([...JPEG]);
    }
  });

  it('a non-member cannot page past the filter to a withheld id, nor list deleted items', async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let i = 0; i < 20; i += 1) {
      const res = await fetch(`${svc.baseUrl}/api/v1/trees/${treeId}/media?limit=1${cursor ? `&cursor=${cursor}` : ''}`, { headers: { Authorization: `Bearer ${strangerToken}` } });
      const page = (await res.json()) as { id: string }[];
      seen.push(...page.map((m) => m.id));
      const next = res.headers.get('x-next-cursor');
      for (const id of Object.values(withheld)) expect(`${res.headers.get('link') ?? ''}${next ?? ''}`).to.not.contain(Buffer.from(id).toString('base64url'));
      if (next === null) break;
      cursor = next;
    }
    expect(seen.sort()).to.deep.equal(Object.values(visible).sort());
    expect((await fetch(`${svc.baseUrl}/api/v1/trees/${treeId}/media?deleted=true`, { headers: { Authorization: `Bearer ${strangerToken}` } })).status).to.equal(403);
  });

  it('a member (viewer) sees every item, withheld ones included', async () => {
    const list = await rawList(viewerToken);
    const ids = (JSON.parse(list.text) as { id: string }[]).map((m) => m.id).sort();
    expect(ids).to.deep.equal([...Object.values(visible), ...Object.values(withheld)].sort());
    for (const id of Object.values(withheld)) expect((await content(svc, viewerToken, id)).res.status).to.equal(200);
  });

  it('an anonymous caller gets no media: 401 on every media path, and the public surface names none', async () => {
    expect((await rawList(null)).status).to.equal(401);
    for (const id of [...Object.values(visible), ...Object.values(withheld)]) {
      expect((await fetch(`${svc.baseUrl}/api/v1/media/${id}`)).status).to.equal(401);
      expect((await fetch(`${svc.baseUrl}/api/v1/media/${id}/content`)).status).to.equal(401);
    }
    for (const p of [`/public/trees/${treeId}`, `/public/trees/${treeId}/persons`, `/public/trees/${treeId}/events`, `/public/trees/${treeId}/relationships`]) {
      const text = await (await fetch(`${svc.baseUrl}/api/v1${p}`)).text();
      expect(text, p).to.not.contain('/media/');
      for (const id of [...Object.values(visible), ...Object.values(withheld)]) expect(text, p).to.not.contain(id);
    }
    const paths = Object.keys(((await (await fetch(`${svc.baseUrl}/api/v1/openapi.json`)).json()) as { paths: Record<string, unknown> }).paths);
    expect(paths.filter((p) => p.startsWith('/public') && p.includes('media'))).to.deep.equal([]);
  });

  it('a withheld item becomes visible once its person is known dead, and goes again when the tree turns private', async () => {
    const stranger = svc.client(strangerToken);
    const id = withheld['photo-of-living-person']!;
    const photo = await svc.client(ownerToken).GET('/media/{id}', pid(id));
    await owner.PATCH('/persons/{id}', { ...pid(photo.data!.person_id!), body: { is_living: false } });
    expect((await stranger.GET('/media/{id}', pid(id))).response.status).to.equal(200);
    await owner.PATCH('/trees/{id}', { ...pid(treeId), body: { visibility: 'private' } });
    expect((await stranger.GET('/media/{id}', pid(id))).response.status).to.equal(403);
    expect((await content(svc, strangerToken, id)).res.status).to.equal(403);
    await owner.PATCH('/trees/{id}', { ...pid(treeId), body: { visibility: 'public' } });
    await owner.PATCH('/persons/{id}', { ...pid(photo.data!.person_id!), body: { is_living: null } });
  });
});
