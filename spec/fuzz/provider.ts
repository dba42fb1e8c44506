import type { Rng } from './prng.js';
import type { ScriptedMessage, ScriptedReply } from '../support/fake-openai.js';
import { OBJECT_KEYS, randomText } from './hostile.js';
import type { World } from './world.js';

// Hostile provider answers (issue 23): the fuzz service's assistant and recommender call a fake
// OpenAI server on loopback (spec/support/fake-openai.ts), and before each request that may reach it
// the fuzzer scripts its answers from the request's seed: tool calls by the hundred, nulls, numbers
// and objects where strings belong, arguments with U+0000, bodies sent slowly, bodies too long.
// The fuzz service reads them within AI_TIMEOUT_MS and AI_MAX_ANSWER_BYTES (service.ts).

/** The fuzz service's AI_TIMEOUT_MS and AI_MAX_ANSWER_BYTES (service.ts reads them from here). */
export const AI_TIMEOUT_MS = 1500;
export const AI_MAX_ANSWER_BYTES = 256 * 1024;

/** What a request answers when its provider answers so: each status, with the problem codes a 502/504 may carry. */
export type Allowed = Readonly<Record<number, readonly string[] | null>>;

export type ProviderScript = {
  /** What the answers are, for the report ('provider:tool-storm(3 x 300 calls)'). */
  readonly kind: string;
  readonly replies: readonly ScriptedReply[];
  /** What the request should answer if it reaches the provider (a member asking with a valid body). */
  readonly allowed: Allowed;
};

export const ASSISTANT_REPLIES = ['tool-storm', 'wrong-types', 'tool-arguments', 'content', 'raw', 'status', 'slow', 'huge'] as const;
export const RECOMMENDER_REPLIES = ['ranking', 'hostile-ranking', 'wrong-types', 'raw', 'status', 'slow', 'huge', 'tool-calls'] as const;

const OK: Allowed = { 200: null };
const INVALID: Allowed = { 502: ['provider_invalid'] };
const UNUSABLE: Allowed = { 502: ['provider_invalid', 'provider_unavailable'] };

const text = (content: string | null): ScriptedMessage => ({ kind: 'message', content });
const call = (id: string, name: string, args: unknown): { id: string; name: string; arguments: string } => ({ id, name, arguments: typeof args === 'string' ? args : JSON.stringify(args) });

const personId = (rng: Rng, w: World): string =>
  rng.chance(0.7) && w.mainPersons.length > 0 ? rng.pick(w.mainPersons) : rng.pick(['not-a-uuid', '00000000-0000-0000-0000-000000000000', ...OBJECT_KEYS, `$${rng.pick(OBJECT_KEYS)}`]);

/** A small propose_changes argument whose refs are Object.prototype's names. */
const proposal = (rng: Rng, w: World): unknown => {
  const ref = rng.pick(OBJECT_KEYS);
  return {
    summary: `assistant ${ref}`,
    operations: rng.chance(0.7)
      ? [{ op: 'create', entity: 'person', ref, data: { given_name: ref, surname: 'Model' } }, { op: 'update', entity: 'person', id: `$${ref}`, data: { notes: ref } }]
      : [{ op: 'update', entity: 'person', id: personId(rng, w), data: { sex: rng.pick(['female', 'male', 5, null]) } }],
  };
};

/** One answer of `count` tool calls, the three tools mixed (the service runs 16 of them, answers one more). */
const storm = (rng: Rng, w: World, count: number, round: number): ScriptedMessage => ({
  kind: 'message', content: rng.chance(0.5) ? null : 'Looking.',
  toolCalls: Array.from({ length: count }, (_, i) => {
    const id = `r${round}c${i}`;
    const pick = rng.int(0, 9);
    if (pick < 5) return call(id, 'get_person', { person_id: personId(rng, w) });
    if (pick < 8) return call(id, 'propose_changes', proposal(rng, w));
    return call(id, 'search_persons', { query: rng.pick(['Ada', 'Fuzz', ...OBJECT_KEYS]) });
  }),
});

