import { gzipSync } from 'node:zlib';
import type { Rng } from './prng.js';
import type { Operation } from './openapi.js';
import type { Part } from './multipart.js';
import type { Account, World } from './world.js';
import { brokenJson, fieldAttack, hostileString, randomText, wrongType } from './hostile.js';
import { brokenMultipart } from './multipart.js';
import { randomUuid } from './generate.js';
import { hostileHeader } from './headers.js';

/** A request before it is encoded; mutations edit it in place. */
export type Draft = {
  readonly op: Operation;
  pathIds: Record<string, string>;
  query: Record<string, string | string[]>;
  body: unknown;
  parts: Part[] | null;
  headers: Record<string, string>;
  /** Bytes sent instead of the encoded body. */
  raw: Buffer | null;
  /** Content-Type sent instead of the natural one ('' for none). */
  contentType: string | null;
  /** Query string sent instead of the encoded `query`. */
  rawQuery?: string;
  /** Method sent instead of the operation's (OPTIONS: a browser's preflight of the call). */
  method?: string;
  readonly account: Account | null;
};

let bomb: Buffer | undefined;
/** 64 MiB of spaces in about 64 KiB of gzip, made once. */
const gzipBomb = (): Buffer => (bomb ??= gzipSync(Buffer.alloc(64 * 1024 * 1024, ' '), { level: 9 }));

type Leaf = { readonly path: string[]; readonly value: unknown };

const leaves = (v: unknown, path: string[] = [], out: Leaf[] = []): Leaf[] => {
  if (v !== null && typeof v === 'object' && !Array.isArray(v)) {
    for (const [k, x] of Object.entries(v)) leaves(x, [...path, k], out);
  } else if (path.length > 0) out.push({ path, value: v });
  return out;
};

const setAt = (root: unknown, path: readonly string[], value: unknown): void => {
  let o = root as Record<string, unknown>;
  for (const k of path.slice(0, -1)) o = o[k] as Record<string, unknown>;
  o[path[path.length - 1] as string] = value;
};

const deleteAt = (root: unknown, path: readonly string[]): void => {
  let o = root as Record<string, unknown>;
  for (const k of path.slice(0, -1)) o = o[k] as Record<string, unknown>;
  delete o[path[path.length - 1] as string];
};

const isJsonOp = (d: Draft) => d.op.body !== null && !d.op.body.mediaType.startsWith('multipart/');
const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Targets for a string attack: body leaves, multipart text fields, query parameters (paths: bad-id). */
const stringTargets = (d: Draft): string[] => [
  ...(isObject(d.body) ? leaves(d.body).map((l) => `body.${l.path.join('.')}`) : []),
  ...(d.parts ?? []).filter((p) => p.filename === undefined).map((p) => `part.${p.name}`),
  ...Object.keys(d.query).map((k) => `query.${k}`),
];

const setTarget = (d: Draft, target: string, value: string): void => {
  const [where, ...rest] = target.split('.');
  if (where === 'body') setAt(d.body, rest, value);
  else if (where === 'part') d.parts = (d.parts ?? []).map((p) => (p.name === rest.join('.') ? { ...p, data: value } : p));
  // A URL past Node's 16 KiB header limit only meets 431: keep query values shorter.
  else if (where === 'query') d.query[rest.join('.')] = value.slice(0, 4000);
  else d.pathIds[rest.join('.')] = value;
};

const badId = (rng: Rng, w: World): { kind: string; value: string } =>
  rng.pick<() => { kind: string; value: string }>([
    () => ({ kind: 'unknown-uuid', value: randomUuid(rng) }),
    () => ({ kind: 'other-kind', value: rng.pick([...w.ids.values()].flat()) }),
    () => ({ kind: 'not-uuid', value: rng.pick(['1', 'abc', 'null', '0', '-1', 'undefined', '..', '.', ' ', 'ffffffff-ffff-ffff-ffff-fffffffffffff']) }),
    () => ({ kind: 'nil-uuid', value: rng.pick(['00000000-0000-0000-0000-000000000000', 'ffffffff-ffff-ffff-ffff-ffffffffffff']) }),
    () => ({ kind: 'upper-uuid', value: randomUuid(rng).toUpperCase() }),
    () => ({ kind: 'braced-uuid', value: `{${randomUuid(rng)}}` }),
    () => ({ kind: 'nul', value: `${randomUuid(rng)}\u0000` }),
    () => ({ kind: 'bad-escape', value: rng.pick(['%', '%E0%A4%A', '%ZZ', '%00', '%C0%AF', '%2e%2e%2f']) }),
    () => ({ kind: 'long', value: randomText(rng, rng.pick([500, 6000])) }),
  ])();

