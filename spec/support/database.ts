import { randomBytes } from 'node:crypto';
import { knex, type Knex } from '@mikro-orm/postgresql';
import type { Storage } from '../../core/stores.js';
import { createPostgresStorage } from '../../adapters/postgres/storage.js';
import type { OrmOptions } from '../../adapters/postgres/orm.js';

// Databases are cheap (a file copy of the migrated template), so every spec gets its own and no
// state is ever shared between specs. global-setup.ts creates the server and the template.

const required = (name: string): string => {
  const v = process.env[name];
  if (v === undefined || v === '') throw new Error(`${name} is not set: run the specs through mocha (.mocharc.json loads spec/support/global-setup.ts).`);
  return v;
};

/** The URL of database `name` on the server that `serverUrl` points at. */
export const databaseUrl = (serverUrl: string, name: string): string => {
  const u = new URL(serverUrl);
  u.pathname = `/${name}`;
  return u.toString();
};

let admin: Knex | undefined;
/** One connection to the server for CREATE/DROP DATABASE, which cannot run inside a transaction. */
export const adminConnection = (url = required('TEST_PG_ADMIN_URL')): Knex => {
  admin ??= knex({ client: 'pg', connection: url, pool: { min: 0, max: 1 } });
  return admin;
};

export const closeAdminConnection = async (): Promise<void> => {
  const a = admin;
  admin = undefined;
  await a?.destroy();
};

const quoteIdent = (name: string): string => `"${name.replaceAll('"', '""')}"`;

export const createDatabase = async (name: string, template?: string): Promise<void> => {
  await adminConnection().raw(`create database ${quoteIdent(name)}${template ? ` template ${quoteIdent(template)}` : ''}`);
};

export const dropDatabase = async (name: string): Promise<void> => {
  await adminConnection().raw(`drop database if exists ${quoteIdent(name)} with (force)`);
};

const randomName = (): string => `test_${randomBytes(8).toString('hex')}`;

/** A new, migrated, empty database (a copy of the template) and its URL. */
export const freshDatabaseUrl = async (): Promise<string> => {
  const name = randomName();
  await createDatabase(name, required('TEST_PG_TEMPLATE'));
  return databaseUrl(required('TEST_PG_ADMIN_URL'), name);
};

export type PostgresFixture = { readonly storage: Storage; readonly url: string; readonly close: () => Promise<void> };

/** Postgres storage on a fresh database; `close` closes the storage and drops the database. */
export const postgresStorage = async (opts: OrmOptions & { readonly keepSessions?: boolean } = {}, build?: (url: string) => Promise<Storage>): Promise<PostgresFixture> => {
  const url = await freshDatabaseUrl();
  const storage = await (build ?? ((u: string) => createPostgresStorage(u, opts)))(url);
  return {
    storage,
    url,
    close: async () => {
      await storage.close();
      await dropDatabase(new URL(url).pathname.slice(1));
    },
  };
};
