import { expect } from 'chai';
import { allRoutes } from '../../adapters/http/routes/index.js';
import { registerUser, startTestService, tokenFromMail, type TestService } from '../support/service.js';
import { rawCaller } from '../support/raw-call.js';

// Relationships of living people (issue 9, finding 2): a non-member sees an edge's notes and
// qualifier only when both its persons are fully visible; otherwise both are null, and the planted
// text never appears in the raw response. Every reader kind reads every route of the table that
// returns relationships, on a public and a site_members tree, with REQUIRE_EMAIL_VERIFICATION on so
// an unverified account is one of the readers (it reads nothing at all: issue 23, deliverable 4).

type Reader = 'anonymous' | 'unverified' | 'stranger' | 'viewer' | 'owner';
const readers: readonly Reader[] = ['anonymous', 'unverified', 'stranger', 'viewer', 'owner'];
type TreeKind = 'public' | 'site_members';

const LIVING = (year: number) => ({ birth: { date: { qualifier: 'exact' as const, year } } });
const DEAD = (born: number, died: number) => ({ birth: { date: { qualifier: 'exact' as const, year: born } }, death: { date: { qualifier: 'exact' as const, year: died } } });

/** The planted edges: [key, type, a, b, qualifier, both ends dead]. */
const EDGES = [
  ['LL', 'parent_child', 'L1', 'L2', 'adoptive', false],
  ['LD', 'parent_child', 'D1', 'L1', 'donor', false],
  ['DD', 'parent_child', 'D1', 'D2', 'foster', true],
  ['PLL', 'partnership', 'L1', 'L3', null, false],
  ['PLD', 'partnership', 'L2', 'D3', null, false],
  ['PDD', 'partnership', 'D2', 'D3', null, true],
] as const;
type EdgeKey = (typeof EDGES)[number][0];
const noteOf = (k: EdgeKey) => `RELNOTE-${k}-x`;
/** Text a non-member must never read: notes and qualifiers of redacted edges, their marriages and citations. */
const REDACTED_TEXT = ['RELNOTE-LL-x', 'RELNOTE-LD-x', 'RELNOTE-PLL-x', 'RELNOTE-PLD-x', 'adoptive', 'donor', 'WED-PLL', 'WED-PLD', 'CITE-LL', 'CITE-PLD', 'CITE-WED-PLD'];

type Planted = {
  readonly treeId: string;
  readonly persons: Readonly<Record<'L1' | 'L2' | 'L3' | 'D1' | 'D2' | 'D3', string>>;
  readonly edges: Readonly<Record<EdgeKey, string>>;
  readonly marriages: Readonly<Record<'PLL' | 'PLD' | 'PDD', string>>;
  readonly citations: Readonly<Record<'LL' | 'PLD' | 'DD' | 'WED-PLD', string>>;
};

