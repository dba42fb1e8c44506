import { memoryStorage } from '../../adapters/memory/storage.js';
import { postgresStorage } from '../support/database.js';
import type { MakeStorage } from './fixtures.js';
import { usersContract } from './users.contract.js';
import { sessionsContract } from './sessions.contract.js';
import { emailTokensContract } from './email-tokens.contract.js';
import { rateLimiterContract } from './rate-limiter.contract.js';
import { treesContract } from './trees.contract.js';
import { membershipsContract } from './memberships.contract.js';
import { auditContract } from './audit.contract.js';
import { unitOfWorkContract } from './unit-of-work.contract.js';

// Every port contract against every adapter: the memory fakes cannot drift from PostgreSQL.
const adapters: readonly (readonly [string, MakeStorage])[] = [
  ['memory', async () => {
    const storage = memoryStorage();
    return { storage, close: () => storage.close() };
  }],
  ['postgres', () => postgresStorage()],
];

for (const [name, make] of adapters) {
  usersContract(name, make);
  sessionsContract(name, make);
  emailTokensContract(name, make);
  rateLimiterContract(name, make);
  treesContract(name, make);
  membershipsContract(name, make);
  auditContract(name, make);
  unitOfWorkContract(name, make);
}