/** Tool calls whose names and arguments client input could not hold (within AI_MAX_ANSWER_BYTES in all). */
const hostileArguments = (rng: Rng, w: World): ScriptedMessage => {
  const depth = rng.pick([100, 5000, 30_000]);
  const shapes: (() => { id: string; name: string; arguments: string })[] = [
    () => call('nul-value', 'search_persons', { query: `a\u0000b` }),
    () => call('nul-key', 'get_person', { person_id: personId(rng, w), ['k\u0000']: 1 }),
    () => call('nul-summary', 'propose_changes', { summary: 'x\u0000', operations: [{ op: 'create', entity: 'source', data: { title: 't\u0000' } }] }),
    () => call('lone-surrogate', 'search_persons', '{"query":"Anna \\ud800"}'),
    () => call('escaped-nul', 'get_person', '{"person_id":"\\u0000"}'),
    () => call('not-json', rng.pick(['get_person', 'propose_changes']), rng.pick(['{', 'undefined', '', "{'a':1}", '{"person_id":}'])),
    () => call('not-object', rng.pick(['get_person', 'search_persons', 'propose_changes']), rng.pick(['null', '5', '"x"', '[]', 'true', '1e999'])),
    () => call('deep', rng.pick(['get_person', 'search_persons', 'propose_changes']), `{"query":${'['.repeat(depth)}${']'.repeat(depth)}}`),
    () => call('deep-operations', 'propose_changes', `{"summary":"deep","operations":[{"op":"create","entity":"source","data":{"title":"t","x":${'{"k":'.repeat(depth)}{}${'}'.repeat(depth)}}}]}`),
    () => call('wrong-types', 'propose_changes', { summary: rng.pick([5, null, {}, []]), operations: rng.pick([null, 5, 'x', {}, [null], [5], [{ op: 5 }]]) }),
    () => call('odd-name', rng.pick(['get\u0000person', '', 'x'.repeat(5000), '__proto__', 'constructor', 'toString', 'propose_changes ']), { person_id: personId(rng, w) }),
    () => call(rng.pick(['', '\u0000', 'x'.repeat(10_000), '__proto__']), 'get_person', { person_id: personId(rng, w) }),
    () => call('long-query', 'search_persons', { query: randomText(rng, rng.pick([201, 5000])) }),
    () => call('proto-args', 'get_person', '{"__proto__":{"person_id":"x"},"constructor":{"prototype":{}}}'),
  ];
  const calls: { id: string; name: string; arguments: string }[] = [];
  let bytes = 0;
  for (let n = rng.int(1, 20); n > 0; n--) {
    const c = rng.pick(shapes)();
    bytes += c.id.length + c.name.length + c.arguments.length + 100;
    if (bytes > AI_MAX_ANSWER_BYTES / 2) break;
    calls.push(c);
  }
  return { kind: 'message', content: null, toolCalls: calls.length > 0 ? calls : [call('nul-value', 'search_persons', { query: 'a\u0000b' })] };
};

