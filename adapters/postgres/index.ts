export { createPostgresStorage, keepSessions, storageOnOrm } from './storage.js';
export { migrate } from './migrate.js';
export { initOrm, type OrmOptions } from './orm.js';
export { entities } from './entities/index.js';
