import type { Rng } from './prng.js';

// Hostile input, each kind named so a failure says what broke the service. Long text is random
// (incompressible): PostgreSQL compresses a repeated character under an index's size limit.

const ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789äöüßéçñøåæœ漢字語Жжδλ';

export const randomText = (rng: Rng, length: number): string => {
  let out = '';
  for (let i = 0; i < length; i++) out += ALPHABET[rng.int(0, ALPHABET.length - 1)];
  return out;
};

export type Hostile = { readonly kind: string; readonly value: string };

/** Names a plain object already answers (Object.prototype's members): a ref, a key or an xref named so must stay data. */
export const OBJECT_KEYS: readonly string[] = [
  'constructor', 'toString', 'valueOf', 'hasOwnProperty', '__proto__', 'prototype', 'isPrototypeOf', 'propertyIsEnumerable',
  'toLocaleString', '__defineGetter__', '__lookupSetter__',
];

/** A hostile string: NUL, huge, backtracking shapes, odd Unicode, injection look-alikes. */
export const hostileString = (rng: Rng, base = 'a'): Hostile => pickMaker(rng, base, null);

/** What the name of a field suggests trying on it (an email field: the email shapes), or null. */
export const fieldAttack = (rng: Rng, field: string): Hostile | null => {
  if (/email/i.test(field)) return pickMaker(rng, 'a', ['email-redos', 'email-long', 'nul', 'nul-only']);
  if (/place|title|name|author|publication|page|notes|detail|text|^q$/i.test(field)) return pickMaker(rng, 'a', ['long-6000', 'long-100000', 'nul', 'spaces', 'spaces-slash']);
  return null;
};

const pickMaker = (rng: Rng, base: string, kinds: readonly string[] | null): Hostile => {
  const makers: Record<string, () => string> = {
    'nul': () => `${base.slice(0, 50)}\u0000b`,
    'nul-only': () => '\u0000',
    'nul-many': () => `x${'\u0000'.repeat(rng.int(2, 200))}y`,
    'long-6000': () => randomText(rng, 6000),
    'long-100000': () => randomText(rng, 100_000),
    'long-at-limit': () => randomText(rng, rng.pick([199, 200, 201, 320, 321, 500, 501, 1000, 1001, 2000, 2001, 2700, 2800])),
    'email-redos': () => `x@${'.'.repeat(rng.pick([60_000, 80_000]))}@`,
    'email-long': () => `${randomText(rng, 6000)}@example.com`,
    'email-many-at': () => '@'.repeat(rng.int(1000, 50_000)),
    'spaces': () => `a${' '.repeat(rng.pick([1000, 40_000, 80_000]))}b`,
    'spaces-slash': () => `${' '.repeat(rng.pick([40_000, 80_000]))}x/y`,
    'spaces-trailing': () => `a${' '.repeat(rng.pick([1000, 40_000, 80_000]))}`,
    'slashes': () => `/${'/ '.repeat(rng.int(100, 20_000))}`,
    'digits': () => '9'.repeat(rng.pick([20, 400, 5000])),
    'empty': () => '',
    'whitespace': () => rng.pick([' ', '\t\n\r', '\u00a0\u2028\u2029', '\u200b\ufeff']),
    'lone-surrogate': () => `a${rng.pick(['\ud800', '\udfff', '\udc00\ud800'])}b`,
    'astral': () => '😀👨‍👩‍👧𝕏'.repeat(rng.int(1, 3000)),
    'combining': () => `e${'\u0301'.repeat(rng.int(10, 20_000))}`,
    'rtl-control': () => '\u202e\u0001\u0007\u001b[31m\u007f',
    'object-key': () => rng.pick(rng.chance(0.5) ? OBJECT_KEYS : OBJECT_KEYS.map((k) => `$${k}`)),
    'injection': () => rng.pick(["' OR 1=1 --", '"; DROP TABLE users; --', '%s%n%x', '${7*7}{{7*7}}', '<script>alert(1)</script>', '../../../../etc/passwd', '\\x00\\u0000', 'NaN', 'null', 'undefined', '__proto__', 'constructor', '-1', '1e999', '0x10']),
    'gedcom-like': () => rng.pick(['@I1@', '0 @I1@ INDI\n1 NAME x', 'INT 1900 (x)', 'BET 1 AND 2', '/Surname/', '//', '@@', 'ABT 31 FEB 1900']),
    'date-like': () => rng.pick(['2020-02-30', '0000-00-00', '99999-12-31', '-0001-01-01', '2020-13-01T25:61:61Z', 'Infinity', '1970-01-01T00:00:00.000Z']),
  };
  const kind = kinds === null ? rng.pick(Object.keys(makers)) : rng.pick(kinds);
  return { kind, value: (makers[kind] ?? (() => ''))() };
};

