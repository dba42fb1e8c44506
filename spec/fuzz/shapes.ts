import type { Rng } from './prng.js';
import type { Api, Operation } from './openapi.js';
import type { Received, Sent } from './http.js';
import type { Draft } from './mutate.js';
import type { Planned } from './plan.js';
import type { Account, World } from './world.js';
import { multipartBody } from './multipart.js';
import { VALUE_BOMBS, valueBomb } from './archive.js';
import { LINK_BOMBS, linkBomb } from './gedcom.js';
import { ASSISTANT_REPLIES, RECOMMENDER_REPLIES, assistantScript, recommenderScript, type Allowed } from './provider.js';
import { deepDataBody, hostileRefOps, objectKeyRefs } from './proposals.js';
import { OBJECT_KEYS } from './hostile.js';

// The shapes of issue 23, two slots each in every round of the run, each turn the next kind of its
// list (so a run of a few rounds sends every kind): value-count bombs to the account import, link
// bombs to the GEDCOM import and preview, the assistant and the recommender with hostile provider
// answers, proposals whose refs are Object.prototype's names (created, read, applied). Each is sent
// as a caller who gets past authorisation with an otherwise valid request, so it has an expected
// answer (`check`) besides the run's own rule (no 5xx, within the bound).

export const SHAPES = ['values', 'links', 'assistant', 'recommender', 'proposal-create', 'proposal-read', 'proposal-apply'] as const;
export type Shape = (typeof SHAPES)[number];

const PROPOSAL_CREATES = ['object-key-refs', 'hostile-refs', 'object-key-refs', 'deep-data'] as const;
const PROPOSAL_APPLIES = ['as-stored', 'edited', 'as-stored', 'edited-deep'] as const;

const codeOf = (r: Received): string | undefined => {
  try {
    const code: unknown = JSON.parse(r.body.toString('utf8'))?.code;
    return typeof code === 'string' ? code : undefined;
  } catch {
    return undefined;
  }
};

/** A check: the answer is one of `allowed` (a status, with the problem codes it may carry). */
const answers = (allowed: Allowed) => (r: Received): string | null => {
  if (!(r.status in allowed)) return `answered ${r.status} ${codeOf(r) ?? ''}, expected ${Object.keys(allowed).join(' or ')}`.replace('  ', ' ');
  const codes = allowed[r.status];
  return codes === null || codes === undefined || codes.includes(codeOf(r) ?? '') ? null : `answered ${r.status} ${codeOf(r) ?? '(no code)'}, expected ${codes.join(' or ')}`;
};

const below500 = (r: Received): string | null => (r.status >= 500 ? `answered ${r.status}` : null);

const operation = (api: Api, operationId: string): Operation => {
  const op = api.operations.find((o) => o.operationId === operationId);
  if (op === undefined) throw new Error(`the document has no operation ${operationId}`);
  return op;
};

type Request = {
  readonly op: Operation;
  readonly caller: Exclude<keyof World['accounts'], never>;
  readonly pathIds?: Record<string, string>;
  readonly query?: string;
  readonly json?: unknown;
  /** A JSON body as text (one JSON.stringify could not write). */
  readonly jsonText?: string;
  readonly upload?: { readonly filename: string; readonly data: Buffer };
};

