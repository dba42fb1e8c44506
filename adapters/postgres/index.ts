export { createPostgresStorage, keepSessions, storageOnOrm } from './storage.js';
export { ctypeKnowsLetters, migrate } from './migrate.js';
export { initOrm, type OrmOptions } from './orm.js';
export { entities } from './entities/index.js';
