import { expect } from 'chai';
import { openAiProvider } from '../../adapters/ai/openai-provider.js';
import { startFakeOpenAi, type FakeOpenAi } from '../support/fake-openai.js';

// The OpenAI chat-completions adapter against a scripted server on loopback (never the internet).

describe('openAiProvider (a fake OpenAI-compatible server on loopback)', () => {
  let fake: FakeOpenAi;
  beforeEach(async () => {
    fake = await startFakeOpenAi();
  });
  afterEach(() => fake.close());
  const provider = (timeoutMs = 2000) => openAiProvider({ name: 'local', model: 'llama3', baseUrl: fake.baseUrl, apiKey: 'sk-secret-key-1234', timeoutMs });
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
    const gone = openAiProvider({ name: 'local', model: 'm', baseUrl: 'http://127.0.0.1:9/v1', apiKey: 'sk-secret-key-1234', timeoutMs: 2000 });
    const unreachable = await gone.complete({ messages: [{ role: 'user', content: 'hi' }], tools: [] });
    expect(unreachable).to.deep.equal({ _tag: 'Left', left: { kind: 'unavailable', detail: 'local could not be reached' } });
    expect(JSON.stringify([refused, slow, unreachable])).to.not.include('sk-secret');
  });
});
