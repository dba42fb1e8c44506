import { MikroORM } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import { entities } from './entities.js';
import { migrationsList } from '../../migrations/index.js';

export type OrmOptions = {
  /** Called with every SQL statement the ORM sends (BEGIN/COMMIT/ROLLBACK excluded), before it runs. */
  readonly debugQueries?: (sql: string) => void;
  readonly poolMax?: number;
  /** MikroORM's own messages (the migrator's progress, warnings); silent when absent. */
  readonly log?: (message: string) => void;
};

/** One place for the ORM configuration, so the service, the migrator and the tests map the same schema. */
export const initOrm = (url: string, opts: OrmOptions = {}): Promise<MikroORM> =>
  MikroORM.init({
    clientUrl: url,
    entities,
    extensions: [Migrator],
    migrations: { migrationsList, snapshot: false, transactional: true, allOrNothing: true, disableForeignKeys: false },
    pool: { min: 0, max: opts.poolMax ?? 10 },
    discovery: { warnWhenNoEntities: false },
    // The core's ids are plain strings and reads bypass the identity map; nothing is flushed.
    allowGlobalContext: false,
    debug: false,
    logger: opts.log ?? (() => undefined),
    colors: false,
    onQuery: (sql) => {
      opts.debugQueries?.(sql);
      return sql;
    },
  });
