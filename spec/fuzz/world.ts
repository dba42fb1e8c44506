import type { Agent } from 'node:http';
import { send, type Received } from './http.js';
import { multipartBody } from './multipart.js';

// The seeded world every request draws its ids from: accounts of each caller kind, trees of each
// visibility with persons, names, events, relationships, sources, citations and media in them.

export const callers = ['anonymous', 'outsider', 'viewer', 'editor', 'owner', 'unverified'] as const;
export type Caller = (typeof callers)[number];
export type Account = { readonly id: string; readonly email: string; password: string; token: string };
export type Mail = { readonly to: string; readonly link: string };

export type World = {
  readonly baseUrl: string;
  readonly basePath: string;
  readonly agent: Agent;
  readonly accounts: Readonly<Record<Exclude<Caller, 'anonymous'>, Account>>;
  /** Accounts no caller uses: members to add, the target of password resets and verification. */
  readonly spare: readonly Account[];
  /** Ids by kind ('tree', 'person', 'event', ...), oldest first: the seed's and those the run created. */
  readonly ids: Map<string, string[]>;
  /** Tree id -> name (purge asks for it). */
  readonly treeNames: Map<string, string>;
  /** Person id -> its name ids. */
  readonly namesOf: Map<string, string[]>;
  /** Cursors the service handed out (X-Next-Cursor). */
  readonly cursors: string[];
  mainTree: string;
  readonly mailbox: (() => readonly Mail[]) | null;
  /** Setup requests sent (not counted as fuzz requests). */
  setupRequests: number;
  /** The provider every seeded main tree names for its assistant and recommender (AI_PROVIDERS), or null. */
  readonly aiProvider: string | null;
  /** The persons seeded in the current main tree (a recommender's person_id). */
  mainPersons: string[];
  /** Proposals the shapes made with hostile refs, newest last (the reads and applies that follow name them). */
  readonly hostileProposals: HostileProposal[];
  /** The service's CORS_ORIGINS: the only origins an answer may name in Access-Control-Allow-Origin. */
  readonly corsOrigins: readonly string[];
  /** The newest ETag the service sent for a path (a read, a change, a 412), for If-Match and If-None-Match. */
  readonly etags: Map<string, string>;
};

export type HostileProposal = { readonly tree: string; readonly id: string; readonly kind: string; applied: boolean };

export const remember = (w: World, kind: string, id: string): void => {
  const list = w.ids.get(kind) ?? [];
  if (!list.includes(id)) list.push(id);
  w.ids.set(kind, list);
};

export const api = async (w: World, who: Account | null, method: string, path: string, body?: unknown, multipart?: { boundary: string; bytes: Buffer }): Promise<Received & { json: any }> => {
  w.setupRequests++;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (who) headers['Authorization'] = `Bearer ${who.token}`;
  if (multipart) headers['Content-Type'] = `multipart/form-data; boundary=${multipart.boundary}`;
  else if (body !== undefined) headers['Content-Type'] = 'application/json';
  const r = await send(w.baseUrl, { method, path: w.basePath + path, headers, body: multipart ? multipart.bytes : body === undefined ? undefined : Buffer.from(JSON.stringify(body)) }, w.agent, 30_000);
  let json: any = null;
  try {
    json = JSON.parse(r.body.toString('utf8'));
  } catch {
    json = null;
  }
  return { ...r, json };
};

const must = async (p: Promise<Received & { json: any }>, what: string): Promise<any> => {
  const r = await p;
  if (r.status < 200 || r.status > 299) throw new Error(`fuzz seed: ${what} answered ${r.status} ${r.body.toString('utf8').slice(0, 300)}`);
  return r.json;
};

const tokenIn = (mails: readonly Mail[], to: string): string | null => {
  const mail = [...mails].reverse().find((m) => m.to === to);
  return mail ? new URL(mail.link).searchParams.get('token') : null;
};

/** A token the service mailed to `to` (verification or reset), when the host lets us read mails. */
export const mailedToken = (w: World, to: string): string | null => (w.mailbox ? tokenIn(w.mailbox(), to) : null);

const register = async (w: World, email: string, verify: boolean): Promise<Account> => {
  const password = `pw-${email}-secret`;
  const r = await must(api(w, null, 'POST', '/auth/register', { email, password }), `register ${email}`);
  const token = verify ? mailedToken(w, email) : null;
  if (token !== null) await api(w, null, 'POST', '/auth/verify-email', { token });
  remember(w, 'user', r.user.id);
  return { id: r.user.id, email, password, token: r.token };
};

export const createWorld = async (
  baseUrl: string, basePath: string, agent: Agent, mailbox: (() => readonly Mail[]) | null, tag: string, aiProvider: string | null = null, corsOrigins: readonly string[] = [],
): Promise<World> => {
  const w = {
    baseUrl, basePath, agent, ids: new Map(), treeNames: new Map(), namesOf: new Map(), cursors: [], mainTree: '', mailbox, setupRequests: 0,
    aiProvider, mainPersons: [], hostileProposals: [], corsOrigins, etags: new Map(),
  } as unknown as World & { accounts: World['accounts']; spare: Account[] };
  const email = (who: string) => `${who}.${tag}@example.com`;
  const accounts: Record<string, Account> = {};
  for (const who of ['owner', 'editor', 'viewer', 'outsider']) accounts[who] = await register(w, email(who), true);
  accounts['unverified'] = await register(w, email('unverified'), false);
  (w as { accounts: World['accounts'] }).accounts = accounts as World['accounts'];
  (w as { spare: Account[] }).spare = [];
  for (const who of ['spare1', 'spare2', 'resetme', 'verifyme']) (w.spare as Account[]).push(await register(w, email(who), who !== 'verifyme'));
  await api(w, null, 'POST', '/auth/password-reset', { email: email('resetme') });
  await seedTrees(w);
  return w;
};

