import { expect } from 'chai';
import { mediaTypesOf } from '../../adapters/http/route.js';
import { allRoutes } from '../../adapters/http/routes/index.js';
import { documentConformance } from '../support/document-conformance.js';
import { rawCaller } from '../support/raw-call.js';
import { registerUser, startTestService, type TestService } from '../support/service.js';

// The whole lists (no `limit`) are streamed, so the app's own check of each answer against the
// document (validateResponses, document-conformance.ts) does not see them. Here every streamed JSON
// list of the route table is read whole, by a member and on the public surface, over a tree with a
// record of every kind, and the arrays are checked against the document's schema for that answer.

describe('streamed whole lists conform to the OpenAPI document', function () {
  this.timeout(60_000);
  let svc: TestService;
  let token: string;
  let treeId: string;
  const call = rawCaller(() => svc.baseUrl);
  const check = documentConformance();
  const streamedLists = allRoutes().filter((r) => r.streams === true && r.method === 'get' && mediaTypesOf(r).includes('application/json'));

  before(async () => {
    svc = await startTestService();
    token = (await registerUser(svc, 'lists@example.org')).token;
    treeId = (await call('POST', '/trees', token, { name: 'Lists', visibility: 'public' })).body.id;
    const made = async (path: string, body: unknown) => {
      const r = await call('POST', path, token, body);
      expect(r.status, `${path} ${r.text}`).to.equal(201);
      return r.body.id as string;
    };
    const dead = await made(`/trees/${treeId}/persons`, { given_name: 'Mary Ann', surname: 'Smith', sex: 'female', is_living: false, birth: { date: { year: 1850, month: 3, day: 12, qualifier: 'exact' }, place: 'Boston' } });
    const living = await made(`/trees/${treeId}/persons`, { given_name: 'Eliza', surname: 'Brown' });
    await made(`/trees/${treeId}/relationships`, { type: 'parent_child', person_a_id: dead, person_b_id: living, qualifier: 'biological' });
    await made(`/trees/${treeId}/events`, { type: 'occupation', person_id: dead, date: { year: 1870, qualifier: 'about' }, place: 'Boston' });
    const repository = await made(`/trees/${treeId}/repositories`, { name: 'Boston City Archives', address: '201 Rivermoor Street\nWest Roxbury' });
    const source = await made(`/trees/${treeId}/sources`, {
      title: 'Boston births 1850', abbreviation: 'Births 1850', recorded_events: [{ events: 'BIRT', date: 'FROM 1850 TO 1850', place: 'Boston' }],
      repositories: [{ repository_id: repository, call_number: 'Vol. 37' }],
    });
    await made(`/trees/${treeId}/citations`, { source_id: source, person_id: dead, page: 'p. 12' });
    const form = new FormData();
    form.set('file', new Blob([Buffer.from('GIF89a')], { type: 'image/gif' }), 'scan.gif');
    form.set('title', 'A scan');
    const media = await fetch(`${svc.baseUrl}/api/v1/trees/${treeId}/media`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form });
    expect(media.status, await media.clone().text()).to.equal(201);
  });
  after(async () => svc?.close());

  it('covers every streamed JSON list of the route table', () => {
    expect(streamedLists.map((r) => r.operationId).sort()).to.deep.equal(
      ['listCitations', 'listMedia', 'listPersons', 'listRepositories', 'listSources', 'listTreeEvents', 'listTreeRelationships', 'publicEvents', 'publicPersons', 'publicRelationships'],
    );
  });

  for (const anonymous of [false, true]) {
    it(`every streamed list read whole ${anonymous ? 'anonymously (public surface)' : 'by a member'} is a non-empty array the document's schema accepts`, async () => {
      for (const r of streamedLists.filter((route) => (route.auth === 'optional') === anonymous)) {
        const res = await call('GET', r.path.replace('{id}', treeId), anonymous ? undefined : token);
        expect(res.status, r.operationId).to.equal(200);
        expect(res.body, r.operationId).to.be.an('array').that.is.not.empty;
        expect(check(r.operationId, 200, res.body), r.operationId).to.equal(undefined);
      }
    });
  }
});