const badQuery = (rng: Rng, d: Draft): string => {
  const keys = d.op.parameters.filter((p) => p.in === 'query').map((p) => p.name);
  const key = keys.length > 0 ? rng.pick(keys) : 'x';
  const kinds: (() => string)[] = [
    () => { d.query[key] = rng.pick(['-1', '0', '1001', 'abc', '1e3', '99999999999999999999', '', ' 5', '5 ', '0x10', 'NaN', 'true', '[]', '{}']); return `value@${key}`; },
    () => { d.query[key] = [String(rng.int(1, 5)), String(rng.int(1, 5))]; return `repeated@${key}`; },
    () => { d.query['cursor'] = rng.pick([randomText(rng, 40), Buffer.from(JSON.stringify({ id: 'x', t: -1 })).toString('base64url'), Buffer.from('\u0000\u0000').toString('base64'), randomText(rng, 5000), '====', 'a.b.c']); return 'cursor'; },
    () => { d.query['ids'] = rng.pick([Array.from({ length: rng.pick([1001, 5000]) }, () => randomUuid(rng)).join(','), ',,,,', 'x,y', `${randomUuid(rng)},${randomUuid(rng)}\u0000`]); return 'ids'; },
    () => { d.rawQuery = rng.pick(['?', '?&&&', '?=x', '?limit', '?%', '?q=%E0%A4%A', '?q=%00', '?limit=%00', `?${Array.from({ length: 1000 }, (_, i) => `p${i}=1`).join('&')}`, '?__proto__[x]=1', '?constructor=1&toString=2', '?q[]=a&q[]=b', '?limit[a]=1']); return 'raw'; },
  ];
  return `bad-query:${rng.pick(kinds)()}`;
};

