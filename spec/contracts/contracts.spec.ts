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
import { exclusiveContract } from './exclusive.contract.js';
import { conditionallyContract } from './conditionally.contract.js';
import { personsContract } from './persons.contract.js';
import { namesContract } from './names.contract.js';
import { eventsContract } from './events.contract.js';
import { placesContract } from './places.contract.js';
import { relationshipsContract } from './relationships.contract.js';
import { deletionsContract } from './deletions.contract.js';
import { sourcesContract } from './sources.contract.js';
import { repositoriesContract } from './repositories.contract.js';
import { citationsContract } from './citations.contract.js';
import { purgesContract } from './purges.contract.js';
import { mediaContract } from './media.contract.js';
import { cleanupReadsContract } from './cleanup-reads.contract.js';
import { proposalsContract } from './proposals.contract.js';
import { accountArchiveReadsContract } from './account-archive-reads.contract.js';
import { privacyFilterContract } from './privacy-filter.contract.js';
import { publicPageReadsContract } from './public-page-reads.contract.js';
import { gedcomExportContract } from './gedcom-export.contract.js';
import { duplicatesContract } from './duplicates.contract.js';
import { mergesContract } from './merges.contract.js';
import { chartsContract } from './charts.contract.js';
import { historyContract } from './history.contract.js';
import { personListJsonContract } from './person-list-json.contract.js';

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
  exclusiveContract(name, make);
  conditionallyContract(name, make);
  personsContract(name, make);
  namesContract(name, make);
  eventsContract(name, make);
  placesContract(name, make);
  relationshipsContract(name, make);
  deletionsContract(name, make);
  sourcesContract(name, make);
  repositoriesContract(name, make);
  citationsContract(name, make);
  purgesContract(name, make);
  mediaContract(name, make);
  cleanupReadsContract(name, make);
  proposalsContract(name, make);
  accountArchiveReadsContract(name, make);
  privacyFilterContract(name, make);
  gedcomExportContract(name, make);
  duplicatesContract(name, make);
  mergesContract(name, make);
  chartsContract(name, make);
  historyContract(name, make);
  personListJsonContract(name, make);
  publicPageReadsContract(name, make);
}
