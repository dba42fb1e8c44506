import { migrate } from '../adapters/postgres/migrate.js';

// `npm run migrate`: applies pending migrations to the database named by DATABASE_URL.
const url = process.env['DATABASE_URL'];
if (url === undefined || url === '') {
  process.stderr.write('DATABASE_URL is not set: set it to postgres://user:password@host:port/database and run again.\n');
  process.exit(2);
}
await migrate(url, (m) => process.stdout.write(`${m}\n`));
process.stdout.write('Migrations applied.\n');