/** A value of the wrong JSON type for a field. */
export const wrongType = (rng: Rng): { readonly kind: string; readonly value: unknown } =>
  rng.pick<{ kind: string; value: unknown }>([
    { kind: 'null', value: null },
    { kind: 'true', value: true },
    { kind: 'zero', value: 0 },
    { kind: 'negative', value: -1 },
    { kind: 'float', value: 1.5 },
    { kind: 'huge-number', value: 1e308 },
    { kind: 'max-int', value: Number.MAX_SAFE_INTEGER + 2 },
    { kind: 'number-string', value: '12' },
    { kind: 'bool-string', value: 'true' },
    { kind: 'empty-array', value: [] },
    { kind: 'array', value: ['a', 1, null] },
    { kind: 'empty-object', value: {} },
    { kind: 'object', value: { a: { b: 'c' } } },
    { kind: 'proto', value: JSON.parse('{"__proto__":{"polluted":true},"constructor":{"prototype":{"x":1}}}') as unknown },
    { kind: 'long-array', value: Array.from({ length: 20_000 }, (_, i) => i) },
    { kind: 'deep-array', value: deepArray(rng.pick([100, 1000])) },
  ]);

export const deepArray = (depth: number): unknown => {
  let v: unknown = 'x';
  for (let i = 0; i < depth; i++) v = [v];
  return v;
};

export const deepObject = (depth: number): unknown => {
  let v: unknown = 'x';
  for (let i = 0; i < depth; i++) v = { a: v };
  return v;
};

/** JSON text that is not what it claims, or not JSON at all. */
export const brokenJson = (rng: Rng, valid: string): { readonly kind: string; readonly text: Buffer } => {
  const options: (() => { kind: string; text: Buffer })[] = [
    () => ({ kind: 'truncated', text: Buffer.from(valid.slice(0, Math.max(1, Math.floor(valid.length / 2)))) }),
    () => ({ kind: 'trailing-garbage', text: Buffer.from(`${valid}}}]`) }),
    () => ({ kind: 'empty', text: Buffer.alloc(0) }),
    () => ({ kind: 'literal', text: Buffer.from(rng.pick(['null', 'true', '0', '"a"', '[]', '[{}]', '1e999', '-0'])) }),
    () => ({ kind: 'single-quotes', text: Buffer.from(valid.replaceAll('"', "'")) }),
    () => ({ kind: 'invalid-utf8', text: Buffer.concat([Buffer.from('{"name":"'), Buffer.from([0xff, 0xfe, 0xc3, 0x28, 0xed, 0xa0, 0x80]), Buffer.from('"}')]) }),
    () => ({ kind: 'bom', text: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(valid)]) }),
    () => ({ kind: 'escaped-nul', text: Buffer.from(valid.replace(/"([^"]*)"(?=\s*[,}])/u, '"\\u0000$1"')) }),
    () => ({ kind: 'bad-escape', text: Buffer.from('{"name":"\\ud800\\x"}') }),
    () => ({ kind: 'deep-nesting', text: Buffer.from(`${'['.repeat(100_000)}${']'.repeat(100_000)}`) }),
    () => ({ kind: 'deep-object', text: Buffer.from(`${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)}`) }),
    () => ({ kind: 'duplicate-keys', text: Buffer.from(valid.replace('{', '{"name":1,"email":2,"name":"x",')) }),
    () => ({ kind: 'over-limit', text: Buffer.from(JSON.stringify({ name: 'x'.repeat(1024 * 1024 + 10) })) }),
    () => ({ kind: 'many-keys', text: Buffer.from(JSON.stringify(Object.fromEntries(Array.from({ length: 30_000 }, (_, i) => [`k${i}`, i])))) }),
  ];
  return rng.pick(options)();
};
