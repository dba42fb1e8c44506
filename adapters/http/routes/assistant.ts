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
    summary: "Ask the tree's AI assistant (any member)",
    description: [
      'Any member of the tree (owner, editor or viewer); a non-member is 403, whatever the tree\'s visibility. Send the conversation so far (`messages`, oldest first, `user` and `assistant` turns); the tree\'s `ai_member_provider` (set by the owner with `PATCH /trees/{id}/ai`) answers it.',
      '',
      'The model reads the tree only through tools (`search_persons`, `get_person`), which see what the caller may see, for at most 8 rounds. It never changes the tree: a change it suggests is stored through `propose_changes` as a **pending proposal** (origin `assistant`, the caller as proposer) for an editor to apply or reject; `proposal_ids` lists those made by this request. Tool calls are capped per provider answer (`AI_MAX_TOOL_CALLS_PER_ROUND`) and per request (`AI_MAX_TOOL_CALLS`), and proposals per request (`AI_MAX_PROPOSALS`): a call past a cap is not run, and the model is told so. The answer names the `provider` and `model` used. One `assistant.request` audit entry names the tools called, never the messages.',
      '',
      'Refusals:',
      '',
      '- 409 `ai_disabled`: the tree names no member provider, or one that is no longer configured on this service.',
      '- 502 `provider_unavailable`: the provider is unreachable or answered an error.',
      '- 502 `provider_invalid`: the provider\'s answer is not a chat completion, or is longer than `AI_MAX_ANSWER_BYTES`.',
      '- 504 `provider_timeout`: no whole answer within `AI_TIMEOUT_MS` (all rounds of the request share it).',
      '',
      'A proposal stored in an earlier round stays pending when a later round fails with 502 or 504: look for it in `GET /trees/{id}/proposals`.',
    ].join('\n'),
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