/** Applies one or two mutations (or none: a valid request); returns their names. */
export const mutate = (rng: Rng, d: Draft, w: World, cycle: number): string[] => {
  const multipart = d.parts !== null;
  // On an upload the JSON mutations would only hide the file from the parser: fewer of them.
  const json = multipart ? 0 : 1;
  const menu: [number, () => string | null][] = [
    [3, () => null],
    [multipart ? 2 : 5, () => {
      // Path parameters have their own mutation (bad-id): a 100,000-character path only meets 431.
      const targets = stringTargets(d);
      if (targets.length === 0) return null;
      const every = rng.chance(0.25);
      const one = rng.pick(targets);
      const h = hostileString(rng);
      for (const t of every ? targets : [one]) setTarget(d, t, h.value);
      return `hostile-string:${h.kind}@${every ? 'all' : one}`;
    }],
    [multipart ? 1 : 2, () => {
      // Every field whose name suggests an attack gets it: emails the email shapes, text long text.
      const done: string[] = [];
      for (const t of stringTargets(d)) {
        const h = fieldAttack(rng, t.slice(t.indexOf('.') + 1).split('.').pop() ?? '');
        if (h === null) continue;
        setTarget(d, t, h.value);
        done.push(`${h.kind}@${t}`);
      }
      return done.length === 0 ? null : `field-attack:${done.join(',')}`;
    }],
    [1.5 * json, () => {
      if (!isObject(d.body)) { d.body = wrongType(rng).value; return 'wrong-type@body'; }
      const ls = leaves(d.body);
      if (ls.length === 0) { d.body = wrongType(rng).value; return 'wrong-type@body'; }
      const l = rng.pick(ls);
      const v = wrongType(rng);
      setAt(d.body, l.path, v.value);
      return `wrong-type:${v.kind}@body.${l.path.join('.')}`;
    }],
    [json, () => {
      if (!isObject(d.body)) return null;
      const ls = leaves(d.body);
      if (ls.length === 0) return null;
      const l = rng.pick(ls);
      deleteAt(d.body, l.path);
      return `missing@body.${l.path.join('.')}`;
    }],
    [json, () => {
      if (!isJsonOp(d)) return null;
      const base = isObject(d.body) ? JSON.stringify(d.body) : '{}';
      d.raw = Buffer.from(base.replace('{', `{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}},"${randomText(rng, 8)}":${JSON.stringify(hostileString(rng).value)}${base === '{}' ? '' : ','}`));
      return 'extra-fields';
    }],
    [json, () => {
      if (multipart) return null;
      // Built as text: JSON.stringify itself overflows the stack on a deep enough value.
      const depth = rng.pick([1000, 5000, 50_000]);
      const deep = rng.chance(0.5) ? `${'['.repeat(depth)}"x"${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}"x"${'}'.repeat(depth)}`;
      const SENTINEL = '__fuzz_deep__';
      if (isObject(d.body) && leaves(d.body).length > 0) setAt(d.body, rng.pick(leaves(d.body)).path, SENTINEL);
      else d.body = SENTINEL;
      d.raw = Buffer.from(JSON.stringify(d.body).replace(`"${SENTINEL}"`, deep));
      if (d.op.body === null) d.contentType = 'application/json';
      return 'deep-nesting';
    }],
    [1.5 * json, () => {
      const b = brokenJson(rng, JSON.stringify(d.body ?? { name: 'x' }));
      d.raw = b.text;
      if (multipart || d.op.body === null) d.contentType = 'application/json';
      return `broken-json:${b.kind}`;
    }],
    [multipart ? 0.3 : 1, () => {
      const ct = rng.pick(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/json; charset=utf-16', 'application/json; charset=latin1', 'application/vnd.api+json', 'application/xml', '', 'application/json, text/plain', `application/json; ${randomText(rng, 3000)}=1`]);
      if (ct.includes('latin1')) d.raw = Buffer.from(JSON.stringify(d.body ?? {}), 'latin1');
      d.contentType = ct;
      return `content-type:${ct.length > 60 ? 'application/json; (a 3,000-character parameter)' : ct || 'none'}`;
    }],
    [json * 0.7, () => {
      const enc = rng.pick(['gzip', 'deflate', 'br', 'identity, gzip', 'x-unknown', 'gzip-valid', 'gzip-bomb']);
      const text = Buffer.from(JSON.stringify(d.body ?? {}));
      d.headers['Content-Encoding'] = enc.startsWith('gzip-') ? 'gzip' : enc;
      if (d.op.body === null || enc.startsWith('gzip-')) d.contentType = 'application/json';
      if (enc === 'gzip-valid') d.raw = gzipSync(text);
      if (enc === 'gzip-bomb') d.raw = gzipBomb();
      return `content-encoding:${enc}`;
    }],
    [1.5, () => {
      const keys = Object.keys(d.pathIds);
      if (keys.length === 0) return null;
      const k = rng.pick(keys);
      const b = badId(rng, w);
      d.pathIds[k] = b.value;
      return `bad-id:${b.kind}@${k}`;
    }],
    [d.op.parameters.some((p) => p.in === 'query') ? 2 : 0.3, () => badQuery(rng, d)],
    [d.op.path.endsWith('/content') ? 6 : 1.5, () => {
      const h = hostileHeader(rng, w, d);
      return `header:${h}`;
    }],
    [multipart ? 2 : 0, () => {
      const b = brokenMultipart(rng, d.parts ?? [], 'file');
      d.raw = b.bytes;
      d.contentType = b.contentType;
      return `multipart:${b.kind}`;
    }],
  ];
  // The first mutation cycles through the menu (round after round, each operation meets each kind);
  // a second one, now and then, is drawn by weight.
  const applied: string[] = [];
  const eligible = menu.filter(([wgt]) => wgt > 0);
  const first = eligible[cycle % eligible.length]?.[1]();
  if (first) applied.push(first);
  if (rng.chance(0.2)) {
    const total = menu.reduce((a, [wgt]) => a + wgt, 0);
    let x = rng.next() * total;
    const name = (menu.find(([wgt]) => (x -= wgt) < 0) ?? menu[0])?.[1]();
    if (name) applied.push(name);
  }
  return applied;
};
