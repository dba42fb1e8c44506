import { Migration } from '@mikro-orm/migrations';

// The history triggers of updates pair the old and the new rows (transition tables: old join new on
// id). PL/pgSQL parses a function's statements once per connection, and a transition table's size is
// read when a statement is parsed: a connection whose first update was one row kept a plan for one
// row, a nested loop that builds every old row's JSON against every new row. The next 10,000-row
// update on it (a cleanup apply, a merge, an undo) paired 100,000,000 and ran for minutes
// (spec/adapters/trigger-plans.spec.ts; spec/http/cleanup.spec.ts timed out in each run of its file on
// one machine). Setting the functions' plan_cache_mode to force_custom_plan was tried and does not
// help: a custom plan is made again from the same parse, with the size read then. So each
// history_*_update now runs its statement with EXECUTE, parsed and planned at each call for the
// rows it has (a fraction of a millisecond a statement). The statement is the one each function
// holds (this migration wraps it, whatever the table); the triggers of inserts and deletes read one
// table, which a plan for one row reads as well at any size, and are left as they are.
//
// A later migration that creates such a function again must keep the EXECUTE; the spec fails otherwise.

const STATIC = 'insert into record_changes';
const DYNAMIC = 'execute $h$insert into record_changes';
const END_STATIC = ';\n      return null;';
const END_DYNAMIC = '$h$;\n      return null;';

/** Rewrites the body of every history_*_update function: `from` to `to` at its statement's start and end. */
const rewrite = (from: string, to: string, endFrom: string, endTo: string): string => `do $$
  declare
    f record;
    body text;
  begin
    for f in select p.oid::regprocedure as fn, p.prosrc from pg_proc p
             where p.proname like 'history\\_%\\_update' and p.prolang = (select oid from pg_language where lanname = 'plpgsql') loop
      if position(${literal(from)} in f.prosrc) = 0 or position(${literal(endFrom)} in f.prosrc) = 0 then
        raise exception 'history trigger % has not the expected statement', f.fn;
      end if;
      body := replace(replace(f.prosrc, ${literal(from)}, ${literal(to)}), ${literal(endFrom)}, ${literal(endTo)});
      execute format('create or replace function %s returns trigger language plpgsql as %L', f.fn, body);
    end loop;
  end $$`;

/** A SQL string literal (E'' so the newline is written as \\n). */
function literal(s: string): string {
  return `E'${s.replaceAll('\\', '\\\\').replaceAll("'", "\\'").replaceAll('\n', '\\n')}'`;
}

export class Migration20270121090000_trigger_plans extends Migration {
  override async up(): Promise<void> {
    this.addSql(rewrite(STATIC, DYNAMIC, END_STATIC, END_DYNAMIC));
  }

  override async down(): Promise<void> {
    this.addSql(rewrite(DYNAMIC, STATIC, END_DYNAMIC, END_STATIC));
  }
}
