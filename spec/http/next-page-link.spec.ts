import { expect } from 'chai';
import { listAddress, nextPageHeaders } from '../../adapters/http/pagination.js';

// Issue 27: a search's next-page Link is written from the list's address and its query pairs
// (ListAddress), not by URL's searchParams.set, which wrote and parsed the whole address at every
// request. The two must give the same headers, byte for byte, whatever the query and the base.

describe('the next page Link from a list address', () => {
  // As config.ts gives BASE_URL: without trailing slashes.
  const bases = ['http://127.0.0.1:8080', 'http://localhost:8080', 'HTTP://Example.ORG:80', 'https://x.org/genealogy', 'https://x.org/gene%61logy', 'https://[::1]:8443'];
  const queries = ['Smith', "O'Brein Smyht", 'Jöns & co+x', 'a b/c?d#e%20', '名前 テスト', '', '  spaced  ', 'limit=5&cursor=x', '\u00e9\u0301'];
  const id = '019b76da-a800-700c-b1af-e3e28d839be1';

  it('is the Link and cursor a URL with q, limit and cursor set gives, for every base and query', () => {
    let compared = 0;
    for (const base of bases)
      for (const q of queries) {
        const url = new URL(`${base}/api/v1/trees/${id}/persons`);
        url.searchParams.set('q', q);
        const viaUrl = nextPageHeaders('019b76da-a800-7791-bd7f-6f645bb17f13', 20, url);
        const viaAddress = nextPageHeaders('019b76da-a800-7791-bd7f-6f645bb17f13', 20, listAddress(base, `/api/v1/trees/${id}/persons`, [['q', q]]));
        expect(viaAddress, `${base} ${JSON.stringify(q)}`).to.deep.equal(viaUrl);
        compared += 1;
      }
    expect(compared).to.equal(bases.length * queries.length);
  });

  it('keeps the query pairs in their order, then limit and cursor; none after the last page', () => {
    const address = listAddress('http://x.org', '/api/v1/trees/t/persons', [['q', ''], ['deleted', 'true']]);
    const headers = nextPageHeaders('p1', 5, address);
    expect(headers['Link']).to.equal(`<http://x.org/api/v1/trees/t/persons?q=&deleted=true&limit=5&cursor=${Buffer.from('p1').toString('base64url')}>; rel="next"`);
    expect(headers['X-Next-Cursor']).to.equal(Buffer.from('p1').toString('base64url'));
    expect(nextPageHeaders(null, 5, address)).to.deep.equal({});
    expect(nextPageHeaders('p1', undefined, address)).to.deep.equal({});
  });
});
