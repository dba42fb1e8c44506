import * as t from 'io-ts';
import { askAssistant, defaultAssistantLimits, type AssistantReply } from '../../../core/ai/commands/ask-assistant.js';
import { named, withSchema } from '../openapi/json-schema.js';
import { route, type AnyRoute } from '../route.js';
import { IdParams, Text, Uuid } from '../wire.js';
import { reply, type LazyDeps } from './deps.js';

const Message = named('AssistantMessage', t.type({ role: t.keyof({ user: null, assistant: null }), content: Text(20_000) }));
const AssistantBody = named('AssistantRequest', t.type({ messages: withSchema(t.array(Message), { minItems: 1, maxItems: 50 }) }));
const AssistantRead = named('AssistantReply', t.type({ reply: t.string, proposal_ids: t.array(Uuid), provider: t.string, model: t.string }));

export const assistantRoutes = (deps: LazyDeps): readonly AnyRoute[] => [
  route({
    operationId: 'askAssistant', method: 'post', path: '/trees/{id}/assistant', tag: 'assistant', auth: 'user',
    summary: "Ask the tree's assistant (any member): the tree's ai_member_provider answers, reading the tree as you may and proposing changes only as pending proposals (origin assistant). Tool calls are capped per answer and per request (AI_MAX_TOOL_CALLS_PER_ROUND, AI_MAX_TOOL_CALLS) and proposals per request (AI_MAX_PROPOSALS): calls past a cap are answered to the model with an error, never run. 409 ai_disabled without a configured provider; 502 provider_unavailable; 502 provider_invalid (an answer that is not a chat completion, or longer than AI_MAX_ANSWER_BYTES); 504 provider_timeout (no whole answer within AI_TIMEOUT_MS).",
    params: IdParams, body: AssistantBody,
    success: { status: 200, description: 'The reply and the proposals it made.', body: AssistantRead },
    errors: [409, 502, 504],
    handle: async ({ actor, params, body }) => {
      const d = deps();
      const answered = await askAssistant({
        ...d, providers: d.modelProviders ?? new Map(), limits: d.assistantLimits ?? defaultAssistantLimits,
      })(actor, params.id, body.messages);
      return reply(200, (r: AssistantReply) => ({ reply: r.reply, proposal_ids: [...r.proposalIds], provider: r.provider, model: r.model }))(answered);
    },
  }),
];
