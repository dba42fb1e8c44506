import path from 'node:path';
import { loadConfig, ConfigError, type Config } from './config.js';
import { parseCli, usage } from './cli-args.js';
import { EXIT } from './cli-output.js';

// `npm run cli -- import|preview|export ...` (`--help` for the usage): the core's GEDCOM commands on
// the server's own adapters (bootstrap/open-storage.ts: DATABASE_URL or the embedded PostgreSQL,
// migrated), acting as a named account under the same access rules. The ORM and the commands load
// only once the command line is good, so that a usage error answers at once.

const say = (line: string): void => void process.stderr.write(`${line}\n`);
const exists = (p: string): Promise<boolean> => import('node:fs/promises').then((fs) => fs.stat(p)).then(() => true, () => false);

const main = async (): Promise<number> => {
  const parsed = parseCli(process.argv.slice(2));
  if (!parsed.ok) return (say(`${parsed.message} (npm run cli -- --help shows the usage)`), EXIT.usage);
  if (parsed.command.kind === 'help') return (process.stdout.write(usage), EXIT.ok);
  const command = parsed.command;
  let config: Config;
  try {
    config = loadConfig(process.env);
  } catch (e) {
    if (e instanceof ConfigError) return (say(e.message), EXIT.usage);
    throw e;
  }
  const { fileSize } = await import('./cli-files.js');
  // Before the database starts: a mistyped path should not wait for it.
  if (command.kind === 'import' || command.kind === 'preview') await fileSize(command.file);
  else if (command.kind !== 'export') {
    // migrate, user add, tree create: no file.
  } else if (!command.force && (await exists(command.out))) return (say(`${command.out} exists; pass --force to replace it.`), EXIT.usage);
  else if (!(await exists(path.dirname(path.resolve(command.out))))) return (say(`No such directory for --out: ${path.dirname(command.out)}`), EXIT.usage);

  const { runCommand } = await import('./cli-run.js');
  const { openStorage } = await import('./open-storage.js');
  const { createLogger } = await import('./logger.js');
  const { pino } = await import('pino');
  // Logs go to stderr, warnings and worse unless LOG_LEVEL asks for more: stdout is the report.
  const logger = createLogger(process.env['LOG_LEVEL'] ? config.logLevel : 'warn', pino.destination(2));
  if (command.kind === 'migrate') {
    const { openDatabase } = await import('./database.js');
    const { migrate } = await import('../adapters/postgres/migrate.js');
    const database = await openDatabase(config, logger).catch((e: unknown) => {
      say(`The database could not be opened${config.databaseUrl === null ? ' (the embedded PostgreSQL under DATA_DIR; set DATABASE_URL for another)' : ''}: ${e instanceof Error ? e.message : String(e)}`);
      return null;
    });
    if (database === null) return EXIT.failure;
    try {
      const head = await migrate(database.url);
      say(`The database is at the head of its ${head.total} migrations (${head.applied} applied now).`);
      return EXIT.ok;
    } finally {
      await database.stop();
    }
  }
  let opened;
  try {
    opened = await openStorage(config, logger);
  } catch (e) {
    const hint = config.databaseUrl === null ? ' (the embedded PostgreSQL under DATA_DIR; set DATABASE_URL for another)' : '';
    return (say(`The database could not be opened${hint}: ${e instanceof Error ? e.message : String(e)}`), EXIT.failure);
  }
  try {
    if (command.kind === 'user-add' || command.kind === 'tree-create') {
      const { runAdmin } = await import('./cli-admin.js');
      const { actorFor } = await import('./cli-run.js');
      await runAdmin(command, config, opened.storage, logger, (email) => actorFor(opened.storage, config, email));
    } else await runCommand(command, config, opened.storage);
    return EXIT.ok;
  } finally {
    await opened.storage.close();
    await opened.database.stop();
  }
};

main().then(
  (code) => process.exit(code),
  async (e: unknown) => {
    const { isStop } = await import('./cli-files.js');
    if (isStop(e)) {
      say(e.message);
      process.exit(e.outcome.code);
    }
    // As the logs show it: a database error by its code and statement shape, never the row values it carried.
    const { serializeError } = await import('./logger.js');
    const shown = serializeError(e) as { readonly stack?: unknown } | null;
    say(`Failed: ${typeof shown?.stack === 'string' ? shown.stack : JSON.stringify(shown)}`);
    process.exit(EXIT.failure);
  },
);
