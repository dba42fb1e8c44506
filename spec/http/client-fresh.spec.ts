import { readFile } from 'node:fs/promises';
import { expect } from 'chai';
import { currentClientSource, SCHEMA_FILE } from '../../adapters/http/openapi/generate-client.js';
import { createApiClient } from '../../client/index.js';

describe('generated client', () => {
  it('client/schema.d.ts matches the current routes', async function () {
    this.timeout(60_000);
    const committed = await readFile(SCHEMA_FILE, 'utf8').catch(() => '');
    const fresh = await currentClientSource();
    if (committed !== fresh) {
      expect.fail('client/schema.d.ts is stale: run npm run client:generate');
    }
  });

  describe('createApiClient', () => {
    type Loose = { GET: (path: string, init?: object) => Promise<{ response: Response }> };

    const capture = (opts: Parameters<typeof createApiClient>[1]) => {
      const seen: Request[] = [];
      const client = createApiClient('http://api.test:8080/', {
        ...opts,
        fetch: async (request: Request) => {
          seen.push(request);
          return new Response('[]', { status: 200, headers: { 'content-type': 'application/json' } });
        },
      }) as unknown as Loose;
      return { client, seen };
    };

    it('sends requests under /api/v1 with the bearer token', async () => {
      const { client, seen } = capture({ token: 'tok123' });
      await client.GET('/trees');
      expect(seen).to.have.length(1);
      expect(seen[0]?.url).to.equal('http://api.test:8080/api/v1/trees');
      expect(seen[0]?.headers.get('authorization')).to.equal('Bearer tok123');
      expect(seen[0]?.headers.get('cookie')).to.equal(null);
    });

    it('sends the cookie and origin when given, and no authorization', async () => {
      const { client, seen } = capture({ cookie: 'session=abc', origin: 'http://api.test:8080' });
      await client.GET('/trees');
      expect(seen[0]?.headers.get('cookie')).to.equal('session=abc');
      expect(seen[0]?.headers.get('origin')).to.equal('http://api.test:8080');
      expect(seen[0]?.headers.get('authorization')).to.equal(null);
    });
  });
});