/** The request as the fuzzer sends it, and the draft upkeep reads. */
const build = (api: Api, w: World, q: Request): { sent: Sent; draft: Draft } => {
  const account: Account = w.accounts[q.caller];
  const headers: Record<string, string> = { Accept: 'application/json', Authorization: `Bearer ${account.token}` };
  let body: Buffer | undefined;
  if (q.upload !== undefined) {
    const m = multipartBody([{ name: 'file', filename: q.upload.filename, contentType: 'application/octet-stream', data: q.upload.data }]);
    body = m.bytes;
    headers['Content-Type'] = `multipart/form-data; boundary=${m.boundary}`;
  } else if (q.jsonText !== undefined || q.json !== undefined) {
    body = Buffer.from(q.jsonText ?? JSON.stringify(q.json));
    headers['Content-Type'] = 'application/json';
  }
  const pathIds = q.pathIds ?? {};
  const path = `${api.basePath}${q.op.path.replace(/\{(\w+)\}/g, (_, name: string) => pathIds[name] ?? '')}${q.query ?? ''}`;
  return {
    sent: { method: q.op.method, path, headers, ...(body === undefined ? {} : { body }) },
    draft: { op: q.op, pathIds, query: {}, body: q.json, parts: null, headers, raw: null, contentType: null, account },
  };
};

/** A member of the main tree, mostly its owner (the run may take the others out of it). */
const member = (rng: Rng): 'owner' | 'editor' | 'viewer' => rng.pick(['owner', 'owner', 'owner', 'editor', 'viewer'] as const);

/** The kind turn `turn` of a shape sends from `kinds`: the next one each turn, from a start the seed picks. */
const kindFor = <K>(kinds: readonly K[], turn: number, seed: number): K => kinds[(turn + seed) % kinds.length] as K;

