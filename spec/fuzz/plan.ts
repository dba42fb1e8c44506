import type { Rng } from './prng.js';
import type { Api, Operation, Schema } from './openapi.js';
import type { Received, Sent } from './http.js';
import { generate, type Hints } from './generate.js';
import { fieldHints, kindOfParam, pickId } from './hints.js';
import { callers, type Account, type Caller, type World } from './world.js';
import { gedcomFile } from './gedcom.js';
import { archiveFile } from './archive.js';
import { multipartBody, type Part } from './multipart.js';
import { mutate, type Draft } from './mutate.js';
import { entityTags, originValue } from './headers.js';
import { assistantScript, recommenderScript, type ProviderScript } from './provider.js';

/** One request of a run and what it tries. */
export type Planned = {
  readonly operationId: string;
  readonly caller: Caller;
  /** The mutations applied, e.g. 'hostile-string:nul@body.name' ('valid' for none). */
  readonly mutation: string;
  readonly sent: Sent;
  /** The values the request was built from (path ids, JSON body), for the world's upkeep. */
  readonly draft: Draft;
  /** The fake provider's answers to this request (assistant, recommender), scripted just before it is sent. */
  readonly script?: ProviderScript;
  /** The shape of issue 23 this request sends ('values:header'), for the report (shapes.ts). */
  readonly shape?: string;
  /** Why the answer is wrong for what was sent, or null (shapes with an expected answer). */
  readonly check?: (r: Received) => string | null;
  /** Sees the answer (a shape keeps what it made for the requests after it). */
  readonly after?: (r: Received) => void;
};

// Mostly callers who get past authorisation, so that hostile input reaches the code behind it.
const CALLER_WEIGHTS: Readonly<Record<Caller, number>> = { owner: 5, editor: 3, viewer: 1, outsider: 1, anonymous: 1, unverified: 0.5 };

const pickCaller = (rng: Rng, op: Operation): Caller => {
  const weights = callers.map((c) => (c === 'anonymous' && !op.anonymous ? 0.3 : CALLER_WEIGHTS[c]));
  let x = rng.next() * weights.reduce((a, b) => a + b, 0);
  for (const [i, c] of callers.entries()) {
    x -= weights[i] as number;
    if (x < 0) return c;
  }
  return 'owner';
};

const fileFor = (rng: Rng, op: Operation): { part: Part; kind: string } => {
  if (op.path === '/users/me/import') {
    const a = archiveFile(rng);
    return { part: { name: 'file', filename: 'backup.zip', contentType: rng.pick(['application/zip', 'application/octet-stream']), data: a.bytes }, kind: a.kind };
  }
  if (op.path.includes('gedcom')) {
    const g = gedcomFile(rng);
    return { part: { name: 'file', filename: 'tree.ged', contentType: rng.pick(['application/octet-stream', 'text/plain', 'text/vnd.familysearch.gedcom']), data: g.bytes }, kind: g.kind };
  }
  const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
  const data = rng.pick([png, Buffer.alloc(0), Buffer.from('<svg onload="alert(1)"/>'), Buffer.from(Array.from({ length: rng.pick([10, 5000, 200_000]) }, () => rng.int(0, 255)))]);
  return { part: { name: 'file', filename: rng.pick(['a.png', 'b.jpg', 'c.txt', 'noext']), contentType: rng.pick(['image/png', 'image/jpeg', 'text/plain', 'application/octet-stream']), data }, kind: 'valid' };
};

