import { expect } from 'chai';
import { newId } from '../../core/kernel/ids.js';
import type { Person } from '../../core/people/model.js';
import { startTestService, type TestService } from '../support/service.js';
import { rawCaller } from '../support/raw-call.js';

// Issue 26: a tree's sitemap is 50,000 URLs a file, streamed (never built whole in memory: chunked,
// no Content-Length, and RSS grows by less than 64 MB while 50,000 persons are written), and the
// sitemap index names each of the files.

const FULL = 50_003;

describe('public pages: the sitemap of a 50,000-person tree streams, 50,000 URLs a file', function () {
  this.timeout(300_000);
  let svc: TestService;
  let treeId: string;

  before(async () => {
    svc = await startTestService({ storage: 'postgres' });
    const call = rawCaller(() => svc.baseUrl);
    const owner = await call('POST', '/auth/register', undefined, { email: 'big@example.org', password: 'correct horse' });
    treeId = (await call('POST', '/trees', owner.body.token, { name: 'Big', visibility: 'public' })).body.id;
    const at = new Date('2025-01-02T03:04:05Z');
    const person = (over: Partial<Person>): Person => ({
      id: newId(), treeId, sex: null, isLiving: null, birthYear: 1800, hasDeathFact: true, mergedInto: null, privacy: 'default', notes: '', identifiers: [],
      createdAt: at, updatedAt: at, deletedAt: null, deletionId: null, ...over,
    });
    const persons = [...Array.from({ length: FULL }, () => person({})), person({ isLiving: true }), person({ privacy: 'private' })];
    for (let i = 0; i < persons.length; i += 10_000)
      await svc.storage.bulk.insertAll({ persons: persons.slice(i, i + 10_000), names: [], places: [], relationships: [], events: [], sources: [], citations: [] });
  });
  after(async () => svc?.close());

  /** Reads a sitemap file chunk by chunk (never whole), counting its URLs and the highest RSS seen. */
  const read = async (path: string) => {
    const res = await fetch(`${svc.baseUrl}${path}`);
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let urls = 0;
    let carry = '';
    let last = '';
    let peak = process.memoryUsage().rss;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      const text = carry + decoder.decode(value, { stream: true });
      urls += text.split('</url>').length - 1;
      carry = text.slice(Math.max(0, text.lastIndexOf('</url>') + 6, text.length - 5));
      last = text.slice(-20);
      peak = Math.max(peak, process.memoryUsage().rss);
    }
    return { status: res.status, headers: res.headers, urls, last, peak };
  };

  it('the index names two files; the first holds 50,000 URLs, streamed, the second the rest', async () => {
    const index = await (await fetch(`${svc.baseUrl}/sitemap.xml`)).text();
    expect(index).to.include(`<loc>${svc.baseUrl}/trees/${treeId}/sitemap.xml</loc>`);
    expect(index).to.include(`<loc>${svc.baseUrl}/trees/${treeId}/sitemap.xml?page=2</loc>`);
    expect(index).not.to.include('page=3');
    global.gc?.();
    const before = process.memoryUsage().rss;
    const first = await read(`/trees/${treeId}/sitemap.xml`);
    expect(first.status).to.equal(200);
    expect(first.headers.get('content-length')).to.equal(null);
    expect(first.headers.get('transfer-encoding')).to.equal('chunked');
    expect(first.urls).to.equal(50_000);
    expect(first.last).to.include('</urlset>');
    expect(first.peak - before, 'RSS added while the file streamed').to.be.below(64 * 1024 * 1024);
    const second = await read(`/trees/${treeId}/sitemap.xml?page=2`);
    expect(second.status).to.equal(200);
    expect(second.urls).to.equal(FULL - 50_000);
    expect((await fetch(`${svc.baseUrl}/trees/${treeId}/sitemap.xml?page=3`)).status).to.equal(404);
  });
});
