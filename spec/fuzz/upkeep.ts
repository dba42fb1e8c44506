import { gunzipSync } from 'node:zlib';
import type { Received } from './http.js';
import type { Planned } from './plan.js';
import { relogin, remember, requestReset, seedTrees, setAiPolicy, type World } from './world.js';

const parse = (b: Buffer | undefined, encoding?: string): any => {
  try {
    return b === undefined ? null : JSON.parse((encoding === 'gzip' ? gunzipSync(b) : b).toString('utf8'));
  } catch {
    return null;
  }
};

/**
 * Keeps the world usable after a request that succeeded: new ids join the pools, a revoked session
 * or a changed password is followed, and a deleted main tree is replaced.
 */
/** The ETags the world keeps (the newest per path, at most this many paths). */
const KEPT_ETAGS = 500;

export const upkeep = async (w: World, p: Planned, r: Received): Promise<void> => {
  // The version of what the path answers, for the If-Match and If-None-Match of later requests.
  const etag = r.headers['etag'];
  if (typeof etag === 'string') {
    const path = p.sent.path.split('?')[0]!;
    w.etags.delete(path);
    w.etags.set(path, etag);
    if (w.etags.size > KEPT_ETAGS) w.etags.delete(w.etags.keys().next().value!);
  }
  // A preflight (OPTIONS instead of the operation's method) changed nothing.
  if (p.sent.method !== p.draft.op.method) return;
  // A session lost some way this upkeep did not follow: sign in again.
  const valid = p.mutation.split('+').every((m) => m === 'valid' || m.startsWith('provider:'));
  if (r.status === 401 && valid && p.draft.account) await relogin(w, p.draft.account);
  if (r.status < 200 || r.status > 299) return;
  const cursor = r.headers['x-next-cursor'];
  if (typeof cursor === 'string' && cursor !== '') {
    w.cursors.push(cursor);
    if (w.cursors.length > 50) w.cursors.shift();
  }
  const { op, pathIds, account } = p.draft;
  const json = r.headers['content-type']?.toString().includes('json') ? parse(r.body) : null;
  if (op.method === 'POST' && json !== null && op.successSchema !== null) {
    if (typeof json.id === 'string') {
      const kind = op.successSchema.replace(/Read$/, '').replace(/^./, (c) => c.toLowerCase());
      remember(w, kind, json.id);
      if (kind === 'name') {
        const person = typeof json.person_id === 'string' ? json.person_id : pathIds['id'] ?? '';
        w.namesOf.set(person, [...(w.namesOf.get(person) ?? []), json.id]);
      }
      if (kind === 'tree' && typeof json.name === 'string') w.treeNames.set(json.id, json.name);
    } else if (typeof json.user?.id === 'string') remember(w, 'user', json.user.id);
  }
  const sentBody = parse(p.sent.body, p.sent.headers['Content-Encoding']);
  if (op.path.endsWith('/logout') && account) await relogin(w, account);
  if (op.path.endsWith('/change-password') && account && typeof sentBody?.new_password === 'string') account.password = sentBody.new_password;
  if (op.path.endsWith('/password-reset/confirm')) {
    const target = w.spare[2];
    if (target && typeof sentBody?.new_password === 'string') target.password = sentBody.new_password;
    if (target) await requestReset(w, target);
  }
  // The main tree keeps naming the fuzzer's provider, so that the assistant and the recommender call it.
  if (op.operationId === 'updateAiPolicy' && pathIds['id'] === w.mainTree) await setAiPolicy(w, w.mainTree);
  const treeGone = (op.method === 'DELETE' && op.path === '/trees/{id}') || op.path.endsWith('/purge');
  if (treeGone) {
    // The proposals the shapes made in it are gone with it: the reads and applies name live ones.
    const kept = w.hostileProposals.filter((x) => x.tree !== pathIds['id']);
    w.hostileProposals.splice(0, w.hostileProposals.length, ...kept);
  }
  if (treeGone && pathIds['id'] === w.mainTree) await seedTrees(w);
};
