import { expect } from 'chai';
import { openAiProvider } from '../../adapters/ai/openai-provider.js';
import { startFakeOpenAi, type FakeOpenAi, type ScriptedReply } from '../support/fake-openai.js';

// The OpenAI chat-completions adapter against a scripted server on loopback (never the internet).

describe('openAiProvider (a fake OpenAI-compatible server on loopback)', () => {
  let fake: FakeOpenAi;
  beforeEach(async () => {
    fake = await startFakeOpenAi();
  });
  afterEach(() => fake.close());
  const provider = (timeoutMs = 2000, maxAnswerBytes = 1024 * 1024) =>
    openAiProvider({ name: 'local', model: 'llama3', baseUrl: fake.baseUrl, apiKey: 'sk-secret-key-1234', timeoutMs, maxAnswerBytes });
  const hi = { messages: [{ role: 'user' as const, content: 'hi' }], tools: [] };
  const tools = [{ name: 'search_persons', description: 'Find persons', parameters: { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] } }];

  it('sends the model, the messages (tool results included) and the tools; reads text and tool calls back', async () => {
    fake.script({ kind: 'message', content: null, toolCalls: [{ id: 'c1', name: 'search_persons', arguments: '{"query":"Anna"}' }] });
    const reply = await provider().complete({
      messages: [
        { role: 'system', content: 'You help a family.' },
        { role: 'user', content: 'Who is Anna?' },
        { role: 'assistant', content: null, toolCalls: [{ id: 'c0', name: 'search_persons', arguments: '{"query":"A"}' }] },
        { role: 'tool', toolCallId: 'c0', content: '[]' },
      ],
      tools,
    });
    expect(reply).to.deep.equal({ _tag: 'Right', right: { text: null, toolCalls: [{ id: 'c1', name: 'search_persons', arguments: '{"query":"Anna"}' }] } });
    const [req] = fake.requests;
    expect(req!.body['model']).to.equal('llama3');
    expect(req!.body['messages']).to.deep.equal([
      { role: 'system', content: 'You help a family.' },
      { role: 'user', content: 'Who is Anna?' },
      { role: 'assistant', content: null, tool_calls: [{ id: 'c0', type: 'function', function: { name: 'search_persons', arguments: '{"query":"A"}' } }] },
      { role: 'tool', tool_call_id: 'c0', content: '[]' },
    ]);
    expect(req!.body['tools']).to.deep.equal([{ type: 'function', function: tools[0] }]);
    expect(req!.headers['authorization']).to.equal('Bearer sk-secret-key-1234');
    fake.script({ kind: 'message', content: 'Anna is your grandmother.' });
    expect(await provider().complete({ messages: [{ role: 'user', content: 'hi' }], tools: [] })).to.deep.equal({ _tag: 'Right', right: { text: 'Anna is your grandmother.', toolCalls: [] } });
    expect(fake.requests[1]!.body).to.not.have.property('tools');
  });

  it('an error answer is unavailable, a slow one a timeout, an unreachable server unavailable; none names the key', async () => {
    fake.script({ kind: 'status', status: 401, body: '{"error":{"message":"bad key sk-secret-key-1234"}}' });
    const refused = await provider().complete({ messages: [{ role: 'user', content: 'hi' }], tools: [] });
    expect(refused).to.deep.equal({ _tag: 'Left', left: { kind: 'unavailable', detail: 'local answered HTTP 401' } });
    expect(fake.requests).to.have.length(1); // no retries
    fake.script({ kind: 'hang' });
    const slow = await provider(300).complete({ messages: [{ role: 'user', content: 'hi' }], tools: [] });
    expect(slow).to.deep.equal({ _tag: 'Left', left: { kind: 'timeout', detail: 'local did not answer within 300 ms' } });
    const gone = openAiProvider({ name: 'local', model: 'm', baseUrl: 'http://127.0.0.1:9/v1', apiKey: 'sk-secret-key-1234', timeoutMs: 2000, maxAnswerBytes: 1024 });
    const unreachable = await gone.complete({ messages: [{ role: 'user', content: 'hi' }], tools: [] });
    expect(unreachable).to.deep.equal({ _tag: 'Left', left: { kind: 'unavailable', detail: 'local could not be reached' } });
    expect(JSON.stringify([refused, slow, unreachable])).to.not.include('sk-secret');
  });

  // Issue 23: a provider's answer is untrusted input, read within a deadline and a size.

  it('an answer that is not a chat completion is invalid, whatever its shape', async () => {
    fake.script({ kind: 'choice', message: { role: 'assistant', content: 'fine', tool_calls: [{ id: 'c1', type: 'function', function: { name: 'get_person', arguments: '{}' } }] } });
    expect(await provider().complete(hi)).to.deep.equal({ _tag: 'Right', right: { text: 'fine', toolCalls: [{ id: 'c1', name: 'get_person', arguments: '{}' }] } });
    const hostile: readonly ScriptedReply[] = [
      { kind: 'choice', message: { role: 'assistant', content: null, tool_calls: [{ id: null, function: { name: null, arguments: null } }] } },
      { kind: 'choice', message: { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'get_person', arguments: { person_id: 'x' } } }] } },
      { kind: 'choice', message: { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'code', function: { name: 'get_person', arguments: '{}' } }] } },
      { kind: 'choice', message: { role: 'assistant', content: null, tool_calls: { id: 'c1' } } },
      { kind: 'choice', message: { role: 'assistant', content: 5 } },
      { kind: 'choice', message: { role: 'assistant', content: { a: 1 } } },
      { kind: 'choice', message: null },
      { kind: 'json', body: 5 },
      { kind: 'json', body: { choices: [] } },
      { kind: 'json', body: { choices: 'many' } },
      { kind: 'raw', body: '{"choices": [' },
      { kind: 'raw', body: 'Hello, I am a model.', contentType: 'text/plain' },
    ];
    for (const reply of hostile) {
      fake.script(reply);
      const answer = await provider().complete(hi);
      expect(answer, JSON.stringify(reply)).to.have.property('_tag', 'Left');
      expect((answer as { left: { kind: string } }).left.kind, JSON.stringify(reply)).to.equal('invalid');
    }
  });

  // No clock: the answer is a timeout, and the scripted server's stream was cut before its end (the
  // adapter gave up mid-body instead of reading the 25 s of it).
  it('the timeout covers the body: headers at once and the body in 25 parts 1 s apart is a timeout, the body cut off', async function () {
    this.timeout(40_000);
    fake.script({ kind: 'slow', reply: { kind: 'message', content: 'slow but in time' }, chunks: 5, intervalMs: 50 });
    expect(await provider(1000).complete(hi)).to.deep.equal({ _tag: 'Right', right: { text: 'slow but in time', toolCalls: [] } });
    fake.script({ kind: 'slow', reply: { kind: 'message', content: 'x'.repeat(500) }, chunks: 25, intervalMs: 1000 });
    const answer = await provider(1000).complete(hi);
    expect(answer).to.deep.equal({ _tag: 'Left', left: { kind: 'timeout', detail: 'local did not answer within 1000 ms' } });
    await fake.streamed[1]!.closed;
    expect(fake.streamed[1]!.cut).to.equal(true);
    expect(fake.streamed[1]!.written).to.be.below(fake.streamed[1]!.total);
  });

  it('an answer longer than maxAnswerBytes is cut off while it is read, with or without Content-Length: invalid', async function () {
    this.timeout(30_000);
    const cap = 256 * 1024;
    fake.script({ kind: 'huge', bytes: cap - 1000 });
    const fits = await provider(5000, cap).complete(hi);
    expect((fits as { right: { text: string } }).right.text).to.match(/^a{200000,}$/);
    for (const declareLength of [false, true]) {
      fake.reset();
      fake.script({ kind: 'huge', bytes: 64 * 1024 * 1024, declareLength });
      const answer = await provider(5000, cap).complete(hi);
      expect(answer).to.deep.equal({ _tag: 'Left', left: { kind: 'invalid', detail: `local answered more than ${cap} bytes` } });
      await fake.streamed[0]!.closed;
      expect(fake.streamed[0]!.cut).to.equal(true);
      // Never read whole: the server could hand over at most what the socket buffers hold.
      expect(fake.streamed[0]!.written).to.be.below(16 * 1024 * 1024);
    }
  });
});
