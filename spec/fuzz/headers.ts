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

/** Sets one hostile header (or a few) on the draft; returns what it did. */
export const hostileHeader = (rng: Rng, w: World, d: Draft): string => {
  const token = d.account?.token ?? 'none';
  const kinds: (() => string)[] = [
    () => { d.headers['Range'] = rangeValue(rng); return 'range'; },
    () => { d.headers['Range'] = rangeValue(rng); d.headers['If-Range'] = rng.pick(['"x"', 'W/"x"', '*', 'Mon, 01 Jan 1990 00:00:00 GMT', randomText(rng, 3000), '""']); return 'if-range'; },
    () => { d.headers['If-None-Match'] = rng.pick(['*', '"x"', 'W/"a", "b"', randomText(rng, 5000), `"${'"'.repeat(3000)}`]); return 'if-none-match'; },
    () => { d.headers['Origin'] = rng.pick(['null', 'https://evil.example', 'http://127.0.0.1', `${new URL(w.baseUrl).origin}.evil.example`, `${new URL(w.baseUrl).origin}/`, randomText(rng, 6000), '']); if (rng.chance(0.7)) { delete d.headers['Authorization']; d.headers['Cookie'] = `session=${token}`; } return 'origin'; },
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