/** Logs `who` in again (after a logout or a password reset revoked its session). */
export const relogin = async (w: World, who: Account): Promise<void> => {
  const r = await api(w, null, 'POST', '/auth/login', { email: who.email, password: who.password });
  if (r.status === 200) who.token = r.json.token;
};

const person = (given: string, living: boolean | null, privacy: string) => ({
  given_name: given, surname: 'Fuzz', is_living: living, privacy, sex: 'female', notes: `notes of ${given}`,
  birth: { date: { qualifier: 'exact', year: living ? 1990 : 1850, month: 3, day: 4 }, place: 'Oslo' },
});

/** A fresh set of trees (public main tree with members, a private and a site_members tree), all as the owner. */
export const seedTrees = async (w: World): Promise<void> => {
  const { owner, editor, viewer } = w.accounts;
  const mk = async (visibility: string) => {
    const name = `Fuzz ${visibility} ${w.ids.get('tree')?.length ?? 0}`;
    const t = await must(api(w, owner, 'POST', '/trees', { name, visibility, description: 'seeded' }), 'create tree');
    remember(w, 'tree', t.id);
    w.treeNames.set(t.id, name);
    return t.id as string;
  };
  const main = await mk('public');
  w.mainTree = main;
  await must(api(w, owner, 'POST', `/trees/${main}/members`, { email: editor.email, role: 'editor' }), 'add editor');
  await must(api(w, owner, 'POST', `/trees/${main}/members`, { email: viewer.email, role: 'viewer' }), 'add viewer');
  const persons: string[] = [];
  for (const [given, living, privacy] of [['Ada', true, 'default'], ['Bo', true, 'default'], ['Cy', false, 'default'], ['Di', null, 'public'], ['Ed', true, 'private'], ['Fay', false, 'private']] as const) {
    const p = await must(api(w, owner, 'POST', `/trees/${main}/persons`, person(given, living, privacy)), 'create person');
    persons.push(p.id);
    remember(w, 'person', p.id);
    const n = await must(api(w, owner, 'POST', `/persons/${p.id}/names`, { given_name: `${given}a`, surname: 'Alias', name_type: 'alias' }), 'create name');
    w.namesOf.set(p.id, [n.id]);
    remember(w, 'name', n.id);
  }
  w.mainPersons = persons;
  await setAiPolicy(w, main);
  const [a, b, c, d] = persons as [string, string, string, string];
  for (const rel of [
    { type: 'parent_child', person_a_id: a, person_b_id: b, qualifier: 'adoptive', notes: 'private notes of two living people' },
    { type: 'partnership', person_a_id: a, person_b_id: c, notes: 'married' },
    { type: 'parent_child', person_a_id: c, person_b_id: d, qualifier: 'biological' },
  ]) remember(w, 'relationship', (await must(api(w, owner, 'POST', `/trees/${main}/relationships`, rel), 'create relationship')).id);
  const partnership = w.ids.get('relationship')?.at(-2) ?? null;
  for (const ev of [{ type: 'birth', person_id: a, place: 'Bergen', date: { qualifier: 'about', year: 1991 } }, { type: 'marriage', partnership_id: partnership, date: { qualifier: 'between', year: 1900, end_year: 1901 } }, { type: 'death', person_id: c, notes: 'n' }])
    remember(w, 'event', (await must(api(w, owner, 'POST', `/trees/${main}/events`, ev), 'create event')).id);
  const source = (await must(api(w, owner, 'POST', `/trees/${main}/sources`, { title: 'Register', author: 'Clerk' }), 'create source')).id;
  remember(w, 'source', source);
  remember(w, 'citation', (await must(api(w, owner, 'POST', `/trees/${main}/citations`, { source_id: source, person_id: a, page: 'p. 1', confidence: 2 }), 'create citation')).id);
  const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
  const upload = multipartBody([{ name: 'file', filename: 'a.png', contentType: 'image/png', data: Buffer.concat([png, Buffer.alloc(3000, 7)]) }, { name: 'title', data: 'seed image' }, { name: 'person_id', data: a }]);
  remember(w, 'media', (await must(api(w, owner, 'POST', `/trees/${main}/media`, undefined, upload), 'upload media')).id);
  for (const visibility of ['private', 'site_members', 'unlisted']) {
    const t = await mk(visibility);
    remember(w, 'person', (await must(api(w, owner, 'POST', `/trees/${t}/persons`, person('Gus', true, 'default')), 'create person')).id);
  }
};

/** Points the tree's assistant and recommender at the fuzzer's provider (when the service has one). */
export const setAiPolicy = async (w: World, tree: string): Promise<void> => {
  if (w.aiProvider === null) return;
  await must(api(w, w.accounts.owner, 'PATCH', `/trees/${tree}/ai`, { ai_member_provider: w.aiProvider, ai_recommender_provider: w.aiProvider }), 'set the AI policy');
};

/** Asks for a new reset mail to `who` (a confirmed reset spends the token the fuzzer draws on). */
export const requestReset = async (w: World, who: Account): Promise<void> => {
  await api(w, null, 'POST', '/auth/password-reset', { email: who.email });
};
