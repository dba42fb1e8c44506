import type { Rng } from './prng.js';
import type { World } from './world.js';
import type { Draft } from './mutate.js';
import { randomText } from './hostile.js';

// Header values are limited to what node:http lets a client send (no NUL, CR or LF); the total
// stays under Node's 16 KiB header limit most of the time, and above it sometimes (431).

const rangeValue = (rng: Rng): string =>
  rng.pick([
    'bytes=0-0', 'bytes=0-', 'bytes=-1', 'bytes=-0', 'bytes=5-2', 'bytes=999999999-', 'bytes=0-99999999999999999999', 'bytes=99999999999999999999-',
    'bytes=-99999999999999999999', 'bytes=0-1,2-3', `bytes=${Array.from({ length: 500 }, (_, i) => `${i}-${i}`).join(',')}`, 'bytes=', 'bytes=-', 'bytes=a-b',
    'items=0-1', 'bytes = 0 - 1', 'bytes=0-1 ', 'bytes=1e3-2e3', 'bytes=0x10-0x20', 'bytes=-1-2', 'bytes=+1-2', '  bytes=0-1',
    `bytes=${' '.repeat(rng.pick([1000, 14_000]))}x`, `bytes=${' '.repeat(7000)}-${' '.repeat(7000)}x`, `bytes=${'0'.repeat(14_000)}-`, `bytes=0-${'9'.repeat(10_000)}`, `bytes=${'1'.repeat(7000)}${' '.repeat(7000)}`,
  ]);

/** The path a draft addresses, as the world keys its ETags (upkeep.ts). */
const pathOf = (w: World, d: Draft): string => `${w.basePath}${d.op.path.replace(/\{(\w+)\}/g, (_, name: string) => d.pathIds[name] ?? '')}`;

/**
 * An entity-tag list for If-Match or If-None-Match (issue 30): the current ETag of the path when the
 * world has seen one, a stale or bogus one, `*`, weak tags (never match If-Match), lists, garbage, and
 * values long enough to meet Node's header limit (431). Returns its kind and the value.
 */
