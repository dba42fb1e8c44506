import { gzipSync } from 'node:zlib';
import type { Rng } from './prng.js';
import type { Planned } from './plan.js';
import { mailedToken, type World } from './world.js';
import { hostileString, randomText } from './hostile.js';

// The HTML pages the mails link to (/verify-email, /reset-password) are outside the OpenAPI
// document: GET and POST each, with real, used, hostile and missing tokens, and form bodies that are
// valid, broken (escapes, UTF-8, U+0000, a field twice), of the wrong type, encoded, or too large.

/** Percent-encoding of UTF-8 bytes that never throws (a lone surrogate becomes U+FFFD). */
const pct = (s: string): string => {
  let out = '';
  for (const byte of Buffer.from(s, 'utf8')) out += /[\w.~-]/.test(String.fromCharCode(byte)) ? String.fromCharCode(byte) : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  return out;
};

type Flow = { readonly path: string; readonly operationId: string; readonly mailedTo: number };
const FLOWS: readonly Flow[] = [
  { path: '/verify-email', operationId: '(page) verify-email', mailedTo: 3 },
  { path: '/reset-password', operationId: '(page) reset-password', mailedTo: 2 },
];

/** A token to send and what it is: the one mailed to the flow's spare account, or an invented one. */
const tokenFor = (rng: Rng, w: World, flow: Flow): { readonly value: string | null; readonly kind: string } => {
  const other = FLOWS.find((f) => f !== flow)!;
  const mailed = w.spare[flow.mailedTo] ? mailedToken(w, w.spare[flow.mailedTo]!.email) : null;
  const crossed = w.spare[other.mailedTo] ? mailedToken(w, w.spare[other.mailedTo]!.email) : null;
  const pick = rng.int(0, 5);
  if (pick <= 1 && mailed !== null) return { value: mailed, kind: 'mailed' };
  if (pick === 2 && crossed !== null) return { value: crossed, kind: 'other-purpose' };
  if (pick === 3) return { value: null, kind: 'missing' };
  const h = hostileString(rng, 'tok');
  return rng.chance(0.5) ? { value: h.value, kind: `hostile:${h.kind}` } : { value: randomText(rng, rng.pick([10, 43, 512, 513])), kind: 'invented' };
};

/** A new password: mostly refused ones, so a mailed reset token survives for the API's confirm. */
const passwordFor = (rng: Rng, tokenKind: string): { readonly fields: string; readonly kind: string } => {
  const refused = [
    { fields: `new_password=${pct('short')}`, kind: 'short' },
    { fields: `new_password=${pct(randomText(rng, rng.pick([1025, 5000])))}`, kind: 'long' },
    { fields: `new_password=${pct('long enough secret')}&confirm_password=${pct('another secret')}`, kind: 'mismatch' },
    { fields: `new_password=${pct(hostileString(rng, 'pw').value)}`, kind: 'hostile' },
    { fields: '', kind: 'absent' },
  ];
  if (tokenKind === 'mailed') return rng.pick(refused);
  return rng.pick([...refused, { fields: `new_password=${pct('long enough secret')}`, kind: 'valid' }]);
};

type Body = { readonly bytes: Buffer; readonly contentType: string | null; readonly encoding?: string; readonly kind: string };

const bodyFor = (rng: Rng, fields: string): Body => {
  const form = 'application/x-www-form-urlencoded';
  const utf8 = (text: string, kind: string, contentType: string | null = form): Body => ({ bytes: Buffer.from(text, 'utf8'), contentType, kind });
  switch (rng.int(0, 11)) {
    case 0: return utf8(`${fields}&token=%E0%A4%A`, 'broken-escape');
    case 1: return utf8(`${fields}%`, 'trailing-percent');
    case 2: return { bytes: Buffer.concat([Buffer.from(`${fields}&x=`), Buffer.from([0xc3, 0x28, 0xff])]), contentType: form, kind: 'not-utf8' };
    case 3: return utf8(`${fields}&${fields}`, 'fields-twice');
    case 4: return utf8(JSON.stringify({ fields }), 'json', 'application/json');
    case 5: return utf8(fields, 'no-content-type', null);
    case 6: return utf8(fields, 'latin1-charset', `${form}; charset=iso-8859-1`);
    case 7: return { bytes: gzipSync(Buffer.from(fields)), contentType: form, encoding: 'gzip', kind: 'gzip' };
    case 8: return utf8(`${fields}&pad=${'a'.repeat(rng.pick([60_000, 2 * 1024 * 1024]))}`, 'large');
    case 9: return utf8(`${fields}&%00=%00&=&&x`, 'odd-names');
    default: return utf8(fields, 'valid');
  }
};

/** One request to an account page. */
export const pageRequest = (rng: Rng, w: World): Planned => {
  const flow = rng.pick(FLOWS);
  const token = tokenFor(rng, w, flow);
  const tokenField = token.value === null ? '' : `token=${pct(token.value)}`;
  const method = rng.pick(['GET', 'GET', 'HEAD', 'POST', 'POST', 'POST', 'PUT', 'DELETE']);
  const headers: Record<string, string> = { Accept: rng.pick(['text/html', '*/*', 'application/json']) };
  let path = flow.path;
  let body: Buffer | undefined;
  let mutation = `token:${token.kind}`;
  if (method === 'POST') {
    const pw = flow.path === '/reset-password' ? passwordFor(rng, token.kind) : { fields: '', kind: '' };
    const b = bodyFor(rng, [tokenField, pw.fields].filter((f) => f !== '').join('&'));
    body = b.bytes;
    if (b.contentType !== null) headers['Content-Type'] = b.contentType;
    if (b.encoding) headers['Content-Encoding'] = b.encoding;
    mutation += `+body:${b.kind}${pw.kind === '' ? '' : `+password:${pw.kind}`}`;
  } else {
    const query = rng.pick([tokenField, `${tokenField}&${tokenField}`, `${tokenField}&utm_source=mail`, `token=%E0%A4%A`, `token=${pct(randomText(rng, 9000))}`]);
    path += query === '' ? '' : `?${query}`;
  }
  return {
    operationId: `${flow.operationId} ${method}`,
    caller: 'anonymous',
    mutation,
    sent: { method, path, headers, ...(body === undefined ? {} : { body }) },
    draft: { op: { operationId: flow.operationId, method, path: flow.path, anonymous: true, parameters: [], body: null, successSchema: null }, pathIds: {}, query: {}, body: undefined, parts: null, headers, raw: null, contentType: null, account: null },
  };
};
