import { expect } from 'chai';
import { aiPolicyView } from '../../core/trees/queries/get-ai-policy.js';
import { askAssistant, defaultAssistantLimits } from '../../core/ai/commands/ask-assistant.js';
import { updateAiPolicy } from '../../core/trees/commands/update-ai-policy.js';
import { cleanupSetup } from './cleanup-support.js';
import { left, right } from './support.js';

// A provider removed from AI_PROVIDERS while a tree's policy still names it (issue 11, policy).

describe('AI policy: a named provider that is no longer configured', () => {
  it('reads as available: false, and the assistant answers 409 ai_disabled without asking anyone', async () => {
    const fx = await cleanupSetup();
    const configured = [{ name: 'local', model: 'llama3' }];
    right(await updateAiPolicy({ ...fx.deps, aiProviders: configured })(fx.owner, fx.tree.id, { aiMemberProvider: 'local' }));
    const tree = (await fx.deps.storage.trees.byId(fx.tree.id))!;
    expect(aiPolicyView(tree, configured)).to.deep.include({ available: true, aiMemberAvailable: true, aiRecommenderAvailable: false });
    // The service restarts with AI_PROVIDERS emptied: the policy still names `local`.
    expect(aiPolicyView(tree, [])).to.deep.include({ aiMemberProvider: 'local', available: false, aiMemberAvailable: false });
    const answered = await askAssistant({
      ...fx.deps, searchThreshold: 0.2, providers: new Map(), limits: defaultAssistantLimits,
    })(
      fx.viewer, fx.tree.id, [{ role: 'user', content: 'hi' }]);
    expect(left(answered)).to.deep.include({ _tag: 'Conflict', code: 'ai_disabled' });
  });
});