describe('HTTP privacy of relationships of living people (every reader, every relationship route)', function () {
  this.timeout(120_000);
  let svc: TestService;
  const tokens = {} as Record<Reader, string | undefined>;
  const trees = {} as Record<TreeKind, Planted>;

  const call = rawCaller(() => svc.baseUrl);
  const post = async (path: string, body: unknown): Promise<any> => {
    const r = await call('POST', path, tokens.owner, body);
    if (r.status !== 201) throw new Error(`setup: POST ${path}: ${r.status} ${r.text}`);
    return r.body;
  };
  const verified = async (email: string) => {
    const u = await registerUser(svc, email);
    const r = await call('POST', '/auth/verify-email', undefined, { token: tokenFromMail(svc, email) });
    if (r.status !== 204) throw new Error(`setup: verify ${email}: ${r.status}`);
    return u;
  };

  const plant = async (visibility: TreeKind, viewerEmail: string): Promise<Planted> => {
    const treeId: string = (await post('/trees', { name: `Rel ${visibility}`, visibility })).id;
    expect((await call('POST', `/trees/${treeId}/members`, tokens.owner, { email: viewerEmail, role: 'viewer' })).status).to.equal(201);
    const person = async (given: string, life: object): Promise<string> => (await post(`/trees/${treeId}/persons`, { given_name: given, surname: 'Kin', ...life })).id;
    const persons = {
      L1: await person('Lia', LIVING(1960)), L2: await person('Leo', LIVING(1990)), L3: await person('Lou', LIVING(1962)),
      D1: await person('Dan', DEAD(1780, 1850)), D2: await person('Dot', DEAD(1805, 1870)), D3: await person('Del', DEAD(1806, 1880)),
    };
    const edges = {} as Record<EdgeKey, string>;
    for (const [key, type, a, b, qualifier] of EDGES) {
      edges[key] = (await post(`/trees/${treeId}/relationships`, { type, person_a_id: persons[a], person_b_id: persons[b], notes: noteOf(key), ...(qualifier === null ? {} : { qualifier }) })).id;
    }
    const marry = async (k: 'PLL' | 'PLD' | 'PDD'): Promise<string> =>
      (await post(`/trees/${treeId}/events`, { type: 'marriage', partnership_id: edges[k], notes: `WED-${k}`, date: { qualifier: 'exact', year: 1830 } })).id;
    const marriages = { PLL: await marry('PLL'), PLD: await marry('PLD'), PDD: await marry('PDD') };
    const sourceId: string = (await post(`/trees/${treeId}/sources`, { title: 'Family letters' })).id;
    const cite = async (page: string, target: Record<string, string>): Promise<string> => (await post(`/trees/${treeId}/citations`, { source_id: sourceId, page, ...target })).id;
    const citations = {
      LL: await cite('CITE-LL', { relationship_id: edges.LL }), PLD: await cite('CITE-PLD', { relationship_id: edges.PLD }),
      DD: await cite('CITE-DD', { relationship_id: edges.DD }), 'WED-PLD': await cite('CITE-WED-PLD', { event_id: marriages.PLD }),
    };
    return { treeId, persons, edges, marriages, citations };
  };

  before(async () => {
    svc = await startTestService({ env: { REQUIRE_EMAIL_VERIFICATION: 'true' } });
    tokens.owner = (await verified('rel-owner@example.org')).token;
    const viewer = await verified('rel-viewer@example.org');
    tokens.viewer = viewer.token;
    tokens.stranger = (await verified('rel-stranger@example.org')).token;
    tokens.unverified = (await registerUser(svc, 'rel-unverified@example.org')).token;
    tokens.anonymous = undefined;
    trees.public = await plant('public', viewer.email);
    trees.site_members = await plant('site_members', viewer.email);
  });
  after(async () => {
    await svc?.close();
  });

  /** The GET routes of the table that answer relationships: a new one joins these probes by itself. */
  const relationshipRoutes = allRoutes().filter((r) => r.method === 'get' && /RelationshipRead/.test(r.success.body?.name ?? ''));

  /** Concrete paths of a route for tree `p`: every person or edge its `{id}` can name. */
  const pathsOf = (template: string, p: Planted): string[] => {
    const fill = (ids: readonly string[]) => ids.map((id) => template.replace('{id}', id));
    if (/^(\/public)?\/trees\/\{id\}\//.test(template)) return fill([p.treeId]).flatMap((x) => [x, `${x}?limit=1000`]);
    if (/^(\/public)?\/persons\/\{id\}\//.test(template)) return fill(Object.values(p.persons));
    if (/^\/relationships\/\{id\}$/.test(template)) return fill(Object.values(p.edges));
    throw new Error(`no probe for ${template}: teach pathsOf how to fill it`);
  };

  /** What a reader is on a surface: members of the tree read everything on the members surface only. */
  const view = (reader: Reader, surface: 'members' | 'public', tree: TreeKind): 'member' | 'nonmember' | 'refused' => {
    if (surface === 'members') {
      if (reader === 'anonymous' || reader === 'unverified') return 'refused';
      return reader === 'stranger' ? 'nonmember' : 'member';
    }
    // The public surface: everyone reads as a non-member; anonymous cannot see a site_members tree at
    // all, and an unverified account is refused everywhere.
    if (reader === 'unverified' || (reader === 'anonymous' && tree === 'site_members')) return 'refused';
    return 'nonmember';
  };

  const rowsOf = (body: unknown): any[] => (Array.isArray(body) ? body : body === null ? [] : [body]);

  it('probes every relationship route of the table (and the table has them)', () => {
    expect(relationshipRoutes.map((r) => r.path).sort()).to.include.members(['/public/trees/{id}/relationships', '/trees/{id}/relationships', '/persons/{id}/relationships', '/relationships/{id}']);
  });

  for (const tree of ['public', 'site_members'] as const) {
    it(`each probe first gives the owner 200 with the planted notes (${tree} tree)`, async () => {
      for (const r of relationshipRoutes) {
        const surface = r.path.startsWith('/public') ? 'public' : 'members';
        const seen = new Set<string>();
        for (const path of pathsOf(r.path, trees[tree])) {
          const res = await call('GET', path, tokens.owner);
          expect(res.status, `owner GET ${path}`).to.equal(200);
          for (const row of rowsOf(res.body)) if (typeof row.notes === 'string') seen.add(row.notes);
        }
        // On the public surface even the owner reads as a non-member: the notes of dead-to-dead edges show.
        const expected = surface === 'members' ? EDGES.map(([k]) => noteOf(k)) : EDGES.filter((e) => e[5]).map(([k]) => noteOf(k));
        expect([...seen].sort(), `${r.operationId} (${tree})`).to.deep.equal(expected.sort());
      }
    });

    for (const reader of readers) {
      it(`${reader}: notes and qualifier of an edge only when both persons are fully visible (${tree} tree)`, async () => {
        const p = trees[tree];
        const problems: string[] = [];
        for (const r of relationshipRoutes) {
          const surface = r.path.startsWith('/public') ? 'public' : 'members';
          const as = view(reader, surface, tree);
          const shown = new Set<string>();
          for (const path of pathsOf(r.path, p)) {
            const res = await call('GET', path, tokens[reader]);
            const where = `${reader} GET ${path} (${r.operationId}, ${tree}) ${res.status}`;
            if (as !== 'member') for (const s of REDACTED_TEXT) if (res.text.includes(s)) problems.push(`${where}: raw text has ${s}`);
            if (as === 'refused') {
              if (res.status < 400 || res.status >= 500) problems.push(`${where}: expected a refusal`);
              continue;
            }
            if (res.status !== 200) {
              problems.push(`${where}: expected 200`);
              continue;
            }
            for (const row of rowsOf(res.body)) {
              const edge = EDGES.find(([k]) => p.edges[k] === row.id);
              if (edge === undefined) continue;
              shown.add(edge[0]);
              const full = as === 'member' || edge[5];
              const want = full ? { notes: noteOf(edge[0]), qualifier: edge[4] } : { notes: null, qualifier: null };
              if (row.notes !== want.notes || row.qualifier !== want.qualifier)
                problems.push(`${where}: edge ${edge[0]} has notes=${JSON.stringify(row.notes)} qualifier=${JSON.stringify(row.qualifier)}, wants ${JSON.stringify(want)}`);
            }
          }
          // No end is hidden: every edge is listed, so the checks above cannot pass on an empty answer.
          if (as !== 'refused' && shown.size !== EDGES.length) problems.push(`${reader} ${r.operationId} (${tree}): showed ${[...shown].join(',')}`);
        }
        expect(problems, problems.join('\n')).to.deep.equal([]);
      });
    }

    it(`marriages and citations of an edge with a living person stay with members (${tree} tree)`, async () => {
      const p = trees[tree];
      const paths = [
        `/trees/${p.treeId}/events?limit=1000`, `/public/trees/${p.treeId}/events?limit=1000`, `/trees/${p.treeId}/citations?limit=1000`,
        ...Object.values(p.persons).flatMap((id) => [`/persons/${id}/events`, `/public/persons/${id}/events`]),
        ...Object.values(p.marriages).map((id) => `/events/${id}`),
        ...Object.values(p.citations).map((id) => `/citations/${id}`),
      ];
      const problems: string[] = [];
      for (const path of paths) {
        const own = await call('GET', path, tokens.owner);
        expect(own.status, `owner GET ${path}`).to.equal(200);
        const text = own.text;
        const plantedHere = ['WED-PLL', 'WED-PLD', 'WED-PDD', 'CITE-LL', 'CITE-PLD', 'CITE-DD', 'CITE-WED-PLD'].filter((s) => text.includes(s));
        if (!path.startsWith('/public') && plantedHere.length === 0 && !path.startsWith('/persons/')) problems.push(`owner GET ${path}: planted text absent`);
        for (const reader of readers) {
          if (reader === 'viewer' || reader === 'owner') continue;
          const res = await call('GET', path, tokens[reader]);
          for (const s of REDACTED_TEXT) if (res.text.includes(s)) problems.push(`${reader} GET ${path} ${res.status}: raw text has ${s}`);
        }
      }
      const dead = await call('GET', `/events/${p.marriages.PDD}`, tokens.stranger);
      expect(dead.status, 'a marriage of two dead partners is shown').to.equal(200);
      expect(dead.body.notes).to.equal('WED-PDD');
      expect(problems, problems.join('\n')).to.deep.equal([]);
    });
  }
});