export const entityTags = (rng: Rng, w: World, d: Draft): { readonly kind: string; readonly value: string } => {
  const current = w.etags.get(pathOf(w, d));
  const tag = current ?? `"${randomText(rng, 27).replace(/"/g, 'q')}"`;
  return rng.pick<() => { kind: string; value: string }>([
    () => ({ kind: current === undefined ? 'unseen' : 'current', value: tag }),
    () => ({ kind: current === undefined ? 'unseen' : 'current', value: tag }),
    () => ({ kind: 'stale', value: rng.pick(['"stale"', '"AAAAAAAAAAAAAAAAAAAAAAAAAAA"', '""']) }),
    () => ({ kind: 'star', value: rng.pick(['*', ' * ', '*, "x"', '"x", *']) }),
    () => ({ kind: 'weak', value: rng.pick([`W/${tag}`, `w/${tag}`, 'W/"x"', 'W/', 'W/*']) }),
    () => ({ kind: 'list', value: rng.pick([`"a", ${tag}`, `${tag}, W/${tag}`, `${tag},${tag}`, ', , ,', `,${tag},`, '"a" "b"']) }),
    () => ({ kind: 'unquoted', value: rng.pick([tag.replace(/"/g, ''), `"${tag}"`, `'${tag.replace(/"/g, '')}'`, '"unterminated', '"', 'null', '0', '-1', 'undefined']) }),
    () => ({ kind: 'garbage', value: randomText(rng, rng.pick([1, 40, 3000])) }),
    () => ({ kind: 'many', value: Array.from({ length: rng.pick([200, 1500]) }, (_, i) => `"t${i}"`).join(', ') }),
    () => ({ kind: 'long', value: `"${'a'.repeat(rng.pick([8000, 15_000, 20_000]))}"` }),
  ])();
};

/**
 * An Origin for a browser-style call (issue 30): this service's (BASE_URL), a listed one
 * (CORS_ORIGINS), none, or another: foreign, `null`, near misses of the allowed ones, garbage.
 */
export const originValue = (rng: Rng, w: World): { readonly kind: string; readonly value: string | undefined } => {
  const base = new URL(w.baseUrl).origin;
  const listed = w.corsOrigins[0];
  return rng.pick<() => { kind: string; value: string | undefined }>([
    () => ({ kind: 'base', value: base }),
    () => (listed === undefined ? { kind: 'base', value: base } : { kind: 'listed', value: rng.pick(w.corsOrigins) }),
    () => ({ kind: 'none', value: undefined }),
    () => ({ kind: 'foreign', value: rng.pick(['https://evil.example', 'http://127.0.0.1', 'null', 'file://', 'https://localhost']) }),
    () => ({
      kind: 'near-miss',
      value: rng.pick([`${base}/`, `${base}.evil.example`, base.toUpperCase(), ` ${base}`, `${base}, https://evil.example`, ...(listed === undefined ? [] : [`${listed}/`, listed.toUpperCase(), `${listed}.evil.example`, `${listed}, ${base}`, listed.replace(/:\d+$/, '')])]),
    }),
    () => ({ kind: 'garbage', value: rng.pick([randomText(rng, rng.pick([10, 6000])), '']) }),
  ])();
};

/** Sets one hostile header (or a few) on the draft; returns what it did. */
export const hostileHeader = (rng: Rng, w: World, d: Draft): string => {
  const token = d.account?.token ?? 'none';
  const kinds: (() => string)[] = [
    () => { d.headers['Range'] = rangeValue(rng); return 'range'; },
    () => { d.headers['Range'] = rangeValue(rng); d.headers['If-Range'] = rng.pick(['"x"', 'W/"x"', '*', 'Mon, 01 Jan 1990 00:00:00 GMT', randomText(rng, 3000), '""']); return 'if-range'; },
    () => { d.headers['If-None-Match'] = rng.pick(['*', '"x"', 'W/"a", "b"', randomText(rng, 5000), `"${'"'.repeat(3000)}`]); return 'if-none-match'; },
    () => { const t = entityTags(rng, w, d); d.headers['If-Match'] = t.value; return `if-match:${t.kind}`; },
    () => { d.headers['Origin'] = rng.pick(['null', 'https://evil.example', 'http://127.0.0.1', `${new URL(w.baseUrl).origin}.evil.example`, `${new URL(w.baseUrl).origin}/`, randomText(rng, 6000), '']); if (rng.chance(0.7)) { delete d.headers['Authorization']; d.headers['Cookie'] = `session=${token}`; } return 'origin'; },
    () => {
      // A browser's preflight of this call: OPTIONS with the method and headers it would send.
      const o = originValue(rng, w);
      d.method = 'OPTIONS';
      if (o.value === undefined) delete d.headers['Origin'];
      else d.headers['Origin'] = o.value;
      d.headers['Access-Control-Request-Method'] = rng.pick([d.op.method, d.op.method, 'PUT', 'TRACE', 'CONNECT', 'patch', '', randomText(rng, rng.pick([5, 3000]))]);
      if (rng.chance(0.7)) d.headers['Access-Control-Request-Headers'] = rng.pick(['content-type, if-match', 'authorization, if-none-match, range', 'x-evil, cookie', '*', '', randomText(rng, 4000), Array.from({ length: 500 }, (_, i) => `x-h${i}`).join(',')]);
      return `preflight:${o.kind}`;
    },
    () => { d.headers['Authorization'] = rng.pick(['Bearer', 'Bearer ', `Bearer ${token}x`, `Bearer  ${token}`, `bearer ${token}`, `Basic ${Buffer.from('a:b').toString('base64')}`, `Bearer ${randomText(rng, 8000)}`, `Bearer ${token} ${token}`, 'Bearer ../../', `Bearer ${'A'.repeat(100)}.${'B'.repeat(100)}`]); return 'authorization'; },
    () => { d.headers['Cookie'] = rng.pick([`session=${randomText(rng, 6000)}`, 'session=', 'session="unterminated', `session=${token}; session=other`, Array.from({ length: 500 }, (_, i) => `c${i}=v`).join('; '), 'session=%00', `session=${encodeURIComponent(token)}%`, '=;=;=;']); return 'cookie'; },
    () => { d.headers['X-Forwarded-For'] = rng.pick(['1.2.3.4', '1.2.3.4, 5.6.7.8', 'unknown', '::1', '999.999.999.999', Array.from({ length: 1000 }, () => `${rng.int(0, 255)}.${rng.int(0, 255)}.0.1`).join(', '), randomText(rng, 5000), ', , ,']); if (rng.chance(0.5)) d.headers['X-Forwarded-Proto'] = rng.pick(['https', 'gopher', randomText(rng, 100)]); if (rng.chance(0.5)) d.headers['X-Real-IP'] = '10.0.0.1'; return 'x-forwarded-for'; },
    () => { d.headers['X-Request-Id'] = rng.pick([randomText(rng, 5000), '../x', 'a b', '']); return 'x-request-id'; },
    () => { d.headers['Accept'] = rng.pick(['text/html', 'application/xml', '*/*;q=0', randomText(rng, 4000), '', 'application/json;q=abc']); d.headers['Accept-Encoding'] = rng.pick(['gzip', 'br', 'x', '*;q=0', 'identity;q=0']); return 'accept'; },
    () => { d.headers['X-Fuzz'] = 'x'.repeat(rng.pick([8000, 17_000])); return 'oversized-headers'; },
    () => { d.contentType = rng.pick(['application/json; charset=x-unknown', 'text/plain; charset=utf-8', 'application/json; charset=utf-8; charset=latin1']); return 'content-type-header'; },
  ];
  return rng.pick(kinds)();
};
