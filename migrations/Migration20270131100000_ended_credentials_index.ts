import { Migration } from '@mikro-orm/migrations';

// The purge schedule erases the sessions and emailed links that ended PURGE_AFTER_DAYS ago (core
// purgeEndedCredentials; adapters/postgres/identity.ts deleteEnded): found by when they expire, and
// by when they were revoked or used (partial: only those rows have it), not by a scan of the tables.
const INDEXES = [
  'create index "sessions_expires_at_index" on "sessions" ("expires_at")',
  'create index "sessions_revoked_at_index" on "sessions" ("revoked_at") where "revoked_at" is not null',
  'create index "email_tokens_expires_at_index" on "email_tokens" ("expires_at")',
  'create index "email_tokens_used_at_index" on "email_tokens" ("used_at") where "used_at" is not null',
] as const;

export class Migration20270131100000_ended_credentials_index extends Migration {
  override async up(): Promise<void> {
    for (const sql of INDEXES) this.addSql(sql);
  }

  override async down(): Promise<void> {
    for (const name of ['sessions_expires_at_index', 'sessions_revoked_at_index', 'email_tokens_expires_at_index', 'email_tokens_used_at_index']) this.addSql(`drop index if exists "${name}"`);
  }
}
