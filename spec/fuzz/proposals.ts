import type { Rng } from './prng.js';
import { OBJECT_KEYS, randomText } from './hostile.js';

// Proposals whose refs and ids are names a plain object already answers (issue 23): a create's
// `ref` "constructor", "__proto__" or "toString" and a later operation's id "$constructor" must be
// data, never keys looked up on an object. The operations below name only records they create
// themselves, so a valid one applies whatever else the run did to the tree.

export type Operation = { readonly op: string; readonly entity: string; readonly id?: string; readonly ref?: string; readonly data?: unknown };

const keyValue = (k: string): unknown => (k === '__proto__' ? { polluted: true } : `${k}-value`);

/** A JSON object whose own keys are `keys` (through JSON.parse, so "__proto__" is a key, not the prototype). */
const withKeys = (base: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> =>
  JSON.parse(JSON.stringify(base).replace(/^\{/, `{${keys.map((k) => `${JSON.stringify(k)}:${JSON.stringify(keyValue(k))},`).join('')}`)) as Record<string, unknown>;

/**
 * Operations that create persons, a name, a relationship, an event, a source and a citation, linked
 * by refs named like Object.prototype's members, then update and delete through "$ref" ids. Valid:
 * an editor applies them all.
 */
export const objectKeyRefs = (rng: Rng): Operation[] => {
  // Three names for the persons and the name; 'hasOwnProperty' and 'prototype' name the event and the source.
  const [a, b, c] = rng.shuffle(OBJECT_KEYS.filter((k) => k !== 'hasOwnProperty' && k !== 'prototype')) as [string, string, string];
  const ops: Operation[] = [
    { op: 'create', entity: 'person', ref: a, data: { given_name: a, surname: 'Ref', sex: 'female' } },
    { op: 'create', entity: 'person', ref: b, data: { given_name: b, surname: 'Ref' } },
    { op: 'update', entity: 'person', id: `$${a}`, data: { surname: `Neu-${a}` } },
    { op: 'create', entity: 'name', ref: c, data: { person_id: `$${a}`, given_name: c, surname: b, name_type: 'alias' } },
    { op: 'update', entity: 'name', id: `$${c}`, data: { given_name: `${c}2` } },
    { op: 'create', entity: 'relationship', ref: `${b}-rel`, data: { type: 'partnership', person_a_id: `$${a}`, person_b_id: `$${b}` } },
    { op: 'create', entity: 'event', ref: 'hasOwnProperty', data: { type: 'birth', person_id: `$${a}`, date: { qualifier: 'about', year: 1900 }, place: 'valueOf' } },
    { op: 'create', entity: 'source', ref: 'prototype', data: { title: 'toString' } },
    { op: 'create', entity: 'citation', data: { source_id: '$prototype', person_id: `$${a}`, page: '__proto__' } },
  ];
  // Data keys named so too ("__proto__" aside: a JSON body with that key is refused whole, 400).
  if (rng.chance(0.5)) ops.push({ op: 'update', entity: 'person', id: `$${b}`, data: withKeys({ surname: 'Keys' }, rng.shuffle(OBJECT_KEYS.filter((k) => k !== '__proto__')).slice(0, 3)) });
  if (rng.chance(0.5)) ops.push({ op: 'delete', entity: 'event', id: '$hasOwnProperty' });
  return ops;
};

/** Shapes of refs and ids a proposal may be refused for (422; 400 for a "__proto__" key) but must never fail on (5xx). */
export const hostileRefOps = (rng: Rng): { readonly kind: string; readonly ops: Operation[] } => {
  const key = rng.pick(OBJECT_KEYS);
  const person = (ref?: string): Operation => ({ op: 'create', entity: 'person', ...(ref === undefined ? {} : { ref }), data: { given_name: 'Hostile', surname: 'Ref' } });
  const makers: (() => { kind: string; ops: Operation[] })[] = [
    () => ({ kind: 'unknown-ref', ops: [person(), { op: 'update', entity: 'person', id: `$${key}`, data: { surname: 'x' } }] }),
    () => ({ kind: 'ref-before-create', ops: [{ op: 'update', entity: 'person', id: `$${key}`, data: { surname: 'x' } }, person(key)] }),
    () => ({ kind: 'duplicate-ref', ops: [person(key), person(key), { op: 'update', entity: 'person', id: `$${key}`, data: { surname: 'x' } }] }),
    () => ({ kind: 'ref-in-data', ops: [person(key), { op: 'create', entity: 'relationship', data: { type: 'parent_child', person_a_id: `$${key}`, person_b_id: `$${rng.pick(OBJECT_KEYS)}` } }] }),
    () => ({ kind: 'odd-ref', ops: [person(rng.pick(['', '$', '$$', `$${key}`, ' ', 'a'.repeat(64), 'a'.repeat(65), '\u0000', 'ü', '.', '[]', '{}'])), { op: 'delete', entity: 'person', id: rng.pick(['$', '$$', '$$$', `$${'x'.repeat(64)}`, `$${'x'.repeat(65)}`, '$\u0000', '$ ']) }] }),
    () => ({ kind: 'ref-on-update', ops: [{ op: 'update', entity: 'person', ref: key, id: `$${key}`, data: { surname: 'x' } }] }),
    // Not 1,000 (MAX_OPERATIONS): applying that many takes some 6 s here, past the run's bound.
    () => ({ kind: 'many-refs', ops: Array.from({ length: rng.pick([100, 200]) }, (_, i) => (i % 2 === 0 ? person(`${key}${i}`) : { op: 'update', entity: 'person', id: `$${key}${i - 1}`, data: { notes: randomText(rng, 20) } })) }),
    () => ({ kind: 'data-keys', ops: [{ op: 'create', entity: 'source', ref: key, data: withKeys({ title: 'keys' }, OBJECT_KEYS) }] }),
  ];
  return rng.pick(makers)();
};

/**
 * A proposal body as JSON text whose one operation's `data` nests `depth` levels (thousands: text,
 * since JSON.stringify of such a value may overflow the stack). 422: the codec bounds the depth.
 */
export const deepDataBody = (rng: Rng): { readonly kind: string; readonly text: string } => {
  const depth = rng.pick([9, 1000, 5000, 50_000]);
  const inner = rng.chance(0.5) ? `${'{"k":'.repeat(depth)}{}${'}'.repeat(depth)}` : `${'['.repeat(depth)}${']'.repeat(depth)}`;
  const key = rng.pick(['extra', ...OBJECT_KEYS.filter((k) => k !== '__proto__')]);
  const ops = [
    { op: 'create', entity: 'person', ref: rng.pick(OBJECT_KEYS), data: { given_name: 'Deep' } },
    { op: 'create', entity: 'source', data: { title: 't', [key]: '__DEEP__' } },
  ];
  return { kind: `deep-data(${depth} levels @${key})`, text: JSON.stringify({ summary: 'deep', operations: ops }).replace('"__DEEP__"', inner) };
};
