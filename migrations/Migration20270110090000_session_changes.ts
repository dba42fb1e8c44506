import { Migration } from '@mikro-orm/migrations';

// Every committed change to a user's sessions, account or memberships is announced on the channel
// `session_changes` with the user's id, whoever made it, so that each instance drops the sessions it
// keeps for that user (adapters/postgres/session-cache.ts). PostgreSQL sends a transaction's notices
// when it commits (none for a rolled-back one), once per distinct user in the transaction.

export class Migration20270110090000_session_changes extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create or replace function "notify_session_change"() returns trigger language plpgsql as $$
declare
  r record;
begin
  if tg_op = 'DELETE' then r := old; else r := new; end if;
  if tg_table_name = 'users' then
    perform pg_notify('session_changes', r.id::text);
  else
    perform pg_notify('session_changes', r.user_id::text);
  end if;
  return null;
end $$`);
    this.addSql(`create trigger "sessions_changed" after update or delete on "sessions" for each row execute function "notify_session_change"()`);
    this.addSql(`create trigger "users_changed" after update or delete on "users" for each row execute function "notify_session_change"()`);
    this.addSql(`create trigger "memberships_changed" after insert or update or delete on "memberships" for each row execute function "notify_session_change"()`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger if exists "memberships_changed" on "memberships"`);
    this.addSql(`drop trigger if exists "users_changed" on "users"`);
    this.addSql(`drop trigger if exists "sessions_changed" on "sessions"`);
    this.addSql(`drop function if exists "notify_session_change"()`);
  }
}
