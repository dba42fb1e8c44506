import http from 'node:http';
import { encodeCursor } from '../../adapters/http/pagination.js';
import type { GeneratedPerson } from './generate-tree.js';
import { withTypo } from './typos.js';

// The soak's request mix: reads as the tree's owner, as a signed-in non-member and anonymously on
// /public; typo searches by all three; writes by an editor (create a person with a birth, add a name,
// add an event, patch, delete). Each call is one HTTP request; `expected` says which statuses are
// right for it, so anything else (5xx, a refused connection, a 4xx that should not happen) is an error.
// Requests go out through `node:http` with a keep-alive agent (a third of fetch's CPU per request), and
// a body is decoded only when it is read: a write's answer, or an unexpected one.

/** What one request came back with; status 0: no response (connection error, timeout). */
export type Outcome = { readonly kind: string; readonly status: number; readonly expected: boolean; readonly detail?: string };
export type Call = { readonly kind: string; readonly run: () => Promise<Outcome> };

export type MixContext = {
  readonly api: string;
  readonly treeId: string;
  readonly persons: readonly GeneratedPerson[];
  readonly ownerToken: string;
  readonly editorToken: string;
  readonly strangerToken: string;
  readonly rng: () => number;
  /** Per request; a slower answer counts as a connection error. */
  readonly timeoutMs: number;
};

const PAGE = 50;
const SEARCH_LIMIT = 20;

