import { startTestService, type TestService } from '../support/service.js';
import { startFakeOpenAi, type FakeOpenAi } from '../support/fake-openai.js';
import { ownerEmail } from './fuzzer.js';
import { AI_MAX_ANSWER_BYTES, AI_TIMEOUT_MS } from './provider.js';

/** The provider the fuzz service's AI_PROVIDERS names: a fake OpenAI server whose answers the fuzzer scripts. */
export const FUZZ_PROVIDER = 'fuzz';
/** SEND_TIMEOUT_MS of the fuzz service: short, so that stalled readers are cut off within a run. */
export const FUZZ_SEND_TIMEOUT_MS = 2000;
/** CORS_ORIGINS of the fuzz service: the browser origin whose calls (and preflights) it answers with CORS headers. */
export const FUZZ_CORS_ORIGINS: readonly string[] = ['http://app.fuzz.example:5173'];

export type FuzzService = TestService & { readonly provider: { readonly name: string; readonly fake: FakeOpenAi }; readonly corsOrigins: readonly string[] };

/**
 * The service under fuzz: the composed service on PostgreSQL with email verification required (so
 * an unverified caller exists), the seeded owner as instance owner, no auth rate limit (429s would
 * hide the routes behind them) and a small upload limit (so 413 is reached). Its assistant and
 * recommender call a fake provider on loopback within a short AI_TIMEOUT_MS and AI_MAX_ANSWER_BYTES
 * (answers stay under the fuzzer's bound), a stalled reader is cut off after SEND_TIMEOUT_MS, and one
 * browser origin is listed in CORS_ORIGINS (its calls carry CORS headers; no other's may).
 */
export const startFuzzService = async (tag: string): Promise<FuzzService> => {
  const fake = await startFakeOpenAi();
  try {
    const svc = await startTestService({
      env: {
        REQUIRE_EMAIL_VERIFICATION: 'true', OWNER_EMAIL: ownerEmail(tag), AUTH_RATE_LIMIT: '0', MAX_UPLOAD_BYTES: String(1024 * 1024),
        AI_PROVIDERS: JSON.stringify([{ name: FUZZ_PROVIDER, kind: 'openai', model: 'fuzz-1', base_url: fake.baseUrl }]),
        AI_TIMEOUT_MS: String(AI_TIMEOUT_MS), AI_MAX_ANSWER_BYTES: String(AI_MAX_ANSWER_BYTES), SEND_TIMEOUT_MS: String(FUZZ_SEND_TIMEOUT_MS),
        CORS_ORIGINS: FUZZ_CORS_ORIGINS.join(', '),
      },
    });
    return {
      ...svc,
      provider: { name: FUZZ_PROVIDER, fake },
      corsOrigins: FUZZ_CORS_ORIGINS,
      close: async () => {
        await svc.close();
        await fake.close();
      },
    };
  } catch (e) {
    await fake.close();
    throw e;
  }
};
