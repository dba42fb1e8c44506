import { expect } from 'chai';
import type { ApiClient } from '../../client/index.js';
import { registerUser, startTestService, type TestService } from '../support/service.js';
import { startFakeOpenAi, type FakeOpenAi, type ScriptedReply } from '../support/fake-openai.js';

// Issue 23: the assistant and the recommender are bounded. A provider's answer is untrusted input:
// its tool calls are capped per round and per request, its proposals per request, its arguments go
// through the text rules of client input, its shape through a codec, its reading through a deadline
// and a size. Each refusal below first shows the allowed path working.

const pid = (id: string) => ({ params: { path: { id } } });
const code = (error: unknown): string | undefined => (error as { code?: string } | undefined)?.code;
const call = (id: string, name: string, args: unknown) => ({ id, name, arguments: typeof args === 'string' ? args : JSON.stringify(args) });
type Sent = { role: string; content: string | null; tool_calls?: unknown[] };

const PER_ROUND = 6;
const PER_REQUEST = 20;
const PROPOSALS = 4;
const TIMEOUT_MS = 1000;
const ANSWER_BYTES = 256 * 1024;

describe('HTTP assistant and recommender bounds (a hostile fake OpenAI server)', function () {
  this.timeout(60_000);
  let fake: FakeOpenAi;
  let svc: TestService;
  let owner: ApiClient;
  let viewer: ApiClient;
  let treeId: string;
  let anna: string;

  const ask = (content = 'Who is Anna?') => viewer.POST('/trees/{id}/assistant', { ...pid(treeId), body: { messages: [{ role: 'user', content }] } });
  /** The messages the service sent in its `n`th request to the provider. */
  const sent = (n: number) => fake.requests[n]!.body['messages'] as Sent[];
  const toolResults = (n: number) => sent(n).filter((m) => m.role === 'tool').map((m) => JSON.parse(m.content!) as Record<string, unknown> & { error?: string });
  const proposals = async () => (await owner.GET('/trees/{id}/proposals', pid(treeId))).data!.length;
  const lastAudit = async () => (await owner.GET('/trees/{id}/audit', pid(treeId))).data!.find((a) => a.action === 'assistant.request')!.details as { tool_calls: string[]; proposal_ids: string[] };
  const proposal = (i: number) => call(`p${i}`, 'propose_changes', { summary: `change ${i}`, operations: [{ op: 'update', entity: 'person', id: anna, data: { sex: 'female' } }] });

  before(async () => {
    fake = await startFakeOpenAi();
    svc = await startTestService({
      env: {
        AI_PROVIDERS: JSON.stringify([{ name: 'fake', kind: 'openai', model: 'family-7b', base_url: fake.baseUrl }]),
        AI_TIMEOUT_MS: String(TIMEOUT_MS),
        AI_MAX_TOOL_CALLS_PER_ROUND: String(PER_ROUND),
        AI_MAX_TOOL_CALLS: String(PER_REQUEST),
        AI_MAX_PROPOSALS: String(PROPOSALS),
        AI_MAX_ANSWER_BYTES: String(ANSWER_BYTES),
      },
    });
    owner = svc.client((await registerUser(svc, 'owner@example.org')).token);
    const v = await registerUser(svc, 'viewer@example.org');
    viewer = svc.client(v.token);
    treeId = (await owner.POST('/trees', { body: { name: 'Family' } })).data!.id;
    expect((await owner.POST('/trees/{id}/members', { ...pid(treeId), body: { email: v.email, role: 'viewer' } })).response.status).to.equal(201);
    anna = (await owner.POST('/trees/{id}/persons', { ...pid(treeId), body: { given_name: 'Anna', surname: 'Huber' } })).data!.id;
    expect((await owner.PATCH('/trees/{id}/ai', { ...pid(treeId), body: { ai_member_provider: 'fake' } })).response.status).to.equal(200);
  });
  beforeEach(() => fake.reset());
  after(async () => {
    await svc.close();
    await fake.close();
  });

  it(`runs at most AI_MAX_TOOL_CALLS_PER_ROUND calls of one answer and stores at most AI_MAX_PROPOSALS proposals (400 propose_changes calls)`, async () => {
    const before = await proposals();
    fake.script({ kind: 'message', content: null, toolCalls: [proposal(0), proposal(1)] }, { kind: 'message', content: 'Proposed twice.' });
    const two = await ask();
    expect(two.response.status, JSON.stringify(two.error)).to.equal(200);
    expect(two.data!.proposal_ids).to.have.length(2);
    expect(await proposals()).to.equal(before + 2);

    fake.reset();
    fake.script({ kind: 'message', content: null, toolCalls: Array.from({ length: 400 }, (_, i) => proposal(i)) }, { kind: 'message', content: 'Proposed.' });
    const many = await ask();
    expect(many.response.status, JSON.stringify(many.error)).to.equal(200);
    expect(many.data!.proposal_ids).to.have.length(PROPOSALS);
    expect(await proposals()).to.equal(before + 2 + PROPOSALS);
    // The model sees its calls up to the cap answered, and one more call answered with the limit.
    const echoed = sent(1).find((m) => m.role === 'assistant')!;
    expect(echoed.tool_calls).to.have.length(PER_ROUND + 1);
    const results = toolResults(1);
    expect(results).to.have.length(PER_ROUND + 1);
    expect(results.slice(0, PROPOSALS).every((r) => typeof r['proposal_id'] === 'string')).to.equal(true);
    for (const r of results.slice(PROPOSALS, PER_ROUND)) expect(r.error).to.match(new RegExp(`at most ${PROPOSALS} proposals`));
    expect(results[PER_ROUND]!.error).to.match(new RegExp(`at most ${PER_ROUND} tool calls`));
    expect(results[PER_ROUND]!.error).to.match(/393 calls after it/);
    expect((await lastAudit()).tool_calls).to.have.length(PER_ROUND);
  });

  it('runs at most AI_MAX_TOOL_CALLS calls in one request (8 rounds of 1,000 get_person calls), then stops', async () => {
    const rounds = Array.from({ length: 8 }, (_, r): ScriptedReply => ({
      kind: 'message', content: null, toolCalls: Array.from({ length: 1000 }, (_, i) => call(`g${r}-${i}`, 'get_person', { person_id: anna })),
    }));
    fake.script(...rounds);
    const r = await ask();
    expect(r.response.status, JSON.stringify(r.error)).to.equal(200);
    // The calls that run answer as get_person does.
    expect(toolResults(1)[0]).to.deep.include({ id: anna, name: 'Anna Huber' });
    // 6 + 6 + 6 + 2 calls in four rounds; the fifth answer asks for more and the loop ends.
    expect(fake.requests).to.have.length(5);
    expect(toolResults(4).filter((m) => m.error === undefined)).to.have.length(PER_REQUEST);
    expect(toolResults(4).at(-1)!.error).to.match(new RegExp(`at most ${PER_REQUEST} tool calls`));
    expect(r.data!.reply).to.match(new RegExp(`${PER_REQUEST} tool calls`));
    expect((await lastAudit()).tool_calls).to.have.length(PER_REQUEST);
  });

  it('refuses to the model what client input may not hold (U+0000, a lone surrogate, length), never a 500', async () => {
    const before = await proposals();
    fake.script({ kind: 'message', content: null, toolCalls: [call('ok', 'search_persons', { query: 'Anna' })] }, { kind: 'message', content: 'Found Anna.' });
    expect((await ask()).response.status).to.equal(200);
    expect(toolResults(1)[0]).to.be.an('array').with.length(1);

    fake.reset();
    fake.script({ kind: 'message', content: null, toolCalls: [
      call('s1', 'search_persons', { query: 'a\u0000b' }),
      call('s2', 'search_persons', '{"query":"Anna \\ud800"}'),
      call('s3', 'search_persons', { query: 'A'.repeat(201) }),
    ] }, { kind: 'message', content: null, toolCalls: [
      call('s4', 'propose_changes', { summary: 'sex\u0000', operations: [{ op: 'update', entity: 'person', id: anna, data: { sex: 'female' } }] }),
      call('s5', 'propose_changes', { summary: 'a note', operations: [{ op: 'update', entity: 'person', id: anna, data: { notes: 'x\u0000' } }] }),
      call('s6', 'get_person', { person_id: anna, ['k\u0000']: 1 }),
      call('s7', 'get\u0000person', { person_id: anna }),
    ] }, { kind: 'message', content: 'Done.' });
    const r = await ask();
    expect(r.response.status, JSON.stringify(r.error)).to.equal(200);
    const results = toolResults(2);
    expect(results).to.have.length(7);
    expect(results.map((x) => x.error)).to.satisfy((errors: unknown[]) => errors.every((e) => typeof e === 'string'));
    expect(results[0]!.error).to.match(/query.*U\+0000/);
    expect(results[1]!.error).to.match(/query.*U\+0000/);
    expect(results[2]!.error).to.match(/query/);
    expect(results[3]!.error).to.match(/summary.*U\+0000/);
    expect(results[4]!.error).to.match(/operations\.0\.data\.notes.*U\+0000/);
    expect(results[5]!.error).to.match(/U\+0000/);
    expect(results[6]!.error).to.match(/no tool/);
    expect(await proposals()).to.equal(before);
    expect((await lastAudit()).tool_calls).to.have.length(7);
  });

  it('an answer that is not a chat completion is 502 provider_invalid', async () => {
    fake.script({ kind: 'choice', message: { role: 'assistant', content: 'Anna is your grandmother.' } });
    const fine = await ask();
    expect([fine.response.status, fine.data?.reply]).to.deep.equal([200, 'Anna is your grandmother.']);
    const hostile: readonly ScriptedReply[] = [
      { kind: 'choice', message: { role: 'assistant', content: null, tool_calls: [{ id: null, function: { name: null, arguments: null } }] } },
      { kind: 'choice', message: { role: 'assistant', content: 5 } },
      { kind: 'choice', message: { role: 'assistant', content: { a: 1 } } },
      { kind: 'json', body: 5 },
      { kind: 'json', body: { choices: [] } },
      { kind: 'raw', body: '<html>bad gateway</html>', contentType: 'text/html' },
    ];
    for (const reply of hostile) {
      fake.script(reply);
      const r = await ask();
      expect([r.response.status, code(r.error)], JSON.stringify(reply)).to.deep.equal([502, 'provider_invalid']);
    }
  });

  // No clock: the answer is 504, and the provider's stream was cut before its end (the service gave
  // up mid-body rather than reading the 25 s of it).
  it('AI_TIMEOUT_MS covers the body: headers at once, then the body in 25 parts 1 s apart, is 504 provider_timeout with the body cut off', async () => {
    fake.script({ kind: 'slow', reply: { kind: 'message', content: 'Slow, but in time.' }, chunks: 4, intervalMs: 100 });
    const inTime = await ask();
    expect([inTime.response.status, inTime.data?.reply]).to.deep.equal([200, 'Slow, but in time.']);
    fake.script({ kind: 'slow', reply: { kind: 'message', content: 'Too late. '.repeat(50) }, chunks: 25, intervalMs: 1000 });
    const late = await ask();
    expect([late.response.status, code(late.error)]).to.deep.equal([504, 'provider_timeout']);
    const body = fake.streamed.at(-1)!;
    await body.closed;
    expect(body.cut, 'the provider\'s body was cut off').to.equal(true);
    expect(body.written).to.be.below(body.total);
  });

  it('AI_TIMEOUT_MS bounds all the rounds of one request together: five rounds each in time but later in sum are 504 provider_timeout', async () => {
    const slowRound = (i: number) => ({ kind: 'slow' as const, reply: { kind: 'message' as const, content: null, toolCalls: [call(`g${i}`, 'get_person', { person_id: anna })] }, chunks: 4, intervalMs: Math.ceil(TIMEOUT_MS / 10) });
    fake.script(slowRound(0), { kind: 'message', content: 'One slow round is in time.' });
    const one = await ask();
    expect([one.response.status, one.data?.reply]).to.deep.equal([200, 'One slow round is in time.']);
    fake.script(slowRound(1), slowRound(2), slowRound(3), slowRound(4), slowRound(5), { kind: 'message', content: 'Five slow rounds.' });
    const five = await ask();
    expect([five.response.status, code(five.error)]).to.deep.equal([504, 'provider_timeout']);
  });

  it('an answer longer than AI_MAX_ANSWER_BYTES is cut off while it is read: 502 provider_invalid', async () => {
    fake.script({ kind: 'huge', bytes: ANSWER_BYTES - 1000 });
    const fits = await ask();
    expect(fits.response.status).to.equal(200);
    expect(fits.data!.reply).to.match(/^a{200000,}$/);
    fake.reset();
    fake.script({ kind: 'huge', bytes: 64 * 1024 * 1024 });
    const huge = await ask();
    expect([huge.response.status, code(huge.error)]).to.deep.equal([502, 'provider_invalid']);
    await fake.streamed[0]!.closed;
    expect(fake.streamed[0]!.cut).to.equal(true);
    expect(fake.streamed[0]!.written).to.be.below(16 * 1024 * 1024);
  });

  it("recommendations: an answer the recommender cannot use (shape, size, time) leaves the service's own ranking, never a 5xx", async () => {
    const mk = async (given: string, surname: string, y: number) =>
      (await owner.POST('/trees/{id}/persons', { ...pid(treeId), body: { given_name: given, surname, birth: { date: { qualifier: 'exact', year: y } } } })).data!.id;
    const ed = await mk('Eduard', 'Kranz', 1950);
    const twin = await mk('Eduard', 'Kranz', 1950);
    const karl = await mk('Karl', 'Kranz', 1921);
    const list = () => viewer.GET('/trees/{id}/recommendations', { params: { path: { id: treeId }, query: { person_id: ed } } });
    const own = (await list()).data!;
    expect(own.map((r) => r.person_ids[1])).to.deep.equal([twin, karl]);
    expect((await owner.PATCH('/trees/{id}/ai', { ...pid(treeId), body: { ai_recommender_provider: 'fake' } })).response.status).to.equal(200);
    fake.script({ kind: 'message', content: '[{"index": 1, "rationale": "Older, same surname."}, {"index": 0, "rationale": "Same name."}]' });
    expect((await list()).data!.map((r) => r.person_ids[1])).to.deep.equal([karl, twin]);
    const unusable: readonly ScriptedReply[] = [
      { kind: 'choice', message: { role: 'assistant', content: { a: 1 } } },
      { kind: 'choice', message: { role: 'assistant', content: 5 } },
      { kind: 'message', content: '{"a":1}' },
      { kind: 'message', content: '5' },
      { kind: 'message', content: '[{"index": "1", "rationale": 5}, {"index": 7}, null, 5]' },
      { kind: 'choice', message: { role: 'assistant', content: null, tool_calls: [{ id: null, function: { name: null, arguments: null } }] } },
      { kind: 'json', body: 5 },
      { kind: 'huge', bytes: 8 * 1024 * 1024 },
      { kind: 'slow', reply: { kind: 'message', content: '[{"index": 1}]' }, chunks: 25, intervalMs: 1000 },
    ];
    for (const reply of unusable) {
      fake.script(reply);
      const r = await list();
      expect(r.response.status, JSON.stringify(reply).slice(0, 200)).to.equal(200);
      expect(r.data, JSON.stringify(reply).slice(0, 200)).to.deep.equal(own);
    }
    expect((await owner.PATCH('/trees/{id}/ai', { ...pid(treeId), body: { ai_recommender_provider: null } })).response.status).to.equal(200);
  });
});