/** A completion the codec refuses: nulls, numbers and objects where strings belong, or no completion at all. */
const wrongTypes = (rng: Rng): ScriptedReply => {
  const message = (m: unknown): ScriptedReply => ({ kind: 'choice', message: m });
  const badCall = () => rng.pick<unknown>([
    { id: null, type: 'function', function: { name: null, arguments: null } },
    { id: 'a', type: 'function', function: { name: 5, arguments: '{}' } },
    { id: 'a', type: 'function', function: { name: 'get_person', arguments: { person_id: 'x' } } },
    { id: 7, type: 'function', function: { name: 'get_person', arguments: '{}' } },
    { id: 'a', type: 'other', function: { name: 'get_person', arguments: '{}' } },
    { id: 'a', type: 'function', function: null },
    { id: 'a', type: 'function' },
    null, 5, 'call', [],
  ]);
  return rng.pick<() => ScriptedReply>([
    () => message({ role: 'assistant', content: rng.pick<unknown>([5, 1e308, -0, true, { a: 1 }, ['a'], { toString: 'x' }]) }),
    () => message({ role: 'assistant', content: null, tool_calls: [badCall()] }),
    () => message({ role: 'assistant', content: 'x', tool_calls: Array.from({ length: rng.int(1, 300) }, (_, i) => (i === 0 ? badCall() : { id: `ok${i}`, type: 'function', function: { name: 'get_person', arguments: '{}' } })) }),
    () => message({ role: 'assistant', content: null, tool_calls: rng.pick<unknown>(['x', 5, { 0: {} }, true]) }),
    () => message(rng.pick<unknown>([null, 5, 'hello', [], true])),
    () => ({ kind: 'json', body: rng.pick<unknown>([5, null, 'x', [], {}, { choices: null }, { choices: {} }, { choices: [] }, { choices: [null] }, { choices: [{}] }, { choices: [{ message: 5 }] }, { choices: 'x' }]) }),
  ])();
};

/** A body that is no completion: not JSON, cut, HTML, empty. */
const raw = (rng: Rng): ScriptedReply => rng.pick<ScriptedReply>([
  { kind: 'raw', body: '<html><body>502 Bad Gateway</body></html>', contentType: 'text/html' },
  { kind: 'raw', body: '' },
  { kind: 'raw', body: '{"choices":[{"message":{"content":"cut' },
  { kind: 'raw', body: 'data: {"choices":[]}\n\ndata: [DONE]\n\n', contentType: 'text/event-stream' },
  { kind: 'raw', body: '\u0000\u0000\u0000' },
  { kind: 'raw', body: '\ufeff{"choices":[{"message":{"content":"bom"}}]}', contentType: 'text/plain' },
  { kind: 'raw', body: `${'['.repeat(100_000)}${']'.repeat(100_000)}` },
]);

const status = (rng: Rng): ScriptedReply => ({
  kind: 'status', status: rng.pick([400, 401, 403, 404, 413, 429, 500, 502, 503]),
  body: rng.pick(['{"error":{"message":"scripted failure"}}', '', 'not json', JSON.stringify({ error: { message: 'x'.repeat(100_000) } }), '{"error":null}']),
});

/** The assistant's answers for one request: the kind, the scripted replies, what the request should answer. */
export const assistantScript = (rng: Rng, w: World, kind: (typeof ASSISTANT_REPLIES)[number] = rng.pick(ASSISTANT_REPLIES)): ProviderScript => {
  switch (kind) {
    case 'tool-storm': {
      const rounds = rng.int(1, 4);
      const count = rng.pick([100, 300, 600]);
      return { kind: `${kind}(${rounds} x ${count} calls)`, replies: [...Array.from({ length: rounds }, (_, r) => storm(rng, w, count, r)), text('Proposed.')], allowed: OK };
    }
    case 'wrong-types':
      return { kind, replies: [wrongTypes(rng)], allowed: INVALID };
    case 'tool-arguments':
      return { kind, replies: [hostileArguments(rng, w), hostileArguments(rng, w), text('Done.')], allowed: OK };
    case 'content': {
      const content = rng.pick([null, '', 'a\u0000b', '\ud800', '😀'.repeat(1000), randomText(rng, 50_000), '[{"index":0}]', '__proto__']);
      return { kind: `${kind}(${content === null ? 'null' : `${content.length} chars`})`, replies: [text(content)], allowed: OK };
    }
    case 'raw':
      return { kind, replies: [raw(rng)], allowed: UNUSABLE };
    case 'status':
      return { kind, replies: [status(rng)], allowed: { 502: ['provider_unavailable'] } };
    case 'slow': {
      // In time (the parts arrive within AI_TIMEOUT_MS), late (they do not), or never.
      const late = rng.chance(0.5);
      if (rng.chance(0.2)) return { kind: `${kind}(hang)`, replies: [{ kind: 'hang' }], allowed: { 504: ['provider_timeout'] } };
      const chunks = late ? rng.int(6, 12) : rng.int(2, 5);
      const intervalMs = late ? Math.ceil((AI_TIMEOUT_MS + 600) / (chunks - 1)) : Math.floor(AI_TIMEOUT_MS / 3 / chunks);
      return { kind: `${kind}(${chunks} parts ${intervalMs} ms apart)`, replies: [{ kind: 'slow', reply: text('Slowly.'), chunks, intervalMs }], allowed: late ? { 504: ['provider_timeout'] } : OK };
    }
    case 'huge': {
      const over = rng.chance(0.7);
      const bytes = over ? rng.pick([AI_MAX_ANSWER_BYTES + 1, 4 * AI_MAX_ANSWER_BYTES, 64 * 1024 * 1024]) : AI_MAX_ANSWER_BYTES - rng.int(0, 5000);
      return { kind: `${kind}(${bytes} bytes)`, replies: [{ kind: 'huge', bytes, declareLength: rng.chance(0.5) }], allowed: over ? INVALID : OK };
    }
  }
};

