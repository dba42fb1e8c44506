import { startTestService, type TestService } from '../support/service.js';
import { ownerEmail } from './fuzzer.js';

/**
 * The service under fuzz: the composed service on PostgreSQL with email verification required (so
 * an unverified caller exists), the seeded owner as instance owner, no auth rate limit (429s would
 * hide the routes behind them) and a small upload limit (so 413 is reached).
 */
export const startFuzzService = (tag: string): Promise<TestService> =>
  startTestService({
    env: { REQUIRE_EMAIL_VERIFICATION: 'true', OWNER_EMAIL: ownerEmail(tag), AUTH_RATE_LIMIT: '0', MAX_UPLOAD_BYTES: String(1024 * 1024) },
  });