/** The request of shape `shape` at its turn `turn` (two a round). */
export const shapeRequest = (rng: Rng, api: Api, w: World, shape: Shape, turn: number, seed: number): Planned => {
  const planned = (q: Request, kind: string, extra: Pick<Planned, 'check' | 'script' | 'after'>): Planned => {
    const { sent, draft } = build(api, w, q);
    // The run may have taken a member out of the tree (403); its owner stays.
    const check = extra.check === undefined ? undefined : (r: Received) => (r.status === 403 && q.caller !== 'owner' ? null : extra.check!(r));
    const named = kind.includes('(') ? kind.slice(0, kind.indexOf('(')) : kind;
    return { operationId: q.op.operationId, caller: q.caller, mutation: `${shape}:${kind}`, shape: `${shape}:${named}`, sent, draft, ...extra, ...(check === undefined ? {} : { check }) };
  };
  switch (shape) {
    case 'values': {
      const b = valueBomb(rng, kindFor(VALUE_BOMBS, turn, seed));
      return planned({ op: operation(api, 'importAccount'), caller: 'owner', upload: { filename: 'backup.zip', data: b.bytes } }, b.kind, {
        check: b.over ? answers({ 422: ['invalid_archive'] }) : below500,
      });
    }
    case 'links': {
      const b = linkBomb(rng, kindFor(LINK_BOMBS, turn, seed));
      const op = operation(api, rng.chance(0.5) ? 'importGedcom' : 'previewGedcom');
      return planned({ op, caller: 'owner', pathIds: { id: w.mainTree }, upload: { filename: b.kind.startsWith('gdz') ? 'tree.gdz' : 'tree.ged', data: b.bytes } }, b.kind, {
        check: b.over ? answers({ 422: ['gedcom_too_large'] }) : below500,
      });
    }
    case 'assistant': {
      const script = assistantScript(rng, w, kindFor(ASSISTANT_REPLIES, turn, seed));
      const content = rng.pick(['Who is Ada?', 'Propose a partner for Ada.', ...OBJECT_KEYS]);
      return planned({ op: operation(api, 'askAssistant'), caller: member(rng), pathIds: { id: w.mainTree }, json: { messages: [{ role: 'user', content }] } }, `provider:${script.kind}`, {
        script, check: answers(script.allowed),
      });
    }
    case 'recommender': {
      const script = recommenderScript(rng, w, kindFor(RECOMMENDER_REPLIES, turn, seed));
      const person = w.mainPersons.length > 0 ? rng.pick(w.mainPersons) : '00000000-0000-4000-8000-000000000000';
      // 404: the run deleted that person; else the service's own ranking stands, whatever the provider answered.
      return planned({ op: operation(api, 'listRecommendations'), caller: member(rng), pathIds: { id: w.mainTree }, query: `?person_id=${person}` }, `provider:${script.kind}`, {
        script, check: answers({ 200: null, 404: null }),
      });
    }
    case 'proposal-create': {
      const kind = kindFor(PROPOSAL_CREATES, turn, seed);
      const op = operation(api, 'createProposal');
      const tree = w.mainTree;
      const keep = (k: string) => (r: Received) => {
        if (r.status !== 201) return;
        const id: unknown = JSON.parse(r.body.toString('utf8'))?.id;
        if (typeof id === 'string') w.hostileProposals.push({ tree, id, kind: k, applied: false });
      };
      if (kind === 'deep-data') {
        const d = deepDataBody(rng);
        // 400: the body holds more values than a JSON body may (deep objects spend two a level); 422: the codec's depth bound.
        return planned({ op, caller: member(rng), pathIds: { id: tree }, jsonText: d.text }, d.kind, { check: answers({ 400: ['malformed_request'], 422: ['invalid_input'] }) });
      }
      if (kind === 'hostile-refs') {
        const h = hostileRefOps(rng);
        return planned({ op, caller: member(rng), pathIds: { id: tree }, json: { summary: h.kind, operations: h.ops } }, `hostile-refs(${h.kind})`, {
          check: answers(h.kind === 'data-keys' ? { 201: null, 400: ['malformed_request'], 422: ['invalid_input', 'invalid_operations'] } : { 201: null, 422: ['invalid_input', 'invalid_operations'] }), after: keep(`hostile-refs(${h.kind})`),
        });
      }
      return planned({ op, caller: member(rng), pathIds: { id: tree }, json: { summary: 'refs named like Object.prototype', operations: objectKeyRefs(rng) } }, kind, {
        check: answers({ 201: null }), after: keep(kind),
      });
    }
    case 'proposal-read': {
      const p = w.hostileProposals.at(-1 - rng.int(0, Math.min(2, Math.max(0, w.hostileProposals.length - 1))));
      if (p === undefined) return shapeRequest(rng, api, w, 'proposal-create', turn, seed);
      // 404: the run deleted it (or its tree).
      return planned({ op: operation(api, 'getProposal'), caller: member(rng), pathIds: { id: p.tree, pid: p.id } }, p.kind, { check: answers({ 200: null, 404: null }) });
    }
    case 'proposal-apply': {
      const p = [...w.hostileProposals].reverse().find((x) => !x.applied);
      if (p === undefined) return shapeRequest(rng, api, w, 'proposal-create', turn, seed);
      const kind = kindFor(PROPOSAL_APPLIES, turn, seed);
      const op = operation(api, 'applyProposal');
      const caller = rng.pick(['owner', 'editor'] as const);
      const pathIds = { id: p.tree, pid: p.id };
      if (kind === 'edited-deep') {
        const d = deepDataBody(rng);
        return planned({ op, caller, pathIds, jsonText: d.text }, `edited:${d.kind}`, { check: answers({ 400: ['malformed_request'], 422: ['invalid_input'], 404: null, 409: null }) });
      }
      p.applied = true;
      const edited = kind === 'edited';
      // Refs named like Object.prototype's members, self-contained: applied whole. 404/409: the run deleted or decided it.
      const whole = edited || p.kind === 'object-key-refs';
      const check = (r: Received): string | null => {
        const wrong = answers({ 200: null, 404: null, 409: null })(r);
        if (wrong !== null || r.status !== 200 || !whole) return wrong;
        const got = JSON.parse(r.body.toString('utf8')) as { status?: string; apply_error?: unknown };
        return got.status === 'applied' ? null : `applied to ${got.status}: ${JSON.stringify(got.apply_error).slice(0, 200)}`;
      };
      return planned({ op, caller, pathIds, json: edited ? { operations: objectKeyRefs(rng) } : {} }, `${kind}:${p.kind}`, { check });
    }
  }
};