/** A ranking text: valid, or entries the recommender must pass over. */
const rankingText = (rng: Rng, hostile: boolean): string => {
  if (!hostile) return JSON.stringify([{ index: 1, rationale: 'Same surname.' }, { index: 0, rationale: 'Same name.' }]);
  return rng.pick<() => string>([
    () => JSON.stringify([{ index: -1 }, { index: 1e308 }, { index: 0.5 }, { index: '0' }, { index: null }, null, 5, { index: 0, rationale: 5 }, { index: 0, rationale: 'a\u0000b' }]),
    () => `[{"index":0,"rationale":"\\ud800"},{"__proto__":{"index":1}},{"index":1,"constructor":"x"}]`,
    () => JSON.stringify(Array.from({ length: rng.pick([1000, 20_000]) }, (_, i) => ({ index: i % 3, rationale: 'again' }))),
    () => JSON.stringify([{ index: 0, rationale: randomText(rng, 100_000) }]),
    () => `Here you go: [1, 2] and then [{"index": 0}] -- and ] [`,
    () => `${'['.repeat(50_000)}${']'.repeat(50_000)}`,
    () => '{"index":0}',
    () => '```json\n[{"index":0,"rationale":"fenced"}]\n```',
  ])();
};

/** The recommender's answer for one request: whatever it is, the request answers 200 (the service's ranking stands). */
export const recommenderScript = (rng: Rng, w: World, kind: (typeof RECOMMENDER_REPLIES)[number] = rng.pick(RECOMMENDER_REPLIES)): ProviderScript => {
  const script = (replies: ScriptedReply[]): ProviderScript => ({ kind, replies, allowed: OK });
  switch (kind) {
    case 'ranking':
      return script([text(rankingText(rng, false))]);
    case 'hostile-ranking':
      return script([text(rankingText(rng, true))]);
    case 'wrong-types':
      return script([wrongTypes(rng)]);
    case 'raw':
      return script([raw(rng)]);
    case 'status':
      return script([status(rng)]);
    case 'slow': {
      const late = rng.chance(0.5);
      return script([late && rng.chance(0.3) ? { kind: 'hang' } : { kind: 'slow', reply: text(rankingText(rng, false)), chunks: 4, intervalMs: late ? 700 : 100 }]);
    }
    case 'huge':
      return script([{ kind: 'huge', bytes: rng.pick([AI_MAX_ANSWER_BYTES - 100, AI_MAX_ANSWER_BYTES + 1, 16 * 1024 * 1024]), declareLength: rng.chance(0.5) }]);
    case 'tool-calls':
      return script([storm(rng, w, rng.pick([1, 50, 500]), 0)]);
  }
};