export const requestMix = (ctx: MixContext): (() => Call) => {
  const { api, treeId, rng } = ctx;
  const randomPerson = () => ctx.persons[Math.floor(rng() * ctx.persons.length)]!;
  const cursor = () => encodeCursor(randomPerson().id);
  const query = () => encodeURIComponent(withTypo(rng, randomPerson()));

  const base = new URL(api);
  const agent = new http.Agent({ keepAlive: true, scheduling: 'lifo' });
  /** One HTTP exchange; the body is always read to the end (the socket goes back to the agent). */
  const exchange = (method: string, path: string, headers: Record<string, string>, body: string | undefined) =>
    new Promise<{ readonly status: number; readonly body: Buffer }>((resolve, reject) => {
      const req = http.request({ agent, hostname: base.hostname, port: base.port, method, path: `${base.pathname}${path}`, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
      });
      req.setTimeout(ctx.timeoutMs, () => req.destroy(Object.assign(new Error(`no answer in ${ctx.timeoutMs} ms`), { name: 'TimeoutError' })));
      req.on('error', reject);
      req.end(body);
    });

  /** One request, answered as an outcome; a write's answer is parsed. */
  const send = async (kind: string, ok: readonly number[], method: string, path: string, token: string | null, body?: unknown): Promise<Outcome & { json?: unknown }> => {
    const headers: Record<string, string> = {};
    if (token !== null) headers['authorization'] = `Bearer ${token}`;
    const payload = body === undefined ? undefined : JSON.stringify(body);
    if (payload !== undefined) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = String(Buffer.byteLength(payload));
    }
    try {
      const res = await exchange(method, path, headers, payload);
      const expected = ok.includes(res.status);
      const detail = expected ? undefined : `${method} ${path}: ${res.status} ${res.body.toString('utf8', 0, 200)}`;
      const json = expected && method !== 'GET' && res.body.length > 0 ? (JSON.parse(res.body.toString('utf8')) as unknown) : undefined;
      return { kind, status: res.status, expected, ...(detail === undefined ? {} : { detail }), ...(json === undefined ? {} : { json }) };
    } catch (e) {
      return { kind, status: 0, expected: false, detail: `${method} ${path}: ${e instanceof Error ? `${e.name}: ${e.message}` : String(e)}` };
    }
  };
  const get = (kind: string, ok: readonly number[], path: string, token: string | null) => send(kind, ok, 'GET', path, token);

  // Persons the soak created and may change; one that a write is busy with is out of the pool, so two
  // writes never race on one person (a patch of a person deleted meanwhile would answer 404).
  const pool: string[] = [];
  const takeFromPool = (): string | undefined => {
    if (pool.length === 0) return undefined;
    const i = Math.floor(rng() * pool.length);
    const id = pool[i]!;
    pool[i] = pool[pool.length - 1]!;
    pool.pop();
    return id;
  };
  let serial = 0;
  const create = async (): Promise<Outcome> => {
    const n = ++serial;
    const r = await send('write.create', [201], 'POST', `/trees/${treeId}/persons`, ctx.editorToken, {
      given_name: `Soak${n}`, surname: 'Loadtest', sex: n % 2 === 0 ? 'male' : 'female',
      birth: { date: { qualifier: 'exact', year: 1900 + (n % 100) }, place: 'Soak Town' },
    });
    const id = (r.json as { id?: string } | undefined)?.id;
    if (id !== undefined) pool.push(id);
    return r;
  };
  /** A write on a pooled person; with the pool empty, a create instead. */
  const onPooled = (kind: string, ok: readonly number[], request: (id: string) => Promise<Outcome>, keep = true) => async (): Promise<Outcome> => {
    const id = takeFromPool();
    if (id === undefined) return create();
    const r = await request(id);
    if (keep) pool.push(id);
    return { ...r, kind };
  };
  const addName = onPooled('write.name', [201], (id) =>
    send('', [201], 'POST', `/persons/${id}/names`, ctx.editorToken, { name_type: 'nickname', given_name: 'Soaky', surname: 'Loadtest' }));
  const addEvent = onPooled('write.event', [201], (id) =>
    send('', [201], 'POST', `/trees/${treeId}/events`, ctx.editorToken, { type: 'residence', person_id: id, date: { qualifier: 'about', year: 1950 }, place: 'Soak City' }));
  const patch = onPooled('write.patch', [200], (id) =>
    send('', [200], 'PATCH', `/persons/${id}`, ctx.editorToken, { notes: `Patched ${serial}`, is_living: false }));
  const remove = onPooled('write.delete', [200], (id) => send('', [200], 'DELETE', `/persons/${id}`, ctx.editorToken), false);

  // Withheld persons answer 404 to non-members (privacy), so 404 is a right answer there.
  const table: readonly (readonly [kind: string, weight: number, run: () => Promise<Outcome>])[] = [
    ['owner.person', 8, () => get('owner.person', [200], `/persons/${randomPerson().id}`, ctx.ownerToken)],
    ['owner.page', 8, () => get('owner.page', [200], `/trees/${treeId}/persons?limit=${PAGE}&cursor=${cursor()}`, ctx.ownerToken)],
    ['owner.events', 8, () => get('owner.events', [200], `/persons/${randomPerson().id}/events`, ctx.ownerToken)],
    ['nonmember.person', 6, () => get('nonmember.person', [200, 404], `/persons/${randomPerson().id}`, ctx.strangerToken)],
    ['nonmember.page', 6, () => get('nonmember.page', [200], `/trees/${treeId}/persons?limit=${PAGE}&cursor=${cursor()}`, ctx.strangerToken)],
    ['anonymous.person', 6, () => get('anonymous.person', [200, 404], `/public/persons/${randomPerson().id}`, null)],
    ['anonymous.page', 6, () => get('anonymous.page', [200], `/public/trees/${treeId}/persons?limit=${PAGE}&cursor=${cursor()}`, null)],
    ['anonymous.events', 4, () => get('anonymous.events', [200, 404], `/public/persons/${randomPerson().id}/events`, null)],
    ['search.owner', 7, () => get('search.owner', [200], `/trees/${treeId}/persons?q=${query()}&limit=${SEARCH_LIMIT}`, ctx.ownerToken)],
    ['search.nonmember', 5, () => get('search.nonmember', [200], `/trees/${treeId}/persons?q=${query()}&limit=${SEARCH_LIMIT}`, ctx.strangerToken)],
    ['search.anonymous', 5, () => get('search.anonymous', [200], `/public/trees/${treeId}/persons?q=${query()}&limit=${SEARCH_LIMIT}`, null)],
    ['write.create', 4, create],
    ['write.name', 2, addName],
    ['write.event', 2, addEvent],
    ['write.patch', 4, patch],
    ['write.delete', 3, remove],
  ];
  const total = table.reduce((sum, [, w]) => sum + w, 0);
  return () => {
    let x = rng() * total;
    const row = table.find(([, w]) => (x -= w) < 0) ?? table[table.length - 1]!;
    return { kind: row[0], run: row[2] };
  };
};

/** The kinds of the mix, grouped by caller: `owner.person` belongs to `owner`. */
export const groupOf = (kind: string): string => kind.split('.')[0]!;