/** Builds request `index` for `op`: valid-looking from the schemas, then made hostile (or not). */
export const planRequest = (rng: Rng, api: Api, w: World, op: Operation, cycle: number): Planned => {
  const caller = pickCaller(rng, op);
  const account: Account | null = caller === 'anonymous' ? null : w.accounts[caller];
  const pathIds: Record<string, string> = {};
  const withNames = [...w.namesOf.entries()].filter(([, names]) => names.length > 0);
  for (const p of op.parameters.filter((x) => x.in === 'path')) {
    // A name id belongs to its person: draw the pair together.
    if (op.path.includes('{name_id}') && withNames.length > 0 && (p.name === 'id' || p.name === 'name_id')) {
      if (p.name === 'id') {
        const [person, names] = rng.pick(withNames);
        pathIds['id'] = person;
        pathIds['name_id'] = rng.pick(names);
      }
      continue;
    }
    pathIds[p.name] = pickId(rng, w, kindOfParam(op.path, p.name)) ?? '00000000-0000-4000-8000-000000000000';
  }
  const hints: Hints = { forField: fieldHints(rng, w, op, account, pathIds), resolve: api.resolve };
  const query: Record<string, string> = {};
  for (const p of op.parameters.filter((x) => x.in === 'query')) {
    if (p.required || rng.chance(0.5)) query[p.name] = String(generate(rng, p.schema ?? { type: 'string' }, p.name, hints));
  }
  const multipart = op.body !== null && op.body.mediaType.startsWith('multipart/');
  let body: unknown;
  let parts: Part[] | null = null;
  let fileKind = 'valid';
  if (op.body !== null && multipart) {
    const shape = api.resolve(op.body.schema);
    const file = fileFor(rng, op);
    fileKind = file.kind;
    parts = [file.part];
    for (const [name, prop] of Object.entries(shape.properties ?? {})) {
      const s: Schema = api.resolve(prop);
      if (s.format === 'binary' || !rng.chance((shape.required ?? []).includes(name) ? 1 : 0.5)) continue;
      parts.push({ name, data: String(generate(rng, s, name, hints)) });
    }
  } else if (op.body !== null && (op.body.required || rng.chance(0.7))) {
    body = generate(rng, op.body.schema, '', hints);
  }
  const headers: Record<string, string> = { Accept: rng.pick(['application/json', '*/*', 'application/problem+json, application/json']) };
  // A browser's call: by cookie (from this service's origin mostly, a listed one, or elsewhere), or by
  // Bearer with an Origin now and then. Only an origin other than this service's is named in `browser`.
  const browser: string[] = [];
  if (account) {
    if (rng.chance(0.8)) headers['Authorization'] = `Bearer ${account.token}`;
    else headers['Cookie'] = `session=${account.token}`;
  }
  if (headers['Cookie'] !== undefined ? rng.chance(0.9) : rng.chance(0.1)) {
    const o = rng.chance(0.6) ? { kind: 'base', value: new URL(w.baseUrl).origin } : originValue(rng, w);
    if (o.value !== undefined) headers['Origin'] = o.value;
    if (o.kind !== 'base') browser.push(`origin:${o.kind}${headers['Cookie'] !== undefined ? ':cookie' : ''}`);
  }
  const draft: Draft = { op, pathIds, query, body, parts, headers, raw: null, contentType: null, account };
  // Preconditions (issue 30): If-Match on every change that documents 412, If-None-Match on reads of
  // one record (the media bytes answer 304), and either, now and then, where the service ignores them.
  const statuses = op.statuses ?? [];
  const oneRecord = op.method === 'GET' && op.path.endsWith('}');
  const precondition = statuses.includes(412) ? 'If-Match' : statuses.includes(304) || oneRecord ? 'If-None-Match' : rng.pick(['If-Match', 'If-None-Match']);
  if (rng.chance(statuses.includes(412) || statuses.includes(304) ? 0.5 : oneRecord ? 0.3 : 0.05)) {
    const t = entityTags(rng, w, draft);
    headers[precondition] = t.value;
    browser.push(`${precondition.toLowerCase()}:${t.kind}`);
  }
  const applied = [...browser, ...mutate(rng, draft, w, cycle)];
  // Whatever reaches the provider meets answers drawn from this request's seed.
  const script = w.aiProvider === null ? undefined : op.operationId === 'askAssistant' ? assistantScript(rng, w) : op.operationId === 'listRecommendations' ? recommenderScript(rng, w) : undefined;
  const mutation = [
    ...(fileKind === 'valid' ? [] : [`${op.path === '/users/me/import' ? 'archive' : 'gedcom'}:${fileKind}`]), ...applied, ...(script === undefined ? [] : [`provider:${script.kind}`]),
  ].join('+') || 'valid';
  return { operationId: op.operationId, caller, mutation, sent: encode(api, draft), draft, ...(script === undefined ? {} : { script }) };
};

/** Percent-encoding that never throws (encodeURIComponent does on a lone surrogate). */
const pct = (s: string): string => {
  let out = '';
  for (const byte of Buffer.from(s, 'utf8')) out += /[\w.~-]/.test(String.fromCharCode(byte)) ? String.fromCharCode(byte) : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  return out;
};

const encodePath = (path: string, ids: Readonly<Record<string, string>>): string =>
  path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const v = ids[name] ?? '';
    // A value that starts with '%' is sent as it is (a malformed escape on purpose).
    return v.startsWith('%') ? v : pct(v);
  });

const encodeQuery = (q: Readonly<Record<string, string | readonly string[]>>): string => {
  const pairs = Object.entries(q).flatMap(([k, v]) => (Array.isArray(v) ? v : [v as string]).map((x) => `${pct(k)}=${pct(x)}`));
  return pairs.length === 0 ? '' : `?${pairs.join('&')}`;
};

const encode = (api: Api, d: Draft): Sent => {
  const headers = { ...d.headers };
  let bytes: Buffer | undefined;
  if (d.raw !== null) bytes = d.raw;
  else if (d.parts !== null) {
    const m = multipartBody(d.parts);
    bytes = m.bytes;
    headers['Content-Type'] = `multipart/form-data; boundary=${m.boundary}`;
  } else if (d.body !== undefined) {
    bytes = Buffer.from(JSON.stringify(d.body));
    headers['Content-Type'] = 'application/json';
  }
  if (d.contentType !== null) headers['Content-Type'] = d.contentType;
  if (d.contentType === '') delete headers['Content-Type'];
  return { method: d.method ?? d.op.method, path: `${api.basePath}${encodePath(d.op.path, d.pathIds)}${d.rawQuery ?? encodeQuery(d.query)}`, headers, ...(bytes === undefined ? {} : { body: bytes }) };
};
